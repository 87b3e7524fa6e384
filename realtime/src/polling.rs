//! Engine.IO v4 HTTP long-polling and the upgrade from it to WebSocket, as a bridge in front of
//! the WebSocket server (`docs/decisions/long-polling-bridge.md`).
//!
//! A long-polling session is served by the very code that serves a WebSocket
//! (`connection::serve`): the session's handshake opens a loopback TCP connection pair on the
//! node, gives one end to `connection::serve` as if a WebSocket client had connected, and keeps
//! the other (the bridge). What the client POSTs is written into the bridge as a client's
//! frames; the server's frames read from the bridge wait in the session's queue for the client's
//! next GET. The upgrade answers the probe (`2probe`/`3probe`), ends the waiting GET with a
//! noop (`6`), and on the client's `5` relays bytes between the new WebSocket and the bridge.
//! The WebSocket path has no branch, lock or allocation of this: a socket never knows whether a
//! bridge is in front of it.
//!
//! The session lives on the node that made it (the map below): a request carrying another
//! node's sid is answered 400 "Session ID unknown", so a load balancer must route by the `sid`
//! query parameter or a sticky cookie (the decision record says how).

use std::collections::{HashMap, VecDeque};
use std::io;
use std::net::Ipv4Addr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{Method, StatusCode, header};
use axum::response::Response;
use base64::Engine;
use bytes::Bytes;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio::time::{Instant, timeout, timeout_at};

use crate::admission::ConnectionSlot;
use crate::connection::{self, Link, Mode, Opening, refuse};
use crate::hub::Shared;
use crate::socket::write_all;
use crate::websocket::{self, Decoder, Incoming, ServerFrame, client_message, server_frame};
use crate::wire::ProtocolConfig;

/// Packets separated in one long-polling payload (Engine.IO v4).
const SEPARATOR: char = '\x1e';

/// How many bytes of the server's frames a session keeps for a client that does not poll;
/// beyond it the bridge stops reading, and the socket behind it meets its slow-consumer limit.
const QUEUE_LIMIT: usize = 1 << 20;

/// How long the open packet may take to come out of a new session.
const OPEN_TIMEOUT: Duration = Duration::from_secs(5);

/// The node's long-polling sessions by sid.
#[derive(Default)]
pub(crate) struct Sessions {
    map: Mutex<HashMap<Box<str>, Arc<Session>>>,
    /// The loopback listener the sessions' connection pairs are made on (bound at the first).
    pairs: tokio::sync::Mutex<Option<TcpListener>>,
}

impl Sessions {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<Box<str>, Arc<Session>>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn get(&self, sid: &str) -> Option<Arc<Session>> {
        self.map().get(sid).cloned()
    }

    fn remove(&self, session: &Arc<Session>) {
        let mut map = self.map();
        if map
            .get(&session.sid)
            .is_some_and(|held| Arc::ptr_eq(held, session))
        {
            map.remove(&session.sid);
        }
    }

    /// The number of sessions open on the node.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map().len()
    }

    /// Sessions still on long-polling (not upgraded to WebSocket); read when metrics are scraped.
    pub(crate) fn still_polling(&self) -> usize {
        self.map().values().filter(|s| !s.state().upgraded).count()
    }

    /// A connected loopback TCP pair: (the bridge's end, the socket's end).
    async fn pair(&self) -> io::Result<(TcpStream, TcpStream)> {
        let mut listener = self.pairs.lock().await;
        if listener.is_none() {
            *listener = Some(TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await?);
        }
        let listener = listener.as_ref().expect("bound above");
        let bridge = TcpStream::connect(listener.local_addr()?).await?;
        let expected = bridge.local_addr()?;
        loop {
            // Only this node connects here, one pair at a time (the lock); anything else
            // that reached the port is dropped.
            let (socket, peer) = timeout(OPEN_TIMEOUT, listener.accept())
                .await
                .map_err(|_| io::Error::from(io::ErrorKind::TimedOut))??;
            if peer == expected {
                bridge.set_nodelay(true)?;
                socket.set_nodelay(true)?;
                return Ok((bridge, socket));
            }
        }
    }
}

/// One long-polling session: the bridge's end of its pair and what waits for the client.
struct Session {
    sid: Box<str>,
    /// The client's messages are written here; the server's frames are read from here.
    bridge: TcpStream,
    state: Mutex<State>,
    /// Wakes the waiting GET.
    to_poll: Notify,
    /// Wakes the pump: the queue was taken, the session ended or is handed over.
    to_pump: Notify,
    opened: Instant,
}

