//! `/socket.io/`: the WebSocket handshake and the one task that serves a socket for its life —
//! the namespace connect, reading the client's frames, and writing what could not be written
//! at once (see `socket.rs`).
//!
//! The handshake is answered here and the upgraded connection is taken back as the plain
//! `TcpStream` it is (the server is HTTP/1.1 through `hyper` directly: `realtime::serve`), so frames
//! can be written from any task with `try_write(&self)`. One task per socket; the heartbeat is
//! one timer for the whole node (`hub::heartbeat`). An idle socket costs its connection, its
//! registry entries and this task, no buffers (`docs/decisions/own-socketio-server.md`).

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

use crate::admission::{AddressPlace, ConnectionSlot, client_address};
use crate::auth::{AuthRejection, Identity};
use crate::handlers;
use crate::hub::Shared;
use crate::polling;
use crate::reference;
use crate::socket::{Ending, Socket, write_all};
use crate::websocket::{
    self, CLOSE_GOING_AWAY, CLOSE_NORMAL, CLOSE_POLICY, Decoder, FrameError, Incoming,
};
use crate::wire::{self, Inbound, ProtocolConfig};

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
pub(crate) fn refuse(code: u8, message: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        axum::Json(json!({ "code": code, "message": message })),
    )
        .into_response()
}

pub(crate) async fn handshake(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HandshakeQuery>,
    request: Request,
) -> Response {
    dispatch(shared, query, request, Mode::SocketIo).await
}

/// The handshake of `/engine.io/` (the conformance server's Engine.IO echo).
pub(crate) async fn engine_handshake(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HandshakeQuery>,
    request: Request,
) -> Response {
    dispatch(shared, query, request, Mode::EngineEcho).await
}

/// Every request to the hub's path: a WebSocket handshake, a long-polling request
/// (`polling.rs`), or the upgrade of a long-polling session to WebSocket.
async fn dispatch(
    shared: Arc<Shared>,
    query: HandshakeQuery,
    request: Request,
    mode: Mode,
) -> Response {
    if query.eio.as_deref() != Some("4") {
        return refuse(5, "Unsupported protocol version");
    }
    match (query.transport.as_deref(), query.sid) {
        (Some("polling"), sid) => polling::request(shared, sid, request, mode).await,
        (Some("websocket"), Some(sid)) => polling::upgrade(&shared, &sid, request),
        (Some("websocket"), None) => upgrade(shared, request, mode),
        _ => refuse(0, "Transport unknown"),
    }
}

/// The place a new socket holds among its client address's sockets (held for the socket's
/// whole life); the 429 answer when the address holds the cap already.
pub(crate) fn admit_client(
    shared: &Shared,
    request: &Request,
) -> Result<Option<AddressPlace>, Box<Response>> {
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
    match client.map(|client| shared.clients.admit(client)) {
        Some(Err(())) => {
            tracing::debug!(
                ?client,
                "socket refused: its address holds the cap of sockets"
            );
            Err(Box::new(too_many_sockets()))
        }
        Some(Ok(place)) => Ok(place),
        None => Ok(None),
    }
}

/// A WebSocket opening handshake taken apart: the `Sec-WebSocket-Accept` answer, the upgrade
/// to await, and the connection's slot (held until the WebSocket ends).
pub(crate) struct Opening {
    accept: String,
    upgrade: OnUpgrade,
    pub(crate) slot: Option<Arc<ConnectionSlot>>,
}

impl Opening {
    /// The opening handshake of `request`; 400 "Bad request" when it is none.
    pub(crate) fn read(request: &mut Request) -> Result<Opening, Box<Response>> {
        let Some(accept) = websocket_key(request.headers()).map(websocket::accept_key) else {
            return Err(Box::new(refuse(3, "Bad request")));
        };
        let Some(upgrade) = request.extensions_mut().remove::<OnUpgrade>() else {
            return Err(Box::new(refuse(3, "Bad request")));
        };
        let slot = request.extensions_mut().remove::<Arc<ConnectionSlot>>();
        Ok(Opening {
            accept,
            upgrade,
            slot,
        })
    }

