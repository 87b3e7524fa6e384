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

/// Changes announced at once: their users' audiences are read together.
const BATCH: usize = 512;

/// The rooms that hear of a user's changes, by user.
type Rooms = HashMap<i64, Vec<Room>>;

/// Who hears of whose changes, read once per batch.
trait Audience: Send + 'static {
    fn rooms(&self, user_ids: &[i64]) -> impl Future<Output = Rooms> + Send;
}

/// The product's rule: the rooms of the channels the user is a member of, and the user rooms
/// of those who may see a team the user works in. Read at each batch, so whoever lost sight of
/// a team or channel stops hearing at once.
struct MembersAndTeamViewers(PgPool);

impl Audience for MembersAndTeamViewers {
    async fn rooms(&self, user_ids: &[i64]) -> Rooms {
        let (channels, viewers) = tokio::join!(
            db::member_channels(&self.0, user_ids),
            db::team_viewers(&self.0, user_ids)
        );
        let [channels, viewers] = [channels, viewers].map(|audience| {
            audience.unwrap_or_else(|error| {
                tracing::warn!(%error, "presence changes not announced: audience unreadable");
                HashMap::new()
            })
        });
        let mut rooms: Rooms = HashMap::new();
        for (user_id, channel_ids) in channels {
            rooms
                .entry(user_id)
                .or_default()
                .extend(channel_ids.into_iter().map(Room::Channel));
        }
        for (user_id, viewer_ids) in viewers {
            rooms
                .entry(user_id)
                .or_default()
                .extend(users_rooms(viewer_ids));
        }
        rooms
    }
}

/// The hub-only benchmark's stand-in (no database): the channels the user's sockets on this
/// node joined.
struct JoinedChannels(Hub);

impl Audience for JoinedChannels {
    async fn rooms(&self, user_ids: &[i64]) -> Rooms {
        user_ids
            .iter()
            .map(|&user_id| {
                let channels = self.0.joined_channels(user_id).into_iter();
                (user_id, channels.map(Room::Channel).collect())
            })
            .collect()
    }
}

/// Sends every change this node notices to the rooms of the user's channels and to those who
/// may see the user's teams.
pub fn announce_changes(hub: &Hub, db: PgPool) {
    announce(hub, MembersAndTeamViewers(db));
}

/// The hub-only benchmark's announcer: a user's changes go to the channels their sockets on
/// this node joined.
pub fn announce_joined(hub: &Hub) {
    announce(hub, JoinedChannels(hub.clone()));
}

/// One task, in the order the hub noticed the changes: those waiting are taken together (up
/// to `BATCH`), their audience is read once, and each room gets one push listing its changes.
fn announce(hub: &Hub, audience: impl Audience) {
    let mut changes = listen(hub);
    let hub = hub.clone();
    tokio::spawn(async move {
        let mut batch = Vec::with_capacity(BATCH);
        while changes.recv_many(&mut batch, BATCH).await > 0 {
            let user_ids: Vec<i64> = batch.iter().map(|c| c.user_id).collect();
            let rooms = audience.rooms(&user_ids).await;
            for push in PresenceUpdated::per_room(&batch, &rooms) {
                emit(&hub, &push).await;
            }
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