#[derive(Default)]
struct State {
    /// The server's frames, whole, as they came out of the bridge.
    queue: VecDeque<Bytes>,
    queued: usize,
    /// A GET is waiting.
    polling: bool,
    /// The waiting (or next) GET answers a noop: a WebSocket probe succeeded.
    noop: bool,
    /// A WebSocket with this sid is probing.
    upgrading: bool,
    /// The probe finished (`5`): the pump relays between this WebSocket and the bridge.
    handover: Option<Handover>,
    /// The session went over to WebSocket: polling requests are refused, a further WebSocket
    /// with its sid is closed.
    upgraded: bool,
    /// The session is over (or upgraded); the waiting GET answers this packet.
    ended: Option<&'static str>,
    /// When the client last sent something (a POST); the open until then.
    heard: Option<Instant>,
}

/// The WebSocket a session was upgraded to, what its client sent after the `5`, and the
/// connection's slot.
struct Handover {
    stream: TcpStream,
    leftover: Vec<u8>,
    _slot: Option<Arc<ConnectionSlot>>,
}

impl Session {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Nothing came from the client for a ping interval and a ping timeout, so it let a ping go
    /// unanswered (a live client posts its pong). Asked when the client's next request comes,
    /// so the answer does not depend on how late the heartbeat task runs on a busy node.
    fn silent_too_long(&self, protocol: &ProtocolConfig) -> bool {
        let heard = self.state().heard.unwrap_or(self.opened);
        heard.elapsed() >= protocol.ping_interval + protocol.ping_timeout
    }

    /// Marks the session over (the next GET answers `answer`) and drops what was queued for it.
    fn mark_ended(&self, answer: &'static str) {
        let mut state = self.state();
        state.ended.get_or_insert(answer);
        state.queue.clear();
        state.queued = 0;
    }

    /// Ends the session: the waiting GET answers `answer`, later requests are unknown, and
    /// the socket behind the bridge sees its connection close once the pump lets go.
    fn end(self: &Arc<Self>, sessions: &Sessions, answer: &'static str) {
        self.mark_ended(answer);
        sessions.remove(self);
        self.to_poll.notify_waiters();
        self.to_pump.notify_one();
    }

    /// The client closed (`1`). A GET it sent at the same moment (socket.io-client and the
    /// protocol suite do) may reach the node after the POST: as on the reference server, that
    /// GET still answers a noop (`6`) and only then is the session unknown, or after a ping
    /// timeout when no GET comes.
    fn close_by_client(self: &Arc<Self>, shared: &Arc<Shared>) {
        if self.state().polling {
            return self.end(&shared.polling, "6");
        }
        self.mark_ended("6");
        self.to_pump.notify_one();
        let (session, shared) = (self.clone(), shared.clone());
        tokio::spawn(async move {
            tokio::time::sleep(shared.protocol.ping_timeout).await;
            shared.polling.remove(&session);
        });
    }
}

fn text(status: StatusCode, body: impl Into<Body>) -> Response {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/plain; charset=UTF-8")
        .header(header::CACHE_CONTROL, "no-store")
        .body(body.into())
        .expect("static headers")
}

/// A request with `transport=polling`: the handshake (no sid), a GET (poll) or a POST (send).
pub(crate) async fn request(
    shared: Arc<Shared>,
    sid: Option<String>,
    request: Request,
    mode: Mode,
) -> Response {
    let Some(sid) = sid else {
        if request.method() != Method::GET {
            return refuse(2, "Bad handshake method");
        }
        return open(shared, request, mode).await;
    };
    let Some(session) = shared.polling.get(&sid) else {
        return refuse(1, "Session ID unknown");
    };
    if session.state().upgraded {
        return refuse(3, "Bad request");
    }
    if session.silent_too_long(&shared.protocol) {
        session.end(&shared.polling, "1");
        return refuse(1, "Session ID unknown");
    }
    match *request.method() {
        Method::GET => poll(&shared, &session).await,
        Method::POST => send(&shared, &session, request.into_body()).await,
        _ => refuse(2, "Bad handshake method"),
    }
}

