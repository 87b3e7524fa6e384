//! Who is online: each user's state over every node (`docs/decisions/presence.md`).
//!
//! A user is **online** while one of their sockets, on any node, was active (connected, or sent
//! an event) in the last [`PresenceConfig::away_after`]; **away** while connected otherwise;
//! **offline** with no socket. Each node keeps, per user, only the state it last wrote; it
//! recomputes a user's state from their sockets on this node when something may have changed it
//! (a connect, a disconnect, an event from a socket idle for the away time, and every tick for
//! the users it holds online, whose sockets may have gone idle), never per delivered message.
//!
//! Across nodes (Redis): `{prefix}:presence:user:{id}` is a hash node → `1` (away) or `2`
//! (online), its greatest value the user's state; `{prefix}:presence:node:{node}` the set of
//! users a node wrote; `{prefix}:presence:seq:{id}` the user's sequence, raised by the script
//! that moves their state; `{prefix}:presence:nodes` a sorted set of the live nodes, scored by the
//! moment (Redis's clock) their heartbeat lapses. A node renews its score every tick; a node
//! that lapsed is claimed by whichever node removes it from the sorted set first, which takes
//! its entries out of each of its users' hashes. Every change is one script that answers the
//! user's state before and after, so exactly the change that moved it is announced, once, with
//! the sequence it raised: two nodes' announcements of one user may cross on their way to a
//! browser, which keeps the highest sequence it saw per user (`docs/decisions/presence.md`).
//! Without Redis the node's own states are the whole truth. On a Redis Cluster the prefix is a
//! hash tag (`{prefix:presence}`), so that every key is in one slot and the scripts, which touch
//! a user's hash and a node's set at once, run on one shard (`docs/decisions/redis-cluster.md`).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock, Weak};
use std::time::{Duration, Instant};

use redis::aio::MultiplexedConnection;
use serde::Serialize;
use tokio::sync::mpsc;

use crate::hub::Shared;
use crate::registry::ALL;
use crate::rooms::Room;
use crate::socket::Socket;

/// The default of [`PresenceConfig::expiry`]: a dead node's users go offline within this and a
/// third of it more (the sweep's tick), 26.7 s.
pub const DEFAULT_PRESENCE_EXPIRY: Duration = Duration::from_secs(20);
/// The default of [`PresenceConfig::away_after`].
pub const DEFAULT_AWAY_AFTER: Duration = Duration::from_secs(5 * 60);
/// Users recomputed and written at once (one batch of concurrent scripts).
const BATCH: usize = 512;

/// How presence is kept.
#[derive(Debug, Clone, Copy)]
pub struct PresenceConfig {
    /// Off: nothing is tracked or announced (the benchmark's baseline).
    pub enabled: bool,
    /// How long a node's heartbeat lasts in Redis; it is renewed every third of it.
    pub expiry: Duration,
    /// Without activity for this long a connected user is away.
    pub away_after: Duration,
}

impl Default for PresenceConfig {
    fn default() -> Self {
        PresenceConfig {
            enabled: true,
            expiry: DEFAULT_PRESENCE_EXPIRY,
            away_after: DEFAULT_AWAY_AFTER,
        }
    }
}

/// A user's state as the web app shows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PresenceStatus {
    #[default]
    Offline,
    Away,
    Online,
}

impl PresenceStatus {
    fn code(self) -> u8 {
        self as u8
    }

    fn from_code(code: i64) -> Self {
        match code {
            2 => PresenceStatus::Online,
            1 => PresenceStatus::Away,
            _ => PresenceStatus::Offline,
        }
    }
}

/// A user's state changed (over every node); the application says who hears of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PresenceChange {
    pub user_id: i64,
    pub status: PresenceStatus,
    /// The user's sequence after this change: a later change of the same user has a greater
    /// one, whichever node announced it.
    pub seq: u64,
}

/// A user's state now and the sequence of the change that made it (0: never changed).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PresenceState {
    pub status: PresenceStatus,
    pub seq: u64,
}

