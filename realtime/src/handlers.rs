//! What a socket does once connected: the rooms it is put in, and the few client-to-server
//! events (`channel:join`, `channel:leave`, `typing`, `presence:active` — any event counts as
//! activity — and `bench:publish` in the benchmark).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::auth::JoinRejection;
use crate::cluster::Op;
use crate::events::EventName;
use crate::hub::Shared;
use crate::limits::{EventBudget, SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND};
use crate::rooms::Room;
use crate::socket::Socket;
use crate::websocket;
use crate::wire::{self, Event};

#[derive(Debug, Deserialize)]
struct ChannelRef {
    channel_id: i64,
}

#[derive(Debug, Serialize)]
struct Typing {
    channel_id: i64,
    user_id: i64,
}

#[derive(Debug, Deserialize)]
struct BenchPublish {
    channel_id: i64,
    payload: Value,
}

/// Every socket is in its user's, its role's and its session's room.
pub(crate) fn on_connect(shared: &Shared, socket: &Arc<Socket>) {
    let identity = &socket.identity;
    for room in [
        Room::User(identity.user_id),
        Room::Role(identity.role.clone()),
        Room::Session(identity.session_id.clone()),
    ] {
        shared.registry.join(socket, &room.to_string());
    }
    shared.presence.connected(socket);
}

/// The socket has left the node (after `Registry::remove`).
pub(crate) fn on_disconnect(shared: &Shared, socket: &Socket) {
    shared.presence.disconnected(socket);
}

/// The event budget of a new socket: the documented one, unlimited in the hub-only benchmark
/// (which floods on purpose).
pub(crate) fn budget(shared: &Shared) -> EventBudget {
    if shared.config.bench {
        EventBudget::new(f64::INFINITY, 0.0)
    } else {
        EventBudget::new(SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND)
    }
}

/// A socket that spent its budget is disconnected (a server-side disconnect: socket.io clients
/// do not reconnect by themselves).
pub(crate) fn over_budget(socket: &Socket) {
    tracing::warn!(
        user_id = socket.identity.user_id,
        sid = socket.id,
        burst = SOCKET_EVENT_BURST,
        per_second = SOCKET_EVENTS_PER_SECOND,
        "socket exceeded its event rate; disconnecting"
    );
}

/// Dispatches a client's event. Handlers that wait (a membership check, a publish to the other
/// nodes) run as their own task so the socket goes on reading and writing meanwhile.
pub(crate) fn on_event(shared: &Arc<Shared>, socket: &Arc<Socket>, ack: Option<u64>, event: Event) {
    // Any event is the person at work (the web app sends `presence:active` on input).
    shared.presence.active(socket);
    let channel = || serde_json::from_value::<ChannelRef>(event.data.clone()).ok();
    match event.name.as_str() {
        "channel:join" => {
            let (shared, socket, channel) = (shared.clone(), socket.clone(), channel());
            tokio::spawn(async move {
                let reply = join(&shared, &socket, channel).await;
                answer(&socket, ack, &reply);
            });
        }
        "channel:leave" => {
            let reply = match channel() {
                Some(ChannelRef { channel_id }) => {
                    shared
                        .registry
                        .leave(socket, &Room::Channel(channel_id).to_string());
                    json!({ "data": { "channel_id": channel_id } })
                }
                None => ack_error("channel_id が必要です"),
            };
            answer(socket, ack, &reply);
        }
        "typing" => {
            // Only into a channel the socket is in (it passed the membership check at its join
            // and has not been taken out since), and only while the user may still read it.
            let Some(ChannelRef { channel_id }) = channel() else {
                return;
            };
            let room = Room::Channel(channel_id).to_string();
            if !socket.is_in(&room) {
                return;
            }
            let (shared, socket) = (shared.clone(), socket.clone());
            tokio::spawn(async move { typing(&shared, &socket, channel_id, room).await });
        }
        "bench:publish" if shared.config.bench => {
            let Ok(BenchPublish {
                channel_id,
                payload,
            }) = serde_json::from_value(event.data)
            else {
                return;
            };
            let room = Room::Channel(channel_id).to_string();
            relay(shared, socket, room, EventName::MessageCreated, &payload);
        }
        // Events nobody handles have cost their parse and their budget; nothing else happens.
        _ => {}
    }
}

