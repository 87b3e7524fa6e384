//! The SQL the creator-information areas share: whose information a path names.

use sqlx::PgExecutor;

use crate::auth::role::Role;

/// The role of user `user_id`, `None` when there is no such user.
pub(super) async fn role_of(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<Role>> {
    let role: Option<String> = sqlx::query_scalar("select role from users where id = $1")
        .bind(user_id)
        .fetch_optional(db)
        .await?;
    Ok(role.as_deref().and_then(Role::from_db))
}
