//! Every SQL statement of manuscripts.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::manuscripts::count::Counts;
use crate::manuscripts::model::ManuscriptPermission;
use crate::work::tasks::model::TaskStatus;

/// What the rights over a task's manuscript are decided from (`access::own_permission`).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TaskFacts {
    pub task_id: i64,
    pub task_type: String,
    pub title: String,
    pub project_name: String,
    pub client_id: i64,
    pub is_invalid: bool,
    pub status: TaskStatus,
    /// The user took the task (its assigned creator).
    pub assigned: bool,
    /// The task was offered to the user and not declined (or taken).
    pub offered: bool,
}

const TASK_FACTS: &str = "select t.id as task_id, t.task_type, t.title, p.name as project_name, m.client_id, t.is_invalid, t.status,
        exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = $1 and a.state = 'taken') as assigned,
        exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = $1 and a.state <> 'declined') as offered
   from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id";

pub async fn task_facts(
    db: &PgPool,
    user_id: i64,
    task_id: i64,
) -> sqlx::Result<Option<TaskFacts>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{TASK_FACTS} where t.id = $2")))
        .bind(user_id)
        .bind(task_id)
        .fetch_optional(db)
        .await
}

pub async fn task_facts_of_manuscript(
    db: &PgPool,
    user_id: i64,
    manuscript_id: i64,
) -> sqlx::Result<Option<TaskFacts>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{TASK_FACTS} where t.id = (select task_id from manuscripts where id = $2)"
    )))
    .bind(user_id)
    .bind(manuscript_id)
    .fetch_optional(db)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ManuscriptRow {
    pub id: i64,
    pub task_id: i64,
    /// The last change: the manuscript's own or its newest update's.
    pub updated_at: DateTime<Utc>,
}

const MANUSCRIPT_ROW: &str = "select m.id, m.task_id,
        greatest(m.updated_at, (select max(u.created_at) from manuscript_updates u where u.manuscript_id = m.id)) as updated_at
   from manuscripts m";

pub async fn manuscript_of_task(db: &PgPool, task_id: i64) -> sqlx::Result<Option<ManuscriptRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{MANUSCRIPT_ROW} where m.task_id = $1"
    )))
    .bind(task_id)
    .fetch_optional(db)
    .await
}

pub async fn manuscript(db: &PgPool, manuscript_id: i64) -> sqlx::Result<Option<ManuscriptRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{MANUSCRIPT_ROW} where m.id = $1"
    )))
    .bind(manuscript_id)
    .fetch_optional(db)
    .await
}

/// Creates the manuscript of a task; `None` when the task has one already.
pub async fn insert(
    db: &PgPool,
    task_id: i64,
    snapshot: &[u8],
    user_id: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "insert into manuscripts (task_id, snapshot, created_by) values ($1, $2, $3)
         on conflict (task_id) do nothing returning id",
    )
    .bind(task_id)
    .bind(snapshot)
    .bind(user_id)
    .fetch_optional(db)
    .await
}

/// The stored document: its snapshot, then the updates after it in order.
pub async fn state_parts(
    db: impl sqlx::PgExecutor<'_>,
    manuscript_id: i64,
) -> sqlx::Result<Vec<Vec<u8>>> {
    sqlx::query_scalar(
        "select snapshot from manuscripts where id = $1
         union all
         select b from (select update as b from manuscript_updates where manuscript_id = $1 order by id) u",
    )
    .bind(manuscript_id)
    .fetch_all(db)
    .await
}

/// Appends an accepted update; answers how many updates now follow the snapshot.
pub async fn append_update(
    db: &PgPool,
    manuscript_id: i64,
    update: &[u8],
    user_id: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "with added as (
            insert into manuscript_updates (manuscript_id, update, user_id) values ($1, $2, $3) returning id
         )
         select 1 + count(*) from manuscript_updates where manuscript_id = $1",
    )
    .bind(manuscript_id)
    .bind(update)
    .bind(user_id)
    .fetch_one(db)
    .await
}