    /// The 101 answer.
    pub(crate) fn switching(&self) -> Response {
        Response::builder()
            .status(StatusCode::SWITCHING_PROTOCOLS)
            .header(header::CONNECTION, "upgrade")
            .header(header::UPGRADE, "websocket")
            .header(header::SEC_WEBSOCKET_ACCEPT, &self.accept)
            .body(Body::empty())
            .expect("static headers")
    }

    /// The upgraded connection and what hyper had read ahead of it.
    pub(crate) async fn upgraded(self) -> Option<(TcpStream, Bytes)> {
        let upgraded = match self.upgrade.await {
            Ok(upgraded) => upgraded,
            Err(error) => {
                tracing::debug!(%error, "websocket upgrade failed");
                return None;
            }
        };
        match upgraded.downcast::<TokioIo<TcpStream>>() {
            Ok(Parts { io, read_buf, .. }) => Some((io.into_inner(), read_buf)),
            Err(_) => {
                tracing::error!(
                    "websocket on a connection that is not plain TCP: start the server with api::serve"
                );
                None
            }
        }
    }
}

fn upgrade(shared: Arc<Shared>, mut request: Request, mode: Mode) -> Response {
    let opening = match Opening::read(&mut request) {
        Ok(opening) => opening,
        Err(refused) => return *refused,
    };
    // The socket holds its client's place and its connection's for its whole life.
    let place = match admit_client(&shared, &request) {
        Ok(place) => place,
        Err(refused) => return *refused,
    };
    let answer = opening.switching();
    tokio::spawn(async move {
        let _slot = opening.slot.clone();
        let Some((stream, read_buf)) = opening.upgraded().await else {
            return;
        };
        // The decoder copies what hyper read ahead: hyper's buffer (8 KB) must not live as
        // long as the socket.
        let decoder = Decoder::new(shared.protocol.max_payload, &read_buf);
        drop(read_buf);
        serve(stream, decoder, shared, mode, place).await
    });
    answer
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

/// How a socket's life ended, and so what is left to write.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The server ended it.
    Server(Ending),
    /// The client sent a close frame: it is answered with one carrying the same code.
    ClientClosed(Option<u16>),
    /// Closed with this code: the client's frames could not be read (1002, 1007, 1009), it
    /// broke the Engine.IO / Socket.IO protocol (1008), left (`1` or `41`: 1000), or did not
    /// connect or answer a ping in time (1001).
    Closing(u16),
    /// The client left or the connection broke: nothing more to write.
    Gone,
}

impl Exit {
    /// The close frame's code when the server ends the connection.
    fn close_code(&self) -> Option<u16> {
        match self {
            Exit::Server(Ending::Disconnect) => Some(CLOSE_NORMAL),
            Exit::Server(Ending::Close) => Some(CLOSE_GOING_AWAY),
            Exit::ClientClosed(code) => *code,
            Exit::Closing(code) => Some(*code),
            Exit::Gone => None,
        }
    }
}

/// What a WebSocket serves: the hub (`/socket.io/`), or Engine.IO alone echoing every message
/// (`/engine.io/`, the conformance server's only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    SocketIo,
    EngineEcho,
}

/// Serves one Engine.IO session over `stream` (a WebSocket, or the bridge of a long-polling
/// session: `polling.rs`) until it ends.
pub(crate) async fn serve(
    stream: TcpStream,
    decoder: Decoder,
    shared: Arc<Shared>,
    mode: Mode,
    place: Option<AddressPlace>,
) {
    // The client's place among its address's sockets, held for the socket's whole life.
    let _place = place;
    let mut link = Link {
        decoder,
        read_size: shared.config.read_buffer.max(256),
    };
    // Everything before the socket is connected, and the closing handshake, are boxed: a
    // spawned future is as large as its largest state for the socket's whole life, and these
    // run once.
    let Some((socket, reference)) = Box::pin(connect(stream, &mut link, &shared, mode)).await
    else {
        return;
    };
    let exit = run(&shared, &socket, &mut link, reference).await;
    shared.registry.remove(&socket);
    handlers::on_disconnect(&shared, &socket);
    Box::pin(close(&socket, exit)).await;
}

