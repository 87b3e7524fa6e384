//! The hub's link to Redis: publish/subscribe that survives Redis going away.
//!
//! One multiplexed connection held for the life of the process would publish into the void
//! forever once Redis restarts, its subscriptions gone. This link instead
//! - never holds up local delivery: a publish while the link is down is dropped (counted and
//!   logged once per outage); a publish that fails or takes longer than [`COMMAND_TIMEOUT`]
//!   marks the link down;
//! - notices a lost link from the connection's disconnect push, a failed command, or a `PING`
//!   every [`HEALTH_INTERVAL`], and reconnects every [`RECONNECT_INTERVAL`];
//! - on reconnecting, subscribes every channel again and then calls the recovery hook with the
//!   time from which events may have been missed, with which the hub tells its sockets to catch
//!   up on what other nodes published meanwhile.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock, Weak};
use std::time::Duration;

use chrono::{DateTime, Utc};
use redis::aio::MultiplexedConnection;
use redis::{AsyncConnectionConfig, FromRedisValue, PushInfo, PushKind};
use tokio::sync::{Notify, mpsc};

/// Longest a publish, subscribe or ping may take before the link counts as down.
pub const COMMAND_TIMEOUT: Duration = Duration::from_secs(1);
/// How often a lost link tries to reconnect.
pub const RECONNECT_INTERVAL: Duration = Duration::from_millis(500);
/// How often a live link is pinged (a Redis that hangs sends no disconnect).
pub const HEALTH_INTERVAL: Duration = Duration::from_secs(5);
/// How far before this node noticed the loss events may already have been lost: another node
/// may have noticed up to a health interval earlier, and a record's `created_at` (its
/// transaction's start) precedes its publish by the request's duration (at most the request
/// time limit, 30 s by default).
pub const MISSED_MARGIN: Duration = Duration::from_secs(60);

#[derive(Debug, thiserror::Error)]
#[error("redis link: {0}")]
pub struct LinkError(pub(crate) String);

impl From<redis::RedisError> for LinkError {
    fn from(error: redis::RedisError) -> Self {
        LinkError(error.to_string())
    }
}

/// A message as it arrived: its channel and its payload.
pub(crate) type ChanItem = (String, Vec<u8>);
type Handlers = HashMap<String, mpsc::Sender<ChanItem>>;
type RecoveryHook = Box<dyn Fn(DateTime<Utc>) + Send + Sync>;

/// What both links (one Redis, a cluster) keep besides their connections: the subscribed
/// channels, the generation of connections, and the current outage.
pub(crate) struct LinkState {
    handlers: RwLock<Handlers>,
    generation: AtomicU64,
    /// Publishes dropped during the current outage.
    dropped: AtomicU64,
    /// When the current outage was noticed.
    lost_at: Mutex<Option<DateTime<Utc>>>,
    pub(crate) wake: Arc<Notify>,
    on_recovered: OnceLock<RecoveryHook>,
}

impl Drop for LinkState {
    fn drop(&mut self) {
        // Lets the supervisor see that the link is gone and end.
        self.wake.notify_one();
    }
}

impl LinkState {
    pub(crate) fn new() -> Self {
        LinkState {
            handlers: RwLock::new(HashMap::new()),
            generation: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
            lost_at: Mutex::new(None),
            wake: Arc::new(Notify::new()),
            on_recovered: OnceLock::new(),
        }
    }

    pub(crate) fn next_generation(&self) -> u64 {
        self.generation.fetch_add(1, Ordering::Relaxed) + 1
    }

    pub(crate) fn set_recovery_hook(&self, hook: impl Fn(DateTime<Utc>) + Send + Sync + 'static) {
        let _ = self.on_recovered.set(Box::new(hook));
    }

    /// `chans` deliver into `tx` from now on.
    pub(crate) fn register(&self, chans: &[String], tx: mpsc::Sender<ChanItem>) {
        let mut handlers = self.handlers.write().unwrap_or_else(|e| e.into_inner());
        for chan in chans {
            handlers.insert(chan.clone(), tx.clone());
        }
    }

    /// Every channel subscribed so far.
    pub(crate) fn channels(&self) -> Vec<String> {
        self.handlers
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .cloned()
            .collect()
    }

    /// A publish was dropped (link down or failed).
    pub(crate) fn publish_dropped(&self) {
        crate::metrics::publish_failed();
        self.dropped.fetch_add(1, Ordering::Relaxed);
    }

    /// The live connections were just taken down: notes when, and wakes the supervisor.
    pub(crate) fn went_down(&self, why: &str) {
        *self.lost_at.lock().unwrap_or_else(|e| e.into_inner()) = Some(Utc::now());
        tracing::warn!(%why, "redis link lost; delivering to this node's sockets only until it is back");
        self.wake.notify_one();
    }

