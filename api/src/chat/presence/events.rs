//! `presence.updated`: a user's state changed; it goes to the rooms of the channels they are a
//! member of, whose sockets are those of people who may read those channels, and to the user
//! rooms of those who may see a team the user works in (the team's member list shows it).

use realtime::{PresenceChange, PresenceStatus, Room};
use serde::Serialize;
use utoipa::ToSchema;

use crate::impl_event;
use crate::platform::events;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PresenceUpdated {
    pub user_id: i64,
    /// `online`, `away` or `offline`.
    #[schema(value_type = String)]
    pub status: PresenceStatus,
    /// The user's presence sequence: a later state of the same user has a greater one, so a
    /// client keeps, per user, the state with the greatest sequence it has seen (pushes from two
    /// nodes may cross; `docs/decisions/presence.md`).
    pub seq: u64,
    #[serde(skip)]
    channel_ids: Vec<i64>,
    /// Who may see a team the user works in (their own rooms: no team room to keep).
    #[serde(skip)]
    team_viewer_ids: Vec<i64>,
}

impl PresenceUpdated {
    /// The state itself, for an answer (no audience).
    pub fn now(change: PresenceChange) -> Self {
        Self::new(change, Vec::new(), Vec::new())
    }

    pub fn new(change: PresenceChange, channel_ids: Vec<i64>, team_viewer_ids: Vec<i64>) -> Self {
        PresenceUpdated {
            user_id: change.user_id,
            status: change.status,
            seq: change.seq,
            channel_ids,
            team_viewer_ids,
        }
    }
}

impl_event!(PresenceUpdated, PresenceUpdated, |event| {
    let mut rooms: Vec<Room> = event
        .channel_ids
        .iter()
        .map(|id| Room::Channel(*id))
        .collect();
    rooms.extend(events::users(event.team_viewer_ids.iter().copied()));
    rooms
});