type Listener = Arc<dyn Fn(PresenceChange) + Send + Sync>;

/// Milliseconds since the process's first use of presence: a socket's last activity.
pub(crate) fn now_ms() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    // Starts at 1 so that 0 can never read as "active just now".
    EPOCH.get_or_init(Instant::now).elapsed().as_millis() as u64 + 1
}

/// Microseconds since 1970 (below 2^53 until the year 2255: exact as a JavaScript number).
fn clock_micros() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as u64)
        .unwrap_or(0)
}

/// This node's part of presence.
pub(crate) struct Presence {
    config: PresenceConfig,
    /// Users whose state may have changed, for the presence task.
    dirty: mpsc::UnboundedSender<i64>,
    receiver: Mutex<Option<mpsc::UnboundedReceiver<i64>>>,
    /// What this node last wrote per user (absent: offline).
    written: Mutex<HashMap<i64, PresenceStatus>>,
    /// Users whose write to Redis failed: the next tick tries them again.
    unsettled: Mutex<HashSet<i64>>,
    store: Option<Store>,
    listeners: RwLock<Vec<Listener>>,
    /// Set by fault injection: the node behaves as if its process had died.
    halted: AtomicBool,
    /// Changes announced by this node (for the tests and the benchmark's report).
    announced: AtomicU64,
    /// Without Redis: the sequence of the node's latest change (of any user), moved under the
    /// `written` lock so that a reading of both agrees. It starts at the clock in microseconds,
    /// so that a restarted node's sequences are above those its reconnecting browsers hold.
    local_seq: AtomicU64,
}

impl Presence {
    pub(crate) fn new(config: PresenceConfig, store: Option<Store>) -> Self {
        let (dirty, receiver) = mpsc::unbounded_channel();
        Presence {
            config,
            dirty,
            receiver: Mutex::new(Some(receiver)),
            written: Mutex::default(),
            unsettled: Mutex::default(),
            store,
            listeners: RwLock::default(),
            halted: AtomicBool::new(false),
            announced: AtomicU64::new(0),
            local_seq: AtomicU64::new(clock_micros()),
        }
    }

    fn written(&self) -> std::sync::MutexGuard<'_, HashMap<i64, PresenceStatus>> {
        self.written.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn unsettled(&self) -> std::sync::MutexGuard<'_, HashSet<i64>> {
        self.unsettled.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn mark(&self, user_id: i64) {
        if self.config.enabled {
            let _ = self.dirty.send(user_id);
        }
    }

    /// A socket connected (it counts as active) or disconnected.
    pub(crate) fn connected(&self, socket: &Socket) {
        self.mark(socket.identity.user_id);
    }

    pub(crate) fn disconnected(&self, socket: &Socket) {
        self.mark(socket.identity.user_id);
    }

    /// A client event: the socket is active. Only a socket idle for the away time can have
    /// left its user away, so only then is the user looked at again: one atomic swap per event
    /// otherwise.
    pub(crate) fn active(&self, socket: &Socket) {
        let now = now_ms();
        let before = socket.touch(now);
        if now.saturating_sub(before) >= self.away_ms() {
            self.mark(socket.identity.user_id);
        }
    }

    fn away_ms(&self) -> u64 {
        self.config.away_after.as_millis() as u64
    }

    pub(crate) fn listen(&self, listener: Listener) {
        self.listeners
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .push(listener);
    }

    pub(crate) fn halt(&self) {
        self.halted.store(true, Ordering::SeqCst);
    }

    pub(crate) fn announced(&self) -> u64 {
        self.announced.load(Ordering::Relaxed)
    }

    /// The state of each of `user_ids` over every node with its sequence (offline when unknown
    /// or unreadable). Without Redis every user's sequence is the node's latest: no change
    /// announced before the reading has a greater one, every change after it has.
    pub(crate) async fn status_of(&self, user_ids: &[i64]) -> HashMap<i64, PresenceState> {
        match &self.store {
            Some(store) => store.status_of(user_ids).await,
            None => {
                let written = self.written();
                let seq = self.local_seq.load(Ordering::SeqCst);
                user_ids
                    .iter()
                    .map(|id| {
                        let status = written.get(id).copied().unwrap_or_default();
                        (*id, PresenceState { status, seq })
                    })
                    .collect()
            }
        }
    }