/// The open packet, the connect phase and the connect answer; the socket, registered, once
/// the client connected (`None` when it never did: the connection is closed then).
async fn connect(
    stream: TcpStream,
    link: &mut Link,
    shared: &Arc<Shared>,
    mode: Mode,
) -> Option<(Arc<Socket>, Option<Box<reference::Session>>)> {
    let sid = wire::new_sid();
    let open = websocket::text(&wire::open(&sid, &shared.protocol));
    write_all(&stream, vec![open]).await.ok()?;
    if mode == Mode::EngineEcho {
        let exit = echo_engine(&stream, link, shared, &sid).await;
        close_unconnected(&stream, exit).await;
        return None;
    }
    let (identity, auth, custom) = match admit(&stream, link, shared, &sid).await {
        Ok(admitted) => admitted,
        Err(exit) => {
            close_unconnected(&stream, exit).await;
            return None;
        }
    };
    // The reference handlers greet with `auth` once connected, a moment after the connect
    // answer: the reference server writes its next packet only once the previous write's
    // callback came, and the suites' Node client (ws) dispatches messages that arrive in one
    // read in one tick, so a test awaiting them one by one would miss the second.
    // The conformance server's sockets may connect to `/custom` first.
    let (connected, greeting, reference) = if custom {
        let (connected, greeting) = reference::connected_in(reference::CUSTOM, &auth);
        (
            connected,
            Some(greeting),
            Some(reference::Session::connected(true)),
        )
    } else {
        let greeting = shared
            .protocol
            .reference_handlers
            .then(|| websocket::text(&reference::on_connect(&auth)));
        let session = shared
            .protocol
            .reference_handlers
            .then(|| reference::Session::connected(false));
        (websocket::text(&wire::connected(&sid)), greeting, session)
    };
    // The connect answer goes out before the socket is in any room, so it is the first frame.
    write_all(&stream, vec![connected]).await.ok()?;
    let socket = Socket::new(
        shared.registry.next_id(),
        identity,
        stream,
        shared.config.socket_buffer.max(16),
        shared.config.busy_gap,
        shared.flusher.clone(),
    );
    shared.registry.add(socket.clone());
    handlers::on_connect(shared, &socket);
    greet(&socket, greeting);
    Some((socket, reference))
}

/// Sends the reference handlers' greeting, if any, once the connect answer has gone to the
/// kernel and a moment has passed (a plain function, so nothing of it stays in the socket's
/// task). An answer held for the busy gap would otherwise leave in one write with the greeting.
fn greet(socket: &Arc<Socket>, greeting: Option<Bytes>) {
    if let Some(greeting) = greeting {
        let socket = socket.clone();
        tokio::spawn(async move {
            for _ in 0..100 {
                tokio::time::sleep(Duration::from_millis(5)).await;
                if !socket.has_queued() {
                    break;
                }
            }
            socket.push(&greeting);
        });
    }
}

/// Ends a connection that never became a socket: a close frame unless it is gone already.
async fn close_unconnected(stream: &TcpStream, exit: Exit) {
    if exit != Exit::Gone {
        let close = websocket::close(exit.close_code());
        let _ = timeout(CLOSE_TIMEOUT, write_all(stream, vec![close])).await;
    }
}

/// The reading side of a connection: the decoder of its frames and how much to read at a time.
pub(crate) struct Link {
    pub(crate) decoder: Decoder,
    pub(crate) read_size: usize,
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

    /// The next message or control frame, reading as needed; the exit when the connection
    /// ended or its frames are unreadable.
    pub(crate) async fn recv(&mut self, stream: &TcpStream) -> Result<Incoming, Exit> {
        loop {
            if let Some(incoming) = self.decoder.next().map_err(refuse_frames)? {
                return Ok(incoming);
            }
            stream.readable().await.map_err(|_| Exit::Gone)?;
            if self.try_read(stream).map_err(|_| Exit::Gone)? == Some(false) {
                return Err(Exit::Gone);
            }
        }
    }
}

fn refuse_frames(error: FrameError) -> Exit {
    tracing::debug!(%error, "unreadable frame: socket closed");
    Exit::Closing(error.close_code())
}

