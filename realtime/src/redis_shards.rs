//! The hub's link to a Redis Cluster: sharded publish/subscribe (`SPUBLISH`/`SSUBSCRIBE`, Redis
//! 7) that survives a shard's primary failing over (`docs/decisions/redis-cluster.md`).
//!
//! The cluster's slot map (`CLUSTER SLOTS`, asked of the configured nodes in turn) says which
//! primary owns each of the 16,384 slots; the link keeps one multiplexed connection per primary
//! and sends a channel's `SPUBLISH` and `SSUBSCRIBE` to the primary of the channel's slot. As
//! [`crate::redis_link::RedisLink`] does for one Redis, it
//! - never holds up local delivery: a publish while the link is down is dropped and counted;
//! - counts as lost when any primary's connection closes (a primary that dies, a failover), a
//!   command fails or is redirected (`MOVED`: the slot map changed), the server drops a shard
//!   subscription (its slot moved), or a ping every [`HEALTH_INTERVAL`] fails;
//! - reconnects every [`RECONNECT_INTERVAL`] from a fresh slot map (a promoted replica is the
//!   new primary), subscribes every channel again, and then calls the recovery hook with the
//!   time from which events may have been missed, so the hub's sockets catch up.
//!
//! A loss takes the whole link down, not only the shard that failed: one generation of
//! connections is simpler to reason about, and the catch-up after a failover covers every room
//! anyway. redis-rs's own cluster client resubscribes by itself but says nothing when a
//! subscription lapsed, which the catch-up needs (the decision record).

use std::sync::{Arc, Mutex, Weak};

use chrono::{DateTime, Utc};
use redis::aio::MultiplexedConnection;
use redis::{
    AsyncConnectionConfig, ConnectionAddr, ConnectionInfo, FromRedisValue, IntoConnectionInfo,
    PushInfo, PushKind, Value,
};
use tokio::sync::{Notify, mpsc};

use crate::redis_link::{
    COMMAND_TIMEOUT, ChanItem, HEALTH_INTERVAL, LinkError, LinkState, RECONNECT_INTERVAL,
};

/// Hash slots of a Redis Cluster.
pub(crate) const SLOTS: usize = 16_384;

/// The slot of `key` as Redis Cluster computes it: CRC16 (XMODEM) of the key, or of its hash
/// tag (the part between the first `{` and the next `}`, when not empty), modulo 16,384.
pub(crate) fn slot(key: &[u8]) -> u16 {
    let hashed = key
        .iter()
        .position(|b| *b == b'{')
        .and_then(|open| {
            let rest = &key[open + 1..];
            let close = rest.iter().position(|b| *b == b'}')?;
            (close > 0).then(|| &rest[..close])
        })
        .unwrap_or(key);
    crc16(hashed) % SLOTS as u16
}

fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0;
    for byte in bytes {
        crc ^= u16::from(*byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// The nodes of `urls`, comma-separated (`REDIS_URL` of a cluster). An entry without a scheme
/// (`host:port`) takes the first entry's scheme, credentials and settings.
pub fn cluster_nodes(urls: &str) -> Result<Vec<ConnectionInfo>, LinkError> {
    let mut nodes: Vec<ConnectionInfo> = Vec::new();
    for entry in urls.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let info = if entry.contains("://") {
            entry.into_connection_info()?
        } else {
            let first = nodes
                .first()
                .ok_or_else(|| LinkError(format!("{entry}: the first node needs a scheme")))?;
            let (host, port) = entry
                .rsplit_once(':')
                .and_then(|(host, port)| Some((host.to_string(), port.parse().ok()?)))
                .ok_or_else(|| LinkError(format!("{entry}: expected host:port")))?;
            first.clone().set_addr(ConnectionAddr::Tcp(host, port))
        };
        nodes.push(info);
    }
    if nodes.is_empty() {
        return Err(LinkError("no Redis Cluster node given".into()));
    }
    Ok(nodes)
}

/// One generation of connections: a connection per primary and who owns each slot.
struct Topology {
    generation: u64,
    /// Per slot, the index of its primary in `primaries`.
    owners: Vec<u16>,
    primaries: Vec<(String, MultiplexedConnection)>,
}

impl Topology {
    fn owner_of(&self, chan: &str) -> &MultiplexedConnection {
        &self.primaries[self.owners[slot(chan.as_bytes()) as usize] as usize].1
    }
}

/// Cheap to clone; every clone shares the connections and the subscriptions.
#[derive(Clone)]
pub struct ShardedLink {
    inner: Arc<Inner>,
}

struct Inner {
    /// The configured nodes, asked in turn for the slot map.
    seeds: Vec<ConnectionInfo>,
    /// The live connections; `None` while the link is down.
    live: Mutex<Option<Arc<Topology>>>,
    state: LinkState,
}

impl ShardedLink {
    /// Connects to every primary of the cluster that `seeds` belong to (failing when none
    /// answers with a complete slot map) and starts the supervisor that keeps the link up.
    pub async fn connect(seeds: Vec<ConnectionInfo>) -> Result<Self, LinkError> {
        let inner = Arc::new(Inner {
            seeds,
            live: Mutex::new(None),
            state: LinkState::new(),
        });
        Inner::establish(&inner).await?;
        tokio::spawn(supervise(Arc::downgrade(&inner), inner.state.wake.clone()));
        Ok(ShardedLink { inner })
    }

    /// Runs `hook` each time the link comes back after a loss, once every channel is
    /// subscribed again, with the time from which events may have been missed.
    pub fn on_recovered(&self, hook: impl Fn(DateTime<Utc>) + Send + Sync + 'static) {
        self.inner.state.set_recovery_hook(hook);
    }

    pub(crate) fn is_up(&self) -> bool {
        self.inner.current().is_some()
    }

    /// The connection to the primary that owns `key`'s slot, `None` while the link is down.
    pub(crate) fn connection_for(&self, key: &str) -> Option<MultiplexedConnection> {
        self.inner
            .current()
            .map(|topology| topology.owner_of(key).clone())
    }

    /// Every primary answers a ping.
    pub(crate) async fn ping(&self) -> bool {
        match self.inner.current() {
            Some(topology) => ping_all(&topology).await,
            None => false,
        }
    }

    /// `SPUBLISH`es `payload` on `chan` through its shard's primary; answers how many
    /// subscribers it was handed to, `None` when it was dropped (and counted).
    pub(crate) async fn publish(&self, chan: &str, payload: Vec<u8>) -> Option<usize> {
        let Some(topology) = self.inner.current() else {
            self.inner.state.publish_dropped();
            return None;
        };
        let mut conn = topology.owner_of(chan).clone();
        let sent = tokio::time::timeout(
            COMMAND_TIMEOUT,
            redis::cmd("SPUBLISH")
                .arg(chan)
                .arg(payload)
                .query_async::<usize>(&mut conn),
        )
        .await;
        match sent {
            Ok(Ok(receivers)) => Some(receivers),
            Ok(Err(error)) => {
                self.inner.state.publish_dropped();
                self.inner
                    .lost(topology.generation, &format!("publish failed: {error}"));
                None
            }
            Err(_) => {
                self.inner.state.publish_dropped();
                self.inner.lost(topology.generation, "publish timed out");
                None
            }
        }
    }

    /// Subscribes every channel of `chans` (each on its shard), now and after every
    /// reconnection, into one queue of at most `size` messages.
    pub(crate) async fn subscribe(
        &self,
        chans: &[String],
        size: usize,
    ) -> mpsc::Receiver<ChanItem> {
        let (tx, rx) = mpsc::channel(size);
        self.inner.state.register(chans, tx);
        if let Some(topology) = self.inner.current()
            && !subscribe_all(&topology, chans).await
        {
            self.inner.lost(topology.generation, "subscribe failed");
        }
        rx
    }
}

/// `SSUBSCRIBE`s each channel on its primary, one command per channel (so that each command
/// has exactly one confirmation); whether every one succeeded.
async fn subscribe_all(topology: &Topology, chans: &[String]) -> bool {
    let subscriptions = chans.iter().map(|chan| {
        let mut conn = topology.owner_of(chan).clone();
        async move {
            tokio::time::timeout(
                COMMAND_TIMEOUT,
                redis::cmd("SSUBSCRIBE")
                    .arg(chan)
                    .query_async::<Value>(&mut conn),
            )
            .await
        }
    });
    futures::future::join_all(subscriptions)
        .await
        .into_iter()
        .all(|answer| matches!(answer, Ok(Ok(_))))
}

async fn ping_all(topology: &Topology) -> bool {
    let pings = topology.primaries.iter().map(|(_, conn)| {
        let mut conn = conn.clone();
        async move {
            tokio::time::timeout(
                COMMAND_TIMEOUT,
                redis::cmd("PING").query_async::<String>(&mut conn),
            )
            .await
        }
    });
    futures::future::join_all(pings)
        .await
        .into_iter()
        .all(|answer| matches!(answer, Ok(Ok(_))))
}

impl Inner {
    fn current(&self) -> Option<Arc<Topology>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Marks generation `generation` down (a later one is left alone).
    fn lost(&self, generation: u64, why: &str) {
        let mut slot = self.live.lock().unwrap_or_else(|e| e.into_inner());
        if matches!(&*slot, Some(live) if live.generation == generation) {
            *slot = None;
            drop(slot);
            self.state.went_down(why);
        }
    }

    /// The slot map, from the first configured node that answers: `(first, last, primary)`.
    async fn slot_map(&self) -> Result<Vec<(u16, u16, ConnectionInfo)>, LinkError> {
        let mut last_error = LinkError("no node answered".into());
        for seed in &self.seeds {
            match tokio::time::timeout(COMMAND_TIMEOUT * 2, ask_slots(seed)).await {
                Ok(Ok(map)) => return Ok(map),
                Ok(Err(error)) => last_error = error,
                Err(_) => last_error = LinkError("CLUSTER SLOTS timed out".into()),
            }
        }
        Err(last_error)
    }

    /// Connects to every primary of a fresh slot map, makes them the live generation, and
    /// subscribes every channel.
    async fn establish(this: &Arc<Self>) -> Result<(), LinkError> {
        let map = this.slot_map().await?;
        let generation = this.state.next_generation();
        let mut owners = vec![u16::MAX; SLOTS];
        let mut addresses: Vec<(String, ConnectionInfo)> = Vec::new();
        for (first, last, primary) in map {
            let address = primary.addr().to_string();
            let index = match addresses.iter().position(|(a, _)| *a == address) {
                Some(index) => index,
                None => {
                    addresses.push((address, primary));
                    addresses.len() - 1
                }
            };
            for owner in &mut owners[first as usize..=(last as usize).min(SLOTS - 1)] {
                *owner = index as u16;
            }
        }
        if owners.contains(&u16::MAX) {
            return Err(LinkError("the cluster does not serve every slot".into()));
        }
        let connections = addresses.into_iter().map(|(address, info)| {
            let weak = Arc::downgrade(this);
            async move {
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
                    redis::Client::open(info)?
                        .get_multiplexed_async_connection_with_config(&config),
                )
                .await
                .map_err(|_| LinkError(format!("connect to {address} timed out")))??;
                Ok::<_, LinkError>((address, conn))
            }
        });
        let primaries = futures::future::try_join_all(connections).await?;
        let topology = Arc::new(Topology {
            generation,
            owners,
            primaries,
        });
        *this.live.lock().unwrap_or_else(|e| e.into_inner()) = Some(topology.clone());
        let channels = this.state.channels();
        if !subscribe_all(&topology, &channels).await {
            this.lost(generation, "resubscribe failed");
            return Err(LinkError("resubscribe failed".into()));
        }
        Ok(())
    }

    fn on_push(&self, generation: u64, push: PushInfo) {
        match push.kind {
            PushKind::SMessage | PushKind::Message => {
                self.state.deliver(push.data);
            }
            PushKind::Disconnection => self.lost(generation, "a primary's connection closed"),
            // The server dropped a shard subscription: its slot moved to another primary.
            PushKind::SUnsubscribe => self.lost(generation, "a shard subscription was dropped"),
            _ => {}
        }
    }
}

