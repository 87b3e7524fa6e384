//! The HTTP long-polling transport of a bench client (Engine.IO v4, what socket.io-client does
//! when WebSocket is refused): one GET waiting for the server's packets at a time, and a POST
//! for what the client sends, each on a keep-alive connection of its own, as a browser holds
//! them. The client behind [`Conn`](crate::client::Conn) is the same whichever transport
//! carries it.
//!
//! The requests are written and their answers read by [`Http1`], a minimal HTTP/1.1 client: at
//! 20,000 deliveries a second the generator makes about as many requests as the server answers,
//! on the same two cores, and a general client's per-request work (URL parsing, pool lookups,
//! header maps) made the generator the first to run out of CPU.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, bail};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot};

use crate::client::{EventHandler, Outgoing, open_tcp};
use crate::codec::{Packet, decode, encode, with_event};

/// Packets separated in one long-polling payload.
const SEPARATOR: char = '\x1e';

/// One keep-alive HTTP/1.1 connection to the server, opened when first needed and opened again
/// when the server closed it.
struct Http1 {
    server: SocketAddr,
    source: Option<IpAddr>,
    stream: Option<TcpStream>,
    /// Bytes read past the end of the last answer (none in practice: one request at a time).
    buffer: Vec<u8>,
}

/// An answer: its status and its body as text.
struct Answer {
    status: u16,
    body: String,
}

impl Http1 {
    fn new(server: SocketAddr, source: Option<IpAddr>) -> Self {
        Self {
            server,
            source,
            stream: None,
            buffer: Vec::with_capacity(4096),
        }
    }

    /// Sends a request, and once more on a new connection when the first attempt failed
    /// without an answer: a keep-alive connection the server closed as idle just as it was
    /// reused, which a browser also retries. An HTTP error status is an answer and is not
    /// retried.
    async fn request(&mut self, method: &str, target: &str, body: &str) -> anyhow::Result<Answer> {
        match self.attempt(method, target, body).await {
            Ok(answer) => Ok(answer),
            Err(_) => {
                self.stream = None;
                self.attempt(method, target, body).await
            }
        }
    }

    async fn attempt(&mut self, method: &str, target: &str, body: &str) -> anyhow::Result<Answer> {
        if self.stream.is_none() {
            self.stream = Some(open_tcp(self.server, self.source).await?);
            self.buffer.clear();
        }
        let stream = self.stream.as_mut().expect("opened above");
        let mut request = format!(
            "{method} {target} HTTP/1.1\r\nhost: {}\r\ncontent-length: {}\r\n",
            self.server,
            body.len()
        );
        if !body.is_empty() {
            request.push_str("content-type: text/plain;charset=UTF-8\r\n");
        }
        request.push_str("\r\n");
        request.push_str(body);
        stream.write_all(request.as_bytes()).await?;
        let answer = read_answer(stream, &mut self.buffer).await;
        match answer {
            Ok((answer, keep_alive)) => {
                if !keep_alive {
                    self.stream = None;
                }
                Ok(answer)
            }
            Err(error) => {
                self.stream = None;
                Err(error)
            }
        }
    }
}

/// Reads one answer (`Content-Length` or chunked); says whether the connection stays open.
async fn read_answer(
    stream: &mut TcpStream,
    buffer: &mut Vec<u8>,
) -> anyhow::Result<(Answer, bool)> {
    let head_end = loop {
        if let Some(at) = find(buffer, b"\r\n\r\n") {
            break at;
        }
        fill(stream, buffer).await?;
    };
    let head = std::str::from_utf8(&buffer[..head_end]).context("answer head is not UTF-8")?;
    let mut lines = head.split("\r\n");
    let status: u16 = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .context("no status line")?;
    let mut length = None;
    let mut chunked = false;
    let mut keep_alive = true;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.parse::<usize>().context("bad content-length")?);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.eq_ignore_ascii_case("chunked");
        } else if name.eq_ignore_ascii_case("connection") {
            keep_alive = !value.eq_ignore_ascii_case("close");
        }
    }
    buffer.drain(..head_end + 4);
    let body = if chunked {
        read_chunked(stream, buffer).await?
    } else {
        let length = length.unwrap_or(0);
        while buffer.len() < length {
            fill(stream, buffer).await?;
        }
        buffer.drain(..length).collect()
    };
    let body = String::from_utf8(body).context("answer body is not UTF-8")?;
    Ok((Answer { status, body }, keep_alive))
}

async fn read_chunked(stream: &mut TcpStream, buffer: &mut Vec<u8>) -> anyhow::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let line_end = loop {
            if let Some(at) = find(buffer, b"\r\n") {
                break at;
            }
            fill(stream, buffer).await?;
        };
        let size_text = std::str::from_utf8(&buffer[..line_end])?;
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .context("bad chunk size")?;
        buffer.drain(..line_end + 2);
        while buffer.len() < size + 2 {
            fill(stream, buffer).await?;
        }
        body.extend(buffer.drain(..size));
        buffer.drain(..2);
        if size == 0 {
            return Ok(body);
        }
    }
}

