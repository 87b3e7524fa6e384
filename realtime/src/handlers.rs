//! What a socket does once connected: the rooms it is put in, and the few client-to-server
//! events (`channel:join`, `channel:leave`, `typing`, `presence:active` — any event counts as
//! activity —, the manuscript editor's `manuscript:join`, `manuscript:update`,
//! `manuscript:awareness` and `manuscript:leave`, and `bench:publish` in the benchmark).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;

use crate::auth::{JoinRejection, ManuscriptRejection};
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
struct ManuscriptJoinRequest {
    manuscript_id: i64,
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    state_vector: String,
}

/// `manuscript:update` and `manuscript:awareness`: a base64 payload for one manuscript.
#[derive(Debug, Deserialize)]
struct ManuscriptData {
    manuscript_id: i64,
    #[serde(default)]
    update: String,
}

#[derive(Debug, Deserialize)]
struct ManuscriptRef {
    manuscript_id: i64,
}

#[derive(Debug, Serialize)]
struct ManuscriptUpdated<'a> {
    manuscript_id: i64,
    update: &'a str,
    user_id: i64,
}

#[derive(Debug, Serialize)]
struct ManuscriptAwareness<'a> {
    manuscript_id: i64,
    update: &'a str,
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
        "manuscript:join" => {
            let request = serde_json::from_value::<ManuscriptJoinRequest>(event.data).ok();
            let (shared, socket) = (shared.clone(), socket.clone());
            tokio::spawn(async move {
                let reply = manuscript_join(&shared, &socket, request).await;
                answer(&socket, ack, &reply);
            });
        }
        "manuscript:update" | "manuscript:awareness" => {
            let awareness = event.name == "manuscript:awareness";
            let data = serde_json::from_value::<ManuscriptData>(event.data).ok();
            let (shared, socket) = (shared.clone(), socket.clone());
            tokio::spawn(async move {
                let kind = if awareness {
                    ManuscriptSend::Awareness
                } else {
                    ManuscriptSend::Update
                };
                let reply = match data {
                    Some(data) => manuscript_send(&shared, &socket, data, kind).await,
                    None => ack_error("manuscript_id が必要です"),
                };
                answer(&socket, ack, &reply);
            });
        }
        "manuscript:leave" => {
            let reply = match serde_json::from_value::<ManuscriptRef>(event.data) {
                Ok(ManuscriptRef { manuscript_id }) => {
                    leave_manuscript(shared, socket, manuscript_id);
                    json!({ "data": { "manuscript_id": manuscript_id } })
                }
                Err(_) => ack_error("manuscript_id が必要です"),
            };
            answer(socket, ack, &reply);
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

/// A `manuscript:join`: the right is checked, the socket enters the manuscript's room, and only
/// then is the document read (checked again with it), so an update persisted meanwhile either
/// is in the answer or reaches the socket through the room (Yjs ignores what it has).
async fn manuscript_join(
    shared: &Shared,
    socket: &Arc<Socket>,
    request: Option<ManuscriptJoinRequest>,
) -> Value {
    let Some(request) = request else {
        return ack_error("manuscript_id が必要です");
    };
    let manuscript_id = request.manuscript_id;
    let token = request.token.as_deref().filter(|token| !token.is_empty());
    let Ok(state_vector) = BASE64.decode(request.state_vector.as_bytes()) else {
        return manuscript_refused(ManuscriptRejection::Malformed(
            "state_vector を読めません".into(),
        ));
    };
    let room = Room::Manuscript(manuscript_id).to_string();
    if let Err(rejection) = shared
        .auth
        .manuscript_permission(&socket.identity, manuscript_id, token)
        .await
    {
        return manuscript_refused(rejection);
    }
    let already_in = socket.is_in(&room);
    shared.registry.join(socket, &room);
    match shared
        .auth
        .manuscript_join(&socket.identity, manuscript_id, token, &state_vector)
        .await
    {
        Ok(joined) => {
            socket.joined_manuscript(manuscript_id, token);
            json!({ "data": {
                "manuscript_id": manuscript_id,
                "permission": joined.permission,
                "update": BASE64.encode(&joined.update),
                "state_vector": BASE64.encode(&joined.state_vector),
            } })
        }
        Err(rejection) => {
            if !already_in {
                leave_manuscript(shared, socket, manuscript_id);
            }
            manuscript_refused(rejection)
        }
    }
}

/// What a socket sends into a manuscript it joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ManuscriptSend {
    /// `manuscript:update`: checked against the sender's right now and persisted by the
    /// application, then relayed as `manuscript.updated`.
    Update,
    /// `manuscript:awareness`: relayed as `manuscript.awareness` (never persisted) while the
    /// sender may still open the manuscript.
    Awareness,
}