/// The handshake: a session served by `connection::serve` behind a bridge, answered with its
/// open packet (which offers the upgrade).
async fn open(shared: Arc<Shared>, request: Request, mode: Mode) -> Response {
    let place = match connection::admit_client(&shared, &request) {
        Ok(place) => place,
        Err(refused) => return *refused,
    };
    let (bridge, socket_end) = match shared.polling.pair().await {
        Ok(pair) => pair,
        Err(error) => {
            tracing::error!(%error, "no loopback pair for a long-polling session");
            return text(StatusCode::SERVICE_UNAVAILABLE, "");
        }
    };
    let decoder = Decoder::new(shared.protocol.max_payload, &[]);
    tokio::spawn(connection::serve(
        socket_end,
        decoder,
        shared.clone(),
        mode,
        place,
    ));
    let mut buffer = Vec::new();
    let Ok(Some(open)) = timeout(OPEN_TIMEOUT, first_text(&bridge, &mut buffer)).await else {
        return text(StatusCode::SERVICE_UNAVAILABLE, "");
    };
    let Some(sid) = open_sid(&open) else {
        return text(StatusCode::INTERNAL_SERVER_ERROR, "");
    };
    let open = open.replacen(r#""upgrades":[]"#, r#""upgrades":["websocket"]"#, 1);
    let session = Arc::new(Session {
        sid: sid.into(),
        bridge,
        state: Mutex::new(State::default()),
        to_poll: Notify::new(),
        to_pump: Notify::new(),
        opened: Instant::now(),
    });
    shared
        .polling
        .map()
        .insert(session.sid.clone(), session.clone());
    tokio::spawn(pump(shared, session, buffer));
    text(StatusCode::OK, open)
}

/// The first text frame out of the bridge (the open packet); what came after it stays in
/// `buffer`.
async fn first_text(bridge: &TcpStream, buffer: &mut Vec<u8>) -> Option<String> {
    loop {
        if let Some((frame, len)) = server_frame(buffer) {
            let ServerFrame::Text(payload) = frame else {
                return None;
            };
            let open = String::from_utf8(payload.to_vec()).ok()?;
            buffer.drain(..len);
            return Some(open);
        }
        bridge.readable().await.ok()?;
        buffer.reserve(1024);
        match bridge.try_read_buf(buffer) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
            Err(_) => return None,
        }
    }
}

fn open_sid(open: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(open.strip_prefix('0')?).ok()?;
    Some(value.get("sid")?.as_str()?.to_string())
}

/// Marks the session as polled for as long as the GET waits (also when its client goes away
/// and the request is dropped).
struct Polling<'a>(&'a Session);

impl Drop for Polling<'_> {
    fn drop(&mut self) {
        self.0.state().polling = false;
    }
}

/// How long a GET that arrived during a WebSocket probe holds its noop for the client's `5`.
const UPGRADE_GRACE: Duration = Duration::from_millis(200);

/// A GET: what the server sent since the last one, waiting until there is something. A second
/// GET while one waits ends the session (the waiting one answers `1`), as the reference server
/// does.
///
/// A GET that arrives while a WebSocket with this sid is probing is refused once the `5` lands,
/// like any GET after the upgrade; its noop waits [`UPGRADE_GRACE`] for that `5`. The `5` travels
/// on another connection, so without the grace the answer would depend on which of the two the
/// server read first. A GET that was waiting before the probe takes its noop at once: the client
/// sends `5` only after it.
async fn poll(shared: &Shared, session: &Arc<Session>) -> Response {
    let arrived_upgrading = {
        let mut state = session.state();
        if state.polling {
            drop(state);
            session.end(&shared.polling, "1");
            return refuse(3, "Bad request");
        }
        state.polling = true;
        state.upgrading
    };
    let _polling = Polling(session);
    let mut noop_due = None;
    loop {
        let notified = session.to_poll.notified();
        let mut notified = std::pin::pin!(notified);
        notified.as_mut().enable();
        {
            let mut state = session.state();
            if !state.queue.is_empty() {
                // What the server wrote before it closed the socket comes out first, with the
                // close packet after it.
                let frames = std::mem::take(&mut state.queue);
                state.queued = 0;
                let mut answer = payload(&frames);
                if let Some(last) = state.ended {
                    answer.push(SEPARATOR);
                    answer.push_str(last);
                }
                drop(state);
                session.to_pump.notify_one();
                return text(StatusCode::OK, answer);
            }
            if let Some(answer) = state.ended {
                drop(state);
                shared.polling.remove(session);
                return text(StatusCode::OK, answer);
            }
            if arrived_upgrading && state.upgraded {
                return refuse(3, "Bad request");
            }
            if state.upgraded {
                return text(StatusCode::OK, "6");
            }
            if state.noop {
                let now = Instant::now();
                let due = *noop_due.get_or_insert_with(|| {
                    if arrived_upgrading {
                        now + UPGRADE_GRACE
                    } else {
                        now
                    }
                });
                if now >= due {
                    state.noop = false;
                    return text(StatusCode::OK, "6");
                }
            }
        }
        match noop_due {
            Some(due) => {
                let _ = timeout_at(due, notified).await;
            }
            None => notified.await,
        }
    }
}