    /// The state of user `user_id` from their sockets on this node.
    fn local(&self, shared: &Shared, user_id: i64, now: u64) -> PresenceStatus {
        let mut status = PresenceStatus::Offline;
        shared
            .registry
            .for_each(&Room::User(user_id).to_string(), |socket| {
                let idle = now.saturating_sub(socket.active_at());
                let here = if idle < self.away_ms() {
                    PresenceStatus::Online
                } else {
                    PresenceStatus::Away
                };
                status = status.max(here);
            });
        status
    }

    fn announce(&self, change: PresenceChange) {
        self.announced.fetch_add(1, Ordering::Relaxed);
        let listeners = self
            .listeners
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        for listener in listeners {
            listener(change);
        }
    }

    /// Recomputes `users` on this node and writes and announces what changed.
    async fn settle(&self, shared: &Shared, users: impl IntoIterator<Item = i64>) {
        let now = now_ms();
        let changed: Vec<(i64, PresenceStatus)> = {
            let written = self.written();
            users
                .into_iter()
                .filter_map(|user_id| {
                    let status = self.local(shared, user_id, now);
                    let before = written.get(&user_id).copied().unwrap_or_default();
                    (status != before).then_some((user_id, status))
                })
                .collect()
        };
        for batch in changed.chunks(BATCH) {
            let moved = match &self.store {
                None => batch.iter().map(|_| None).collect(),
                Some(store) => store.write(batch).await,
            };
            for ((user_id, status), moved) in batch.iter().zip(moved) {
                let moved = {
                    let mut written = self.written();
                    let moved = match (&self.store, moved) {
                        // A write that failed is tried again at the next tick (it still differs).
                        (Some(_), None) => {
                            self.unsettled().insert(*user_id);
                            continue;
                        }
                        (Some(_), Some(moved)) => moved,
                        (None, _) => {
                            let before = written.get(user_id).copied().unwrap_or_default();
                            let seq = self.local_seq.fetch_add(1, Ordering::SeqCst) + 1;
                            Moved {
                                before,
                                after: *status,
                                seq,
                            }
                        }
                    };
                    if *status == PresenceStatus::Offline {
                        written.remove(user_id);
                    } else {
                        written.insert(*user_id, *status);
                    }
                    moved
                };
                if moved.before != moved.after {
                    self.announce(PresenceChange {
                        user_id: *user_id,
                        status: moved.after,
                        seq: moved.seq,
                    });
                }
            }
        }
    }

    /// Every tick: renews this node's heartbeat, looks again at the users this node holds
    /// online (time moves only them: their sockets may have gone idle) and at those whose write
    /// failed, and takes over the nodes whose heartbeat lapsed. Every other change comes with an
    /// event that marks its user (a connect, a disconnect, activity after an idle spell), so a
    /// tick costs the online users, not everyone connected.
    async fn tick(&self, shared: &Shared) {
        let mut users: HashSet<i64> = std::mem::take(&mut *self.unsettled());
        if let Some(store) = &self.store {
            // Another node took this one for dead (a long Redis outage) and removed what it had
            // written: write everyone again.
            if store.heartbeat(self.config.expiry).await == Some(true) {
                self.written().clear();
                shared.registry.for_each(ALL, |socket| {
                    users.insert(socket.identity.user_id);
                });
            }
        }
        users.extend(
            self.written()
                .iter()
                .filter(|(_, status)| **status == PresenceStatus::Online)
                .map(|(user_id, _)| *user_id),
        );
        self.settle(shared, users).await;
        if let Some(store) = &self.store {
            for change in store.sweep().await {
                self.announce(change);
            }
        }
    }
}

