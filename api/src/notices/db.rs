//! The notices domain's SQL: creating notices, the inbox pages, read marks and unread counts.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};

use crate::notices::{NewNotice, NoticeGroup, NoticeReference, NoticeType, NoticeView};

#[derive(sqlx::FromRow)]
struct NoticeRow {
    id: i64,
    notice_type: NoticeType,
    is_read: bool,
    created_at: DateTime<Utc>,
    message: String,
    team_id: Option<i64>,
    channel_id: Option<i64>,
    message_id: Option<i64>,
    project_id: Option<i64>,
    work_id: Option<i64>,
    task_id: Option<i64>,
    media_id: Option<i64>,
}

const NOTICE_COLUMNS: &str = "id, notice_type, is_read, created_at, message, team_id, channel_id, message_id, project_id, work_id, task_id, media_id";

impl From<NoticeRow> for NoticeView {
    fn from(r: NoticeRow) -> Self {
        NoticeView {
            id: r.id,
            notice_type: r.notice_type,
            is_read: r.is_read,
            notification_date: r.created_at,
            message: r.message,
            reference: NoticeReference {
                team_id: r.team_id,
                channel_id: r.channel_id,
                message_id: r.message_id,
                project_id: r.project_id,
                work_id: r.work_id,
                task_id: r.task_id,
                media_id: r.media_id,
            },
        }
    }
}

/// Writes a notice and queues its mail (`notices::mails`), in the caller's transaction.
pub async fn insert(db: &mut PgConnection, notice: &NewNotice) -> sqlx::Result<NoticeView> {
    let sql = format!(
        "insert into notices (user_id, notice_type, message, team_id, channel_id, message_id, project_id, work_id, task_id, media_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning {NOTICE_COLUMNS}"
    );
    let row: NoticeRow = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(notice.user_id)
        .bind(notice.notice_type)
        .bind(&notice.message)
        .bind(notice.reference.team_id)
        .bind(notice.reference.channel_id)
        .bind(notice.reference.message_id)
        .bind(notice.reference.project_id)
        .bind(notice.reference.work_id)
        .bind(notice.reference.task_id)
        .bind(notice.reference.media_id)
        .fetch_one(&mut *db)
        .await?;
    let view = NoticeView::from(row);
    crate::notices::mails::queue_notice(db, notice.user_id, &view).await?;
    Ok(view)
}

pub(crate) async fn unread_count(
    db: impl PgExecutor<'_>,
    user_id: i64,
    group: NoticeGroup,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "select count(*) from notices where user_id = $1 and notice_type = any($2) and not is_read",
    )
    .bind(user_id)
    .bind(group.types())
    .fetch_one(db)
    .await
}

/// One page of the user's notices of a group, newest first.
pub(crate) struct NoticePage {
    pub notices: Vec<NoticeView>,
    /// How many notices of the group the user has in all, and how many of them are unread.
    pub total: i64,
    pub unread: i64,
}

#[derive(Clone, Copy, sqlx::FromRow)]
struct Counts {
    total: i64,
    unread: i64,
}

/// The page and both counts in one statement: the counts are computed once (index-only, by
/// `notices_user_type_idx` and `notices_unread_idx`) and ride on every row; a page past the
/// end asks for them alone.
pub(crate) async fn page<'c, E>(
    db: E,
    user_id: i64,
    group: NoticeGroup,
    limit: i64,
    offset: i64,
) -> sqlx::Result<NoticePage>
where
    E: PgExecutor<'c> + Copy,
{
    const COUNTS: &str = "(select count(*) from notices where user_id = $1 and notice_type = any($2)) as total,
                (select count(*) from notices where user_id = $1 and notice_type = any($2) and not is_read) as unread";
    let sql = format!(
        "select {NOTICE_COLUMNS}, {COUNTS}
           from notices where user_id = $1 and notice_type = any($2) order by id desc limit $3 offset $4"
    );
    let rows: Vec<PagedRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(group.types())
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    let counts = match rows.first() {
        Some(row) => row.counts,
        None => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!("select {COUNTS}")))
                .bind(user_id)
                .bind(group.types())
                .fetch_one(db)
                .await?
        }
    };
    Ok(NoticePage {
        notices: rows
            .into_iter()
            .map(|r| NoticeView::from(r.notice))
            .collect(),
        total: counts.total,
        unread: counts.unread,
    })
}

#[derive(sqlx::FromRow)]
struct PagedRow {
    #[sqlx(flatten)]
    notice: NoticeRow,
    #[sqlx(flatten)]
    counts: Counts,
}

/// Marks the user's notice read; `None` when they have no such notice.
pub(crate) async fn mark_read(
    db: impl PgExecutor<'_>,
    notice_id: i64,
    user_id: i64,
) -> sqlx::Result<Option<NoticeView>> {
    let sql = format!(
        "update notices set is_read = true where id = $1 and user_id = $2 returning {NOTICE_COLUMNS}"
    );
    let row: Option<NoticeRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(notice_id)
        .bind(user_id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(NoticeView::from))
}

/// Marks every unread notice of the group read, or only those of one channel.
pub(crate) async fn mark_all_read(
    db: impl PgExecutor<'_>,
    user_id: i64,
    group: NoticeGroup,
    channel_id: Option<i64>,
) -> sqlx::Result<()> {
    sqlx::query(
        "update notices set is_read = true
          where user_id = $1 and notice_type = any($2) and not is_read and ($3::bigint is null or channel_id = $3)",
    )
    .bind(user_id)
    .bind(group.types())
    .bind(channel_id)
    .execute(db)
    .await?;
    Ok(())
}