/// The server's frames as one long-polling payload: text as it is, binary as `b` and base64.
fn payload(frames: &VecDeque<Bytes>) -> String {
    let mut out = String::with_capacity(frames.iter().map(|frame| frame.len() + 1).sum());
    for (n, frame) in frames.iter().enumerate() {
        if n > 0 {
            out.push(SEPARATOR);
        }
        match server_frame(frame) {
            Some((ServerFrame::Text(text), _)) => out.push_str(&String::from_utf8_lossy(text)),
            Some((ServerFrame::Binary(bytes), _)) => {
                out.push('b');
                base64::engine::general_purpose::STANDARD.encode_string(bytes, &mut out);
            }
            _ => {}
        }
    }
    out
}

/// A POST: the client's packets, into the bridge as a client's frames. A close (`1`) ends the
/// session (the waiting GET answers a noop); a packet that is not Engine.IO, or a payload over
/// the limit, ends it with 400 / 413.
async fn send(shared: &Arc<Shared>, session: &Arc<Session>, body: Body) -> Response {
    {
        let mut state = session.state();
        if state.ended.is_some() {
            return refuse(1, "Session ID unknown");
        }
        state.heard = Some(Instant::now());
    }
    let Ok(body) = axum::body::to_bytes(body, shared.protocol.max_payload).await else {
        session.end(&shared.polling, "1");
        return text(StatusCode::PAYLOAD_TOO_LARGE, "");
    };
    let Some(packets) = read_payload(&body) else {
        session.end(&shared.polling, "1");
        return refuse(3, "Bad request");
    };
    let mut frames = Vec::with_capacity(packets.len());
    let mut close = false;
    for packet in packets {
        match packet {
            Packet::Close => {
                close = true;
                break;
            }
            Packet::Text(text) => frames.push(client_message(false, text.as_bytes())),
            Packet::Binary(bytes) => frames.push(client_message(true, &bytes)),
        }
    }
    if !frames.is_empty() && write_all(&session.bridge, frames).await.is_err() {
        session.end(&shared.polling, "1");
        return refuse(1, "Session ID unknown");
    }
    if close {
        session.close_by_client(shared);
    }
    text(StatusCode::OK, "ok")
}

/// A packet of a long-polling payload.
#[derive(Debug, PartialEq, Eq)]
enum Packet<'a> {
    Text(&'a str),
    Binary(Vec<u8>),
    Close,
}

/// The packets of a POSTed payload; `None` when one is not an Engine.IO packet.
fn read_payload(body: &[u8]) -> Option<Vec<Packet<'_>>> {
    let body = std::str::from_utf8(body).ok()?;
    body.split(SEPARATOR)
        .map(|packet| match packet.as_bytes().first()? {
            b'b' => base64::engine::general_purpose::STANDARD
                .decode(&packet[1..])
                .ok()
                .map(Packet::Binary),
            b'1' => Some(Packet::Close),
            b'0'..=b'6' => Some(Packet::Text(packet)),
            _ => None,
        })
        .collect()
}