/// What the server does with a packet the protocol forbids: it closes the connection.
fn refuse_packet(sid: impl std::fmt::Display, why: &dyn std::fmt::Display) -> Exit {
    tracing::debug!(%sid, %why, "packet refused: socket closed");
    Exit::Closing(CLOSE_POLICY)
}

/// The heartbeat of a connection that is not a connected socket (yet): pinged on its own
/// timer, as connected sockets are by the node's (`hub::heartbeat`), and closed when a pong
/// does not come within the ping timeout.
struct Heartbeat {
    next_ping: Instant,
    pong_by: Option<Instant>,
    interval: Duration,
    timeout: Duration,
}

impl Heartbeat {
    fn new(protocol: &ProtocolConfig) -> Self {
        Heartbeat {
            next_ping: Instant::now() + protocol.ping_interval,
            pong_by: None,
            interval: protocol.ping_interval,
            timeout: protocol.ping_timeout,
        }
    }

    /// The client's next message (text other than a pong, or binary), answering its pings and
    /// pinging it on time; the exit when the connection ends, a pong or `deadline` does not
    /// come in time.
    async fn next_message(
        &mut self,
        stream: &TcpStream,
        link: &mut Link,
        deadline: Option<Instant>,
    ) -> Result<Incoming, Exit> {
        loop {
            let beat = self.pong_by.unwrap_or(self.next_ping);
            let wake = deadline.map_or(beat, |deadline| deadline.min(beat));
            let incoming = match timeout_at(wake, link.recv(stream)).await {
                Ok(incoming) => incoming?,
                Err(_) if self.pong_by.is_some() || Some(wake) == deadline => {
                    tracing::debug!("no connect or no pong in time: socket closed");
                    return Err(Exit::Closing(CLOSE_GOING_AWAY));
                }
                Err(_) => {
                    write_all(stream, vec![websocket::text(wire::PING)])
                        .await
                        .map_err(|_| Exit::Gone)?;
                    self.pong_by = Some(Instant::now() + self.timeout);
                    self.next_ping += self.interval;
                    continue;
                }
            };
            match incoming {
                Incoming::Text(text) if text.starts_with('3') => self.pong_by = None,
                message @ (Incoming::Text(_) | Incoming::Binary(_)) => return Ok(message),
                Incoming::Answer(frame) => write_all(stream, vec![frame])
                    .await
                    .map_err(|_| Exit::Gone)?,
                Incoming::Close(code) => return Err(Exit::ClientClosed(code)),
            }
        }
    }
}

/// Waits for the client's connect to the main namespace and checks its token, pinging the
/// client meanwhile (a client that answers no ping within the ping timeout, or does not
/// connect within the connect timeout, is closed). The identity and the connect's `auth`;
/// the exit when it never connects (other namespaces and refused tokens are answered and may
/// be retried).
async fn admit(
    stream: &TcpStream,
    link: &mut Link,
    shared: &Shared,
    sid: &str,
) -> Result<(Identity, String, bool), Exit> {
    let connect_by = Instant::now() + shared.protocol.connect_timeout;
    let mut heartbeat = Heartbeat::new(&shared.protocol);
    loop {
        let Incoming::Text(text) = heartbeat
            .next_message(stream, link, Some(connect_by))
            .await?
        else {
            continue; // binary: set aside, as after the connect
        };
        let refused = match Inbound::parse(&text) {
            Ok(Inbound::Connect {
                namespace: "/",
                auth,
            }) => match authenticate(shared, auth).await {
                Ok(identity) => return Ok((identity, auth.to_string(), false)),
                Err(rejection) => {
                    tracing::debug!(%sid, %rejection, "socket refused at connect");
                    wire::connect_error("/", &rejection.to_string())
                }
            },
            Ok(Inbound::Connect {
                namespace: reference::CUSTOM,
                auth,
            }) if shared.protocol.reference_handlers => match authenticate(shared, auth).await {
                Ok(identity) => return Ok((identity, auth.to_string(), true)),
                Err(rejection) => wire::connect_error(reference::CUSTOM, &rejection.to_string()),
            },
            Ok(Inbound::Connect { namespace, .. }) => {
                wire::connect_error(namespace, "Invalid namespace")
            }
            Ok(Inbound::Close) => return Err(Exit::Closing(CLOSE_NORMAL)),
            Ok(Inbound::Ignored | Inbound::Pong) => continue,
            Ok(Inbound::Ping) => return Err(refuse_packet(sid, &"a ping from the client")),
            Ok(Inbound::Disconnect | Inbound::Event { .. }) => {
                return Err(refuse_packet(sid, &"a packet before the connect"));
            }
            Err(error) => return Err(refuse_packet(sid, &error)),
        };
        write_all(stream, vec![websocket::text(&refused)])
            .await
            .map_err(|_| Exit::Gone)?;
    }
}

