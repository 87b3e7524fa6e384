//! A chat client as the web app runs it, for the tests of nodes that fail, drain or sit
//! behind a load balancer (`faults.rs`, `cluster.rs`).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use tokio::sync::mpsc;

use super::sio::{Next, SioClient};
use super::{TestApp, test_config};

// A chat client as the web app runs it (web/src/features/chat): messages merged by id into one
// store; on (re)connect it joins the channel and catches up through REST after the newest id it
// holds; on `hub.resync` it catches up after the newest message created before `since`.

#[derive(Default)]
pub struct ChatStore {
    pub messages: BTreeMap<i64, Value>,
    /// Deliveries by source, and deliveries of a message the store already held.
    pub live: u64,
    pub caught_up: u64,
    pub duplicates: u64,
}

impl ChatStore {
    pub fn merge(&mut self, message: &Value, live: bool) {
        let id = message["id"].as_i64().expect("message id");
        if live {
            self.live += 1;
        } else {
            self.caught_up += 1;
        }
        if self.messages.insert(id, message.clone()).is_some() {
            self.duplicates += 1;
        }
    }

    pub fn newest(&self) -> i64 {
        self.messages.keys().next_back().copied().unwrap_or(0)
    }

    /// The newest message created before `since` (what `hub.resync` catches up after).
    pub fn newest_before(&self, since: &str) -> i64 {
        let since = chrono::DateTime::parse_from_rfc3339(since).expect("since");
        self.messages
            .values()
            .filter(|m| {
                chrono::DateTime::parse_from_rfc3339(m["created_at"].as_str().unwrap()).unwrap()
                    < since
            })
            .filter_map(|m| m["id"].as_i64())
            .max()
            .unwrap_or(0)
    }

    pub fn ids_after(&self, baseline: i64) -> Vec<i64> {
        self.messages
            .range(baseline + 1..)
            .map(|(id, _)| *id)
            .collect()
    }
}

/// `GET /channels/{id}/messages?after_id=` until `has_more` is false, merged into `store`.
pub async fn catch_up(
    node: &TestApp,
    token: &str,
    channel: i64,
    after: i64,
    store: &mut ChatStore,
) {
    catch_up_at(&node.http, node.addr, token, channel, after, store).await;
}

/// The same through any address (a load balancer's).
pub async fn catch_up_at(
    http: &reqwest::Client,
    addr: SocketAddr,
    token: &str,
    channel: i64,
    after: i64,
    store: &mut ChatStore,
) {
    let mut after = after;
    loop {
        let response = http
            .get(format!(
                "http://{addr}/api/channels/{channel}/messages?after_id={after}"
            ))
            .bearer_auth(token)
            .send()
            .await
            .expect("catch-up answers");
        let status = response.status();
        let page: Value = response.json().await.unwrap_or(Value::Null);
        assert_eq!(status, StatusCode::OK, "catch-up: {page}");
        let messages = page["messages"].as_array().unwrap();
        for message in messages {
            store.merge(message, false);
        }
        if page["has_more"] != true || messages.is_empty() {
            return;
        }
        after = messages.last().unwrap()["id"].as_i64().unwrap();
    }
}

pub async fn join(socket: &mut SioClient, channel: i64) {
    let ack = socket
        .emit_with_ack(
            "channel:join",
            json!({ "channel_id": channel }),
            Duration::from_secs(3),
        )
        .await
        .expect("join ack");
    assert_eq!(ack["data"]["channel_id"], channel, "{ack}");
}

