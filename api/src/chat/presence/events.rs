//! `presence.updated`: a user's state changed; it goes to the rooms of the channels they are a
//! member of, whose sockets are those of people who may read those channels.

use realtime::{PresenceChange, PresenceStatus, Room};
use serde::Serialize;
use utoipa::ToSchema;

use crate::impl_event;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PresenceUpdated {
    pub user_id: i64,
    /// `online`, `away` or `offline`.
    #[schema(value_type = String)]
    pub status: PresenceStatus,
    #[serde(skip)]
    channel_ids: Vec<i64>,
}

impl PresenceUpdated {
    pub fn new(change: PresenceChange, channel_ids: Vec<i64>) -> Self {
        PresenceUpdated {
            user_id: change.user_id,
            status: change.status,
            channel_ids,
        }
    }
}

impl_event!(PresenceUpdated, PresenceUpdated, |event| event
    .channel_ids
    .iter()
    .map(|id| Room::Channel(*id))
    .collect());