/// `CLUSTER SLOTS` of one node: each slot range and its primary's address (with the node's
/// settings: protocol, credentials).
async fn ask_slots(seed: &ConnectionInfo) -> Result<Vec<(u16, u16, ConnectionInfo)>, LinkError> {
    let mut conn = redis::Client::open(seed.clone())?
        .get_multiplexed_async_connection()
        .await?;
    let rows: Vec<Vec<Value>> = redis::cmd("CLUSTER")
        .arg("SLOTS")
        .query_async(&mut conn)
        .await?;
    let seed_host = match seed.addr() {
        ConnectionAddr::Tcp(host, _) | ConnectionAddr::TcpTls { host, .. } => host.clone(),
        _ => String::new(),
    };
    let unreadable = || LinkError("unreadable CLUSTER SLOTS answer".into());
    rows.into_iter()
        .map(|row| {
            let mut row = row.into_iter();
            let first = i64::from_redis_value(row.next().ok_or_else(unreadable)?)
                .map_err(|_| unreadable())?;
            let last = i64::from_redis_value(row.next().ok_or_else(unreadable)?)
                .map_err(|_| unreadable())?;
            let primary = Vec::<Value>::from_redis_value(row.next().ok_or_else(unreadable)?)
                .map_err(|_| unreadable())?;
            let mut primary = primary.into_iter();
            let host = String::from_redis_value(primary.next().ok_or_else(unreadable)?)
                .map_err(|_| unreadable())?;
            let port = i64::from_redis_value(primary.next().ok_or_else(unreadable)?)
                .map_err(|_| unreadable())?;
            // An empty host means "the address you asked me on".
            let host = if host.is_empty() {
                seed_host.clone()
            } else {
                host
            };
            let addr = match seed.addr() {
                ConnectionAddr::TcpTls {
                    insecure,
                    tls_params,
                    ..
                } => ConnectionAddr::TcpTls {
                    host,
                    port: port as u16,
                    insecure: *insecure,
                    tls_params: tls_params.clone(),
                },
                _ => ConnectionAddr::Tcp(host, port as u16),
            };
            Ok((first as u16, last as u16, seed.clone().set_addr(addr)))
        })
        .collect()
}