    /// Hands the data of a `message` or `smessage` push (channel, payload) to the queue that
    /// subscribed its channel.
    pub(crate) fn deliver(&self, data: Vec<redis::Value>) {
        let mut data = data.into_iter();
        let (Some(chan), Some(payload)) = (data.next(), data.next()) else {
            return;
        };
        let (Ok(chan), Ok(payload)) = (
            String::from_redis_value(chan),
            Vec::<u8>::from_redis_value(payload),
        ) else {
            tracing::warn!("unreadable redis message");
            return;
        };
        let handlers = self.handlers.read().unwrap_or_else(|e| e.into_inner());
        if let Some(tx) = handlers.get(&chan)
            && let Err(error) = tx.try_send((chan, payload))
        {
            tracing::warn!(%error, "redis message dropped: the hub's buffer is full");
        }
    }

    /// The link is back after an outage: logs it and calls the recovery hook with the time
    /// from which events may have been missed.
    pub(crate) fn recovered(&self) {
        let dropped = self.dropped.swap(0, Ordering::Relaxed);
        let lost_at = self
            .lost_at
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .unwrap_or_else(Utc::now);
        let since = lost_at - chrono::Duration::from_std(MISSED_MARGIN).unwrap_or_default();
        tracing::info!(
            dropped,
            down_ms = (Utc::now() - lost_at).num_milliseconds(),
            "redis link back; this node's sockets are told to catch up"
        );
        if let Some(hook) = self.on_recovered.get() {
            hook(since);
        }
    }
}

/// Cheap to clone; every clone shares the connection and the subscriptions.
#[derive(Clone)]
pub struct RedisLink {
    inner: Arc<Inner>,
}

struct Inner {
    client: redis::Client,
    /// The live connection and its generation; `None` while the link is down.
    conn: Mutex<Option<(u64, MultiplexedConnection)>>,
    state: LinkState,
}

impl RedisLink {
    /// Connects (failing when Redis does not answer, as a node should not start without it)
    /// and starts the supervisor that keeps the link up.
    pub async fn connect(client: redis::Client) -> Result<Self, LinkError> {
        let inner = Arc::new(Inner {
            client,
            conn: Mutex::new(None),
            state: LinkState::new(),
        });
        Inner::establish(&inner).await?;
        tokio::spawn(supervise(Arc::downgrade(&inner), inner.state.wake.clone()));
        Ok(RedisLink { inner })
    }

    /// Runs `hook` each time the link comes back after an outage, once every channel is
    /// subscribed again, with the time from which events may have been missed.
    pub fn on_recovered(&self, hook: impl Fn(DateTime<Utc>) + Send + Sync + 'static) {
        self.inner.state.set_recovery_hook(hook);
    }
}

impl Inner {
    fn current(&self) -> Option<(u64, MultiplexedConnection)> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Marks generation `generation` down (a later connection is left alone).
    fn lost(&self, generation: u64, why: &str) {
        let mut slot = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        if matches!(&*slot, Some((live, _)) if *live == generation) {
            *slot = None;
            drop(slot);
            self.state.went_down(why);
        }
    }

    /// Opens a connection, makes it the live one, and subscribes every channel on it.
    async fn establish(this: &Arc<Self>) -> Result<(), LinkError> {
        let generation = this.state.next_generation();
        let weak = Arc::downgrade(this);
        let config = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(COMMAND_TIMEOUT))
            .set_response_timeout(Some(COMMAND_TIMEOUT))
            .set_push_sender(move |push: PushInfo| {
                if let Some(inner) = weak.upgrade() {
                    inner.on_push(generation, push);
                }
                Ok::<(), std::convert::Infallible>(())
            });
        let conn = tokio::time::timeout(
            COMMAND_TIMEOUT * 2,
            this.client
                .get_multiplexed_async_connection_with_config(&config),
        )
        .await
        .map_err(|_| LinkError("connect timed out".into()))??;
        // Live first, so a channel subscribed from now on goes to this connection; then every
        // channel known so far (subscribing twice on one connection is harmless).
        *this.conn.lock().unwrap_or_else(|e| e.into_inner()) = Some((generation, conn.clone()));
        let channels = this.state.channels();
        if !channels.is_empty() {
            let mut conn = conn;
            let subscribed = tokio::time::timeout(COMMAND_TIMEOUT, conn.subscribe(&channels)).await;
            if !matches!(subscribed, Ok(Ok(()))) {
                this.lost(generation, "resubscribe failed");
                return Err(LinkError("resubscribe failed".into()));
            }
        }
        Ok(())
    }

    fn on_push(&self, generation: u64, push: PushInfo) {
        match push.kind {
            PushKind::Message | PushKind::SMessage => {
                self.state.deliver(push.data);
            }
            PushKind::Disconnection => self.lost(generation, "connection closed"),
            _ => {}
        }
    }
}