/// Starts the presence task of the hub `shared` (ends when the hub is dropped or halted).
pub(crate) fn start(shared: &Arc<Shared>) {
    let presence = &shared.presence;
    if !presence.config.enabled {
        return;
    }
    let Some(receiver) = presence
        .receiver
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take()
    else {
        return;
    };
    tokio::spawn(run(Arc::downgrade(shared), receiver));
}

async fn run(shared: Weak<Shared>, mut dirty: mpsc::UnboundedReceiver<i64>) {
    let Some(every) = shared
        .upgrade()
        .map(|shared| shared.presence.config.expiry / 3)
    else {
        return;
    };
    let mut ticks = tokio::time::interval(every.max(Duration::from_millis(10)));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let mut users = HashSet::new();
        let tick = tokio::select! {
            user = dirty.recv() => match user {
                Some(user) => {
                    users.insert(user);
                    while users.len() < BATCH * 4 {
                        match dirty.try_recv() {
                            Ok(user) => {
                                users.insert(user);
                            }
                            Err(_) => break,
                        }
                    }
                    false
                }
                None => return,
            },
            _ = ticks.tick() => true,
        };
        let Some(shared) = shared.upgrade() else {
            return;
        };
        let presence = &shared.presence;
        if presence.halted.load(Ordering::SeqCst) {
            return;
        }
        if tick {
            presence.tick(&shared).await;
        } else {
            presence.settle(&shared, users).await;
        }
    }
}

/// The Redis side: the scripts and key names of one deployment.
pub(crate) struct Store {
    link: crate::redis_link::Link,
    prefix: String,
    node: String,
    /// The first heartbeat adds the node; a later one that adds it again means it was swept.
    registered: AtomicBool,
}

/// What one write did to a user's state over every node, and the user's sequence after it
/// (raised when the state moved).
#[derive(Debug, Clone, Copy)]
struct Moved {
    before: PresenceStatus,
    after: PresenceStatus,
    seq: u64,
}

/// Sets (or with `0`, removes) a node's state of a user; answers the user's state before and
/// after and their sequence, raised when the state moved (so the order of the sequences is the
/// order in which Redis ran the changes, whichever node wrote them). KEYS: the user's hash, the
/// node's set, the user's sequence; ARGV: node, state code, user id.
const WRITE: &str = r"
local function state(key)
  local top = 0
  for _, v in ipairs(redis.call('HVALS', key)) do
    local n = tonumber(v)
    if n > top then top = n end
  end
  return top
end
local before = state(KEYS[1])
if ARGV[2] == '0' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('SREM', KEYS[2], ARGV[3])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('SADD', KEYS[2], ARGV[3])
end
local after = state(KEYS[1])
local seq
if after ~= before then
  if redis.call('EXISTS', KEYS[3]) == 0 then
    -- A first sequence (or one lost with Redis's data) starts at Redis's clock in microseconds,
    -- above any a browser may still hold.
    local t = redis.call('TIME')
    redis.call('SET', KEYS[3], t[1] .. string.format('%06d', tonumber(t[2])))
  end
  seq = redis.call('INCR', KEYS[3])
else
  seq = tonumber(redis.call('GET', KEYS[3]) or '0')
end
return {before, after, seq}
";

/// Renews a node's heartbeat until Redis's now + ARGV[2] ms; answers 1 when it was not there.
const HEARTBEAT: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
";

/// Removes and answers the nodes whose heartbeat lapsed: whoever removes one handles it.
const CLAIM: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
if #dead > 0 then redis.call('ZREM', KEYS[1], unpack(dead)) end
return dead
";

fn scripts() -> &'static [redis::Script; 3] {
    static SCRIPTS: OnceLock<[redis::Script; 3]> = OnceLock::new();
    SCRIPTS.get_or_init(|| {
        [
            redis::Script::new(WRITE),
            redis::Script::new(HEARTBEAT),
            redis::Script::new(CLAIM),
        ]
    })
}

