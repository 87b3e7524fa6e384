//! What a socket does once connected: the rooms it is put in, and the few client-to-server
//! events (`channel:join`, `channel:leave`, `typing`, and `bench:publish` in the benchmark).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

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
            // Only into a channel the socket joined (and so passed its membership check).
            let Some(ChannelRef { channel_id }) = channel() else {
                return;
            };
            let room = Room::Channel(channel_id).to_string();
            if !socket.is_in(&room) {
                return;
            }
            let typing = Typing {
                channel_id,
                user_id: socket.identity.user_id,
            };
            relay(shared, socket, room, EventName::Typing, &typing);
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

async fn join(shared: &Shared, socket: &Arc<Socket>, channel: Option<ChannelRef>) -> Value {
    let Some(ChannelRef { channel_id }) = channel else {
        return ack_error("channel_id が必要です");
    };
    match shared
        .auth
        .authorize_channel(&socket.identity, channel_id)
        .await
    {
        Ok(()) => {
            shared
                .registry
                .join(socket, &Room::Channel(channel_id).to_string());
            json!({ "data": { "channel_id": channel_id } })
        }
        Err(rejection) => ack_error(rejection),
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
