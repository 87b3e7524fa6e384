//! Single-use links sent by mail: a random token in the link, only its digest stored, an expiry
//! per purpose, and "used" set in the same transaction as the write the link allows.

use chrono::{Duration, Utc};
use sqlx::PgExecutor;

use crate::auth::token;
use crate::platform::error::{AppError, AppResult};

/// A sign-up or client invitation link lives a day.
pub const SIGNUP_HOURS: i64 = 24;
/// A password reset link lives an hour.
pub const PASSWORD_RESET_HOURS: i64 = 1;
/// A mail address change link lives a day.
pub const MAIL_CHANGE_HOURS: i64 = 24;

/// The field and rule of every refused link: the web shows 「URLの有効期限が切れているか、無効です」
/// for a rule mentioning jwt (spec section 5).
pub const FIELD: &str = "token";
pub const RULE_INVALID: &str = "jwt";

crate::closed_set!(
    /// What a mailed link allows.
    Purpose {
        Signup = "signup",
        ClientSignup = "client_signup",
        PasswordReset = "password_reset",
        MailChange = "mail_change",
    }
);

impl Purpose {
    pub fn lifetime(self) -> Duration {
        Duration::hours(match self {
            Purpose::Signup | Purpose::ClientSignup => SIGNUP_HOURS,
            Purpose::PasswordReset => PASSWORD_RESET_HOURS,
            Purpose::MailChange => MAIL_CHANGE_HOURS,
        })
    }
}

/// Whom a link is for.
pub struct Recipient<'a> {
    pub mail_address: &'a str,
    pub user_id: Option<i64>,
    pub client_id: Option<i64>,
}

/// A live link as stored.
#[derive(Debug, sqlx::FromRow)]
pub struct MailToken {
    pub id: i64,
    pub mail_address: String,
    pub user_id: Option<i64>,
    pub client_id: Option<i64>,
}

/// The 422 of a link that is unknown, used, expired or for something else.
pub fn invalid() -> AppError {
    AppError::rule(FIELD, RULE_INVALID)
}

/// Stores a new link for `recipient`; the token to put in the mail.
pub async fn issue(
    db: impl PgExecutor<'_>,
    purpose: Purpose,
    recipient: &Recipient<'_>,
) -> sqlx::Result<String> {
    let secret = token::generate();
    sqlx::query(
        "insert into mail_tokens (purpose, mail_address, user_id, client_id, token_hash, expires_at)
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(purpose)
    .bind(recipient.mail_address)
    .bind(recipient.user_id)
    .bind(recipient.client_id)
    .bind(token::digest(&secret))
    .bind(Utc::now() + purpose.lifetime())
    .execute(db)
    .await?;
    Ok(secret)
}

/// The live link of `secret` for `purpose`, without using it (a form showing its address).
pub async fn peek(db: impl PgExecutor<'_>, purpose: Purpose, secret: &str) -> AppResult<MailToken> {
    find(db, purpose, secret, false).await
}

/// The live link of `secret`, locked and marked used: call it inside the transaction of the
/// write the link allows, so the link is spent exactly when that write commits.
pub async fn consume(
    tx: &mut sqlx::PgConnection,
    purpose: Purpose,
    secret: &str,
) -> AppResult<MailToken> {
    let found = find(&mut *tx, purpose, secret, true).await?;
    sqlx::query("update mail_tokens set used_at = now() where id = $1")
        .bind(found.id)
        .execute(&mut *tx)
        .await?;
    Ok(found)
}

async fn find(
    db: impl PgExecutor<'_>,
    purpose: Purpose,
    secret: &str,
    lock: bool,
) -> AppResult<MailToken> {
    let secret = secret.trim();
    if secret.is_empty() {
        return Err(invalid());
    }
    let sql = if lock {
        "select id, mail_address, user_id, client_id from mail_tokens
          where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
          for update"
    } else {
        "select id, mail_address, user_id, client_id from mail_tokens
          where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()"
    };
    let found: Option<MailToken> = sqlx::query_as(sql)
        .bind(token::digest(secret))
        .bind(purpose)
        .fetch_optional(db)
        .await?;
    found.ok_or_else(invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifetimes_follow_the_purpose() {
        assert_eq!(Purpose::Signup.lifetime(), Duration::hours(24));
        assert_eq!(Purpose::ClientSignup.lifetime(), Duration::hours(24));
        assert_eq!(Purpose::PasswordReset.lifetime(), Duration::hours(1));
        assert_eq!(Purpose::MailChange.lifetime(), Duration::hours(24));
    }
}
