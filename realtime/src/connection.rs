//! `/socket.io/`: the WebSocket handshake and the one task that serves a socket for its life —
//! the namespace connect, reading the client's frames, and writing what could not be written
//! at once (see `socket.rs`).
//!
//! The handshake is answered here and the upgraded connection is taken back as the plain
//! `TcpStream` it is (the server is HTTP/1.1 through `hyper` directly: `api::serve`), so frames
//! can be written from any task with `try_write(&self)`. One task per socket; the heartbeat is
//! one timer for the whole node (`hub::heartbeat`). An idle socket costs its connection, its
//! registry entries and this task, no buffers (`loadtest/results/hub-tuning.md`).

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Query, Request, State};
use axum::http::{HeaderMap, HeaderName, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use hyper::upgrade::{OnUpgrade, Parts};
use hyper_util::rt::TokioIo;
use serde::Deserialize;
use serde_json::json;
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout, timeout_at};

use crate::admission::{ConnectionSlot, client_address};
use crate::auth::{AuthRejection, Identity};
use crate::handlers;
use crate::hub::Shared;
use crate::socket::{Ending, Socket, write_all};
use crate::websocket::{self, Decoder, Incoming};
use crate::wire::{self, Inbound, MAX_PAYLOAD};

/// How long a client has to connect to the namespace after the WebSocket opened.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(45);
/// How long a closing handshake may take before the connection is simply dropped.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(1);

#[derive(Debug, Deserialize)]
pub(crate) struct HandshakeQuery {
    #[serde(rename = "EIO")]
    eio: Option<String>,
    transport: Option<String>,
    sid: Option<String>,
}

/// The answer to a client address that holds `HubConfig::max_sockets_per_client` sockets
/// already: Engine.IO's error body with 429, so the client retries later with its back-off.
fn too_many_sockets() -> Response {
    (
        StatusCode::TOO_MANY_REQUESTS,
        axum::Json(json!({ "code": 4, "message": "Too many sockets from this address" })),
    )
        .into_response()
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
    mut request: Request,
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
    let Some(accept) = websocket_key(request.headers()).map(websocket::accept_key) else {
        return refuse(3, "Bad request");
    };
    let Some(upgrade) = request.extensions_mut().remove::<OnUpgrade>() else {
        return refuse(3, "Bad request");
    };
    // The socket holds its client's place and its connection's for its whole life.
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|peer| {
            client_address(
                peer.0.ip(),
                request.headers(),
                shared.config.trusted_proxy_hops,
            )
        });
    let place = match client.map(|client| shared.clients.admit(client)) {
        Some(Err(())) => {
            tracing::debug!(
                ?client,
                "socket refused: its address holds the cap of sockets"
            );
            return too_many_sockets();
        }
        Some(Ok(place)) => place,
        None => None,
    };
    let connection = request.extensions_mut().remove::<Arc<ConnectionSlot>>();
    tokio::spawn(async move {
        let _held = (place, connection);
        let upgraded = match upgrade.await {
            Ok(upgraded) => upgraded,
            Err(error) => return tracing::debug!(%error, "websocket upgrade failed"),
        };
        match upgraded.downcast::<TokioIo<TcpStream>>() {
            Ok(Parts { io, read_buf, .. }) => {
                // The decoder copies what hyper read ahead: hyper's buffer (8 KB) must not
                // live as long as the socket.
                let decoder = Decoder::new(MAX_PAYLOAD, &read_buf);
                drop(read_buf);
                serve(io.into_inner(), decoder, shared).await
            }
            Err(_) => tracing::error!(
                "websocket on a connection that is not plain TCP: start the server with api::serve"
            ),
        }
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, "upgrade")
        .header(header::UPGRADE, "websocket")
        .header(header::SEC_WEBSOCKET_ACCEPT, accept)
        .body(Body::empty())
        .expect("static headers")
}

