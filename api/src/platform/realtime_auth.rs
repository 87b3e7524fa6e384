//! The hub's view of sessions and channel membership, backed by PostgreSQL.

use std::collections::HashSet;

use async_trait::async_trait;
use realtime::{
    AuthRejection, Authenticator, Hub, Identity, JoinRejection, ManuscriptJoin,
    ManuscriptRejection, Room,
};
use sqlx::PgPool;
use uuid::Uuid;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::auth::{session, session_cache};
use crate::chat::channels;
use crate::manuscripts::access::Refusal;
use crate::manuscripts::links::TokenKey;
use crate::manuscripts::sync;
use crate::platform::clock;
use crate::platform::error::AppError;

pub struct SessionAuthenticator {
    pub db: PgPool,
    /// Checks the editor links' tokens a `manuscript:join` carries.
    pub manuscript_links: TokenKey,
}

impl SessionAuthenticator {
    /// The socket's session as a caller, checked live (a revoked session opens nothing).
    async fn caller(&self, who: &Identity) -> Result<Caller, ManuscriptRejection> {
        let session_id: Uuid = who
            .session_id
            .parse()
            .map_err(|_| ManuscriptRejection::NotFound)?;
        match session::resolve_id(&self.db, session_id).await {
            Ok(Some(found)) => Ok(found.caller),
            Ok(None) => Err(ManuscriptRejection::NotFound),
            Err(error) => {
                tracing::error!(%error, "socket session check failed");
                Err(ManuscriptRejection::Unavailable)
            }
        }
    }
}

/// A manuscript refusal as the hub tells it.
fn manuscript_rejection(refusal: Refusal) -> ManuscriptRejection {
    match refusal {
        Refusal::Token(refused) => ManuscriptRejection::Token(refused.to_string()),
        Refusal::App(AppError::NotFound) => ManuscriptRejection::NotFound,
        Refusal::App(AppError::Forbidden) => ManuscriptRejection::ReadOnly,
        Refusal::App(AppError::Validation { message, .. }) => {
            ManuscriptRejection::Malformed(message)
        }
        Refusal::App(error) => {
            tracing::error!(%error, "manuscript event failed");
            ManuscriptRejection::Unavailable
        }
    }
}

#[async_trait]
impl Authenticator for SessionAuthenticator {
    async fn authenticate(&self, token: &str) -> Result<Identity, AuthRejection> {
        match session::resolve(&self.db, token).await {
            Ok(Some(caller)) => Ok(Identity {
                user_id: caller.user_id,
                role: caller.role.as_db().to_string(),
                session_id: caller.session_id.to_string(),
            }),
            Ok(None) => Err(AuthRejection::Invalid),
            Err(error) => {
                tracing::error!(%error, "socket authentication failed");
                Err(AuthRejection::Unavailable)
            }
        }
    }

    async fn authorize_channel(
        &self,
        who: &Identity,
        channel_id: i64,
    ) -> Result<(), JoinRejection> {
        let role = Role::from_db(&who.role).ok_or(JoinRejection::Forbidden)?;
        match channels::access::channel_for(&self.db, who.user_id, role, channel_id).await {
            Ok(_) => Ok(()),
            Err(AppError::NotFound) => Err(JoinRejection::NotFound),
            Err(AppError::Forbidden) => Err(JoinRejection::Forbidden),
            Err(error) => {
                tracing::error!(%error, "channel authorization failed");
                Err(JoinRejection::Unavailable)
            }
        }
    }

    async fn readable_channels(
        &self,
        who: &Identity,
        channel_ids: &[i64],
    ) -> Result<HashSet<i64>, JoinRejection> {
        let role = Role::from_db(&who.role).ok_or(JoinRejection::Forbidden)?;
        match channels::access::readable_among(&self.db, who.user_id, role, channel_ids).await {
            Ok(readable) => Ok(readable.into_iter().collect()),
            Err(error) => {
                tracing::error!(%error, "channel access check failed");
                Err(JoinRejection::Unavailable)
            }
        }
    }