/// How many times a join is checked when changes of the user's access keep coming between its
/// check and its entering the room.
const JOIN_CHECKS: usize = 3;

async fn join(shared: &Shared, socket: &Arc<Socket>, channel: Option<ChannelRef>) -> Value {
    let Some(ChannelRef { channel_id }) = channel else {
        return ack_error("channel_id が必要です");
    };
    let room = Room::Channel(channel_id).to_string();
    // A change of the user's access (`Hub::keep_channels`) applied while the check ran could not
    // take the socket out of a room it had not entered yet: after one, check again.
    for _ in 0..JOIN_CHECKS {
        let seen = socket.access_changes();
        if let Err(rejection) = shared
            .auth
            .authorize_channel(&socket.identity, channel_id)
            .await
        {
            shared.registry.leave(socket, &room);
            return join_refused(rejection);
        }
        shared.registry.join(socket, &room);
        if socket.access_changes() == seen {
            return json!({ "data": { "channel_id": channel_id } });
        }
    }
    shared.registry.leave(socket, &room);
    join_refused(JoinRejection::Unavailable)
}

/// A refused join's answer. `retry` says whether asking again may succeed (the check could not
/// be made, or the user's access kept changing meanwhile): the client then tries again instead
/// of going without the channel's pushes until its next connection.
fn join_refused(rejection: JoinRejection) -> Value {
    let retry = matches!(rejection, JoinRejection::Unavailable);
    json!({ "error": { "message": rejection.to_string(), "retry": retry } })
}

/// Relays a `typing` if the user may still read the channel, checked by the same rule as a
/// join: an eviction this node missed (its link to the other nodes was down) cannot let it
/// through, and the socket leaves the room it should no longer be in. Typing is rare (a
/// person's keystrokes, within the socket's event budget), so the check is affordable here,
/// unlike in the fan-out of the room's events.
async fn typing(shared: &Arc<Shared>, socket: &Arc<Socket>, channel_id: i64, room: String) {
    match shared
        .auth
        .authorize_channel(&socket.identity, channel_id)
        .await
    {
        Ok(()) if socket.is_in(&room) => {
            let typing = Typing {
                channel_id,
                user_id: socket.identity.user_id,
            };
            relay(shared, socket, room, EventName::Typing, &typing);
        }
        Ok(()) => {}
        Err(JoinRejection::Unavailable) => {}
        Err(_) => shared.registry.leave(socket, &room),
    }
}

/// Sends `event` to the room's other sockets, on every node.
fn relay<T: Serialize>(
    shared: &Arc<Shared>,
    socket: &Socket,
    room: String,
    event: EventName,
    data: &T,
) {
    let Ok(frame) = wire::event(event.as_str(), data) else {
        return;
    };
    shared.registry.deliver(&room, &frame, Some(socket.id));
    if let Some(cluster) = shared.cluster.clone() {
        tokio::spawn(async move { cluster.publish(Op::Emit, &room, &frame).await });
    }
}

fn answer(socket: &Socket, ack: Option<u64>, reply: &Value) {
    if let Some(id) = ack {
        socket.push(&websocket::text(&wire::ack(id, reply)));
    }
}