/// Reads the server's frames out of the bridge into the queue (up to [`QUEUE_LIMIT`]) until
/// the session ends or is upgraded.
async fn pump(shared: Arc<Shared>, session: Arc<Session>, mut buffer: Vec<u8>) {
    loop {
        let (full, handover) = {
            let mut state = session.state();
            if state.ended.is_some() && state.handover.is_none() {
                return;
            }
            (state.queued >= QUEUE_LIMIT, state.handover.take())
        };
        if let Some(handover) = handover {
            relay(&session, handover, buffer).await;
            return session.end(&shared.polling, "1");
        }
        tokio::select! {
            () = session.to_pump.notified() => continue,
            readable = session.bridge.readable(), if !full => {
                if readable.is_err() {
                    return session.end(&shared.polling, "1");
                }
            }
        }
        buffer.reserve(4096);
        match session.bridge.try_read_buf(&mut buffer) {
            Ok(0) => return session.end(&shared.polling, "1"),
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => continue,
            Err(_) => return session.end(&shared.polling, "1"),
        }
        let mut used = 0;
        let mut frames = Vec::new();
        let mut closed = None;
        while let Some((frame, len)) = server_frame(&buffer[used..]) {
            match frame {
                ServerFrame::Text(_) | ServerFrame::Binary(_) => {
                    frames.push(Bytes::copy_from_slice(&buffer[used..used + len]));
                }
                ServerFrame::Close(code) => closed = Some(code),
                ServerFrame::Other => {}
            }
            used += len;
        }
        if used == buffer.len() {
            buffer = Vec::new();
        } else {
            buffer.drain(..used);
        }
        if !frames.is_empty() {
            let mut state = session.state();
            state.queued += frames.iter().map(Bytes::len).sum::<usize>();
            state.queue.extend(frames);
            drop(state);
            session.to_poll.notify_waiters();
        }
        if let Some(code) = closed {
            if code != Some(websocket::CLOSE_NORMAL) {
                // Closed for the client's silence (no pong), a slow consumer or a shutdown:
                // what was queued is dropped, as the reference server drops it.
                return session.end(&shared.polling, "1");
            }
            // The server ended the socket on purpose (a `41` before the close): the next GET
            // gets what was queued and `1`; the session is forgotten once it has, or after a
            // heartbeat's time without a GET.
            session.state().ended.get_or_insert("1");
            session.to_poll.notify_waiters();
            let fetched = async {
                while !session.state().queue.is_empty() {
                    session.to_pump.notified().await;
                }
            };
            let patience = shared.protocol.ping_interval + shared.protocol.ping_timeout;
            let _ = timeout(patience, fetched).await;
            shared.polling.remove(&session);
            return;
        }
    }
}

/// After the upgrade: what the polling client had not fetched goes over the WebSocket first,
/// then bytes are relayed both ways until either side closes.
async fn relay(session: &Session, handover: Handover, read_ahead: Vec<u8>) {
    let client = handover.stream;
    let mut frames: Vec<Bytes> = session.state().queue.drain(..).collect();
    if !read_ahead.is_empty() {
        frames.push(Bytes::from(read_ahead));
    }
    if write_all(&client, frames).await.is_err() {
        return;
    }
    if !handover.leftover.is_empty()
        && write_all(&session.bridge, vec![Bytes::from(handover.leftover)])
            .await
            .is_err()
    {
        return;
    }
    let mut buffer = vec![0u8; 4096];
    loop {
        let (from, to) = tokio::select! {
            readable = client.readable() => {
                if readable.is_err() { return; }
                (&client, &session.bridge)
            }
            readable = session.bridge.readable() => {
                if readable.is_err() { return; }
                (&session.bridge, &client)
            }
        };
        match from.try_read(&mut buffer) {
            Ok(0) => return,
            Ok(read) => {
                let bytes = Bytes::copy_from_slice(&buffer[..read]);
                if write_all(to, vec![bytes]).await.is_err() {
                    return;
                }
            }
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
            Err(_) => return,
        }
    }
}

/// A WebSocket handshake carrying a long-polling session's sid: the upgrade. Another node's
/// sid is refused; a second WebSocket for a session upgrading or upgraded is closed.
pub(crate) fn upgrade(shared: &Arc<Shared>, sid: &str, mut request: Request) -> Response {
    let Some(session) = shared.polling.get(sid) else {
        return refuse(1, "Session ID unknown");
    };
    let opening = match Opening::read(&mut request) {
        Ok(opening) => opening,
        Err(refused) => return *refused,
    };
    let answer = opening.switching();
    {
        let mut state = session.state();
        if state.ended.is_some() {
            return refuse(1, "Session ID unknown");
        }
        if state.upgrading || state.upgraded {
            // As the reference server: accepted, then closed.
            tokio::spawn(async move {
                if let Some((stream, _)) = opening.upgraded().await {
                    let close = websocket::close(Some(websocket::CLOSE_NORMAL));
                    let _ = timeout(OPEN_TIMEOUT, write_all(&stream, vec![close])).await;
                }
            });
            return answer;
        }
        state.upgrading = true;
    }
    tokio::spawn(probe(shared.clone(), session, opening));
    answer
}

