//! Two-step verification: a password-checked login gets a 10-minute token; a 6-digit code is
//! mailed on request and exchanged, with few attempts, for a session.

use chrono::{Duration, Utc};
use rand::Rng;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use super::token;
use crate::platform::error::{AppError, AppResult};

pub const TOKEN_MINUTES: i64 = 10;
pub const MAX_ATTEMPTS: i32 = 5;
pub const FAILED: &str = "二段階認証に失敗しました。";
pub const EXPIRED: &str = "認証の有効期限が切れました。もう一度ログインしてください。";
pub const CODE_NOT_SENT: &str = "認証コードを送信してから入力してください。";

fn code_digest(challenge_id: Uuid, code: &str) -> Vec<u8> {
    let mut hasher = Sha256::new();
    hasher.update(challenge_id.as_bytes());
    hasher.update(code.as_bytes());
    hasher.finalize().to_vec()
}

pub async fn start(db: &PgPool, user_id: i64) -> sqlx::Result<String> {
    let two_step_token = token::generate();
    sqlx::query("insert into two_step_challenges (id, token_hash, user_id, expires_at) values ($1, $2, $3, $4)")
        .bind(Uuid::new_v4())
        .bind(token::digest(&two_step_token))
        .bind(user_id)
        .bind(Utc::now() + Duration::minutes(TOKEN_MINUTES))
        .execute(db)
        .await?;
    Ok(two_step_token)
}

pub struct IssuedCode {
    pub user_id: i64,
    pub mail_address: String,
    pub user_name: String,
    pub code: String,
}

/// Issues (or re-issues) the code of a live challenge.
pub async fn issue_code(db: &PgPool, two_step_token: &str) -> AppResult<IssuedCode> {
    let challenge: Option<(Uuid, i64, String, String)> = sqlx::query_as(
        "select c.id, u.id, u.mail_address, u.user_name
           from two_step_challenges c join users u on u.id = c.user_id
          where c.token_hash = $1 and c.used_at is null and c.expires_at > now()",
    )
    .bind(token::digest(two_step_token))
    .fetch_optional(db)
    .await?;
    let Some((challenge_id, user_id, mail_address, user_name)) = challenge else {
        return Err(AppError::rule("two_step_token", "jwt"));
    };
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
    sqlx::query("update two_step_challenges set code_hash = $2, code_sent_at = now(), failed_attempts = 0 where id = $1")
        .bind(challenge_id)
        .bind(code_digest(challenge_id, &code))
        .execute(db)
        .await?;
    Ok(IssuedCode {
        user_id,
        mail_address,
        user_name,
        code,
    })
}

/// Checks the code; returns the user it proves. The challenge is used up on success and after
/// too many wrong codes.
pub async fn verify(db: &PgPool, two_step_token: &str, code: &str) -> AppResult<i64> {
    let mut tx = db.begin().await?;
    let challenge: Option<(Uuid, i64, Option<Vec<u8>>, i32)> = sqlx::query_as(
        "select id, user_id, code_hash, failed_attempts from two_step_challenges
          where token_hash = $1 and used_at is null and expires_at > now() for update",
    )
    .bind(token::digest(two_step_token))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((challenge_id, user_id, code_hash, failed_attempts)) = challenge else {
        return Err(AppError::rule("two_step_token", "jwt"));
    };
    let Some(code_hash) = code_hash else {
        return Err(AppError::invalid(CODE_NOT_SENT));
    };
    if failed_attempts >= MAX_ATTEMPTS {
        return Err(AppError::invalid(EXPIRED));
    }
    if code_digest(challenge_id, code.trim()) != code_hash {
        sqlx::query(
            "update two_step_challenges set failed_attempts = failed_attempts + 1 where id = $1",
        )
        .bind(challenge_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        return Err(AppError::invalid(FAILED));
    }
    sqlx::query("update two_step_challenges set used_at = now() where id = $1")
        .bind(challenge_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(user_id)
}