fn ack_error(message: impl ToString) -> Value {
    json!({ "error": { "message": message.to_string() } })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use async_trait::async_trait;
    use tokio::sync::Notify;

    use super::*;
    use crate::auth::{AuthRejection, Authenticator, Identity};
    use crate::socket::testing;

    /// Admits the first check once released, refuses every later one (the user's access was
    /// taken away meanwhile).
    #[derive(Default)]
    struct Gate {
        checks: AtomicUsize,
        entered: Notify,
        release: Notify,
    }

    #[async_trait]
    impl Authenticator for Gate {
        async fn authenticate(&self, _token: &str) -> Result<Identity, AuthRejection> {
            Err(AuthRejection::Invalid)
        }

        async fn authorize_channel(
            &self,
            _who: &Identity,
            _channel_id: i64,
        ) -> Result<(), JoinRejection> {
            if self.checks.fetch_add(1, Ordering::SeqCst) > 0 {
                return Err(JoinRejection::Forbidden);
            }
            self.entered.notify_one();
            self.release.notified().await;
            Ok(())
        }
    }

    async fn shared_with(gate: Arc<Gate>) -> (Arc<Shared>, Arc<Socket>, tokio::net::TcpStream) {
        let shared = crate::hub::testing::shared(gate, Default::default());
        let (socket, peer) = testing::socket(shared.registry.next_id(), 7, 16).await;
        shared.registry.add(socket.clone());
        on_connect(&shared, &socket);
        (shared, socket, peer)
    }

    fn joining(shared: &Arc<Shared>, socket: &Arc<Socket>) -> tokio::task::JoinHandle<Value> {
        let (shared, socket) = (shared.clone(), socket.clone());
        tokio::spawn(
            async move { join(&shared, &socket, Some(ChannelRef { channel_id: 3 })).await },
        )
    }

    /// Joins channel 3 as user 7 while the access of `changed` changes during the check.
    async fn join_while_access_of(changed: i64) -> (Value, Arc<Shared>, Arc<Socket>, usize) {
        let gate = Arc::new(Gate::default());
        let (shared, socket, _peer) = shared_with(gate.clone()).await;
        let join = joining(&shared, &socket);
        gate.entered.notified().await;
        shared.registry.drop_channels(changed, |_| true);
        gate.release.notify_one();
        let reply = join.await.unwrap();
        (reply, shared, socket, gate.checks.load(Ordering::SeqCst))
    }

    #[tokio::test]
    async fn a_join_whose_check_straddles_an_eviction_checks_again() {
        let (reply, shared, socket, checks) = join_while_access_of(7).await;
        assert!(reply["error"]["message"].is_string(), "{reply}");
        assert!(!socket.is_in("channel:3"));
        assert!(shared.registry.members("channel:3").is_empty());
        assert_eq!(checks, 2);
    }

    #[test]
    fn a_refused_join_says_whether_asking_again_may_pass() {
        for (rejection, retry) in [
            (JoinRejection::NotFound, false),
            (JoinRejection::Forbidden, false),
            (JoinRejection::Unavailable, true),
        ] {
            let reply = join_refused(rejection);
            assert_eq!(reply["error"]["retry"], retry, "{reply}");
            assert!(reply["error"]["message"].is_string());
        }
    }

    #[tokio::test]
    async fn a_join_with_no_change_of_its_user_meanwhile_is_checked_once() {
        let (reply, _shared, socket, checks) = join_while_access_of(8).await;
        assert_eq!(reply["data"]["channel_id"], 3, "{reply}");
        assert!(socket.is_in("channel:3"));
        assert_eq!(checks, 1);
    }

    #[tokio::test]
    async fn typing_is_refused_and_the_room_left_once_the_user_may_not_read_it() {
        let gate = Arc::new(Gate::default());
        // The first check (the join) has passed: later ones refuse.
        gate.checks.store(1, Ordering::SeqCst);
        let (shared, socket, _peer) = shared_with(gate).await;
        shared.registry.join(&socket, "channel:3");
        let (other, other_peer) = testing::socket(shared.registry.next_id(), 8, 16).await;
        let other_peer = other_peer.into_std().unwrap();
        shared.registry.add(other.clone());
        shared.registry.join(&other, "channel:3");
        typing(&shared, &socket, 3, "channel:3".into()).await;
        assert_eq!(
            testing::received(&other_peer),
            Vec::<u8>::new(),
            "not relayed"
        );
        assert!(!socket.is_in("channel:3"), "a missed eviction is made up");
        assert_eq!(shared.registry.members("channel:3").len(), 1);
    }
}