impl Store {
    pub(crate) fn new(link: crate::redis_link::Link, prefix: &str, node: &str) -> Self {
        let prefix = match link {
            crate::redis_link::Link::One(_) => format!("{prefix}:presence"),
            crate::redis_link::Link::Sharded(_) => format!("{{{prefix}:presence}}"),
        };
        Store {
            link,
            prefix,
            node: node.to_string(),
            registered: AtomicBool::new(false),
        }
    }

    fn user_key(&self, user_id: i64) -> String {
        format!("{}:user:{user_id}", self.prefix)
    }

    fn seq_key(&self, user_id: i64) -> String {
        format!("{}:seq:{user_id}", self.prefix)
    }

    fn node_key(&self, node: &str) -> String {
        format!("{}:node:{node}", self.prefix)
    }

    fn nodes_key(&self) -> String {
        format!("{}:nodes", self.prefix)
    }

    fn conn(&self) -> Option<MultiplexedConnection> {
        // Every key has the prefix's slot on a cluster.
        self.link.connection_for(&self.prefix)
    }

    /// Writes this node's state of each user; per user the state over every node before and
    /// after with the user's sequence, `None` where the write failed.
    async fn write(&self, batch: &[(i64, PresenceStatus)]) -> Vec<Option<Moved>> {
        let node = self.node.clone();
        self.write_as(&node, batch).await
    }

    async fn write_as(&self, node: &str, batch: &[(i64, PresenceStatus)]) -> Vec<Option<Moved>> {
        let Some(conn) = self.conn() else {
            return vec![None; batch.len()];
        };
        let node_key = self.node_key(node);
        let writes = batch.iter().map(|(user_id, status)| {
            let mut conn = conn.clone();
            let mut call = scripts()[0].prepare_invoke();
            call.key(self.user_key(*user_id))
                .key(&node_key)
                .key(self.seq_key(*user_id))
                .arg(node)
                .arg(status.code())
                .arg(*user_id);
            async move {
                let answer: redis::RedisResult<(i64, i64, u64)> = tokio::time::timeout(
                    crate::redis_link::COMMAND_TIMEOUT,
                    call.invoke_async(&mut conn),
                )
                .await
                .unwrap_or_else(|_| Err(redis::RedisError::from(std::io::Error::from(std::io::ErrorKind::TimedOut))));
                match answer {
                    Ok((before, after, seq)) => Some(Moved {
                        before: PresenceStatus::from_code(before),
                        after: PresenceStatus::from_code(after),
                        seq,
                    }),
                    Err(error) => {
                        tracing::debug!(%error, "presence write failed; tried again at the next tick");
                        None
                    }
                }
            }
        });
        futures::future::join_all(writes).await
    }

    /// Renews the heartbeat; `Some(true)` when the node had been removed meanwhile.
    async fn heartbeat(&self, expiry: Duration) -> Option<bool> {
        let mut conn = self.conn()?;
        let added: i64 = scripts()[1]
            .key(self.nodes_key())
            .arg(&self.node)
            .arg(expiry.as_millis() as u64)
            .invoke_async(&mut conn)
            .await
            .map_err(|error| tracing::debug!(%error, "presence heartbeat failed"))
            .ok()?;
        let first = !self.registered.swap(true, Ordering::SeqCst);
        if added == 1 && !first {
            tracing::warn!("this node's presence had lapsed; writing it again");
        }
        Some(added == 1 && !first)
    }

