//! The HTTP long-polling transport of a bench client (Engine.IO v4, what socket.io-client does
//! when WebSocket is refused): one GET waiting for the server's packets at a time, and a POST
//! for what the client sends, both on one shared keep-alive pool. The client behind
//! [`Conn`](crate::client::Conn) is the same whichever transport carries it.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use anyhow::{Context, bail};
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};

use crate::client::{EventHandler, Outgoing};
use crate::codec::{Packet, decode, encode, with_event};

/// Packets separated in one long-polling payload.
const SEPARATOR: char = '\x1e';

/// Every polling client of the process shares one pool: a client holds at most two connections
/// (the waiting GET and a POST), as a browser does.
fn http() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .pool_max_idle_per_host(usize::MAX)
            .tcp_nodelay(true)
            .build()
            .expect("the polling clients' HTTP pool")
    })
}

struct Session {
    url: String,
}

impl Session {
    async fn get(&self) -> anyhow::Result<String> {
        let response = again_once(|| http().get(&self.url).send()).await?;
        if !response.status().is_success() {
            bail!("poll answered {}", response.status());
        }
        Ok(response.text().await?)
    }

    async fn post(&self, payload: String) -> anyhow::Result<()> {
        let response = again_once(|| {
            http()
                .post(&self.url)
                .header("content-type", "text/plain;charset=UTF-8")
                .body(payload.clone())
                .send()
        })
        .await?;
        if !response.status().is_success() {
            bail!("send answered {}", response.status());
        }
        Ok(())
    }
}

/// Sends a request, and once more when the first attempt failed without an answer: a pooled
/// keep-alive connection the server closed as idle just as it was reused, which a browser also
/// retries on a fresh connection. An HTTP error status is an answer and is not retried.
async fn again_once<F, Fut>(send: F) -> reqwest::Result<reqwest::Response>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = reqwest::Result<reqwest::Response>>,
{
    match send().await {
        Ok(response) => Ok(response),
        Err(_) => send().await,
    }
}

/// Opens a polling session, connects to the main namespace with `auth.token`, and starts the
/// client's two tasks; what is sent to the returned channel goes out in POSTs.
pub(crate) async fn connect(
    server: SocketAddr,
    token: &str,
    on_event: EventHandler,
) -> anyhow::Result<mpsc::UnboundedSender<Outgoing>> {
    let base = format!("http://{server}/socket.io/?EIO=4&transport=polling");
    let open = http().get(&base).send().await?.text().await?;
    let Packet::Open(open) = decode(&open)? else {
        bail!("expected open, got {open:.40}");
    };
    let sid = open["sid"].as_str().context("open without sid")?;
    let session = Arc::new(Session {
        url: format!("{base}&sid={sid}"),
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