/// `/engine.io/` of the conformance server: Engine.IO alone, every message echoed (the
/// reference server of the Engine.IO suite).
async fn echo_engine(stream: &TcpStream, link: &mut Link, shared: &Shared, sid: &str) -> Exit {
    let mut heartbeat = Heartbeat::new(&shared.protocol);
    loop {
        let text = match heartbeat.next_message(stream, link, None).await {
            Ok(Incoming::Text(text)) => text,
            Ok(Incoming::Binary(bytes)) => {
                if write_all(stream, vec![websocket::binary(&bytes)])
                    .await
                    .is_err()
                {
                    return Exit::Gone;
                }
                continue;
            }
            Ok(_) => continue,
            Err(exit) => return exit,
        };
        match text.as_bytes().first() {
            Some(b'4') => {
                if write_all(stream, vec![websocket::text(&text)])
                    .await
                    .is_err()
                {
                    return Exit::Gone;
                }
            }
            Some(b'1') => return Exit::Closing(CLOSE_NORMAL),
            Some(b'5' | b'6') => {}
            _ => return refuse_packet(sid, &"not an Engine.IO packet"),
        }
    }
}

async fn authenticate(shared: &Shared, auth: &str) -> Result<Identity, AuthRejection> {
    // `Inbound::parse` has checked that `auth` is empty or a JSON object.
    let auth = match auth {
        "" => serde_json::Map::new(),
        json => serde_json::from_str(json).map_err(|_| AuthRejection::Missing)?,
    };
    shared.auth.authenticate_handshake(&auth).await
}

