//! What a channel's members receive when its messages, reactions and pins change: every event
//! goes to the channel's room.

use realtime::Room;
use serde::Serialize;
use utoipa::ToSchema;

use crate::chat::messages::model::{MessageView, ReactionSummary};
use crate::impl_event;

#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct MessageCreated(pub MessageView);

#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct MessageUpdated(pub MessageView);

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessageDeleted {
    pub id: i64,
    pub channel_id: i64,
}

/// A reaction was added or removed; carries the message's reactions after the change.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReactionChanged {
    pub channel_id: i64,
    pub message_id: i64,
    pub reaction_id: i64,
    pub user_id: i64,
    /// The message's reactions after the change.
    pub reactions: Vec<ReactionSummary>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct ReactionAdded(pub ReactionChanged);

#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct ReactionRemoved(pub ReactionChanged);

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PinAdded {
    pub channel_id: i64,
    pub message: MessageView,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PinRemoved {
    pub channel_id: i64,
    pub message_id: i64,
}

impl_event!(MessageCreated as MessageView, MessageCreated, |e| vec![
    Room::Channel(e.0.channel_id)
]);
impl_event!(MessageUpdated as MessageView, MessageUpdated, |e| vec![
    Room::Channel(e.0.channel_id)
]);
impl_event!(MessageDeleted, MessageDeleted, |e| vec![Room::Channel(
    e.channel_id
)]);
impl_event!(ReactionAdded as ReactionChanged, ReactionAdded, |e| vec![
    Room::Channel(e.0.channel_id)
]);
impl_event!(
    ReactionRemoved as ReactionChanged,
    ReactionRemoved,
    |e| vec![Room::Channel(e.0.channel_id)]
);
impl_event!(PinAdded, PinAdded, |e| vec![Room::Channel(e.channel_id)]);
impl_event!(PinRemoved, PinRemoved, |e| vec![Room::Channel(
    e.channel_id
)]);
