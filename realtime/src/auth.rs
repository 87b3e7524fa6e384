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

/// Why a manuscript event was refused; the text reaches the ack's `error.message`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ManuscriptRejection {
    /// No such manuscript, or none the user may open (as if it did not exist).
    #[error("原稿が見つかりません")]
    NotFound,
    /// The user may open it but not change it (comment permission).
    #[error("編集する権限がありません")]
    ReadOnly,
    /// The editor link's token, refused with the message the person reads (invalid or expired).
    #[error("{0}")]
    Token(String),
    /// The event itself is wrong (an update or a state vector that does not decode).
    #[error("{0}")]
    Malformed(String),
    #[error("サーバーエラーが発生しました")]
    Unavailable,
}

impl ManuscriptRejection {
    /// Whether the socket keeps its place in the manuscript's room after this refusal.
    pub fn keeps_room(&self) -> bool {
        matches!(
            self,
            ManuscriptRejection::ReadOnly
                | ManuscriptRejection::Malformed(_)
                | ManuscriptRejection::Unavailable
        )
    }
}

/// What a `manuscript:join` answers: the permission, what the client lacks, the server's
/// state vector (Yjs v1 bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManuscriptJoin {
    pub permission: String,
    pub update: Vec<u8>,
    pub state_vector: Vec<u8>,
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

    /// A `manuscript:join`: `who` (through the editor link `token`, if any) may open manuscript
    /// `manuscript_id`; what of its document a client with `state_vector` lacks. By default no
    /// manuscript exists.
    async fn manuscript_join(
        &self,
        _who: &Identity,
        _manuscript_id: i64,
        _token: Option<&str>,
        _state_vector: &[u8],
    ) -> Result<ManuscriptJoin, ManuscriptRejection> {
        Err(ManuscriptRejection::NotFound)
    }

    /// A `manuscript:update`: checks that `who` may change the document now, and persists
    /// `update`; the hub relays it only after this answered `Ok`.
    async fn manuscript_update(
        &self,
        _who: &Identity,
        _manuscript_id: i64,
        _token: Option<&str>,
        _update: &[u8],
    ) -> Result<(), ManuscriptRejection> {
        Err(ManuscriptRejection::NotFound)
    }

    /// Whether `who` may still open the manuscript (an awareness update is relayed only then);
    /// answers the permission.
    async fn manuscript_permission(
        &self,
        _who: &Identity,
        _manuscript_id: i64,
        _token: Option<&str>,
    ) -> Result<String, ManuscriptRejection> {
        Err(ManuscriptRejection::NotFound)
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
