//! The uploads' SQL: the state of each resumable upload, shared by every node.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::files::uploads::Purpose;

#[derive(Debug, sqlx::FromRow)]
pub struct UploadRow {
    pub id: String,
    pub user_id: i64,
    pub length: i64,
    pub upload_offset: i64,
    pub name: String,
    pub is_private: bool,
    pub purpose: Purpose,
    pub metadata: String,
    pub content_type: Option<String>,
    pub expires_at: DateTime<Utc>,
    pub file_id: Option<i64>,
    /// Where the file will be stored (null for uploads begun before it was chosen at creation).
    pub storage_key: Option<String>,
    /// The S3 multipart upload holding the parts; null on local disk and once finished.
    pub multipart_id: Option<String>,
}

const COLUMNS: &str = "id, user_id, length, upload_offset, name, is_private, purpose, metadata,
     content_type, expires_at, file_id, storage_key, multipart_id";

pub struct NewUpload<'a> {
    pub id: &'a str,
    pub user_id: i64,
    pub length: i64,
    pub name: &'a str,
    pub is_private: bool,
    pub purpose: Purpose,
    pub declared_type: &'a str,
    pub metadata: &'a str,
    pub now: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub storage_key: &'a str,
    pub multipart_id: Option<&'a str>,
}

pub async fn insert(db: impl PgExecutor<'_>, upload: &NewUpload<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "insert into uploads (id, user_id, length, name, is_private, purpose, declared_type,
                              metadata, created_at, expires_at, storage_key, multipart_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(upload.id)
    .bind(upload.user_id)
    .bind(upload.length)
    .bind(upload.name)
    .bind(upload.is_private)
    .bind(upload.purpose)
    .bind(upload.declared_type)
    .bind(upload.metadata)
    .bind(upload.now)
    .bind(upload.expires_at)
    .bind(upload.storage_key)
    .bind(upload.multipart_id)
    .execute(db)
    .await
    .map(drop)
}

/// The caller's upload: someone else's is as good as missing.
pub async fn load_own(
    db: impl PgExecutor<'_>,
    id: &str,
    user_id: i64,
) -> sqlx::Result<Option<UploadRow>> {
    let sql = format!("select {COLUMNS} from uploads where id = $1 and user_id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// Takes the right to write to the upload until `lease_until`, if it is the caller's, still
/// open, at `offset`, and nobody else holds it; the row when taken.
pub async fn lock(
    db: impl PgExecutor<'_>,
    id: &str,
    user_id: i64,
    offset: i64,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
) -> sqlx::Result<Option<UploadRow>> {
    let sql = format!(
        "update uploads set locked_until = $5
          where id = $1 and user_id = $2 and upload_offset = $3 and file_id is null
            and expires_at > $4 and (locked_until is null or locked_until <= $4)
          returning {COLUMNS}"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(user_id)
        .bind(offset)
        .bind(now)
        .bind(lease_until)
        .fetch_optional(db)
        .await
}

/// Records the bytes stored so far and renews (or, with `None`, gives back) the lock; false
/// when the upload is gone (terminated meanwhile).
pub async fn advance(
    db: impl PgExecutor<'_>,
    id: &str,
    offset: i64,
    locked_until: Option<DateTime<Utc>>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "update uploads set upload_offset = $2, locked_until = $3 where id = $1 and file_id is null",
    )
    .bind(id)
    .bind(offset)
    .bind(locked_until)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_content_type(
    db: impl PgExecutor<'_>,
    id: &str,
    content_type: &str,
) -> sqlx::Result<()> {
    sqlx::query("update uploads set content_type = $2 where id = $1")
        .bind(id)
        .bind(content_type)
        .execute(db)
        .await
        .map(drop)
}

/// Records part `index` of the upload's multipart upload, the offset it reaches and the
/// renewed lock, at once; false when the upload is gone (terminated meanwhile).
pub async fn add_part(
    db: &sqlx::PgPool,
    id: &str,
    index: usize,
    etag: &str,
    offset: i64,
    locked_until: DateTime<Utc>,
) -> sqlx::Result<bool> {
    let mut tx = db.begin().await?;
    if !advance(&mut *tx, id, offset, Some(locked_until)).await? {
        return Ok(false);
    }
    sqlx::query(
        "insert into upload_parts (upload_id, part_index, etag) values ($1, $2, $3)
         on conflict (upload_id, part_index) do update set etag = excluded.etag",
    )
    .bind(id)
    .bind(index as i32)
    .bind(etag)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// The entity tags of the upload's stored parts, in order.
pub async fn part_etags(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("select etag from upload_parts where upload_id = $1 order by part_index")
        .bind(id)
        .fetch_all(db)
        .await
}

/// The upload became the file `file_id` (its multipart upload, if any, is complete).
pub async fn finish(db: impl PgExecutor<'_>, id: &str, file_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "update uploads set file_id = $2, locked_until = null, multipart_id = null where id = $1",
    )
    .bind(id)
    .bind(file_id)
    .execute(db)
    .await
    .map(drop)
}

/// What an expired upload left to delete besides its row.
#[derive(Debug, sqlx::FromRow)]
pub struct Expired {
    pub id: String,
    pub multipart_id: Option<String>,
    pub storage_key: Option<String>,
}

pub async fn delete(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<()> {
    sqlx::query("delete from uploads where id = $1")
        .bind(id)
        .execute(db)
        .await
        .map(drop)
}

/// Deletes up to `limit` uploads expired at `now` that no request is writing to, skipping rows
/// another node is deleting; their ids.
pub async fn delete_expired(
    db: impl PgExecutor<'_>,
    now: DateTime<Utc>,
    limit: i64,
) -> sqlx::Result<Vec<Expired>> {
    sqlx::query_as(
        "delete from uploads where id in (
             select id from uploads
              where expires_at <= $1 and (locked_until is null or locked_until <= $1)
              order by expires_at limit $2 for update skip locked)
         returning id, multipart_id, storage_key",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Records the verdict of a scan that ran after the file was stored.
pub async fn set_scan_status(
    db: impl PgExecutor<'_>,
    file_id: i64,
    status: crate::files::scan::ScanStatus,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("update files set scan_status = $2, updated_at = $3 where id = $1")
        .bind(file_id)
        .bind(status)
        .bind(now)
        .execute(db)
        .await
        .map(drop)
}

/// Takes up to `limit` files left `scanning` since before `stale_before`, marking them taken at
/// `now` (their `updated_at`), so no other node takes them until they are stale again; their
/// ids. Rows another node is taking are skipped.
pub async fn claim_stuck_scans(
    db: impl PgExecutor<'_>,
    stale_before: DateTime<Utc>,
    now: DateTime<Utc>,
    limit: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "update files set updated_at = $2 where id in (
             select id from files
              where scan_status = 'scanning' and updated_at < $1
              order by updated_at limit $3 for update skip locked)
         returning id",
    )
    .bind(stale_before)
    .bind(now)
    .bind(limit)
    .fetch_all(db)
    .await
}