    /// Takes over the nodes whose heartbeat lapsed: their entries leave their users' hashes;
    /// answers the changes of the users whose state that moved.
    async fn sweep(&self) -> Vec<PresenceChange> {
        let Some(mut conn) = self.conn() else {
            return Vec::new();
        };
        let dead: Vec<String> = match scripts()[2]
            .key(self.nodes_key())
            .invoke_async(&mut conn)
            .await
        {
            Ok(dead) => dead,
            Err(error) => {
                tracing::debug!(%error, "presence sweep failed");
                return Vec::new();
            }
        };
        let mut changed = Vec::new();
        for node in dead {
            let key = self.node_key(&node);
            let users: Vec<i64> = redis::AsyncCommands::smembers(&mut conn, &key)
                .await
                .unwrap_or_default();
            tracing::info!(
                node,
                users = users.len(),
                "a node's presence lapsed; its users leave"
            );
            for batch in users.chunks(BATCH) {
                let gone: Vec<_> = batch
                    .iter()
                    .map(|id| (*id, PresenceStatus::Offline))
                    .collect();
                for (user_id, moved) in batch.iter().zip(self.write_as(&node, &gone).await) {
                    if let Some(moved) = moved
                        && moved.before != moved.after
                    {
                        changed.push(PresenceChange {
                            user_id: *user_id,
                            status: moved.after,
                            seq: moved.seq,
                        });
                    }
                }
            }
            let _: redis::RedisResult<()> = redis::AsyncCommands::del(&mut conn, &key).await;
        }
        changed
    }