/// Folds the updates after the snapshot into it, under a per-manuscript advisory lock (a node
/// already doing it: nothing to do here). Updates appended meanwhile are not among those read
/// and stay. `merge` turns the snapshot and the updates into the new snapshot.
pub async fn compact(
    db: &PgPool,
    manuscript_id: i64,
    merge: impl FnOnce(&[Vec<u8>]) -> anyhow::Result<Vec<u8>>,
) -> anyhow::Result<usize> {
    let mut tx = db.begin().await?;
    let locked: bool = sqlx::query_scalar(
        "select pg_try_advisory_xact_lock(hashtext('manuscript_compaction'), ($1 % 2147483647)::int)",
    )
    .bind(manuscript_id)
    .fetch_one(&mut *tx)
    .await?;
    if !locked {
        return Ok(0);
    }
    let snapshot: Vec<u8> =
        sqlx::query_scalar("select snapshot from manuscripts where id = $1 for update")
            .bind(manuscript_id)
            .fetch_one(&mut *tx)
            .await?;
    let updates: Vec<(i64, Vec<u8>)> = sqlx::query_as(
        "select id, update from manuscript_updates where manuscript_id = $1 order by id",
    )
    .bind(manuscript_id)
    .fetch_all(&mut *tx)
    .await?;
    let Some(&(last, _)) = updates.last() else {
        return Ok(0);
    };
    let mut parts = vec![snapshot];
    parts.extend(updates.iter().map(|(_, update)| update.clone()));
    let merged = merge(&parts)?;
    sqlx::query("update manuscripts set snapshot = $2, updated_at = now() where id = $1")
        .bind(manuscript_id)
        .bind(&merged)
        .execute(&mut *tx)
        .await?;
    sqlx::query("delete from manuscript_updates where manuscript_id = $1 and id <= $2")
        .bind(manuscript_id)
        .bind(last)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(updates.len())
}

pub async fn updates_after_snapshot(db: &PgPool, manuscript_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("select count(*) from manuscript_updates where manuscript_id = $1")
        .bind(manuscript_id)
        .fetch_one(db)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LinkRow {
    pub id: i64,
    pub manuscript_id: i64,
    pub permission: ManuscriptPermission,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_by_name: String,
}

const LINK_ROW: &str = "select l.id, l.manuscript_id, l.permission, l.expires_at, l.revoked_at, u.user_name as created_by_name
   from manuscript_links l join users u on u.id = l.created_by";

pub async fn insert_link(
    db: &PgPool,
    manuscript_id: i64,
    permission: ManuscriptPermission,
    expires_at: DateTime<Utc>,
    user_id: i64,
) -> sqlx::Result<LinkRow> {
    let id: i64 = sqlx::query_scalar(
        "insert into manuscript_links (manuscript_id, permission, expires_at, created_by)
         values ($1, $2, $3, $4) returning id",
    )
    .bind(manuscript_id)
    .bind(permission)
    .bind(expires_at)
    .bind(user_id)
    .fetch_one(db)
    .await?;
    Ok(link(db, id).await?.expect("the link just inserted"))
}

pub async fn link(db: &PgPool, link_id: i64) -> sqlx::Result<Option<LinkRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{LINK_ROW} where l.id = $1")))
        .bind(link_id)
        .fetch_optional(db)
        .await
}

pub async fn links(db: &PgPool, manuscript_id: i64) -> sqlx::Result<Vec<LinkRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{LINK_ROW} where l.manuscript_id = $1 order by l.created_at desc, l.id desc"
    )))
    .bind(manuscript_id)
    .fetch_all(db)
    .await
}

