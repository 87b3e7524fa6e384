//! The files domain's SQL: the File record with its uploader's role, files by message, new
//! uploads and the public image lookup.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::auth::role::Role;
use crate::files::scan::ScanStatus;
use crate::files::{FileView, public_path};

#[derive(sqlx::FromRow)]
pub struct FileRow {
    pub id: i64,
    pub name: String,
    pub storage_key: String,
    pub is_private: bool,
    pub user_id: i64,
    pub role: String,
    pub updated_at: DateTime<Utc>,
    pub scan_status: ScanStatus,
    pub content_type: String,
    pub size_bytes: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
}

impl FileRow {
    pub fn view(self) -> FileView {
        FileView {
            id: self.id,
            path: public_path(&self.storage_key, self.is_private),
            name: self.name,
            user_id: self.user_id,
            user_role_type: Role::from_db(&self.role).unwrap_or(Role::General),
            updated: self.updated_at,
            anti_virus_check_scan_status: self.scan_status,
            content_type: self.content_type,
            size: self.size_bytes,
            width: self.width,
            height: self.height,
        }
    }
}

pub const FILE_COLUMNS: &str =
    "f.id, f.name, f.storage_key, f.is_private, f.user_id, u.role, f.updated_at, f.scan_status,
     f.content_type, f.size_bytes, f.width, f.height";

/// A file together with the message it is attached to.
#[derive(sqlx::FromRow)]
pub struct MessageFileRow {
    pub message_id: i64,
    #[sqlx(flatten)]
    pub file: FileRow,
}

pub async fn load_for_messages(
    db: impl PgExecutor<'_>,
    message_ids: &[i64],
) -> sqlx::Result<HashMap<i64, Vec<FileView>>> {
    let sql = format!(
        "select mf.message_id, {FILE_COLUMNS}
           from message_files mf join files f on f.id = mf.file_id join users u on u.id = f.user_id
          where mf.message_id = any($1) order by mf.position"
    );
    let rows: Vec<MessageFileRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(message_ids)
        .fetch_all(db)
        .await?;
    let mut by_message: HashMap<i64, Vec<FileView>> = HashMap::new();
    for row in rows {
        by_message
            .entry(row.message_id)
            .or_default()
            .push(row.file.view());
    }
    Ok(by_message)
}

pub async fn load(db: impl PgExecutor<'_>, file_id: i64) -> sqlx::Result<Option<FileRow>> {
    let sql = format!(
        "select {FILE_COLUMNS} from files f join users u on u.id = f.user_id where f.id = $1"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(file_id)
        .fetch_optional(db)
        .await
}

/// An uploaded file already written to disk under `storage_key`.
pub(crate) struct NewFile<'a> {
    pub user_id: i64,
    pub name: &'a str,
    pub storage_key: &'a str,
    pub content_type: &'a str,
    pub size_bytes: i64,
    pub scan_status: ScanStatus,
    pub is_private: bool,
    pub width: Option<i32>,
    pub height: Option<i32>,
}

/// Records an upload; its id.
pub(crate) async fn insert(db: impl PgExecutor<'_>, file: &NewFile<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into files (user_id, name, storage_key, content_type, size_bytes, scan_status, is_private, width, height)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id",
    )
    .bind(file.user_id)
    .bind(file.name)
    .bind(file.storage_key)
    .bind(file.content_type)
    .bind(file.size_bytes)
    .bind(file.scan_status)
    .bind(file.is_private)
    .bind(file.width)
    .bind(file.height)
    .fetch_one(db)
    .await
}

/// What the public image route needs of a stored file: its scan status, content type and
/// whether it is private.
pub(crate) async fn image_by_storage_key(
    db: impl PgExecutor<'_>,
    storage_key: &str,
) -> sqlx::Result<Option<(ScanStatus, String, bool)>> {
    sqlx::query_as("select scan_status, content_type, is_private from files where storage_key = $1")
        .bind(storage_key)
        .fetch_optional(db)
        .await
}
