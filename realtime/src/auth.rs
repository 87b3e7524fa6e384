//! What the hub needs from the application to admit a socket: it never reads the database
//! itself, so `realtime` stays independent of `api`.

use std::collections::HashSet;

use async_trait::async_trait;

/// Who a connected socket belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub user_id: i64,
    pub role: String,
    pub session_id: String,
}

/// Why a handshake was refused; the text reaches the client's `connect_error`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuthRejection {
    #[error("token_missing")]
    Missing,
    #[error("token_invalid")]
    Invalid,
    #[error("auth_unavailable")]
    Unavailable,
}

/// Why a `channel:join` was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JoinRejection {
    #[error("チャンネルが見つかりません")]
    NotFound,
    #[error("このチャンネルに参加する権限がありません")]
    Forbidden,
    #[error("サーバーエラーが発生しました")]
    Unavailable,
}

#[async_trait]
pub trait Authenticator: Send + Sync + 'static {
    /// Resolves the handshake's `auth.token` to a live session.
    async fn authenticate(&self, token: &str) -> Result<Identity, AuthRejection>;

    /// Resolves the connect packet's whole `auth` object (empty when the client sent none):
    /// by default its non-empty `token`, through [`Authenticator::authenticate`].
    async fn authenticate_handshake(
        &self,
        auth: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Identity, AuthRejection> {
        match auth.get("token").and_then(|token| token.as_str()) {
            Some(token) if !token.is_empty() => self.authenticate(token).await,
            _ => Err(AuthRejection::Missing),
        }
    }

    /// Whether `who` may receive the events of channel `channel_id`.
    async fn authorize_channel(&self, who: &Identity, channel_id: i64)
    -> Result<(), JoinRejection>;

    /// Of `channel_ids`, those `who` may still read. The hub asks after its link to the other
    /// nodes came back, when a change of access published meanwhile was missed; one answer per
    /// user instead of one per channel is what an application should give.
    async fn readable_channels(
        &self,
        who: &Identity,
        channel_ids: &[i64],
    ) -> Result<HashSet<i64>, JoinRejection> {
        let mut readable = HashSet::new();
        for &channel_id in channel_ids {
            match self.authorize_channel(who, channel_id).await {
                Ok(()) => {
                    readable.insert(channel_id);
                }
                Err(JoinRejection::Unavailable) => return Err(JoinRejection::Unavailable),
                Err(_) => {}
            }
        }
        Ok(readable)
    }

    /// Of `session_ids`, those still live. The hub asks after its link to the other nodes came
    /// back: a session revoked meanwhile on another node never had its sockets here closed.
    async fn live_sessions(
        &self,
        session_ids: &[String],
    ) -> Result<HashSet<String>, AuthRejection> {
        Ok(session_ids.iter().cloned().collect())
    }
}
