//! `presence.updated`: users' states changed. One push per room carries every change of a batch
//! that room hears of (the hub notices changes in batches: a tick finds many people gone away at
//! once), so a room of 100 members costs 100 frames per batch, not per change
//! (`docs/decisions/presence.md`). The rooms are those of the channels each user is a member of,
//! whose sockets are those of people who may read those channels, and the user rooms of those
//! who may see a team the user works in (the team's member list shows it).

use std::collections::HashMap;

use realtime::{PresenceChange, PresenceStatus, Room};
use serde::Serialize;
use utoipa::ToSchema;

use crate::impl_event;

/// One user's state and sequence: an entry of a push or of a REST answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserPresence {
    pub user_id: i64,
    /// `online`, `away` or `offline`.
    #[schema(value_type = String)]
    pub status: PresenceStatus,
    /// The user's presence sequence: a later state of the same user has a greater one, so a
    /// client keeps, per user, the state with the greatest sequence it has seen (pushes from two
    /// nodes may cross; `docs/decisions/presence.md`).
    pub seq: u64,
}

impl From<PresenceChange> for UserPresence {
    fn from(change: PresenceChange) -> Self {
        UserPresence {
            user_id: change.user_id,
            status: change.status,
            seq: change.seq,
        }
    }
}

/// Users' states: the push's payload and the answer of `GET /channels/{id}/presence` and
/// `GET /teams/{id}/presence`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MembersPresence {
    /// In the order the node noticed them; a REST answer lists every member, offline ones too
    /// (so that a client holding a newer push keeps it and an older one is replaced).
    pub users: Vec<UserPresence>,
}

/// `presence.updated` to one room.
#[derive(Debug, Serialize)]
pub struct PresenceUpdated {
    #[serde(flatten)]
    presence: MembersPresence,
    #[serde(skip)]
    room: Room,
}

impl PresenceUpdated {
    /// One push per room of the changes' audiences, each listing that room's changes in the
    /// order given; the rooms in the order first heard of. `rooms_of` answers, by user, the
    /// rooms that hear of that user's changes.
    pub fn per_room(
        changes: &[PresenceChange],
        rooms_of: &HashMap<i64, Vec<Room>>,
    ) -> Vec<PresenceUpdated> {
        let mut pushes: Vec<PresenceUpdated> = Vec::new();
        let mut push_of: HashMap<&Room, usize> = HashMap::new();
        for change in changes {
            for room in rooms_of.get(&change.user_id).into_iter().flatten() {
                let at = *push_of.entry(room).or_insert_with(|| {
                    pushes.push(PresenceUpdated {
                        presence: MembersPresence { users: Vec::new() },
                        room: room.clone(),
                    });
                    pushes.len() - 1
                });
                pushes[at].presence.users.push(UserPresence::from(*change));
            }
        }
        pushes
    }
}

impl_event!(
    PresenceUpdated as MembersPresence,
    PresenceUpdated,
    |event| vec![event.room.clone()]
);

#[cfg(test)]
mod tests {
    use super::*;

    fn change(user_id: i64, status: PresenceStatus, seq: u64) -> PresenceChange {
        PresenceChange {
            user_id,
            status,
            seq,
        }
    }

    #[test]
    fn one_push_per_room_listing_its_changes_in_order() {
        let changes = [
            change(1, PresenceStatus::Away, 10),
            change(2, PresenceStatus::Online, 11),
            change(1, PresenceStatus::Online, 12),
        ];
        // User 1 is in channels 7 and 8, user 2 in 8 only; user 9 sees user 2's team.
        let rooms_of = HashMap::from([
            (1, vec![Room::Channel(7), Room::Channel(8)]),
            (2, vec![Room::Channel(8), Room::User(9)]),
        ]);
        let pushes = PresenceUpdated::per_room(&changes, &rooms_of);
        let seen: Vec<(Room, Vec<(i64, u64)>)> = pushes
            .iter()
            .map(|p| {
                let users = p.presence.users.iter().map(|u| (u.user_id, u.seq));
                (p.room.clone(), users.collect())
            })
            .collect();
        assert_eq!(
            seen,
            vec![
                (Room::Channel(7), vec![(1, 10), (1, 12)]),
                (Room::Channel(8), vec![(1, 10), (2, 11), (1, 12)]),
                (Room::User(9), vec![(2, 11)]),
            ]
        );
        let wire = serde_json::to_value(&pushes[2]).unwrap();
        assert_eq!(
            wire,
            serde_json::json!({"users": [{"user_id": 2, "status": "online", "seq": 11}]})
        );
    }
}
