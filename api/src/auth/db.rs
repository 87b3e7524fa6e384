//! The SQL behind the auth routes' own steps (the rule modules `session`, `two_step`,
//! `rate_limit` and `site_verify` keep theirs).

use sqlx::PgExecutor;

/// An active account found by its mail address, as login needs it.
#[derive(sqlx::FromRow)]
pub(crate) struct LoginAccount {
    pub id: i64,
    pub password_hash: String,
    pub role: String,
    pub two_step_enabled: bool,
}

/// The active account with this mail address (case-insensitive), if any.
pub(crate) async fn active_account_by_mail(
    db: impl PgExecutor<'_>,
    mail_address: &str,
) -> sqlx::Result<Option<LoginAccount>> {
    sqlx::query_as(
        "select id, password_hash, role, two_step_enabled from users
          where lower(mail_address) = lower($1) and account_status = 'active'",
    )
    .bind(mail_address)
    .fetch_optional(db)
    .await
}

/// The user's role as stored.
pub(crate) async fn role_of(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<String> {
    sqlx::query_scalar("select role from users where id = $1")
        .bind(user_id)
        .fetch_one(db)
        .await
}
