//! `/socket.io/`: the WebSocket handshake and the one task that serves a socket for its life —
//! the namespace connect, reading the client's packets and writing its outbox.
//!
//! One task per socket holding only the WebSocket; the heartbeat is one timer for the whole
//! node (`hub::heartbeat`). An idle socket costs its buffers and its registry entries, nothing
//! more (`loadtest/results/hub-tuning.md`).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures::SinkExt;
use serde::Deserialize;
use serde_json::json;
use tokio::time::{Instant, timeout, timeout_at};

use crate::auth::{AuthRejection, Identity};
use crate::handlers;
use crate::hub::Shared;
use crate::socket::{Ending, Socket, Work};
use crate::wire::{self, Inbound, MAX_PAYLOAD};

/// How long a client has to connect to the namespace after the WebSocket opened.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(45);
/// How long a closing handshake may take before the connection is simply dropped.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(1);
/// Bytes of written frames tungstenite collects before it writes them out.
const WRITE_BUFFER: usize = 16 * 1024;

#[derive(Debug, Deserialize)]
pub(crate) struct HandshakeQuery {
    #[serde(rename = "EIO")]
    eio: Option<String>,
    transport: Option<String>,
    sid: Option<String>,
}

/// Engine.IO's error answer to a handshake it cannot serve.
fn refuse(code: u8, message: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        axum::Json(json!({ "code": code, "message": message })),
    )
        .into_response()
}

pub(crate) async fn handshake(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HandshakeQuery>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    if query.eio.as_deref() != Some("4") {
        return refuse(5, "Unsupported protocol version");
    }
    if query.transport.as_deref() != Some("websocket") {
        // Browsers connect with `transports: ['websocket']`; long-polling is not served.
        return refuse(0, "Transport unknown");
    }
    if query.sid.is_some() {
        return refuse(1, "Session ID unknown");
    }
    let Ok(upgrade) = upgrade else {
        return refuse(3, "Bad request");
    };
    upgrade
        .read_buffer_size(shared.config.read_buffer.max(256))
        .write_buffer_size(WRITE_BUFFER)
        .max_message_size(MAX_PAYLOAD)
        .max_frame_size(MAX_PAYLOAD)
        .on_upgrade(move |ws| serve(ws, shared))
}

async fn serve(mut ws: WebSocket, shared: Arc<Shared>) {
    let sid = wire::new_sid();
    if ws.send(Message::text(wire::open(&sid))).await.is_err() {
        return;
    }
    // The connect phase and the closing handshake are boxed: a spawned future is as large as its
    // largest state for the socket's whole life, and these run once.
    let Some(identity) = Box::pin(admit(&mut ws, &shared, &sid)).await else {
        Box::pin(close(ws, Ending::Close)).await;
        return;
    };
    let socket = Arc::new(Socket::new(
        shared.registry.next_id(),
        identity,
        shared.config.socket_buffer.max(16),
    ));
    shared.registry.add(socket.clone());
    handlers::on_connect(&shared, &socket);
    if ws.send(Message::text(wire::connected(&sid))).await.is_err() {
        shared.registry.remove(&socket);
        return;
    }
    let ending = run(&mut ws, &shared, &socket).await;
    shared.registry.remove(&socket);
    if let Some(ending) = ending {
        Box::pin(close(ws, ending)).await;
    }
}

/// Waits for the client's connect to the main namespace and checks its token; `None` when it
/// never comes (other namespaces and refused tokens are answered and may be retried).
async fn admit(ws: &mut WebSocket, shared: &Shared, sid: &str) -> Option<Identity> {
    let deadline = Instant::now() + CONNECT_TIMEOUT;
    loop {
        let message = timeout_at(deadline, ws.recv()).await.ok()??.ok()?;
        let Message::Text(text) = message else {
            continue;
        };
        match Inbound::parse(&text) {
            Ok(Inbound::Connect {
                namespace: "/",
                auth,
            }) => match authenticate(shared, auth).await {
                Ok(identity) => return Some(identity),
                Err(rejection) => {
                    tracing::debug!(%sid, %rejection, "socket refused at connect");
                    let refused = wire::connect_error("/", &rejection.to_string());
                    ws.send(Message::text(refused)).await.ok()?;
                }
            },
            Ok(Inbound::Connect { namespace, .. }) => {
                let refused = wire::connect_error(namespace, "Invalid namespace");
                ws.send(Message::text(refused)).await.ok()?;
            }
            Ok(Inbound::Close) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

async fn authenticate(shared: &Shared, auth: &str) -> Result<Identity, AuthRejection> {
    #[derive(Deserialize)]
    struct HandshakeAuth {
        token: Option<String>,
    }
    let token = serde_json::from_str::<HandshakeAuth>(auth)
        .ok()
        .and_then(|a| a.token)
        .filter(|t| !t.is_empty())
        .ok_or(AuthRejection::Missing)?;
    shared.auth.authenticate(&token).await
}

/// Serves a connected socket until it ends: `Some` when the server ends it, `None` when the
/// client left or the connection broke.
async fn run(ws: &mut WebSocket, shared: &Arc<Shared>, socket: &Arc<Socket>) -> Option<Ending> {
    let mut budget = handlers::budget(shared);
    loop {
        tokio::select! {
            () = socket.woken() => loop {
                match socket.take_work() {
                    Work::Write(frames) => {
                        for frame in frames {
                            ws.feed(Message::Text(frame)).await.ok()?;
                        }
                        ws.flush().await.ok()?;
                    }
                    Work::End(ending) => return Some(ending),
                    Work::Nothing => break,
                }
            },
            incoming = ws.recv() => {
                let Message::Text(text) = incoming?.ok()? else {
                    continue;
                };
                match Inbound::parse(&text) {
                    Ok(Inbound::Pong) => socket.pong(),
                    Ok(Inbound::Event { ack, event }) => {
                        if !budget.take() {
                            handlers::over_budget(socket);
                            return Some(Ending::Disconnect);
                        }
                        handlers::on_event(shared, socket, ack, event);
                    }
                    Ok(Inbound::Close | Inbound::Disconnect) => return None,
                    Ok(Inbound::Ping | Inbound::Connect { .. } | Inbound::Ignored) => {}
                    Err(error) => {
                        tracing::debug!(sid = socket.id, %error, "unreadable packet: socket closed");
                        return Some(Ending::Close);
                    }
                }
            }
        }
    }
}

/// Ends the connection as the server decided: a Socket.IO disconnect first when the client
/// must not reconnect, then the WebSocket close.
async fn close(mut ws: WebSocket, ending: Ending) {
    let _ = timeout(CLOSE_TIMEOUT, async {
        if ending == Ending::Disconnect {
            ws.send(Message::Text(Utf8Bytes::from_static(wire::DISCONNECT)))
                .await?;
        }
        ws.send(Message::Close(None)).await
    })
    .await;
}
