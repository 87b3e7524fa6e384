//! The live document, as the hub's manuscript events use it (`platform::realtime_auth`): a
//! join answers what the client lacks and the server's state vector; an update is checked
//! against the sender's permission at that moment, persisted (appended), then relayed by the
//! hub; more than [`COMPACT_AFTER`] updates after the snapshot are folded into it.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::manuscripts::access::{self, Refusal};
use crate::manuscripts::db;
use crate::manuscripts::doc;
use crate::manuscripts::links::TokenKey;
use crate::manuscripts::model::ManuscriptPermission;
use crate::platform::error::AppError;

/// Updates after the snapshot beyond which they are folded into it.
pub const COMPACT_AFTER: i64 = 200;

/// A join's answer.
pub struct Joined {
    pub permission: ManuscriptPermission,
    /// What the client lacks (Yjs v1 update).
    pub update: Vec<u8>,
    /// The server's state vector (Yjs v1).
    pub state_vector: Vec<u8>,
}

/// The whole stored document as one update.
pub async fn current_state(db: &PgPool, manuscript_id: i64) -> anyhow::Result<Vec<u8>> {
    let parts = db::state_parts(db, manuscript_id).await?;
    Ok(doc::merge(parts.iter().map(Vec::as_slice))?)
}

pub async fn join(
    db: &PgPool,
    key: &TokenKey,
    caller: &Caller,
    manuscript_id: i64,
    token: Option<&str>,
    state_vector: &[u8],
    now: DateTime<Utc>,
) -> Result<Joined, Refusal> {
    let permission = access::effective(db, key, caller, manuscript_id, token, now).await?;
    // A client that sent none holds nothing: the empty state vector.
    let state_vector = if state_vector.is_empty() {
        &[0u8][..]
    } else {
        state_vector
    };
    doc::check_state_vector(state_vector)
        .map_err(|_| AppError::invalid("state_vector を読めません"))?;
    let state = current_state(db, manuscript_id)
        .await
        .map_err(AppError::from)?;
    let (update, state_vector) = doc::missing(&state, state_vector)
        .map_err(anyhow::Error::from)
        .map_err(AppError::from)?;
    Ok(Joined {
        permission,
        update,
        state_vector,
    })
}

/// Checks the sender may still write, then appends the update (and compacts when due).
pub async fn accept(
    db: &PgPool,
    key: &TokenKey,
    caller: &Caller,
    manuscript_id: i64,
    token: Option<&str>,
    update: &[u8],
    now: DateTime<Utc>,
) -> Result<ManuscriptPermission, Refusal> {
    let permission = access::effective(db, key, caller, manuscript_id, token, now).await?;
    if !permission.writes() {
        return Err(Refusal::App(AppError::Forbidden));
    }
    doc::check_update(update).map_err(|_| AppError::invalid("更新を読めません"))?;
    let pending = db::append_update(db, manuscript_id, update, caller.user_id).await?;
    if pending > COMPACT_AFTER
        && let Err(error) = compact(db, manuscript_id).await
    {
        // The update is stored; compaction is tried again after the next one.
        tracing::warn!(manuscript_id, %error, "manuscript compaction failed");
    }
    Ok(permission)
}

/// Folds the updates after the snapshot into it (one transaction, one node at a time per
/// manuscript); answers how many were folded (0 when another node holds the lock).
pub async fn compact(db: &PgPool, manuscript_id: i64) -> anyhow::Result<usize> {
    db::compact(db, manuscript_id, |parts| {
        Ok(doc::merge(parts.iter().map(Vec::as_slice))?)
    })
    .await
}