/// Serves a connected socket until it ends.
/// `reference`: the conformance server's namespaces and binary echo (`None` for the product).
async fn run(
    shared: &Arc<Shared>,
    socket: &Arc<Socket>,
    link: &mut Link,
    mut reference: Option<Box<reference::Session>>,
) -> Exit {
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
                        Err(error) => return refuse_frames(error),
                    };
                    let text = match incoming {
                        Incoming::Text(text) => text,
                        // The hub's clients send no binary messages: read and set aside.
                        Incoming::Binary(bytes) => {
                            if let Some(echo) = reference.as_mut().and_then(|r| r.on_binary(&bytes)) {
                                socket.push(&echo);
                            }
                            continue;
                        }
                        Incoming::Answer(frame) => {
                            socket.push(&frame);
                            continue;
                        }
                        Incoming::Close(code) => return Exit::ClientClosed(code),
                    };
                    if let Some(session) = reference.as_mut()
                        && let reference::Handled::Answer(frames, greeting) = session.on_text(&text)
                    {
                        frames.iter().for_each(|frame| socket.push(frame));
                        greet(socket, greeting);
                        continue;
                    }
                    match Inbound::parse(&text) {
                        Ok(Inbound::Pong) => socket.pong(),
                        Ok(Inbound::Event { .. }) if shared.protocol.reference_handlers => {
                            if let Some(answer) = reference::on_event(&text) {
                                socket.push(&websocket::text(&answer));
                            }
                        }
                        Ok(Inbound::Event { ack, event }) => {
                            if !budget.take() {
                                handlers::over_budget(socket);
                                return Exit::Server(Ending::Disconnect);
                            }
                            handlers::on_event(shared, socket, ack, event);
                        }
                        // The client leaves; its socket.io-client closes the transport after a `41`
                        // too, so the hub closes it at once (the product has one namespace).
                        Ok(Inbound::Close | Inbound::Disconnect) => return Exit::Closing(CLOSE_NORMAL),
                        Ok(Inbound::Ignored) => {}
                        Ok(Inbound::Connect { namespace: "/", .. }) => {
                            return refuse_packet(socket.id, &"a second connect");
                        }
                        Ok(Inbound::Connect { namespace, .. }) => {
                            socket.push(&websocket::text(&wire::connect_error(namespace, "Invalid namespace")));
                        }
                        Ok(Inbound::Ping) => {
                            return refuse_packet(socket.id, &"a ping from the client");
                        }
                        Err(error) => return refuse_packet(socket.id, &error),
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
    if exit == Exit::Gone {
        return;
    }
    let disconnect = exit == Exit::Server(Ending::Disconnect);
    let code = exit.close_code();
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

/// The hub served on a loopback port and a client that writes its frames by hand, so each
/// test says exactly which bytes go over the wire and which come back.
#[cfg(test)]
pub(crate) mod tests {
    use std::collections::HashSet;

    use async_trait::async_trait;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;
    use crate::auth::{Authenticator, JoinRejection};
    use crate::hub::{Hub, HubConfig};
    use crate::websocket::testing::client_frame;
    use crate::wire::ProtocolConfig;

    /// Admits every token as user 1.
    pub(crate) struct Admit;

    #[async_trait]
    impl Authenticator for Admit {
        async fn authenticate(&self, token: &str) -> Result<Identity, AuthRejection> {
            Ok(Identity {
                user_id: 1,
                role: "creator".into(),
                session_id: token.into(),
            })
        }
        async fn authorize_channel(&self, _: &Identity, _: i64) -> Result<(), JoinRejection> {
            Ok(())
        }
        async fn live_sessions(&self, ids: &[String]) -> Result<HashSet<String>, AuthRejection> {
            Ok(ids.iter().cloned().collect())
        }
    }

    /// A protocol whose heartbeat does not interfere: the tests that want pings shorten it.
    pub(crate) fn quiet() -> ProtocolConfig {
        ProtocolConfig {
            ping_interval: Duration::from_secs(60),
            ping_timeout: Duration::from_secs(20),
            max_payload: 1_000,
            connect_timeout: Duration::from_secs(60),
            reference_handlers: false,
        }
    }

    /// Serves a hub with `protocol` on a free port (the hub lives as long as the test).
    pub(crate) async fn serve_hub(protocol: ProtocolConfig) -> (SocketAddr, Hub) {
        let (layer, hub) =
            Hub::build_with_protocol(HubConfig::default(), protocol, Arc::new(Admit))
                .await
                .unwrap();
        let listener = crate::listen("127.0.0.1:0".parse().unwrap()).unwrap();
        let address = listener.local_addr().unwrap();
        let router = layer.mount(axum::Router::new());
        tokio::spawn(crate::serve(
            listener,
            router,
            crate::ServerConfig::default(),
            std::future::pending(),
        ));
        (address, hub)
    }

    /// What the server sent: a text message or a close with its code.
    #[derive(Debug, PartialEq)]
    pub(crate) enum Frame {
        Text(String),
        Close(Option<u16>),
    }

    pub(crate) struct Client(TcpStream);

    impl Client {
        /// The WebSocket handshake with `query` after `EIO=4&transport=websocket` (a long-polling
        /// session's `&sid=…` for its upgrade), answered 101.
        pub(crate) async fn handshake(address: SocketAddr, query: &str) -> Client {
            let mut stream = TcpStream::connect(address).await.unwrap();
            let request = format!(
                "GET /socket.io/?EIO=4&transport=websocket{query} HTTP/1.1\r\nHost: x\r\n\
                 Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
                 Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
            );
            stream.write_all(request.as_bytes()).await.unwrap();
            let mut head = Vec::new();
            while !head.ends_with(b"\r\n\r\n") {
                head.push(stream.read_u8().await.unwrap());
            }
            assert!(head.starts_with(b"HTTP/1.1 101"), "{head:?}");
            Client(stream)
        }

        /// Opens the WebSocket and reads the Engine.IO open packet.
        async fn open(address: SocketAddr) -> Client {
            let mut client = Client::handshake(address, "").await;
            match client.next().await {
                Frame::Text(open) => assert!(open.starts_with("0{"), "{open}"),
                other => panic!("no open packet: {other:?}"),
            }
            client
        }

        /// Opens and connects to the main namespace.
        async fn connected(address: SocketAddr) -> Client {
            let mut client = Client::open(address).await;
            client.send(r#"40{"token":"t"}"#).await;
            match client.next().await {
                Frame::Text(answer) => assert!(answer.starts_with("40{\"sid\""), "{answer}"),
                other => panic!("not connected: {other:?}"),
            }
            client
        }

        pub(crate) async fn send(&mut self, text: &str) {
            self.send_raw(&client_frame(0x81, text.as_bytes())).await;
        }

        async fn send_raw(&mut self, bytes: &[u8]) {
            self.0.write_all(bytes).await.unwrap();
        }

        /// The server's next frame (within a bound far beyond any timing under test).
        pub(crate) async fn next(&mut self) -> Frame {
            timeout(Duration::from_secs(10), self.read())
                .await
                .expect("a frame from the server")
        }

        async fn read(&mut self) -> Frame {
            let first = self.0.read_u8().await.expect("a frame, not the end");
            let len = match self.0.read_u8().await.unwrap() {
                126 => u64::from(self.0.read_u16().await.unwrap()),
                127 => self.0.read_u64().await.unwrap(),
                len => u64::from(len),
            };
            let mut payload = vec![0; len as usize];
            self.0.read_exact(&mut payload).await.unwrap();
            match first {
                0x81 => Frame::Text(String::from_utf8(payload).unwrap()),
                0x88 => Frame::Close(
                    (payload.len() >= 2).then(|| u16::from_be_bytes([payload[0], payload[1]])),
                ),
                other => panic!("unexpected frame {other:#x}"),
            }
        }
    }

    fn close_frame(code: u16, reason: &[u8]) -> Vec<u8> {
        client_frame(0x88, &[&code.to_be_bytes()[..], reason].concat())
    }

    #[tokio::test]
    async fn a_namespace_without_a_trailing_comma_is_that_namespace() {
        let (address, _hub) = serve_hub(quiet()).await;
        let mut client = Client::open(address).await;
        client.send("40/random").await;
        assert_eq!(
            client.next().await,
            Frame::Text(r#"44/random,{"message":"Invalid namespace"}"#.into())
        );
        // Connected to the main namespace, a connect to another one is answered the same way.
        let mut client = Client::connected(address).await;
        client.send("40/custom,").await;
        assert_eq!(
            client.next().await,
            Frame::Text(r#"44/custom,{"message":"Invalid namespace"}"#.into())
        );
        // `41/custom` leaves a namespace the client is not in: refused, not a main disconnect.
        client.send("41/custom").await;
        assert_eq!(client.next().await, Frame::Close(Some(1008)));
    }

    #[tokio::test]
    async fn a_client_that_leaves_gets_a_close_frame() {
        let (address, _hub) = serve_hub(quiet()).await;
        for leave in ["41", "1"] {
            let mut client = Client::connected(address).await;
            client.send(leave).await;
            assert_eq!(client.next().await, Frame::Close(Some(1000)), "{leave}");
        }
        let mut client = Client::open(address).await;
        client.send("1").await;
        assert_eq!(
            client.next().await,
            Frame::Close(Some(1000)),
            "before connect"
        );
    }

    #[tokio::test]
    async fn close_frames_are_held_to_rfc_6455_before_and_after_the_connect() {
        let (address, _hub) = serve_hub(quiet()).await;
        let mut cases: Vec<(Vec<u8>, Option<u16>)> = [999, 1005, 1006, 1016, 5000]
            .into_iter()
            .map(|code| (close_frame(code, b""), Some(1002)))
            .collect();
        cases.push((client_frame(0x88, &[0x03]), Some(1002)));
        cases.push((close_frame(1000, &[0xff, 0xfe]), Some(1007)));
        cases.push((close_frame(4001, "またね".as_bytes()), Some(4001)));
        cases.push((client_frame(0x88, b""), None));
        for (frame, answer) in cases {
            for connected in [false, true] {
                let mut client = match connected {
                    false => Client::open(address).await,
                    true => Client::connected(address).await,
                };
                client.send_raw(&frame).await;
                assert_eq!(
                    client.next().await,
                    Frame::Close(answer),
                    "{frame:?}, connected: {connected}"
                );
            }
        }
    }

    #[tokio::test]
    async fn protocol_errors_before_the_connect_close_with_their_code() {
        let (address, _hub) = serve_hub(quiet()).await;
        let cases: [(Vec<u8>, u16); 5] = [
            (vec![0x81, 0x01, b'x'], 1002),
            (client_frame(0x83, b"x"), 1002),
            (client_frame(0x81, &[0xc3, 0x28]), 1007),
            (client_frame(0x01, &[0xed, 0xa0, 0x80]), 1007),
            (client_frame(0x81, &[b'4'; 1_001]), 1009),
        ];
        for (frame, code) in cases {
            let mut client = Client::open(address).await;
            client.send_raw(&frame).await;
            assert_eq!(client.next().await, Frame::Close(Some(code)), "{frame:?}");
        }
    }

    #[tokio::test]
    async fn packets_the_reference_server_refuses_close_the_connection() {
        let (address, _hub) = serve_hub(quiet()).await;
        for packet in ["40{bad", "2", "4abc", r#"42["typing"]"#] {
            let mut client = Client::open(address).await;
            client.send(packet).await;
            assert_eq!(
                client.next().await,
                Frame::Close(Some(1008)),
                "{packet} before connect"
            );
        }
        for packet in ["40", "2", "42{}", "41{}", r#"42abc["x"]"#] {
            let mut client = Client::connected(address).await;
            client.send(packet).await;
            assert_eq!(
                client.next().await,
                Frame::Close(Some(1008)),
                "{packet} after connect"
            );
        }
        // An upgrade with none under way and a noop are ignored, as by the reference server:
        // the socket is still there to leave normally.
        let mut client = Client::connected(address).await;
        client.send("5").await;
        client.send("6").await;
        client.send("41").await;
        assert_eq!(client.next().await, Frame::Close(Some(1000)));
    }

    /// The client gets a ping, does not answer, and is closed before the next ping is due.
    async fn closed_at_the_ping_timeout(client: &mut Client) {
        assert_eq!(client.next().await, Frame::Text("2".into()));
        let pinged = Instant::now();
        assert_eq!(client.next().await, Frame::Close(Some(1001)));
        let waited = pinged.elapsed();
        assert!(
            waited < Duration::from_millis(1_000),
            "closed after {waited:?}"
        );
    }

    #[tokio::test]
    async fn pings_start_before_the_connect_and_a_missing_pong_closes_at_the_ping_timeout() {
        // The close must come at the ping timeout, long before the next ping would be due.
        let protocol = ProtocolConfig {
            ping_interval: Duration::from_millis(1_500),
            ping_timeout: Duration::from_millis(100),
            ..quiet()
        };
        let (address, _hub) = serve_hub(protocol).await;
        // Before the connect: answered once, then not.
        let mut client = Client::open(address).await;
        assert_eq!(client.next().await, Frame::Text("2".into()));
        client.send("3").await;
        closed_at_the_ping_timeout(&mut client).await;
        // Connected: the node's heartbeat pings, and closes the unanswered socket at the ping
        // timeout (it used to wait for the next ping, 1.5 s here).
        let mut client = Client::connected(address).await;
        closed_at_the_ping_timeout(&mut client).await;
    }

    #[tokio::test]
    async fn a_client_that_never_connects_is_closed_at_the_connect_timeout() {
        let protocol = ProtocolConfig {
            connect_timeout: Duration::from_millis(200),
            ..quiet()
        };
        let (address, _hub) = serve_hub(protocol).await;
        let mut client = Client::open(address).await;
        assert_eq!(client.next().await, Frame::Close(Some(1001)));
    }
}