    async fn manuscript_join(
        &self,
        who: &Identity,
        manuscript_id: i64,
        token: Option<&str>,
        state_vector: &[u8],
    ) -> Result<ManuscriptJoin, ManuscriptRejection> {
        let caller = self.caller(who).await?;
        let joined = sync::join(
            &self.db,
            &self.manuscript_links,
            &caller,
            manuscript_id,
            token,
            state_vector,
            clock::now(),
        )
        .await
        .map_err(manuscript_rejection)?;
        Ok(ManuscriptJoin {
            permission: joined.permission.as_str().to_string(),
            update: joined.update,
            state_vector: joined.state_vector,
        })
    }

    async fn manuscript_update(
        &self,
        who: &Identity,
        manuscript_id: i64,
        token: Option<&str>,
        update: &[u8],
    ) -> Result<(), ManuscriptRejection> {
        let caller = self.caller(who).await?;
        sync::accept(
            &self.db,
            &self.manuscript_links,
            &caller,
            manuscript_id,
            token,
            update,
            clock::now(),
        )
        .await
        .map(|_| ())
        .map_err(manuscript_rejection)
    }

    async fn manuscript_permission(
        &self,
        who: &Identity,
        manuscript_id: i64,
        token: Option<&str>,
    ) -> Result<String, ManuscriptRejection> {
        let caller = self.caller(who).await?;
        crate::manuscripts::access::effective(
            &self.db,
            &self.manuscript_links,
            &caller,
            manuscript_id,
            token,
            clock::now(),
        )
        .await
        .map(|permission| permission.as_str().to_string())
        .map_err(manuscript_rejection)
    }

    async fn live_sessions(
        &self,
        session_ids: &[String],
    ) -> Result<HashSet<String>, AuthRejection> {
        let ids: Vec<Uuid> = session_ids
            .iter()
            .filter_map(|id| id.parse().ok())
            .collect();
        let live: Vec<Uuid> = sqlx::query_scalar(
            "select s.id from sessions s join users u on u.id = s.user_id
              where s.id = any($1) and s.revoked_at is null and s.expires_at > now()
                and u.account_status = 'active'",
        )
        .bind(&ids)
        .fetch_all(&self.db)
        .await
        .map_err(|error| {
            tracing::error!(%error, "session check failed");
            AuthRejection::Unavailable
        })?;
        Ok(live.into_iter().map(|id| id.to_string()).collect())
    }
}

/// The hub-only benchmark's stand-in: `bench-<n>` is user n, every room is open.
pub struct BenchAuthenticator;

#[async_trait]
impl Authenticator for BenchAuthenticator {
    async fn authenticate(&self, token: &str) -> Result<Identity, AuthRejection> {
        let user_id = token
            .strip_prefix("bench-")
            .and_then(|n| n.parse::<i64>().ok())
            .ok_or(AuthRejection::Invalid)?;
        Ok(Identity {
            user_id,
            role: "general".into(),
            session_id: token.to_string(),
        })
    }

    async fn authorize_channel(
        &self,
        _who: &Identity,
        _channel_id: i64,
    ) -> Result<(), JoinRejection> {
        Ok(())
    }
}

/// After sessions were revoked (and the revocation committed): every node forgets the sessions
/// it had looked up (`auth::session_cache`), and the sockets opened with them are closed.
pub async fn sessions_revoked(hub: &Hub, session_ids: &[Uuid]) {
    if session_ids.is_empty() {
        return;
    }
    hub.signal(session_cache::SIGNAL).await;
    for id in session_ids {
        if let Err(error) = hub.disconnect(Room::Session(id.to_string())).await {
            tracing::warn!(%error, "closing the sockets of a revoked session failed");
        }
    }
}

/// After a committed change that may have taken channels away from `user_ids` (a team member
/// who left or was removed, a role changed, an account suspended or closed, a channel gone):
/// every socket of theirs, on every node, leaves the rooms of the channels they may no longer
/// read, before this returns (`Hub::keep_channels`). Every such write path makes this one call:
/// what each user may still read is recomputed from the membership rule
/// (`chat::channels::access`), so no path lists what it took away. When the rule cannot be
/// read, the sockets leave every channel room (their clients join again what they may read).
pub async fn channel_access_changed(db: &PgPool, hub: &Hub, user_ids: &[i64]) {
    for &user_id in user_ids {
        let readable = match channels::access::readable_channel_ids(db, user_id).await {
            Ok(readable) => readable,
            Err(error) => {
                tracing::error!(user_id, %error, "channel access could not be recomputed; leaving every channel room");
                Vec::new()
            }
        };
        hub.keep_channels(user_id, &readable).await;
    }
}