/// The upgrade's probe on the new WebSocket: `2probe` is answered `3probe` (and the waiting
/// GET a noop), `5` hands the WebSocket to the pump. A probe that does not finish within a
/// heartbeat leaves the session on long-polling.
async fn probe(shared: Arc<Shared>, session: Arc<Session>, opening: Opening) {
    let slot = opening.slot.clone();
    let Some((stream, read_buf)) = opening.upgraded().await else {
        session.state().upgrading = false;
        return;
    };
    let mut link = Link {
        decoder: Decoder::new(shared.protocol.max_payload, &read_buf),
        read_size: 1024,
    };
    drop(read_buf);
    let deadline = Instant::now() + shared.protocol.ping_interval + shared.protocol.ping_timeout;
    loop {
        let incoming = match timeout_at(deadline, link.recv(&stream)).await {
            Ok(Ok(incoming)) => incoming,
            _ => break,
        };
        match incoming {
            Incoming::Text(text) if text == "2probe" => {
                if write_all(&stream, vec![websocket::text("3probe")])
                    .await
                    .is_err()
                {
                    break;
                }
                session.state().noop = true;
                session.to_poll.notify_waiters();
            }
            Incoming::Text(text) if text == "5" => {
                let handover = Handover {
                    stream,
                    leftover: std::mem::take(link.decoder.buffer()),
                    _slot: slot,
                };
                {
                    let mut state = session.state();
                    state.handover = Some(handover);
                    state.upgraded = true;
                }
                session.to_poll.notify_waiters();
                session.to_pump.notify_one();
                return;
            }
            Incoming::Answer(frame) => {
                if write_all(&stream, vec![frame]).await.is_err() {
                    break;
                }
            }
            Incoming::Close(_) => break,
            Incoming::Text(_) | Incoming::Binary(_) => {}
        }
    }
    session.state().upgrading = false;
    session.to_poll.notify_waiters();
}

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;
    use crate::connection::tests::{Client, Frame, quiet, serve_hub};
    use crate::events::EventName;
    use crate::rooms::Room;
    use crate::wire::ProtocolConfig;

    /// One HTTP/1.1 request on a fresh connection: the status and the body.
    async fn http(address: SocketAddr, method: &str, query: &str, body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(address).await.unwrap();
        let request = format!(
            "{method} /socket.io/?EIO=4&transport=polling{query} HTTP/1.1\r\nHost: x\r\n\
             Connection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        timeout(Duration::from_secs(10), stream.read_to_string(&mut answer))
            .await
            .expect("an answer in time")
            .unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        let status = head[9..12].parse().unwrap();
        (status, body.to_string())
    }

    /// A long-polling handshake: the sid and the open packet.
    async fn handshake(address: SocketAddr) -> (String, serde_json::Value) {
        let (status, open) = http(address, "GET", "", "").await;
        assert_eq!(status, 200, "{open}");
        let open: serde_json::Value =
            serde_json::from_str(open.strip_prefix('0').unwrap()).unwrap();
        (open["sid"].as_str().unwrap().to_string(), open)
    }

    /// A long-polling session connected to the main namespace (in its rooms): its `&sid=…`.
    async fn connected(address: SocketAddr) -> String {
        let (sid, _) = handshake(address).await;
        let query = format!("&sid={sid}");
        http(address, "POST", &query, r#"40{"token":"t"}"#).await;
        let (_, connected) = http(address, "GET", &query, "").await;
        assert!(connected.starts_with("40"), "{connected}");
        // The connect answer goes out just before the socket joins its rooms.
        tokio::time::sleep(Duration::from_millis(50)).await;
        query
    }

    #[tokio::test]
    async fn a_polling_client_connects_and_receives_what_is_published() {
        let (address, hub) = serve_hub(quiet()).await;
        let (sid, open) = handshake(address).await;
        assert_eq!(open["upgrades"], serde_json::json!(["websocket"]));
        assert_eq!(open["maxPayload"], 1_000);
        let query = format!("&sid={sid}");
        assert_eq!(
            http(address, "POST", &query, r#"40{"token":"t"}"#).await,
            (200, "ok".into())
        );
        let (status, connected) = http(address, "GET", &query, "").await;
        assert_eq!(status, 200);
        assert!(connected.starts_with(r#"40{"sid":"#), "{connected}");
        // A GET waits for what the server has: here, an event published to the user's room.
        let poll = tokio::spawn(async move { http(address, "GET", &query, "").await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        hub.publish(
            Room::User(1),
            EventName::MessageCreated,
            &serde_json::json!({"id": 7}),
        )
        .await
        .unwrap();
        assert_eq!(
            poll.await.unwrap(),
            (200, r#"42["message.created",{"id":7}]"#.into())
        );
    }

    #[tokio::test]
    async fn a_get_sent_with_the_clients_close_still_answers_a_noop_then_the_session_is_gone() {
        let (address, _hub) = serve_hub(quiet()).await;
        let (sid, _) = handshake(address).await;
        let query = format!("&sid={sid}");
        // The close arrives before the GET the client sent with it.
        assert_eq!(http(address, "POST", &query, "1").await, (200, "ok".into()));
        assert_eq!(http(address, "GET", &query, "").await, (200, "6".into()));
        let (status, _) = http(address, "GET", &query, "").await;
        assert_eq!(status, 400, "the session is unknown after its last GET");
        // And the close while a GET waits: that GET answers the noop.
        let (sid, _) = handshake(address).await;
        let query = format!("&sid={sid}");
        let waiting = {
            let query = query.clone();
            tokio::spawn(async move { http(address, "GET", &query, "").await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(http(address, "POST", &query, "1").await, (200, "ok".into()));
        assert_eq!(waiting.await.unwrap(), (200, "6".into()));
        assert_eq!(http(address, "GET", &query, "").await.0, 400);
    }

    #[tokio::test]
    async fn a_server_side_disconnect_reaches_a_polling_client_before_the_close() {
        let (address, hub) = serve_hub(quiet()).await;
        let query = connected(address).await;
        hub.disconnect(Room::User(1)).await.unwrap();
        // The `41` (no reconnect) the WebSocket client would read, then the close.
        assert_eq!(
            http(address, "GET", &query, "").await,
            (200, "41\x1e1".into())
        );
        assert_eq!(http(address, "GET", &query, "").await.0, 400);
    }

    #[tokio::test]
    async fn the_upgrade_carries_a_connected_session_over_to_websocket() {
        let (address, hub) = serve_hub(quiet()).await;
        let query = connected(address).await;
        let mut client = Client::handshake(address, &query).await;
        client.send("2probe").await;
        assert_eq!(client.next().await, Frame::Text("3probe".into()));
        // The poll in between ends with a noop, so the client can pause polling.
        assert_eq!(http(address, "GET", &query, "").await, (200, "6".into()));
        // Published while the client has paused polling: it waits in the session's queue.
        hub.publish(Room::User(1), EventName::MessageCreated, &1)
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        client.send("5").await;
        // What the client had not fetched over polling comes first, then new events.
        assert_eq!(
            client.next().await,
            Frame::Text(r#"42["message.created",1]"#.into())
        );
        hub.publish(Room::User(1), EventName::MessageCreated, &2)
            .await
            .unwrap();
        assert_eq!(
            client.next().await,
            Frame::Text(r#"42["message.created",2]"#.into())
        );
        // Polling is over for this session.
        assert_eq!(http(address, "GET", &query, "").await.0, 400);
        // The client's frames reach the socket: leaving closes it with 1000.
        client.send("41").await;
        assert_eq!(client.next().await, Frame::Close(Some(1000)));
    }

    #[tokio::test]
    async fn a_poll_sent_during_the_probe_is_refused_once_the_upgrade_lands() {
        let (address, _hub) = serve_hub(quiet()).await;
        let query = connected(address).await;
        let mut client = Client::handshake(address, &query).await;
        client.send("2probe").await;
        assert_eq!(client.next().await, Frame::Text("3probe".into()));
        // A GET arrives after the probe, and the client's `5` a moment later on the WebSocket:
        // the GET is answered as one after the upgrade, not with the probe's noop.
        let poll = tokio::spawn({
            let query = query.clone();
            async move { http(address, "GET", &query, "").await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        client.send("5").await;
        assert_eq!(
            poll.await.unwrap(),
            (400, r#"{"code":3,"message":"Bad request"}"#.into())
        );
        client.send("41").await;
        assert_eq!(client.next().await, Frame::Close(Some(1000)));
    }

    #[tokio::test]
    async fn a_session_is_known_only_on_the_node_that_made_it() {
        let (first, _hub) = serve_hub(quiet()).await;
        let (second, _other) = serve_hub(quiet()).await;
        let (sid, _) = handshake(first).await;
        let query = format!("&sid={sid}");
        let unknown = (
            400,
            r#"{"code":1,"message":"Session ID unknown"}"#.to_string(),
        );
        assert_eq!(http(second, "GET", &query, "").await, unknown);
        assert_eq!(http(second, "POST", &query, "40").await, unknown);
        // The node that made it serves it.
        assert_eq!(http(first, "POST", &query, "40").await, (200, "ok".into()));
    }

    #[tokio::test]
    async fn bad_requests_get_the_reference_servers_answers_and_end_the_session() {
        let (address, hub) = serve_hub(quiet()).await;
        assert_eq!(
            http(address, "POST", "", "").await,
            (400, r#"{"code":2,"message":"Bad handshake method"}"#.into())
        );
        let (sid, _) = handshake(address).await;
        let query = format!("&sid={sid}");
        assert_eq!(hub.shared.polling.len(), 1);
        assert_eq!(
            http(address, "POST", &query, "abc").await,
            (400, r#"{"code":3,"message":"Bad request"}"#.into())
        );
        assert_eq!(hub.shared.polling.len(), 0);
        assert_eq!(http(address, "GET", &query, "").await.0, 400);
        // Over the largest payload: 413, and the session is gone.
        let (sid, _) = handshake(address).await;
        let query = format!("&sid={sid}");
        let big = format!("4{}", "x".repeat(1_000));
        assert_eq!(http(address, "POST", &query, &big).await.0, 413);
        assert_eq!(http(address, "GET", &query, "").await.0, 400);
    }

    #[tokio::test]
    async fn a_client_that_stops_polling_is_closed_at_the_ping_timeout() {
        let protocol = ProtocolConfig {
            ping_interval: Duration::from_millis(100),
            ping_timeout: Duration::from_millis(100),
            ..quiet()
        };
        let (address, hub) = serve_hub(protocol).await;
        let (sid, _) = handshake(address).await;
        let query = format!("&sid={sid}");
        assert_eq!(http(address, "GET", &query, "").await, (200, "2".into()));
        assert_eq!(http(address, "POST", &query, "3").await, (200, "ok".into()));
        // No pong to the next ping: the session ends, on the server's own timer.
        let ended = async {
            while hub.shared.polling.len() > 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        };
        timeout(Duration::from_secs(5), ended)
            .await
            .expect("the session ends");
        assert_eq!(http(address, "GET", &query, "").await.0, 400);
    }

    #[tokio::test]
    async fn a_client_silent_past_the_ping_timeout_is_unknown_however_late_the_heartbeat_runs() {
        let protocol = ProtocolConfig {
            ping_interval: Duration::from_millis(150),
            ping_timeout: Duration::from_millis(100),
            ..quiet()
        };
        let (address, _hub) = serve_hub(protocol).await;
        let (sid, _) = handshake(address).await;
        let query = format!("&sid={sid}");
        // Silent for the interval and the timeout: the next request finds no session, whether
        // or not the socket's own timer has run yet (the official suite asks at exactly this
        // moment, with no margin for a busy node).
        tokio::time::sleep(Duration::from_millis(250)).await;
        assert_eq!(
            http(address, "GET", &query, "").await,
            (
                400,
                r#"{"code":1,"message":"Session ID unknown"}"#.to_string()
            )
        );
    }

    #[test]
    fn a_payload_is_read_packet_by_packet() {
        assert_eq!(
            read_payload(b"4hello\x1ebAQIDBA==\x1e1"),
            Some(vec![
                Packet::Text("4hello"),
                Packet::Binary(vec![1, 2, 3, 4]),
                Packet::Close
            ])
        );
        assert_eq!(read_payload(b"abc"), None);
        assert_eq!(read_payload(b"4a\x1e"), None);
        assert_eq!(read_payload(b"b!!"), None);
        assert_eq!(read_payload(&[0x34, 0xff]), None);
    }

    #[test]
    fn frames_become_one_payload() {
        let frames = VecDeque::from([
            websocket::text("4hello"),
            websocket::binary(&[1, 2, 3, 4]),
            websocket::text(&"x".repeat(300)),
        ]);
        assert_eq!(
            payload(&frames),
            format!("4hello\x1ebAQIDBA==\x1e{}", "x".repeat(300))
        );
    }
}