/// The client's `Sec-WebSocket-Key` when the request is a WebSocket opening handshake of the
/// version this server speaks.
fn websocket_key(headers: &HeaderMap) -> Option<&[u8]> {
    let lists = |name: HeaderName, token: &str| {
        headers.get_all(name).iter().any(|value| {
            value.to_str().is_ok_and(|value| {
                value
                    .split(',')
                    .any(|item| item.trim().eq_ignore_ascii_case(token))
            })
        })
    };
    let upgrade = lists(header::CONNECTION, "upgrade")
        && lists(header::UPGRADE, "websocket")
        && headers
            .get(header::SEC_WEBSOCKET_VERSION)
            .is_some_and(|version| version == "13");
    upgrade
        .then(|| headers.get(header::SEC_WEBSOCKET_KEY))
        .flatten()
        .map(|key| key.as_bytes())
}

/// How a connected socket's life ended, and so what is left to write.
enum Exit {
    /// The server ended it.
    Server(Ending),
    /// The client sent a close frame: it is answered with one carrying the same code.
    ClientClosed(Option<u16>),
    /// The client's frames could not be read: closed with the code that says why.
    Refused(u16),
    /// The client left or the connection broke: nothing more to write.
    Gone,
}

async fn serve(stream: TcpStream, decoder: Decoder, shared: Arc<Shared>) {
    let sid = wire::new_sid();
    let mut link = Link {
        decoder,
        read_size: shared.config.read_buffer.max(256),
    };
    if write_all(&stream, vec![websocket::text(&wire::open(&sid))])
        .await
        .is_err()
    {
        return;
    }
    // The connect phase and the closing handshake are boxed: a spawned future is as large as its
    // largest state for the socket's whole life, and these run once.
    let Some(identity) = Box::pin(admit(&stream, &mut link, &shared, &sid)).await else {
        let _ = timeout(
            CLOSE_TIMEOUT,
            write_all(&stream, vec![websocket::close(None)]),
        )
        .await;
        return;
    };
    // The connect answer goes out before the socket is in any room, so it is the first frame.
    let connected = websocket::text(&wire::connected(&sid));
    if write_all(&stream, vec![connected]).await.is_err() {
        return;
    }
    let socket = Socket::new(
        shared.registry.next_id(),
        identity,
        stream,
        shared.config.socket_buffer.max(16),
        shared.config.busy_gap,
        shared.flusher.clone(),
    );
    shared.registry.add(socket.clone());
    handlers::on_connect(&shared, &socket);
    let exit = run(&shared, &socket, &mut link).await;
    shared.registry.remove(&socket);
    Box::pin(close(&socket, exit)).await;
}

/// The reading side of a connection: the decoder of its frames and how much to read at a time.
struct Link {
    decoder: Decoder,
    read_size: usize,
}

impl Link {
    /// Reads what the kernel has; `Ok(None)` when it had nothing after all, `Ok(Some(false))`
    /// when the client closed the connection.
    fn try_read(&mut self, stream: &TcpStream) -> io::Result<Option<bool>> {
        let buffer = self.decoder.buffer();
        buffer.reserve(self.read_size);
        match stream.try_read_buf(buffer) {
            Ok(read) => Ok(Some(read > 0)),
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                if buffer.is_empty() {
                    *buffer = Vec::new();
                }
                Ok(None)
            }
            Err(error) => Err(error),
        }
    }

    /// The next message or control frame, reading as needed; `None` when the connection ended
    /// or its frames are unreadable.
    async fn recv(&mut self, stream: &TcpStream) -> Option<Incoming> {
        loop {
            if let Some(incoming) = self.decoder.next().ok()? {
                return Some(incoming);
            }
            stream.readable().await.ok()?;
            if self.try_read(stream).ok()? == Some(false) {
                return None;
            }
        }
    }
}

