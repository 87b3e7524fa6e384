//! One connected socket as the rest of the hub sees it: who it belongs to, the rooms it is in,
//! and its outbox — the frames waiting for its connection task to write them.
//!
//! The outbox is a plain queue behind a mutex with a `Notify`: it allocates nothing while the
//! socket is idle (tokio's mpsc preallocates a 32-slot block per channel), and the task drains
//! everything queued in one wake-up and one write.

use std::collections::VecDeque;
use std::sync::Mutex;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::Notify;

use crate::auth::Identity;

/// A socket's number on this node (the key of the registry's maps).
pub(crate) type SocketId = u64;

/// How a socket's connection ends when something other than its client ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// A server-side Socket.IO disconnect (`41`): the client stays disconnected (a revoked
    /// session, a flood).
    Disconnect,
    /// The transport closes: the client reconnects by itself (shutdown, a slow consumer).
    Close,
}

pub(crate) struct Socket {
    pub id: SocketId,
    pub identity: Identity,
    state: Mutex<State>,
    wake: Notify,
    /// Frames queued beyond which the socket counts as a slow consumer and is closed.
    buffer: usize,
}

struct State {
    outbox: VecDeque<Utf8Bytes>,
    ending: Option<Ending>,
    /// The rooms joined, kept so leaving all of them needs no scan of the registry.
    rooms: Vec<Box<str>>,
    /// Set once the registry has removed the socket: no room may take it in again.
    removed: bool,
    /// A ping went out and no pong has come back since.
    awaiting_pong: bool,
}

/// What the connection task should do after a wake-up.
pub(crate) enum Work {
    Write(Vec<Utf8Bytes>),
    End(Ending),
    Nothing,
}

impl Socket {
    pub(crate) fn new(id: SocketId, identity: Identity, buffer: usize) -> Self {
        Socket {
            id,
            identity,
            state: Mutex::new(State {
                outbox: VecDeque::new(),
                ending: None,
                rooms: Vec::new(),
                removed: false,
                awaiting_pong: false,
            }),
            wake: Notify::new(),
            buffer,
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a frame; a socket whose client stopped reading is ended instead.
    pub(crate) fn push(&self, frame: Utf8Bytes) {
        let mut state = self.state();
        if state.ending.is_some() {
            return;
        }
        if state.outbox.len() >= self.buffer {
            state.outbox.clear();
            state.ending = Some(Ending::Close);
            tracing::debug!(sid = self.id, "slow consumer: socket closed");
        } else {
            state.outbox.push_back(frame);
        }
        drop(state);
        self.wake.notify_one();
    }

    /// The node's heartbeat: queues a ping, or ends the socket when the previous ping is still
    /// unanswered (its client or the network is gone).
    pub(crate) fn heartbeat(&self, ping: &Utf8Bytes) {
        let mut state = self.state();
        if state.ending.is_some() {
            return;
        }
        if state.awaiting_pong {
            state.ending = Some(Ending::Close);
            tracing::debug!(sid = self.id, "no pong in time: socket closed");
        } else {
            state.awaiting_pong = true;
            state.outbox.push_back(ping.clone());
        }
        drop(state);
        self.wake.notify_one();
    }

    pub(crate) fn pong(&self) {
        self.state().awaiting_pong = false;
    }

    /// Asks the connection task to end the socket (frames already queued are still written).
    pub(crate) fn end(&self, ending: Ending) {
        let mut state = self.state();
        if state.ending.is_none() {
            state.ending = Some(ending);
        }
        drop(state);
        self.wake.notify_one();
    }

    /// Waits until there is something to write or the socket is to end.
    pub(crate) async fn woken(&self) {
        self.wake.notified().await;
    }

    /// Everything queued (in order), else how the socket ends, else nothing.
    pub(crate) fn take_work(&self) -> Work {
        let mut state = self.state();
        if !state.outbox.is_empty() {
            let frames: Vec<Utf8Bytes> = state.outbox.drain(..).collect();
            // A burst may have grown the queue; an idle socket should not keep that memory.
            if state.outbox.capacity() > 64 {
                state.outbox.shrink_to(8);
            }
            return Work::Write(frames);
        }
        match state.ending {
            Some(ending) => Work::End(ending),
            None => Work::Nothing,
        }
    }

    /// Records `room` as joined; `false` when the socket is gone or already in it.
    pub(crate) fn enter(&self, room: &str) -> bool {
        let mut state = self.state();
        if state.removed || state.rooms.iter().any(|r| &**r == room) {
            return false;
        }
        state.rooms.push(room.into());
        true
    }

    /// Forgets `room`; `false` when the socket was not in it.
    pub(crate) fn exit(&self, room: &str) -> bool {
        let mut state = self.state();
        let before = state.rooms.len();
        state.rooms.retain(|r| &**r != room);
        state.rooms.len() != before
    }

    pub(crate) fn is_in(&self, room: &str) -> bool {
        self.state().rooms.iter().any(|r| &**r == room)
    }

    pub(crate) fn is_retired(&self) -> bool {
        self.state().removed
    }

    /// Marks the socket removed and hands back its rooms (to be left in the registry).
    pub(crate) fn retire(&self) -> Vec<Box<str>> {
        let mut state = self.state();
        state.removed = true;
        std::mem::take(&mut state.rooms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn socket(buffer: usize) -> Socket {
        let identity = Identity {
            user_id: 1,
            role: "creator".into(),
            session_id: "s".into(),
        };
        Socket::new(1, identity, buffer)
    }

    #[test]
    fn frames_come_out_in_order_in_one_batch() {
        let socket = socket(8);
        socket.push("a".into());
        socket.push("b".into());
        match socket.take_work() {
            Work::Write(frames) => assert_eq!(frames, vec![Utf8Bytes::from("a"), "b".into()]),
            _ => panic!("frames expected"),
        }
        assert!(matches!(socket.take_work(), Work::Nothing));
    }

    #[test]
    fn a_full_outbox_ends_the_socket_instead_of_growing() {
        let socket = socket(2);
        for frame in ["a", "b", "c", "d"] {
            socket.push(frame.into());
        }
        assert!(matches!(socket.take_work(), Work::End(Ending::Close)));
    }

    #[test]
    fn queued_frames_are_written_before_the_end() {
        let socket = socket(8);
        socket.push("a".into());
        socket.end(Ending::Disconnect);
        socket.push("late".into());
        assert!(matches!(socket.take_work(), Work::Write(frames) if frames.len() == 1));
        assert!(matches!(socket.take_work(), Work::End(Ending::Disconnect)));
    }

    #[test]
    fn an_unanswered_ping_ends_the_socket_at_the_next_beat() {
        let socket = socket(8);
        let ping = Utf8Bytes::from_static(crate::wire::PING);
        socket.heartbeat(&ping);
        assert!(matches!(socket.take_work(), Work::Write(frames) if frames == vec![ping.clone()]));
        socket.pong();
        socket.heartbeat(&ping);
        assert!(matches!(socket.take_work(), Work::Write(_)));
        socket.heartbeat(&ping);
        assert!(matches!(socket.take_work(), Work::End(Ending::Close)));
    }

    #[test]
    fn a_retired_socket_enters_no_room() {
        let socket = socket(8);
        assert!(socket.enter("channel:1"));
        assert!(!socket.enter("channel:1"), "already in it");
        assert!(socket.is_in("channel:1"));
        assert_eq!(socket.retire(), vec![Box::<str>::from("channel:1")]);
        assert!(!socket.enter("channel:2"));
        assert!(!socket.is_in("channel:1"));
    }
}