/// A `manuscript:update` or `manuscript:awareness` from a socket that joined the manuscript:
/// checked (and an update persisted) first, then relayed to the room's other sockets on every
/// node. A socket refused for lack of access leaves the room.
async fn manuscript_send(
    shared: &Arc<Shared>,
    socket: &Arc<Socket>,
    data: ManuscriptData,
    kind: ManuscriptSend,
) -> Value {
    let manuscript_id = data.manuscript_id;
    let room = Room::Manuscript(manuscript_id).to_string();
    let Some(token) = socket.manuscript_token(manuscript_id) else {
        return manuscript_refused(ManuscriptRejection::NotFound);
    };
    let Ok(bytes) = BASE64.decode(data.update.as_bytes()) else {
        return manuscript_refused(ManuscriptRejection::Malformed("update を読めません".into()));
    };
    let (who, token) = (&socket.identity, token.as_deref());
    let checked = match kind {
        ManuscriptSend::Update => {
            shared
                .auth
                .manuscript_update(who, manuscript_id, token, &bytes)
                .await
        }
        ManuscriptSend::Awareness => shared
            .auth
            .manuscript_permission(who, manuscript_id, token)
            .await
            .map(|_| ()),
    };
    if let Err(rejection) = checked {
        if !rejection.keeps_room() {
            leave_manuscript(shared, socket, manuscript_id);
        }
        return manuscript_refused(rejection);
    }
    if socket.is_in(&room) {
        let update = data.update.as_str();
        match kind {
            ManuscriptSend::Update => {
                let user_id = socket.identity.user_id;
                let event = ManuscriptUpdated {
                    manuscript_id,
                    update,
                    user_id,
                };
                relay(shared, socket, room, EventName::ManuscriptUpdated, &event);
            }
            ManuscriptSend::Awareness => {
                let event = ManuscriptAwareness {
                    manuscript_id,
                    update,
                };
                relay(shared, socket, room, EventName::ManuscriptAwareness, &event);
            }
        }
    }
    json!({ "data": { "manuscript_id": manuscript_id } })
}

/// Checks again, with the token each joined with, the right of every socket of this node in a
/// manuscript room; a socket refused (not merely unanswered) leaves the room at once.
pub(crate) async fn recheck_manuscripts(shared: &Shared) {
    let mut joined = Vec::new();
    shared.registry.for_each(crate::registry::ALL, |socket| {
        for (manuscript_id, token) in socket.manuscripts() {
            joined.push((socket.clone(), manuscript_id, token));
        }
    });
    for (socket, manuscript_id, token) in joined {
        let checked = shared
            .auth
            .manuscript_permission(&socket.identity, manuscript_id, token.as_deref())
            .await;
        if let Err(rejection) = checked
            && !rejection.keeps_room()
        {
            leave_manuscript(shared, &socket, manuscript_id);
        }
    }
}

fn leave_manuscript(shared: &Shared, socket: &Arc<Socket>, manuscript_id: i64) {
    shared
        .registry
        .leave(socket, &Room::Manuscript(manuscript_id).to_string());
    socket.left_manuscript(manuscript_id);
}

/// A refused manuscript event's answer; `retry` as a refused channel join's.
fn manuscript_refused(rejection: ManuscriptRejection) -> Value {
    let retry = matches!(rejection, ManuscriptRejection::Unavailable);
    json!({ "error": { "message": rejection.to_string(), "retry": retry } })
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

    /// Stores updates while `editable`, refuses them (as after a revoked link) otherwise.
    struct Manuscripts {
        editable: std::sync::atomic::AtomicBool,
        stored: AtomicUsize,
    }

    #[async_trait]
    impl Authenticator for Manuscripts {
        async fn authenticate(&self, _token: &str) -> Result<Identity, AuthRejection> {
            Err(AuthRejection::Invalid)
        }

        async fn authorize_channel(&self, _: &Identity, _: i64) -> Result<(), JoinRejection> {
            Err(JoinRejection::Forbidden)
        }

        async fn manuscript_update(
            &self,
            _who: &Identity,
            _manuscript_id: i64,
            token: Option<&str>,
            _update: &[u8],
        ) -> Result<(), ManuscriptRejection> {
            assert_eq!(token, Some("link"), "checked with the token it joined with");
            if self.editable.load(Ordering::SeqCst) {
                self.stored.fetch_add(1, Ordering::SeqCst);
                Ok(())
            } else {
                Err(ManuscriptRejection::Token("無効なURLです".into()))
            }
        }
    }

    #[tokio::test]
    async fn a_manuscript_update_is_relayed_once_stored_and_a_refused_socket_leaves_the_room() {
        let auth = Arc::new(Manuscripts {
            editable: true.into(),
            stored: AtomicUsize::new(0),
        });
        let shared = crate::hub::testing::shared(auth.clone(), Default::default());
        let (writer, _writer_peer) = testing::socket(shared.registry.next_id(), 7, 16).await;
        let (reader, reader_peer) = testing::socket(shared.registry.next_id(), 8, 16).await;
        let reader_peer = reader_peer.into_std().unwrap();
        for socket in [&writer, &reader] {
            shared.registry.add(socket.clone());
            shared.registry.join(socket, "manuscript:4");
        }
        writer.joined_manuscript(4, Some("link"));
        let data = || ManuscriptData {
            manuscript_id: 4,
            update: BASE64.encode(b"yjs"),
        };

        let reply = manuscript_send(&shared, &writer, data(), ManuscriptSend::Update).await;
        assert_eq!(reply["data"]["manuscript_id"], 4, "{reply}");
        assert_eq!(auth.stored.load(Ordering::SeqCst), 1);
        let relayed = String::from_utf8_lossy(&testing::received(&reader_peer)).into_owned();
        assert!(relayed.contains("manuscript.updated"), "{relayed}");

        auth.editable.store(false, Ordering::SeqCst);
        let reply = manuscript_send(&shared, &writer, data(), ManuscriptSend::Update).await;
        assert_eq!(reply["error"]["message"], "無効なURLです", "{reply}");
        assert!(!writer.is_in("manuscript:4"), "refused: out of the room");
        assert_eq!(writer.manuscript_token(4), None);
        assert_eq!(
            testing::received(&reader_peer),
            Vec::<u8>::new(),
            "not relayed"
        );
        // Not joined (any more): refused before the application is asked.
        let reply = manuscript_send(&shared, &writer, data(), ManuscriptSend::Awareness).await;
        assert!(reply["error"]["message"].is_string(), "{reply}");
        assert_eq!(auth.stored.load(Ordering::SeqCst), 1);
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
