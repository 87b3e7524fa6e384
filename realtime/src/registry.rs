//! This node's sockets and the rooms they are in. Delivering to a room is one lookup and one
//! `push` per member; the WebSocket frame is made once and written to (or queued for) each.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use dashmap::DashMap;

use crate::rooms::Room;
use crate::socket::{Ending, Socket, SocketId};
use crate::websocket;

/// The room every socket is in without joining it.
pub(crate) const ALL: &str = "all";

#[derive(Default)]
pub(crate) struct Registry {
    sockets: DashMap<SocketId, Arc<Socket>>,
    rooms: DashMap<Box<str>, HashMap<SocketId, Arc<Socket>>>,
    next_id: AtomicU64,
}

impl Registry {
    pub(crate) fn next_id(&self) -> SocketId {
        self.next_id.fetch_add(1, Ordering::Relaxed) + 1
    }

    pub(crate) fn add(&self, socket: Arc<Socket>) {
        self.sockets.insert(socket.id, socket);
    }

    /// Takes the socket out of every room and of the node.
    pub(crate) fn remove(&self, socket: &Socket) {
        for room in socket.retire() {
            self.forget(&room, socket.id);
        }
        self.sockets.remove(&socket.id);
    }

    pub(crate) fn join(&self, socket: &Arc<Socket>, room: &str) {
        if !socket.enter(room) {
            return;
        }
        self.rooms
            .entry(room.into())
            .or_default()
            .insert(socket.id, socket.clone());
        // `remove` may have run between `enter` and the insert above; it could not see this
        // entry, so take it out again rather than keep a closed socket in the room.
        if socket.is_retired() {
            self.forget(room, socket.id);
        }
    }

    pub(crate) fn leave(&self, socket: &Socket, room: &str) {
        if socket.exit(room) {
            self.forget(room, socket.id);
        }
    }

    fn forget(&self, room: &str, id: SocketId) {
        if let Some(mut members) = self.rooms.get_mut(room) {
            members.remove(&id);
        }
        self.rooms.remove_if(room, |_, members| members.is_empty());
    }

    /// Takes every socket of user `user_id` on this node out of the channel rooms `drop` names
    /// (by channel id), and makes their `channel:join`s still being checked check again;
    /// answers how many rooms were left.
    pub(crate) fn drop_channels(&self, user_id: i64, drop: impl Fn(i64) -> bool) -> usize {
        let mut left = 0;
        for socket in self.members(&Room::User(user_id).to_string()) {
            for room in socket.drop_channels(&drop) {
                self.forget(&room, socket.id);
                left += 1;
            }
        }
        left
    }

    /// Sends the text message `text` to every socket in `room` (or every socket, for [`ALL`])
    /// but `except`; returns how many.
    pub(crate) fn deliver(&self, room: &str, text: &str, except: Option<SocketId>) -> usize {
        let mut frame = None;
        let mut delivered = 0;
        self.for_each(room, |socket| {
            if Some(socket.id) != except {
                socket.push(frame.get_or_insert_with(|| websocket::text(text)));
                delivered += 1;
            }
        });
        crate::metrics::delivered(delivered);
        delivered
    }

    /// Runs `f` for every socket in `room` (or every socket, for [`ALL`]).
    pub(crate) fn for_each(&self, room: &str, mut f: impl FnMut(&Arc<Socket>)) {
        if room == ALL {
            self.sockets.iter().for_each(|entry| f(entry.value()));
        } else if let Some(members) = self.rooms.get(room) {
            members.values().for_each(f);
        }
    }

    /// Ends every socket in `room` (or every socket, for [`ALL`]) the way `ending` says.
    pub(crate) fn end(&self, room: &str, ending: Ending) {
        for socket in self.members(room) {
            socket.end(ending);
        }
    }

    pub(crate) fn members(&self, room: &str) -> Vec<Arc<Socket>> {
        if room == ALL {
            self.sockets.iter().map(|e| e.value().clone()).collect()
        } else {
            self.rooms
                .get(room)
                .map(|members| members.values().cloned().collect())
                .unwrap_or_default()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.sockets.len()
    }

    pub(crate) fn room_count(&self) -> usize {
        self.rooms.len()
    }
}

#[cfg(test)]
mod tests {
    use std::net::TcpStream;

    use super::*;
    use crate::socket::testing;

    async fn socket(registry: &Registry, user_id: i64) -> (Arc<Socket>, TcpStream) {
        let (socket, peer) = testing::socket(registry.next_id(), user_id, 16).await;
        registry.add(socket.clone());
        (socket, peer.into_std().unwrap())
    }

    #[tokio::test]
    async fn a_room_reaches_its_members_only_and_not_the_sender() {
        let registry = Registry::default();
        let (a, a_peer) = socket(&registry, 1).await;
        let (b, b_peer) = socket(&registry, 2).await;
        let (_c, c_peer) = socket(&registry, 3).await;
        registry.join(&a, "channel:1");
        registry.join(&b, "channel:1");
        let text = "42[\"x\",1]";
        assert_eq!(registry.deliver("channel:1", text, Some(a.id)), 1);
        let framed = websocket::text(text).to_vec();
        assert_eq!(
            [&a_peer, &b_peer, &c_peer].map(testing::received),
            [vec![], framed.clone(), vec![]]
        );
        // (after a pause: a socket that just got a frame is busy and queues the next one)
        tokio::time::sleep(crate::socket::DEFAULT_BUSY_GAP).await;
        assert_eq!(registry.deliver(ALL, text, None), 3);
        assert_eq!(
            [&a_peer, &b_peer, &c_peer].map(testing::received),
            [framed.clone(), framed.clone(), framed]
        );
    }

    #[tokio::test]
    async fn leaving_and_removal_empty_the_rooms() {
        let registry = Registry::default();
        let (a, _a_peer) = socket(&registry, 1).await;
        let (b, _b_peer) = socket(&registry, 2).await;
        registry.join(&a, "channel:1");
        registry.join(&b, "channel:1");
        registry.leave(&a, "channel:1");
        assert_eq!(registry.members("channel:1").len(), 1);
        registry.remove(&b);
        assert!(registry.members("channel:1").is_empty());
        assert!(registry.rooms.is_empty(), "an empty room is dropped");
        assert_eq!(registry.len(), 1);
        // A removed socket is not taken back into a room by a late join.
        registry.join(&b, "channel:2");
        assert!(registry.members("channel:2").is_empty());
    }

    #[tokio::test]
    async fn a_user_is_taken_out_of_the_channels_named_and_only_those() {
        let registry = Registry::default();
        let (a1, _p1) = socket(&registry, 1).await;
        let (a2, _p2) = socket(&registry, 1).await;
        let (b, _p3) = socket(&registry, 2).await;
        for (socket, user) in [(&a1, 1), (&a2, 1), (&b, 2)] {
            registry.join(socket, &Room::User(user).to_string());
            registry.join(socket, "channel:1");
            registry.join(socket, "channel:2");
            registry.join(socket, "role:general");
        }
        let before = a1.access_changes();
        assert_eq!(registry.drop_channels(1, |channel| channel == 1), 2);
        assert_eq!(registry.members("channel:1").len(), 1, "only user 2 stays");
        assert_eq!(registry.members("channel:2").len(), 3);
        assert!(a1.is_in("role:general") && a1.is_in("user:1"));
        assert_eq!(a1.channels(), vec![2]);
        assert_eq!(a1.access_changes(), before + 1);
        assert_eq!(b.access_changes(), 0);
    }
}
