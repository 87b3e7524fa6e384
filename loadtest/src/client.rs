//! One Socket.IO connection per client: a single task owns the WebSocket, answers pings,
//! matches acks and hands events to a shared callback, so 20,000 clients cost 20,000 small
//! tasks and nothing more.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{WebSocketStream, client_async_with_config};

use crate::codec::{Event, Packet, decode, encode, with_event};

/// Called for every event the server pushes.
pub type EventHandler = Arc<dyn Fn(&Event<'_>) + Send + Sync>;

/// A handler for clients whose events nobody reads.
pub fn ignore_events() -> EventHandler {
    Arc::new(|_: &Event<'_>| {})
}

pub(crate) enum Outgoing {
    Text(String),
    /// Stop reading from the socket (a slow consumer): the server's buffers fill up.
    Stall,
    WithAck {
        name: String,
        data: Value,
        reply: oneshot::Sender<Vec<Value>>,
    },
    Close,
}

/// How a client reaches the server: a WebSocket from the start, or HTTP long-polling (what
/// socket.io-client falls back to when WebSocket is refused).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Transport {
    #[default]
    WebSocket,
    Polling,
}

impl std::str::FromStr for Transport {
    type Err = anyhow::Error;

    fn from_str(name: &str) -> anyhow::Result<Self> {
        match name {
            "websocket" => Ok(Transport::WebSocket),
            "polling" => Ok(Transport::Polling),
            other => bail!("unknown transport {other:?}; use websocket or polling"),
        }
    }
}

#[derive(Clone)]
pub struct Conn {
    tx: mpsc::UnboundedSender<Outgoing>,
}

pub(crate) async fn open_tcp(
    server: SocketAddr,
    source: Option<IpAddr>,
) -> anyhow::Result<TcpStream> {
    let socket = if server.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    if let Some(source) = source {
        socket
            .bind(SocketAddr::new(source, 0))
            .context("bind source address")?;
    }
    socket.set_nodelay(true)?;
    Ok(socket.connect(server).await?)
}

/// Server frames are small. tungstenite zero-fills `read_buffer_size` bytes before every read
/// (128 KiB by default), which cost the generator a quarter of its CPU under fan-out load.
const READ_BUFFER_BYTES: usize = 4096;

fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(READ_BUFFER_BYTES)
}

pub(crate) async fn next_packet(ws: &mut WebSocketStream<TcpStream>) -> anyhow::Result<Packet> {
    loop {
        match ws.next().await.ok_or_else(|| anyhow!("closed"))?? {
            Message::Text(text) => return Ok(decode(&text)?),
            Message::Close(_) => bail!("closed"),
            _ => {}
        }
    }
}

/// Opens a WebSocket to `server` and connects to the default namespace with `auth.token`.
pub(crate) async fn handshake(
    server: SocketAddr,
    token: &str,
    source: Option<IpAddr>,
) -> anyhow::Result<WebSocketStream<TcpStream>> {
    let stream = open_tcp(server, source).await?;
    let url = format!("ws://{server}/socket.io/?EIO=4&transport=websocket");
    let (mut ws, _) = client_async_with_config(url, stream, Some(ws_config())).await?;
    match next_packet(&mut ws).await? {
        Packet::Open(_) => {}
        other => bail!("expected open, got {other:?}"),
    }
    ws.send(Message::text(encode(&Packet::Connect(
        json!({ "token": token }),
    ))))
    .await?;
    loop {
        match next_packet(&mut ws).await? {
            Packet::Connect(_) => return Ok(ws),
            Packet::ConnectError(error) => bail!("connect refused: {error}"),
            Packet::Ping => ws.send(Message::text("3")).await?,
            _ => {}
        }
    }
}

impl Conn {
    /// Connects over `transport` (`source` binds the client's address).
    pub async fn connect_over(
        transport: Transport,
        server: SocketAddr,
        token: &str,
        source: Option<IpAddr>,
        on_event: EventHandler,
    ) -> anyhow::Result<Conn> {
        match transport {
            Transport::WebSocket => Conn::connect(server, token, source, on_event).await,
            Transport::Polling => Ok(Conn {
                tx: crate::polling::connect(server, token, source, on_event).await?,
            }),
        }
    }

    /// Opens the WebSocket transport, authenticates with `auth.token`, and starts the task.
    pub async fn connect(
        server: SocketAddr,
        token: &str,
        source: Option<IpAddr>,
        on_event: EventHandler,
    ) -> anyhow::Result<Conn> {
        let ws = handshake(server, token, source).await?;
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(run(ws, rx, on_event));
        Ok(Conn { tx })
    }

    pub fn emit(&self, name: &str, data: Value) {
        let packet = Packet::Event {
            ack: None,
            name: name.to_string(),
            data: vec![data],
        };
        let _ = self.tx.send(Outgoing::Text(encode(&packet)));
    }

    /// Emits a pre-encoded Socket.IO event (the hot path of the publishers).
    pub fn emit_raw(&self, encoded: String) {
        let _ = self.tx.send(Outgoing::Text(encoded));
    }

    pub async fn emit_with_ack(
        &self,
        name: &str,
        data: Value,
        timeout: Duration,
    ) -> anyhow::Result<Vec<Value>> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(Outgoing::WithAck {
                name: name.to_string(),
                data,
                reply,
            })
            .map_err(|_| anyhow!("connection closed"))?;
        Ok(tokio::time::timeout(timeout, answer)
            .await
            .context("ack timeout")??)
    }

    pub fn close(&self) {
        let _ = self.tx.send(Outgoing::Close);
    }

    pub fn stall(&self) {
        let _ = self.tx.send(Outgoing::Stall);
    }
}

async fn run(
    mut ws: WebSocketStream<TcpStream>,
    mut rx: mpsc::UnboundedReceiver<Outgoing>,
    on_event: EventHandler,
) {
    let mut pending: HashMap<u64, oneshot::Sender<Vec<Value>>> = HashMap::new();
    let mut next_ack = 1u64;
    loop {
        tokio::select! {
            incoming = ws.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                match with_event(&text, |event| on_event(event)) {
                    Ok(Some(Packet::Ping))
                        if ws.send(Message::text("3")).await.is_err() => { break; }
                    Ok(Some(Packet::Ack { id, data })) => {
                        if let Some(reply) = pending.remove(&id) { let _ = reply.send(data); }
                    }
                    Ok(Some(Packet::Disconnect)) | Ok(Some(Packet::Close)) => break,
                    _ => {}
                }
            }
            outgoing = rx.recv() => match outgoing {
                Some(Outgoing::Text(text)) => {
                    if ws.send(Message::text(text)).await.is_err() { break; }
                }
                Some(Outgoing::WithAck { name, data, reply }) => {
                    let id = next_ack;
                    next_ack += 1;
                    pending.insert(id, reply);
                    let packet = Packet::Event { ack: Some(id), name, data: vec![data] };
                    if ws.send(Message::text(encode(&packet))).await.is_err() { break; }
                }
                Some(Outgoing::Stall) => {
                    // Read nothing more; only a close ends the stall.
                    while let Some(outgoing) = rx.recv().await {
                        if matches!(outgoing, Outgoing::Close) { break; }
                    }
                    break;
                }
                Some(Outgoing::Close) | None => {
                    let _ = ws.close(None).await;
                    break;
                }
            }
        }
    }
}
