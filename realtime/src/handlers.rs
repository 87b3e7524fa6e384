//! Socket.io handlers: the handshake check, the rooms a socket joins, and the few
//! client-to-server events (`channel:join`, `channel:leave`, `typing`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};
use serde_json::json;
use socketioxide::adapter::Adapter;
use socketioxide::extract::{AckSender, Data, Extension, SocketRef, State, TryData};

use crate::auth::{AuthRejection, Authenticator, Identity};
use crate::events::EventName;
use crate::limits::{EventBudget, SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND};
use crate::rooms::Room;

#[derive(Clone)]
pub(crate) struct HubState {
    pub auth: Arc<dyn Authenticator>,
    pub bench: bool,
}

#[derive(Debug, Deserialize)]
pub(crate) struct HandshakeAuth {
    token: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ChannelRef {
    channel_id: i64,
}

#[derive(Debug, Serialize)]
struct Typing {
    channel_id: i64,
    user_id: i64,
}

/// Connect middleware: refuses a missing, bad, expired or revoked token.
pub(crate) async fn authenticate<A: Adapter>(
    socket: SocketRef<A>,
    State(state): State<HubState>,
    TryData(auth): TryData<HandshakeAuth>,
) -> Result<(), AuthRejection> {
    let token = auth
        .ok()
        .and_then(|a| a.token)
        .filter(|t| !t.is_empty())
        .ok_or(AuthRejection::Missing)?;
    let identity = state.auth.authenticate(&token).await?;
    socket.extensions.insert(identity);
    Ok(())
}

pub(crate) async fn on_connect<A: Adapter>(
    socket: SocketRef<A>,
    State(state): State<HubState>,
    Extension(identity): Extension<Identity>,
) {
    socket.join([
        Room::User(identity.user_id).to_string(),
        Room::Role(identity.role.clone()).to_string(),
        Room::Session(identity.session_id.clone()).to_string(),
    ]);
    // The hub-only benchmark floods on purpose; a product socket gets the documented budget.
    let budget = if state.bench {
        EventBudget::new(f64::INFINITY, 0.0)
    } else {
        EventBudget::new(SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND)
    };
    socket.extensions.insert(Limited {
        budget,
        tripped: Arc::new(AtomicBool::new(false)),
    });
    socket.on("channel:join", channel_join);
    socket.on("channel:leave", channel_leave);
    socket.on("typing", typing);
    if state.bench {
        socket.on("bench:publish", bench_publish);
    }
    // Events nobody handles still cost a parse and count against the budget.
    socket.on_fallback(unknown_event);
}

/// A socket's event budget and whether it has already been cut off (logged once).
#[derive(Clone)]
pub(crate) struct Limited {
    budget: EventBudget,
    tripped: Arc<AtomicBool>,
}

/// Spends one event of the socket's budget; when it is spent, logs once and disconnects the
/// socket (a server-side disconnect: socket.io clients do not reconnect by themselves).
fn admit<A: Adapter>(socket: &SocketRef<A>, limited: &Limited, identity: &Identity) -> bool {
    if limited.budget.take() {
        return true;
    }
    if !limited.tripped.swap(true, Ordering::Relaxed) {
        tracing::warn!(
            user_id = identity.user_id,
            sid = %socket.id,
            burst = SOCKET_EVENT_BURST,
            per_second = SOCKET_EVENTS_PER_SECOND,
            "socket exceeded its event rate; disconnecting"
        );
        socket.clone().disconnect().ok();
    }
    false
}

async fn unknown_event<A: Adapter>(
    socket: SocketRef<A>,
    Extension(identity): Extension<Identity>,
    Extension(limited): Extension<Limited>,
) {
    admit(&socket, &limited, &identity);
}

#[derive(Debug, Deserialize)]
pub(crate) struct BenchPublish {
    channel_id: i64,
    payload: serde_json::Value,
}

/// Hub-only benchmark: broadcast a client's payload to a room, as the Node baseline does.
async fn bench_publish<A: Adapter>(
    socket: SocketRef<A>,
    Data(BenchPublish {
        channel_id,
        payload,
    }): Data<BenchPublish>,
) {
    socket
        .to(Room::Channel(channel_id).to_string())
        .emit(EventName::MessageCreated.as_str(), &payload)
        .await
        .ok();
}

fn ack_error(message: impl ToString) -> serde_json::Value {
    json!({ "error": { "message": message.to_string() } })
}

async fn channel_join<A: Adapter>(
    socket: SocketRef<A>,
    State(state): State<HubState>,
    Extension(identity): Extension<Identity>,
    Extension(limited): Extension<Limited>,
    TryData(data): TryData<ChannelRef>,
    ack: AckSender<A>,
) {
    if !admit(&socket, &limited, &identity) {
        return;
    }
    let reply = match data {
        Err(_) => ack_error("channel_id が必要です"),
        Ok(ChannelRef { channel_id }) => {
            match state.auth.authorize_channel(&identity, channel_id).await {
                Ok(()) => {
                    socket.join(Room::Channel(channel_id).to_string());
                    json!({ "data": { "channel_id": channel_id } })
                }
                Err(rejection) => ack_error(rejection),
            }
        }
    };
    ack.send(&reply).ok();
}

async fn channel_leave<A: Adapter>(
    socket: SocketRef<A>,
    Extension(identity): Extension<Identity>,
    Extension(limited): Extension<Limited>,
    TryData(data): TryData<ChannelRef>,
    ack: AckSender<A>,
) {
    if !admit(&socket, &limited, &identity) {
        return;
    }
    let reply = match data {
        Ok(ChannelRef { channel_id }) => {
            socket.leave(Room::Channel(channel_id).to_string());
            json!({ "data": { "channel_id": channel_id } })
        }
        Err(_) => ack_error("channel_id が必要です"),
    };
    ack.send(&reply).ok();
}

/// Relays a typing signal to the other members who joined the channel; a socket that has not
/// joined the channel (and so passed its membership check) cannot type into it.
async fn typing<A: Adapter>(
    socket: SocketRef<A>,
    Extension(identity): Extension<Identity>,
    Extension(limited): Extension<Limited>,
    TryData(data): TryData<ChannelRef>,
) {
    if !admit(&socket, &limited, &identity) {
        return;
    }
    let Ok(ChannelRef { channel_id }) = data else {
        return;
    };
    let room = Room::Channel(channel_id).to_string();
    if !socket.rooms().iter().any(|r| r.as_ref() == room) {
        return;
    }
    let payload = Typing {
        channel_id,
        user_id: identity.user_id,
    };
    socket
        .to(room)
        .emit(EventName::Typing.as_str(), &payload)
        .await
        .ok();
}