    /// Each user's state and sequence, read at one moment (one transaction), so that a state
    /// and its sequence agree.
    async fn status_of(&self, user_ids: &[i64]) -> HashMap<i64, PresenceState> {
        let mut answer: HashMap<i64, PresenceState> = user_ids
            .iter()
            .map(|id| (*id, PresenceState::default()))
            .collect();
        let Some(mut conn) = self.conn() else {
            return answer;
        };
        let mut pipe = redis::pipe();
        pipe.atomic();
        for id in user_ids {
            pipe.cmd("HVALS").arg(self.user_key(*id));
            pipe.cmd("GET").arg(self.seq_key(*id));
        }
        let values: Vec<(Vec<i64>, Option<u64>)> = match pipe.query_async(&mut conn).await {
            Ok(values) => values,
            Err(error) => {
                tracing::warn!(%error, "presence could not be read");
                return answer;
            }
        };
        for (id, (values, seq)) in user_ids.iter().zip(values) {
            let top = values.into_iter().max().unwrap_or(0);
            answer.insert(
                *id,
                PresenceState {
                    status: PresenceStatus::from_code(top),
                    seq: seq.unwrap_or(0),
                },
            );
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::{AuthRejection, Authenticator, Identity, JoinRejection};
    use crate::socket::testing;

    struct Nobody;

    #[async_trait::async_trait]
    impl Authenticator for Nobody {
        async fn authenticate(&self, _token: &str) -> Result<Identity, AuthRejection> {
            Err(AuthRejection::Invalid)
        }
        async fn authorize_channel(&self, _: &Identity, _: i64) -> Result<(), JoinRejection> {
            Err(JoinRejection::Forbidden)
        }
    }

    /// A node without Redis whose users are away after `away_after`, and the changes it announces.
    fn node(away_after: Duration) -> (Arc<Shared>, Arc<Mutex<Vec<PresenceChange>>>) {
        let shared = crate::hub::testing::shared(
            Arc::new(Nobody),
            PresenceConfig {
                away_after,
                ..PresenceConfig::default()
            },
        );
        let changes = Arc::new(Mutex::new(Vec::new()));
        shared.presence.listen({
            let changes = changes.clone();
            Arc::new(move |change: PresenceChange| changes.lock().unwrap().push(change))
        });
        (shared, changes)
    }

    /// One node without Redis: its own states are the truth. A user with two sockets is
    /// announced once per change: online at the first connect, away once both are idle, online
    /// again at an event, offline when the last one leaves; nothing while nothing changes.
    #[tokio::test]
    async fn a_users_state_follows_their_sockets_and_is_announced_once_per_change() {
        let (shared, changes) = node(Duration::from_millis(300));
        let mut seqs = Vec::new();
        let mut heard = || {
            let changes = std::mem::take(&mut *changes.lock().unwrap());
            seqs.extend(changes.iter().map(|c| c.seq));
            changes.iter().map(|c| c.status).collect::<Vec<_>>()
        };
        let settle = || shared.presence.settle(&shared, [7]);
        let connect = |socket: &Arc<Socket>| {
            shared.registry.add(socket.clone());
            shared.registry.join(socket, "user:7");
        };
        let (first, _p1) = testing::socket(shared.registry.next_id(), 7, 16).await;
        let (second, _p2) = testing::socket(shared.registry.next_id(), 7, 16).await;
        connect(&first);
        settle().await;
        connect(&second);
        settle().await;
        assert_eq!(heard(), [PresenceStatus::Online]);
        assert_eq!(
            shared.presence.status_of(&[7, 8]).await[&7].status,
            PresenceStatus::Online
        );

        tokio::time::sleep(Duration::from_millis(320)).await;
        settle().await;
        assert_eq!(heard(), [PresenceStatus::Away]);
        // An event of an idle socket marks its user; one of a busy socket does not.
        shared.presence.active(&second);
        let mut marked = shared.presence.receiver.lock().unwrap().take().unwrap();
        assert_eq!(marked.try_recv(), Ok(7));
        shared.presence.active(&second);
        assert!(marked.try_recv().is_err());
        settle().await;
        assert_eq!(heard(), [PresenceStatus::Online]);

        // The busy socket leaves; the idle one left behind makes its user away.
        shared.registry.remove(&second);
        settle().await;
        assert_eq!(heard(), [PresenceStatus::Away]);
        first.touch(now_ms());
        settle().await;
        assert_eq!(heard(), [PresenceStatus::Online]);
        settle().await;
        assert!(heard().is_empty(), "nothing changed, nothing announced");
        shared.registry.remove(&first);
        settle().await;
        assert_eq!(heard(), [PresenceStatus::Offline]);
        let now = shared.presence.status_of(&[7]).await[&7];
        assert_eq!(now.status, PresenceStatus::Offline);
        // Each change has a greater sequence than the one before; a reading has the latest.
        assert_eq!(seqs.len(), 6, "{seqs:?}");
        assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
        assert_eq!(now.seq, *seqs.last().unwrap());
    }

    /// A tick finds the users held online whose sockets went idle; one already away is left to
    /// the events that can move it.
    #[tokio::test]
    async fn a_tick_makes_idle_online_users_away() {
        let (shared, changes) = node(Duration::from_millis(200));
        let heard = || {
            let changes = std::mem::take(&mut *changes.lock().unwrap());
            changes
                .iter()
                .map(|c| (c.user_id, c.status))
                .collect::<Vec<_>>()
        };
        let mut sockets = Vec::new();
        for user in [7, 8] {
            let (socket, peer) = testing::socket(shared.registry.next_id(), user, 16).await;
            shared.registry.add(socket.clone());
            shared.registry.join(&socket, &format!("user:{user}"));
            sockets.push((socket, peer));
        }
        shared.presence.settle(&shared, [7, 8]).await;
        assert_eq!(
            heard(),
            [(7, PresenceStatus::Online), (8, PresenceStatus::Online)]
        );
        tokio::time::sleep(Duration::from_millis(220)).await;
        shared.presence.tick(&shared).await;
        let mut away = heard();
        away.sort();
        assert_eq!(away, [(7, PresenceStatus::Away), (8, PresenceStatus::Away)]);
        // User 7 is active again (its event marks it); the next tick has nothing to announce.
        sockets[0].0.touch(now_ms());
        shared.presence.settle(&shared, [7]).await;
        assert_eq!(heard(), [(7, PresenceStatus::Online)]);
        shared.presence.tick(&shared).await;
        assert!(heard().is_empty(), "nobody went idle since");
    }

    #[test]
    fn states_order_and_read_back() {
        assert!(PresenceStatus::Online > PresenceStatus::Away);
        assert!(PresenceStatus::Away > PresenceStatus::Offline);
        for status in [
            PresenceStatus::Offline,
            PresenceStatus::Away,
            PresenceStatus::Online,
        ] {
            assert_eq!(PresenceStatus::from_code(status.code() as i64), status);
        }
        assert_eq!(
            serde_json::to_value(PresenceStatus::Online).unwrap(),
            "online"
        );
    }
}