/// Keeps the link up: pings every primary while it is up, reconnects from a fresh slot map
/// while it is down, and calls the recovery hook after each reconnection.
async fn supervise(link: Weak<Inner>, wake: Arc<Notify>) {
    loop {
        let Some(inner) = link.upgrade() else { return };
        match inner.current() {
            Some(topology) => {
                drop(inner);
                tokio::select! {
                    _ = wake.notified() => {}
                    _ = tokio::time::sleep(HEALTH_INTERVAL) => {
                        if !ping_all(&topology).await
                            && let Some(inner) = link.upgrade()
                        {
                            inner.lost(topology.generation, "ping failed");
                        }
                    }
                }
            }
            None => match Inner::establish(&inner).await {
                Ok(()) => inner.state.recovered(),
                Err(error) => {
                    tracing::debug!(%error, "redis cluster still unavailable");
                    drop(inner);
                    tokio::time::sleep(RECONNECT_INTERVAL).await;
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_redis_clusters() {
        // Values from the Redis Cluster specification and `CLUSTER KEYSLOT`.
        assert_eq!(crc16(b"123456789"), 0x31C3);
        assert_eq!(slot(b"foo"), 12182);
        assert_eq!(slot(b"bar"), 5061);
        assert_eq!(slot(b"{user1000}.following"), slot(b"{user1000}.followers"));
        assert_eq!(slot(b"{user1000}.following"), slot(b"user1000"));
        assert_eq!(
            slot(b"foo{}{bar}"),
            slot(b"foo{}{bar}".as_slice()),
            "empty tag: whole key"
        );
        assert_ne!(slot(b"foo{}{bar}"), slot(b"bar"));
        assert_eq!(slot(b"foo{{bar}}zap"), slot(b"{bar"));
    }

    #[test]
    fn cluster_nodes_share_the_first_nodes_settings() {
        let nodes = cluster_nodes(
            "redis://:secret@10.0.0.1:7000/?protocol=resp3, 10.0.0.2:7001,redis://10.0.0.3:7002",
        )
        .unwrap();
        assert_eq!(nodes.len(), 3);
        assert_eq!(nodes[1].addr().to_string(), "10.0.0.2:7001");
        assert_eq!(nodes[1].redis_settings().password(), Some("secret"));
        assert_eq!(
            nodes[1].redis_settings().protocol(),
            redis::ProtocolVersion::RESP3
        );
        assert_eq!(nodes[2].redis_settings().password(), None);
        assert!(
            cluster_nodes("10.0.0.2:7001").is_err(),
            "the first needs a scheme"
        );
        assert!(cluster_nodes(" , ").is_err());
    }
}