pub async fn message_ids(pool: &PgPool, channel: i64, after: i64) -> Vec<i64> {
    sqlx::query_scalar(
        "select id from messages where channel_id = $1 and id > $2 and deleted_at is null order by id",
    )
    .bind(channel)
    .bind(after)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The test defaults, except that one person may talk faster than `MESSAGE_LIMIT_*` allows: these
/// tests keep a channel busy to watch the faults, not the send limit (`chat.rs` checks that).
pub fn talkative_config(pool: &PgPool) -> api::config::Config {
    let mut config = test_config(pool);
    config.message_limit.burst = 1_000_000;
    config
}

pub fn redis_node_config(pool: &PgPool, url: String, prefix: &str) -> api::config::Config {
    let mut config = talkative_config(pool);
    config.redis_url = Some(url);
    config.redis_prefix = prefix.to_string();
    config
}

/// Two nodes of one deployment: the test's database and one Redis under a prefix of their own.
pub async fn two_nodes(pool: &PgPool) -> (crate::support::TestApp, crate::support::TestApp) {
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let config = || redis_node_config(pool, crate::support::redis_url(), &prefix);
    let a = crate::support::TestApp::spawn_with(pool.clone(), config()).await;
    let b = crate::support::TestApp::spawn_with(pool.clone(), config()).await;
    (a, b)
}

/// Posts `body` through the node at `addr` with a bare HTTP client (usable from a task).
pub async fn post_message(
    http: &reqwest::Client,
    addr: SocketAddr,
    token: &str,
    channel: i64,
    body: &str,
    client_message_id: &str,
) -> Result<(StatusCode, Value), reqwest::Error> {
    let response = http
        .post(format!("http://{addr}/api/channels/{channel}/messages"))
        .bearer_auth(token)
        .timeout(Duration::from_secs(10))
        .json(&json!({ "body": body, "client_message_id": client_message_id }))
        .send()
        .await?;
    let status = response.status();
    Ok((status, response.json().await.unwrap_or(Value::Null)))
}

/// A member sending a message to `channel` through `addr` every 40 ms until stopped; every send
/// must be answered 201 (the tests of draining and failing nodes hold the server to that).
pub struct Talker {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    sent: std::sync::Arc<std::sync::Mutex<Vec<i64>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Talker {
    /// Starts talking; `label` names the messages (「{label} 3」, client id `{label}-3`).
    pub fn start(
        http: reqwest::Client,
        addr: SocketAddr,
        token: String,
        channel: i64,
        label: &'static str,
    ) -> Self {
        use std::sync::atomic::Ordering;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sent = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let task = {
            let (stop, sent) = (stop.clone(), sent.clone());
            tokio::spawn(async move {
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    n += 1;
                    let (status, answer) = post_message(
                        &http,
                        addr,
                        &token,
                        channel,
                        &format!("{label} {n}"),
                        &format!("{label}-{n}"),
                    )
                    .await
                    .expect("the node answers");
                    assert_eq!(status, StatusCode::CREATED, "send {n}: {answer}");
                    sent.lock().unwrap().push(answer["id"].as_i64().unwrap());
                    tokio::time::sleep(Duration::from_millis(40)).await;
                }
            })
        };
        Self { stop, sent, task }
    }

    /// Stops after the send in flight; the ids of every message sent, in order.
    pub async fn stop(self) -> Vec<i64> {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.task.await.unwrap();
        self.sent.lock().unwrap().clone()
    }
}

/// What one reader's socket received, with when.
pub enum Seen {
    Message(Value, Instant),
    Resync(String, Instant),
}

/// Reads a socket on a task and forwards messages and resync signals.
pub fn forward(mut socket: SioClient) -> mpsc::UnboundedReceiver<Seen> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            match socket.next(Duration::from_secs(60)).await {
                Next::Event(event) => {
                    let seen = match event.name.as_str() {
                        "message.created" => Seen::Message(event.data, Instant::now()),
                        "hub.resync" => Seen::Resync(
                            event.data["since"].as_str().unwrap_or_default().to_string(),
                            Instant::now(),
                        ),
                        _ => continue,
                    };
                    if tx.send(seen).is_err() {
                        return;
                    }
                }
                Next::Timeout => {}
                Next::Closed => return,
            }
        }
    });
    rx
}
