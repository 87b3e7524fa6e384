//! Who is online: the hub keeps each user's state over every node (`realtime::presence`,
//! `docs/decisions/presence.md`); this domain says who hears of it — the members of the
//! channels the user is a member of, in those channels' rooms, and whoever may see a team the
//! user works in, in their own rooms — and answers a channel's or a team's members' states
//! (`GET /channels/{id}/presence`, `GET /teams/{id}/presence`).

mod db;
pub mod events;
pub mod http;

use std::collections::HashMap;

use realtime::{Hub, PresenceChange, Room};
use sqlx::PgPool;
use tokio::sync::mpsc;

use events::PresenceUpdated;

use crate::platform::events::{emit, users as users_rooms};

/// Changes announced at once: their users' audiences are read in one query each.
const BATCH: usize = 512;

/// Sends every change this node notices to the rooms of the user's channels and to those who
/// may see the user's teams. One task, in the order the hub noticed them; the changes that are
/// waiting are taken together (up to `BATCH`): their audiences cost two queries and each room
/// gets one push listing its changes. The audience is read at each batch, so whoever lost sight
/// of a team or channel stops hearing at once.
pub fn announce_changes(hub: &Hub, db: PgPool) {
    let mut changes = listen(hub);
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut batch = Vec::with_capacity(BATCH);
        while changes.recv_many(&mut batch, BATCH).await > 0 {
            let users: Vec<i64> = batch.iter().map(|c| c.user_id).collect();
            let (channels, viewers) = tokio::join!(
                db::member_channels(&db, &users),
                db::team_viewers(&db, &users)
            );
            let [channels, viewers] = [channels, viewers].map(|audience| {
                audience.unwrap_or_else(|error| {
                    tracing::warn!(%error, "presence changes not announced: audience unreadable");
                    HashMap::new()
                })
            });
            let pushes = PresenceUpdated::per_room(&batch, |change| {
                let channel_ids = channels.get(&change.user_id).into_iter().flatten();
                let viewer_ids = viewers.get(&change.user_id).into_iter().flatten();
                let mut rooms: Vec<Room> = channel_ids.map(|id| Room::Channel(*id)).collect();
                rooms.extend(users_rooms(viewer_ids.copied()));
                rooms
            });
            announce(&hub, &pushes).await;
            batch.clear();
        }
    });
}

/// The hub-only benchmark's stand-in (no database): a user's changes go to the channels their
/// sockets on this node joined, batched as above.
pub fn announce_joined(hub: &Hub) {
    let mut changes = listen(hub);
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut batch = Vec::with_capacity(BATCH);
        while changes.recv_many(&mut batch, BATCH).await > 0 {
            let pushes = PresenceUpdated::per_room(&batch, |change| {
                let channel_ids = hub.joined_channels(change.user_id);
                channel_ids.into_iter().map(Room::Channel).collect()
            });
            announce(&hub, &pushes).await;
            batch.clear();
        }
    });
}

/// The hub's changes, in the order it noticed them.
fn listen(hub: &Hub) -> mpsc::UnboundedReceiver<PresenceChange> {
    let (tx, rx) = mpsc::unbounded_channel::<PresenceChange>();
    hub.on_presence(move |change| {
        let _ = tx.send(change);
    });
    rx
}

async fn announce(hub: &Hub, pushes: &[PresenceUpdated]) {
    for push in pushes {
        emit(hub, push).await;
    }
}