/// Keeps the link up: pings it while it is up, reconnects while it is down, and calls the
/// recovery hook after each reconnection. Ends when the link is dropped.
async fn supervise(link: Weak<Inner>, wake: Arc<Notify>) {
    loop {
        let Some(inner) = link.upgrade() else { return };
        match inner.current() {
            Some((generation, mut conn)) => {
                drop(inner);
                tokio::select! {
                    _ = wake.notified() => {}
                    _ = tokio::time::sleep(HEALTH_INTERVAL) => {
                        let ping = tokio::time::timeout(
                            COMMAND_TIMEOUT,
                            redis::cmd("PING").query_async::<String>(&mut conn),
                        )
                        .await;
                        if !matches!(ping, Ok(Ok(_)))
                            && let Some(inner) = link.upgrade()
                        {
                            inner.lost(generation, "ping failed");
                        }
                    }
                }
            }
            None => match Inner::establish(&inner).await {
                Ok(()) => inner.state.recovered(),
                Err(error) => {
                    tracing::debug!(%error, "redis still unavailable");
                    drop(inner);
                    tokio::time::sleep(RECONNECT_INTERVAL).await;
                }
            },
        }
    }
}

impl RedisLink {
    /// Whether the link is connected now.
    pub(crate) fn is_up(&self) -> bool {
        self.inner
            .conn
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// The live connection for a command of the hub's own (presence), `None` while the link is
    /// down.
    pub(crate) fn connection(&self) -> Option<MultiplexedConnection> {
        self.inner.current().map(|(_, conn)| conn)
    }

    /// Publishes `payload` on `chan` and answers how many subscribers Redis handed it to;
    /// `None` when it was dropped (and counted) because the link is down.
    pub(crate) async fn publish(&self, chan: &str, payload: Vec<u8>) -> Option<usize> {
        let Some((generation, mut conn)) = self.inner.current() else {
            self.inner.state.publish_dropped();
            return None;
        };
        let sent = tokio::time::timeout(
            COMMAND_TIMEOUT,
            redis::AsyncCommands::publish::<_, _, usize>(&mut conn, chan, payload),
        )
        .await;
        match sent {
            Ok(Ok(receivers)) => Some(receivers),
            _ => {
                self.inner.state.publish_dropped();
                self.inner.lost(generation, "publish failed");
                None
            }
        }
    }

    /// Subscribes `chan`, now and after every reconnection; at most `size` messages wait.
    pub(crate) async fn subscribe(&self, chan: &str, size: usize) -> mpsc::Receiver<ChanItem> {
        let (tx, rx) = mpsc::channel(size);
        self.inner.state.register(&[chan.to_string()], tx);
        // While the link is down the channel is subscribed when it comes back.
        if let Some((generation, mut conn)) = self.inner.current() {
            let subscribed = tokio::time::timeout(COMMAND_TIMEOUT, conn.subscribe(chan)).await;
            if !matches!(subscribed, Ok(Ok(()))) {
                self.inner.lost(generation, "subscribe failed");
            }
        }
        rx
    }
}

/// The fan-out link of a hub: one Redis, or a Redis Cluster with sharded pub/sub
/// (`redis_shards.rs`).
#[derive(Clone)]
pub(crate) enum Link {
    One(RedisLink),
    Sharded(crate::redis_shards::ShardedLink),
}

impl Link {
    pub(crate) fn is_up(&self) -> bool {
        match self {
            Link::One(link) => link.is_up(),
            Link::Sharded(link) => link.is_up(),
        }
    }

    /// The connection for a command on `key` (a cluster's: to the primary of its slot), `None`
    /// while the link is down.
    pub(crate) fn connection_for(&self, key: &str) -> Option<MultiplexedConnection> {
        match self {
            Link::One(link) => link.connection(),
            Link::Sharded(link) => link.connection_for(key),
        }
    }

    pub(crate) fn on_recovered(&self, hook: impl Fn(DateTime<Utc>) + Send + Sync + 'static) {
        match self {
            Link::One(link) => link.on_recovered(hook),
            Link::Sharded(link) => link.on_recovered(hook),
        }
    }

    /// Whether Redis answers a ping now (every primary of a cluster).
    pub(crate) async fn ping(&self) -> bool {
        match self {
            Link::One(link) => match link.connection() {
                Some(mut conn) => matches!(
                    tokio::time::timeout(
                        COMMAND_TIMEOUT,
                        redis::cmd("PING").query_async::<String>(&mut conn)
                    )
                    .await,
                    Ok(Ok(_))
                ),
                None => false,
            },
            Link::Sharded(link) => link.ping().await,
        }
    }
}
