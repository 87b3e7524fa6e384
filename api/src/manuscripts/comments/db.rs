//! Every SQL statement of manuscript comments.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::manuscripts::comments::model::{CommentAnchor, ManuscriptComment};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CommentRow {
    pub id: i64,
    pub manuscript_id: i64,
    pub parent_id: Option<i64>,
    pub author_id: i64,
    pub author_name: String,
    pub body: String,
    pub anchor_start: Option<Vec<u8>>,
    pub anchor_end: Option<Vec<u8>>,
    pub quote: String,
    pub resolved_at: Option<DateTime<Utc>>,
    pub resolved_by_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub deleted: bool,
}

impl CommentRow {
    pub fn view(self) -> ManuscriptComment {
        use base64::Engine;
        use base64::engine::general_purpose::STANDARD;
        let anchor = match (self.anchor_start, self.anchor_end) {
            (Some(start), Some(end)) => Some(CommentAnchor {
                start: STANDARD.encode(start),
                end: STANDARD.encode(end),
            }),
            _ => None,
        };
        ManuscriptComment {
            id: self.id,
            manuscript_id: self.manuscript_id,
            parent_id: self.parent_id,
            author_id: self.author_id,
            author_name: self.author_name,
            body: self.body,
            anchor,
            quote: self.quote,
            resolved_at: self.resolved_at,
            resolved_by_name: self.resolved_by_name,
            created_at: self.created_at,
            deleted: self.deleted,
        }
    }
}

const COMMENT_ROW: &str = "select c.id, c.manuscript_id, c.parent_id, c.author_id, a.user_name as author_name,
        case when c.deleted_at is null then c.body else '' end as body,
        c.anchor_start, c.anchor_end, c.quote, c.resolved_at, r.user_name as resolved_by_name,
        c.created_at, c.deleted_at is not null as deleted
   from manuscript_comments c join users a on a.id = c.author_id left join users r on r.id = c.resolved_by";

/// The manuscript's live comments (a deleted root hides its replies), oldest first.
pub async fn list(db: &PgPool, manuscript_id: i64) -> sqlx::Result<Vec<CommentRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{COMMENT_ROW} where c.manuscript_id = $1 and c.deleted_at is null
            and not exists (select 1 from manuscript_comments p where p.id = c.parent_id and p.deleted_at is not null)
          order by c.created_at, c.id"
    )))
    .bind(manuscript_id)
    .fetch_all(db)
    .await
}

/// A comment of the manuscript, deleted or not.
pub async fn comment(
    db: &PgPool,
    manuscript_id: i64,
    comment_id: i64,
) -> sqlx::Result<Option<CommentRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{COMMENT_ROW} where c.id = $1 and c.manuscript_id = $2"
    )))
    .bind(comment_id)
    .bind(manuscript_id)
    .fetch_optional(db)
    .await
}

/// What a new comment holds.
pub struct NewComment<'a> {
    pub manuscript_id: i64,
    pub parent_id: Option<i64>,
    pub author_id: i64,
    pub body: &'a str,
    pub anchor: Option<(Vec<u8>, Vec<u8>)>,
    pub quote: &'a str,
}

pub async fn insert(db: &PgPool, new: NewComment<'_>) -> sqlx::Result<CommentRow> {
    let (start, end) = new.anchor.unzip();
    let id: i64 = sqlx::query_scalar(
        "insert into manuscript_comments (manuscript_id, parent_id, author_id, body, anchor_start, anchor_end, quote)
         values ($1, $2, $3, $4, $5, $6, $7) returning id",
    )
    .bind(new.manuscript_id)
    .bind(new.parent_id)
    .bind(new.author_id)
    .bind(new.body)
    .bind(start)
    .bind(end)
    .bind(new.quote)
    .fetch_one(db)
    .await?;
    Ok(comment(db, new.manuscript_id, id)
        .await?
        .expect("the comment just inserted"))
}

/// Resolves (`Some(user)`) or reopens (`None`) a live root; an already resolved thread keeps
/// who resolved it first. `false` when there is no such live root.
pub async fn set_resolved(
    db: &PgPool,
    manuscript_id: i64,
    comment_id: i64,
    by: Option<i64>,
) -> sqlx::Result<bool> {
    let found = sqlx::query(
        "update manuscript_comments
            set resolved_at = case when $3::bigint is null then null else coalesce(resolved_at, now()) end,
                resolved_by = case when $3::bigint is null then null else coalesce(resolved_by, $3) end
          where id = $1 and manuscript_id = $2 and parent_id is null and deleted_at is null",
    )
    .bind(comment_id)
    .bind(manuscript_id)
    .bind(by)
    .execute(db)
    .await?;
    Ok(found.rows_affected() == 1)
}

/// Marks a comment deleted (again: nothing changes).
pub async fn delete(db: &PgPool, manuscript_id: i64, comment_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "update manuscript_comments set deleted_at = coalesce(deleted_at, now())
          where id = $1 and manuscript_id = $2",
    )
    .bind(comment_id)
    .bind(manuscript_id)
    .execute(db)
    .await?;
    Ok(())
}