/// Waits for the client's connect to the main namespace and checks its token; `None` when it
/// never comes (other namespaces and refused tokens are answered and may be retried).
async fn admit(
    stream: &TcpStream,
    link: &mut Link,
    shared: &Shared,
    sid: &str,
) -> Option<Identity> {
    let deadline = Instant::now() + CONNECT_TIMEOUT;
    loop {
        let text = match timeout_at(deadline, link.recv(stream)).await.ok()?? {
            Incoming::Text(text) => text,
            Incoming::Answer(frame) => {
                write_all(stream, vec![frame]).await.ok()?;
                continue;
            }
            Incoming::Close(_) => return None,
        };
        let refused = match Inbound::parse(&text) {
            Ok(Inbound::Connect {
                namespace: "/",
                auth,
            }) => match authenticate(shared, auth).await {
                Ok(identity) => return Some(identity),
                Err(rejection) => {
                    tracing::debug!(%sid, %rejection, "socket refused at connect");
                    wire::connect_error("/", &rejection.to_string())
                }
            },
            Ok(Inbound::Connect { namespace, .. }) => {
                wire::connect_error(namespace, "Invalid namespace")
            }
            Ok(Inbound::Close) | Err(_) => return None,
            Ok(_) => continue,
        };
        write_all(stream, vec![websocket::text(&refused)])
            .await
            .ok()?;
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

/// Serves a connected socket until it ends.
async fn run(shared: &Arc<Shared>, socket: &Arc<Socket>, link: &mut Link) -> Exit {
    let mut budget = handlers::budget(shared);
    loop {
        tokio::select! {
            // Woken only for what the flusher cannot do: frames the kernel did not take (they
            // go out as soon as the connection is writable) and the socket's end.
            () = socket.woken() => {
                if let Err(exit) = write_queued(socket).await {
                    return exit;
                }
            }
            readable = socket.stream().readable() => {
                if readable.is_err() {
                    return Exit::Gone;
                }
                match link.try_read(socket.stream()) {
                    Ok(Some(true)) => {}
                    Ok(None) => continue,
                    Ok(Some(false)) | Err(_) => return Exit::Gone,
                }
                loop {
                    let incoming = match link.decoder.next() {
                        Ok(Some(incoming)) => incoming,
                        Ok(None) => break,
                        Err(error) => {
                            tracing::debug!(sid = socket.id, %error, "unreadable frame: socket closed");
                            return Exit::Refused(error.close_code());
                        }
                    };
                    let text = match incoming {
                        Incoming::Text(text) => text,
                        Incoming::Answer(frame) => {
                            socket.push(&frame);
                            continue;
                        }
                        Incoming::Close(code) => return Exit::ClientClosed(code),
                    };
                    match Inbound::parse(&text) {
                        Ok(Inbound::Pong) => socket.pong(),
                        Ok(Inbound::Event { ack, event }) => {
                            if !budget.take() {
                                handlers::over_budget(socket);
                                return Exit::Server(Ending::Disconnect);
                            }
                            handlers::on_event(shared, socket, ack, event);
                        }
                        Ok(Inbound::Close | Inbound::Disconnect) => return Exit::Gone,
                        Ok(Inbound::Ping | Inbound::Connect { .. } | Inbound::Ignored) => {}
                        Err(error) => {
                            tracing::debug!(sid = socket.id, %error, "unreadable packet: socket closed");
                            return Exit::Server(Ending::Close);
                        }
                    }
                }
            }
        }
    }
}

/// Writes what is queued; the exit when the socket is to end or its connection broke.
async fn write_queued(socket: &Socket) -> Result<(), Exit> {
    match socket.flush().await {
        Ok(None) => Ok(()),
        Ok(Some(ending)) => Err(Exit::Server(ending)),
        Err(_) => Err(Exit::Gone),
    }
}

/// Ends the connection: what is still queued goes out, then a Socket.IO disconnect when the
/// client must not reconnect, then the WebSocket close.
async fn close(socket: &Socket, exit: Exit) {
    let (disconnect, code) = match exit {
        Exit::Server(ending) => (ending == Ending::Disconnect, None),
        Exit::ClientClosed(code) => (false, code),
        Exit::Refused(code) => (false, Some(code)),
        Exit::Gone => return,
    };
    // From here on nothing else writes to the connection.
    socket.end(Ending::Close);
    let _ = timeout(CLOSE_TIMEOUT, async {
        socket.flush().await?;
        let mut frames: Vec<Bytes> = Vec::with_capacity(2);
        if disconnect {
            frames.push(websocket::text(wire::DISCONNECT));
        }
        frames.push(websocket::close(code));
        write_all(socket.stream(), frames).await
    })
    .await;
}