async fn fill(stream: &mut TcpStream, buffer: &mut Vec<u8>) -> anyhow::Result<()> {
    buffer.reserve(4096);
    if stream.read_buf(buffer).await? == 0 {
        bail!("the server closed the connection");
    }
    Ok(())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// A session's two connections: the waiting GET's and the POSTs'.
struct Session {
    target: String,
    get: tokio::sync::Mutex<Http1>,
    post: tokio::sync::Mutex<Http1>,
}

impl Session {
    async fn get(&self) -> anyhow::Result<String> {
        let answer = self
            .get
            .lock()
            .await
            .request("GET", &self.target, "")
            .await?;
        if !(200..300).contains(&answer.status) {
            bail!("poll answered {}", answer.status);
        }
        Ok(answer.body)
    }

    async fn post(&self, payload: String) -> anyhow::Result<()> {
        let answer = self
            .post
            .lock()
            .await
            .request("POST", &self.target, &payload)
            .await?;
        if !(200..300).contains(&answer.status) {
            bail!("send answered {}", answer.status);
        }
        Ok(())
    }
}

/// Opens a polling session, connects to the main namespace with `auth.token`, and starts the
/// client's two tasks; what is sent to the returned channel goes out in POSTs.
pub(crate) async fn connect(
    server: SocketAddr,
    token: &str,
    source: Option<IpAddr>,
    on_event: EventHandler,
) -> anyhow::Result<mpsc::UnboundedSender<Outgoing>> {
    let base = "/socket.io/?EIO=4&transport=polling";
    let mut get = Http1::new(server, source);
    let open = get.request("GET", base, "").await?.body;
    let Packet::Open(open) = decode(&open)? else {
        bail!("expected open, got {open:.40}");
    };
    let sid = open["sid"].as_str().context("open without sid")?;
    let session = Arc::new(Session {
        target: format!("{base}&sid={sid}"),
        get: tokio::sync::Mutex::new(get),
        post: tokio::sync::Mutex::new(Http1::new(server, source)),
    });
    session
        .post(encode(&Packet::Connect(json!({ "token": token }))))
        .await?;
    'connecting: loop {
        for packet in session.get().await?.split(SEPARATOR) {
            match decode(packet)? {
                Packet::Connect(_) => break 'connecting,
                Packet::ConnectError(error) => bail!("connect refused: {error}"),
                Packet::Ping => session.post("3".into()).await?,
                _ => {}
            }
        }
    }
    let (tx, rx) = mpsc::unbounded_channel();
    let pending = Arc::new(Mutex::new(HashMap::new()));
    let stalled = Arc::new(AtomicBool::new(false));
    tokio::spawn(read(
        session.clone(),
        tx.clone(),
        pending.clone(),
        stalled.clone(),
        on_event,
    ));
    tokio::spawn(write(session, rx, pending, stalled));
    Ok(tx)
}

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Vec<Value>>>>>;

/// Polls until the session ends: events to the handler, acks to their callers, pongs out.
async fn read(
    session: Arc<Session>,
    tx: mpsc::UnboundedSender<Outgoing>,
    pending: Pending,
    stalled: Arc<AtomicBool>,
    on_event: EventHandler,
) {
    while !stalled.load(Ordering::Relaxed) {
        let Ok(payload) = session.get().await else {
            break;
        };
        for text in payload.split(SEPARATOR) {
            match with_event(text, |event| on_event(event)) {
                Ok(Some(Packet::Ping)) => {
                    let _ = tx.send(Outgoing::Text("3".into()));
                }
                Ok(Some(Packet::Ack { id, data })) => {
                    let reply = pending.lock().expect("pending acks").remove(&id);
                    if let Some(reply) = reply {
                        let _ = reply.send(data);
                    }
                }
                Ok(Some(Packet::Disconnect | Packet::Close)) => return,
                _ => {}
            }
        }
    }
}

/// Sends what the client emits, everything queued at once in one POST (as socket.io-client does).
async fn write(
    session: Arc<Session>,
    mut rx: mpsc::UnboundedReceiver<Outgoing>,
    pending: Pending,
    stalled: Arc<AtomicBool>,
) {
    let mut next_ack = 1u64;
    while let Some(first) = rx.recv().await {
        let mut packets = Vec::new();
        let mut closing = false;
        let mut outgoing = Some(first);
        while let Some(item) = outgoing.take().or_else(|| rx.try_recv().ok()) {
            match item {
                Outgoing::Text(text) => packets.push(text),
                Outgoing::WithAck { name, data, reply } => {
                    let id = next_ack;
                    next_ack += 1;
                    pending.lock().expect("pending acks").insert(id, reply);
                    packets.push(encode(&Packet::Event {
                        ack: Some(id),
                        name,
                        data: vec![data],
                    }));
                }
                // A stalled polling client stops asking for more; its sends still go out.
                Outgoing::Stall => stalled.store(true, Ordering::Relaxed),
                Outgoing::Close => {
                    packets.push("1".into());
                    closing = true;
                    break;
                }
            }
        }
        let payload = packets.join(&SEPARATOR.to_string());
        let sent = payload.is_empty() || session.post(payload).await.is_ok();
        if closing || !sent {
            return;
        }
    }
    // Every sender is gone: the client ends its session.
    let _ = session.post("1".into()).await;
}
