//! The manuscript events the hub relays (it sends them itself: `realtime::handlers`); their
//! payloads are declared here so the wire contract lists them (`x-tsumugi-events`).

use serde::Serialize;
use utoipa::ToSchema;

/// `manuscript.updated`: a Yjs v1 update another editor sent, already persisted.
#[derive(Debug, Serialize, ToSchema)]
pub struct ManuscriptUpdated {
    pub manuscript_id: i64,
    /// Yjs v1 update, base64 (standard alphabet, padded).
    pub update: String,
    pub user_id: i64,
}

/// `manuscript.awareness`: a y-protocols awareness update (cursors, names), never persisted.
#[derive(Debug, Serialize, ToSchema)]
pub struct ManuscriptAwareness {
    pub manuscript_id: i64,
    /// y-protocols awareness update, base64 (standard alphabet, padded).
    pub update: String,
}
