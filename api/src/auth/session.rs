//! Login sessions: bearer tokens that live 7200 minutes and can be revoked server-side.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::role::Role;
use super::token;

pub const SESSION_MINUTES: i64 = 7200;

/// The person behind a request or a socket.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user_id: i64,
    pub role: Role,
    pub session_id: Uuid,
    /// The client company of a client user.
    pub client_id: Option<i64>,
}

impl Caller {
    /// The user a `/users/{id}/…` path names: `me` is the caller, else a numeric id (anything
    /// else names nobody: 404).
    pub fn user_in_path(&self, id: &str) -> crate::platform::error::AppResult<i64> {
        if id == "me" {
            Ok(self.user_id)
        } else {
            id.parse::<i64>()
                .map_err(|_| crate::platform::error::AppError::NotFound)
        }
    }

    /// A user of client `client_id`.
    pub fn belongs_to_client(&self, client_id: i64) -> bool {
        self.role == Role::Client && self.client_id == Some(client_id)
    }

    /// Staff, or a user of client `client_id`: who may act for that client.
    pub fn acts_for_client(&self, client_id: i64) -> bool {
        self.role.is_staff() || self.belongs_to_client(client_id)
    }
}

pub struct NewSession {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

pub async fn create(db: impl sqlx::PgExecutor<'_>, user_id: i64) -> sqlx::Result<NewSession> {
    let token = token::generate();
    let expires_at = Utc::now() + Duration::minutes(SESSION_MINUTES);
    sqlx::query(
        "insert into sessions (id, token_hash, user_id, expires_at) values ($1, $2, $3, $4)",
    )
    .bind(Uuid::new_v4())
    .bind(token::digest(&token))
    .bind(user_id)
    .bind(expires_at)
    .execute(db)
    .await?;
    Ok(NewSession { token, expires_at })
}

/// The live session a bearer token belongs to: not expired, not revoked, user still active.
pub async fn resolve(db: &PgPool, bearer: &str) -> sqlx::Result<Option<Caller>> {
    Ok(resolve_digest(db, &token::digest(bearer))
        .await?
        .map(|found| found.caller))
}

/// A live session found by its token's digest, and how long it has left.
pub struct FoundSession {
    pub caller: Caller,
    pub remaining: std::time::Duration,
}

/// A live session (not expired, not revoked, user still active) with a condition on `s` ending
/// the query.
macro_rules! live_session {
    ($condition:literal) => {
        concat!(
            "select u.id, u.role, s.id, u.client_id, extract(epoch from s.expires_at - now())::float8
               from sessions s join users u on u.id = s.user_id
              where s.revoked_at is null and s.expires_at > now() and u.account_status = 'active'
                and ",
            $condition
        )
    };
}

type SessionRow = (i64, String, Uuid, Option<i64>, f64);

pub async fn resolve_digest(db: &PgPool, digest: &[u8]) -> sqlx::Result<Option<FoundSession>> {
    let row: Option<SessionRow> = sqlx::query_as(live_session!("s.token_hash = $1"))
        .bind(digest)
        .fetch_optional(db)
        .await?;
    Ok(found(row))
}

/// The live session `session_id` (a signed file link names its session, never its token).
pub async fn resolve_id(db: &PgPool, session_id: Uuid) -> sqlx::Result<Option<FoundSession>> {
    let row: Option<SessionRow> = sqlx::query_as(live_session!("s.id = $1"))
        .bind(session_id)
        .fetch_optional(db)
        .await?;
    Ok(found(row))
}

fn found(row: Option<SessionRow>) -> Option<FoundSession> {
    row.and_then(|(user_id, role, session_id, client_id, remaining)| {
        Role::from_db(&role).map(|role| FoundSession {
            caller: Caller {
                user_id,
                role,
                session_id,
                client_id,
            },
            remaining: std::time::Duration::from_secs_f64(remaining.max(0.0)),
        })
    })
}

pub async fn revoke(db: &PgPool, session_id: Uuid) -> sqlx::Result<()> {
    sqlx::query("update sessions set revoked_at = now() where id = $1 and revoked_at is null")
        .bind(session_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Revokes every session of a user (role change, leaving); returns the revoked ids.
pub async fn revoke_all_of_user(
    db: impl sqlx::PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar("update sessions set revoked_at = now() where user_id = $1 and revoked_at is null returning id")
        .bind(user_id)
        .fetch_all(db)
        .await
}

/// Revokes every session of a user but `keep` (a password change keeps the caller's own);
/// returns the revoked ids.
pub async fn revoke_others_of_user(
    db: impl sqlx::PgExecutor<'_>,
    user_id: i64,
    keep: Uuid,
) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar(
        "update sessions set revoked_at = now()
          where user_id = $1 and id <> $2 and revoked_at is null returning id",
    )
    .bind(user_id)
    .bind(keep)
    .fetch_all(db)
    .await
}
