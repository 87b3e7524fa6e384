//! The information domain's SQL: posts, their pages by audience, publishing what is due and
//! each member's seen mark (`users.information_seen_at`).

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};

use crate::auth::role::Role;
use crate::information::model::{AudienceRole, Post};

macro_rules! post_columns {
    () => {
        "id, title, url, body, scheduled_start_date, published_at, audience_roles"
    };
}

/// Whether a post is live for a role: published, not deleted, and for everyone or that role.
/// (`users::db::load` asks the same of whoami's `is_exists_new_information`.)
macro_rules! visible_to_role {
    ($role:literal) => {
        concat!(
            "published_at is not null and deleted_at is null and (cardinality(audience_roles) = 0 or ",
            $role,
            " = any(audience_roles))"
        )
    };
}

pub struct NewPost<'a> {
    pub title: &'a str,
    pub body: Option<&'a str>,
    pub url: Option<&'a str>,
    pub audience_roles: &'a [AudienceRole],
    pub scheduled_start_date: DateTime<Utc>,
    pub created_by: i64,
}

pub async fn insert(db: impl PgExecutor<'_>, post: &NewPost<'_>) -> sqlx::Result<Post> {
    sqlx::query_as(concat!(
        "insert into information_posts (title, body, url, audience_roles, scheduled_start_date, created_by)
         values ($1, $2, $3, $4, $5, $6) returning ",
        post_columns!()
    ))
    .bind(post.title)
    .bind(post.body)
    .bind(post.url)
    .bind(post.audience_roles)
    .bind(post.scheduled_start_date)
    .bind(post.created_by)
    .fetch_one(db)
    .await
}

/// A page of posts, newest start first, and how many there are: the live posts of `role`, or
/// with `None` every post that is not deleted (staff managing them, scheduled ones included).
pub async fn page<'c, E>(
    db: E,
    role: Option<Role>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<Post>)>
where
    E: PgExecutor<'c> + Copy,
{
    let role = role.map(Role::as_db);
    let total: i64 = sqlx::query_scalar(concat!(
        "select count(*) from information_posts
          where deleted_at is null and ($1::text is null or (",
        visible_to_role!("$1"),
        "))"
    ))
    .bind(role)
    .fetch_one(db)
    .await?;
    let rows = sqlx::query_as(concat!(
        "select ",
        post_columns!(),
        " from information_posts
          where deleted_at is null and ($1::text is null or (",
        visible_to_role!("$1"),
        ")) order by scheduled_start_date desc, id desc limit $2 offset $3"
    ))
    .bind(role)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, rows))
}

/// The member's live posts published after their seen mark, newest first.
pub async fn unseen(db: impl PgExecutor<'_>, user_id: i64, limit: i64) -> sqlx::Result<Vec<Post>> {
    sqlx::query_as(concat!(
        "select ",
        post_columns!(),
        " from information_posts where ",
        visible_to_role!("(select role from users where id = $1)"),
        " and published_at > (select coalesce(information_seen_at, '-infinity') from users where id = $1)
          order by scheduled_start_date desc, id desc limit $2"
    ))
    .bind(user_id)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Moves the member's seen mark up to the newest post live for them now. The mark is a post's
/// own publication time rather than the clock, so a post committed a moment later (by a
/// scheduler whose transaction began earlier) still counts as unseen.
pub async fn mark_seen(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<()> {
    sqlx::query(concat!(
        "update users u set information_seen_at = greatest(u.information_seen_at,
                (select max(published_at) from information_posts where ",
        visible_to_role!("u.role"),
        ")) where u.id = $1"
    ))
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// Soft-deletes a post; false when there is no such (undeleted) post.
pub async fn soft_delete(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "update information_posts set deleted_at = now(), updated_at = now()
          where id = $1 and deleted_at is null",
    )
    .bind(id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Publishes the posts whose start has come, at most `limit`, and answers them. Rows another
/// transaction is publishing are skipped (`skip locked`) and a published row no longer
/// matches, so each post is published by exactly one caller, on whichever node.
pub async fn publish_due(db: &mut PgConnection, limit: i64) -> sqlx::Result<Vec<Post>> {
    sqlx::query_as(concat!(
        "update information_posts set published_at = clock_timestamp(), updated_at = now()
          where id in (select id from information_posts
                        where published_at is null and deleted_at is null and scheduled_start_date <= now()
                        order by scheduled_start_date, id
                        for update skip locked limit $1)
          returning ",
        post_columns!()
    ))
    .bind(limit)
    .fetch_all(db)
    .await
}
