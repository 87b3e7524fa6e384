//! Who is online: the hub keeps each user's state over every node (`realtime::presence`,
//! `docs/decisions/presence.md`); this domain says who hears of it — the members of the
//! channels the user is a member of, in those channels' rooms, and whoever may see a team the
//! user works in, in their own rooms — and answers a channel's or a team's members' states
//! (`GET /channels/{id}/presence`, `GET /teams/{id}/presence`).

mod db;
pub mod events;
pub mod http;

use std::collections::HashMap;

use realtime::{Hub, PresenceChange};
use sqlx::PgPool;
use tokio::sync::mpsc;

use events::PresenceUpdated;

use crate::platform::events::emit;

/// Changes announced at once: their users' channels are read in one query.
const BATCH: usize = 512;

/// Sends every change this node notices to the rooms of the user's channels and to those who
/// may see the user's teams. One task, in the order the hub noticed them; a burst (a node's
/// users leaving) costs two queries per batch. The audience is read at each change, so whoever
/// lost sight of a team or channel stops hearing at once.
pub fn announce_changes(hub: &Hub, db: PgPool) {
    let (tx, mut rx) = mpsc::unbounded_channel::<PresenceChange>();
    hub.on_presence(move |change| {
        let _ = tx.send(change);
    });
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut changes = Vec::with_capacity(BATCH);
        while rx.recv_many(&mut changes, BATCH).await > 0 {
            let users: Vec<i64> = changes.iter().map(|c| c.user_id).collect();
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
            for change in changes.drain(..) {
                let channel_ids = channels.get(&change.user_id).cloned().unwrap_or_default();
                let viewer_ids = viewers.get(&change.user_id).cloned().unwrap_or_default();
                emit(&hub, &PresenceUpdated::new(change, channel_ids, viewer_ids)).await;
            }
        }
    });
}

/// The hub-only benchmark's stand-in (no database): a user's changes go to the channels their
/// sockets on this node joined.
pub fn announce_joined(hub: &Hub) {
    let (tx, mut rx) = mpsc::unbounded_channel::<PresenceChange>();
    hub.on_presence(move |change| {
        let _ = tx.send(change);
    });
    let hub = hub.clone();
    tokio::spawn(async move {
        while let Some(change) = rx.recv().await {
            let channel_ids = hub.joined_channels(change.user_id);
            emit(&hub, &PresenceUpdated::new(change, channel_ids, Vec::new())).await;
        }
    });
}