/// Revokes a link of the manuscript; `false` when it has no such link.
pub async fn revoke_link(db: &PgPool, manuscript_id: i64, link_id: i64) -> sqlx::Result<bool> {
    let found = sqlx::query(
        "update manuscript_links set revoked_at = coalesce(revoked_at, now())
          where id = $1 and manuscript_id = $2",
    )
    .bind(link_id)
    .bind(manuscript_id)
    .execute(db)
    .await?;
    Ok(found.rows_affected() == 1)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    pub id: i64,
    pub name: String,
    pub counts: sqlx::types::Json<Counts>,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
}

const VERSION_ROW: &str =
    "select v.id, v.name, v.counts, u.user_name as created_by_name, v.created_at
   from manuscript_versions v join users u on u.id = v.created_by";

pub async fn insert_version(
    db: &PgPool,
    manuscript_id: i64,
    name: &str,
    state: &[u8],
    counts: &Counts,
    user_id: i64,
) -> sqlx::Result<VersionRow> {
    let id: i64 = sqlx::query_scalar(
        "insert into manuscript_versions (manuscript_id, name, state, counts, created_by)
         values ($1, $2, $3, $4, $5) returning id",
    )
    .bind(manuscript_id)
    .bind(name)
    .bind(state)
    .bind(sqlx::types::Json(counts))
    .bind(user_id)
    .fetch_one(db)
    .await?;
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{VERSION_ROW} where v.id = $1"
    )))
    .bind(id)
    .fetch_one(db)
    .await
}

pub async fn versions(db: &PgPool, manuscript_id: i64) -> sqlx::Result<Vec<VersionRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{VERSION_ROW} where v.manuscript_id = $1 order by v.created_at desc, v.id desc"
    )))
    .bind(manuscript_id)
    .fetch_all(db)
    .await
}

/// A version of the manuscript with its stored Yjs state.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionStateRow {
    #[sqlx(flatten)]
    pub version: VersionRow,
    pub state: Vec<u8>,
}

/// The manuscript's version `version_id` with its state; `None` when the manuscript has no such
/// version.
pub async fn version_state(
    db: &PgPool,
    manuscript_id: i64,
    version_id: i64,
) -> sqlx::Result<Option<VersionStateRow>> {
    sqlx::query_as(
        "select v.id, v.name, v.counts, u.user_name as created_by_name, v.created_at, v.state
           from manuscript_versions v join users u on u.id = v.created_by
          where v.id = $1 and v.manuscript_id = $2",
    )
    .bind(version_id)
    .bind(manuscript_id)
    .fetch_optional(db)
    .await
}

/// Records that `file_id` belongs to the manuscript (again: nothing changes).
pub async fn attach_file(
    db: &PgPool,
    manuscript_id: i64,
    file_id: i64,
    user_id: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into manuscript_files (manuscript_id, file_id, created_by) values ($1, $2, $3)
         on conflict (manuscript_id, file_id) do nothing",
    )
    .bind(manuscript_id)
    .bind(file_id)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// The manuscripts `file_id` belongs to.
pub async fn manuscripts_of_file(db: &PgPool, file_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select manuscript_id from manuscript_files where file_id = $1 order by manuscript_id",
    )
    .bind(file_id)
    .fetch_all(db)
    .await
}

/// A file of a manuscript as the export reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ManuscriptFileRow {
    pub file_id: i64,
    pub storage_key: String,
    pub content_type: String,
    pub scan_status: crate::files::scan::ScanStatus,
}

/// Of `file_ids`, those that belong to the manuscript.
pub async fn manuscript_files(
    db: &PgPool,
    manuscript_id: i64,
    file_ids: &[i64],
) -> sqlx::Result<Vec<ManuscriptFileRow>> {
    sqlx::query_as(
        "select f.id as file_id, f.storage_key, f.content_type, f.scan_status
           from manuscript_files mf join files f on f.id = mf.file_id
          where mf.manuscript_id = $1 and mf.file_id = any($2)",
    )
    .bind(manuscript_id)
    .bind(file_ids)
    .fetch_all(db)
    .await
}
