//! The `Hub` handle: builds the socket server (in-process, or fanning out through Redis) and
//! is the one way the application publishes events or closes sockets.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::admission::PerAddress;
use crate::auth::{Authenticator, Identity};
use crate::cluster::{self, Cluster, Op};
use crate::connection;
use crate::events::EventName;
use crate::flusher::Flusher;
use crate::handlers;
use crate::polling::Sessions;
use crate::presence::{Presence, PresenceChange, PresenceConfig, PresenceState, Store};
use crate::redis_link::{Link, LinkError, RedisLink};
use crate::redis_shards::{ShardedLink, cluster_nodes};
use crate::registry::{ALL, Registry};
use crate::rooms::Room;
use crate::signals::Signals;
use crate::socket::Ending;
use crate::websocket;
use crate::wire::{self, ProtocolConfig};

/// How long `close` waits for this node's sockets to finish their closing handshakes.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// How the hub fans out.
#[derive(Debug, Clone, Default)]
pub struct HubConfig {
    /// `redis://host:port/?protocol=resp3`; without it every event stays in this process. With
    /// [`HubConfig::redis_cluster`], the cluster's nodes separated by commas.
    pub redis_url: Option<String>,
    /// `redis_url` names a Redis Cluster: fan out with sharded pub/sub (`redis_shards.rs`).
    pub redis_cluster: bool,
    /// Key prefix of the Redis channels, so several deployments (or tests) can share a server.
    pub redis_prefix: String,
    /// Frames queued per socket before the socket counts as a slow consumer and is closed.
    pub socket_buffer: usize,
    /// Bytes each read of a socket asks the kernel for; the buffer is let go once its frames are
    /// decoded, so an idle socket holds none.
    pub read_buffer: usize,
    /// A socket's frame sooner than this after its previous one is batched with what follows
    /// (`socket::DEFAULT_BUSY_GAP`): latency traded for fewer writes.
    pub busy_gap: std::time::Duration,
    /// Accept `bench:publish` from clients (the hub-only benchmark mode; never in production).
    pub bench: bool,
    /// Proxies in front of the node whose `X-Forwarded-For` entries are believed
    /// ([`crate::client_address`]); `0`: none, the TCP peer is the client.
    pub trusted_proxy_hops: usize,
    /// Sockets one client address may hold on this node; `0`: no cap.
    pub max_sockets_per_client: usize,
    /// Who is online (`presence.rs`): on, the expiry and the away time.
    pub presence: PresenceConfig,
}

/// The default of [`HubConfig::max_sockets_per_client`] (`MAX_SOCKETS_PER_CLIENT`): one socket
/// per open tab, for everyone behind one office address (a publisher's whole floor shares one
/// egress address), about a twentieth of a node.
pub const DEFAULT_MAX_SOCKETS_PER_CLIENT: usize = 1024;

#[derive(Debug, thiserror::Error)]
pub enum HubError {
    #[error("redis: {0}")]
    Redis(#[from] redis::RedisError),
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error("payload: {0}")]
    Payload(#[from] serde_json::Error),
}

/// The routes that serve `/socket.io/`, to put in front of the application.
pub struct HubLayer(Router);

impl HubLayer {
    /// `/socket.io/` goes to the hub, every other request to `app` (with its own middleware).
    pub fn mount(self, app: Router) -> Router {
        self.0.fallback_service(app)
    }
}

/// What the hub's parts share: this node's sockets, the other nodes, and the application's
/// authenticator.
pub(crate) struct Shared {
    pub registry: Arc<Registry>,
    pub signals: Arc<Signals>,
    pub cluster: Option<Cluster>,
    pub auth: Arc<dyn Authenticator>,
    pub config: HubConfig,
    /// The heartbeat's timings, the largest message and the connect timeout.
    pub protocol: ProtocolConfig,
    /// Writes busy sockets' batched frames.
    pub flusher: Arc<Flusher>,
    /// Open sockets per client address (`HubConfig::max_sockets_per_client`).
    pub clients: Arc<PerAddress>,
    /// The node's long-polling sessions (`polling.rs`).
    pub polling: Sessions,
    /// Who is online (`presence.rs`).
    pub presence: Presence,
}

/// Cheap to clone; publishes typed events to rooms on every node.
/// The signal on which a node checks again the rights of the sockets in its manuscript rooms.
const MANUSCRIPT_ACCESS: &str = "manuscript_access";

#[derive(Clone)]
pub struct Hub {
    pub(crate) shared: Arc<Shared>,
}

impl Hub {
    /// Builds the hub and the routes that serve `/socket.io/`, with the protocol's default
    /// timings and limits.
    pub async fn build(
        config: HubConfig,
        auth: Arc<dyn Authenticator>,
    ) -> Result<(HubLayer, Hub), HubError> {
        Self::build_with_protocol(config, ProtocolConfig::default(), auth).await
    }

    /// The same with the heartbeat, message limit and connect timeout of `protocol` (the
    /// conformance server's are the reference server's).
    pub async fn build_with_protocol(
        config: HubConfig,
        protocol: ProtocolConfig,
        auth: Arc<dyn Authenticator>,
    ) -> Result<(HubLayer, Hub), HubError> {
        let registry = Arc::new(Registry::default());
        let signals = Arc::new(Signals::default());
        let cluster = match &config.redis_url {
            None => None,
            Some(url) => {
                let prefix = if config.redis_prefix.is_empty() {
                    "tsumugi".to_string()
                } else {
                    config.redis_prefix.clone()
                };
                let link = if config.redis_cluster {
                    Link::Sharded(ShardedLink::connect(cluster_nodes(url)?).await?)
                } else {
                    Link::One(RedisLink::connect(redis::Client::open(url.as_str())?).await?)
                };
                Some(
                    Cluster::join(
                        link,
                        &prefix,
                        Arc::downgrade(&registry),
                        Arc::downgrade(&signals),
                    )
                    .await,
                )
            }
        };
        let store = cluster.as_ref().map(|cluster| {
            let prefix = if config.redis_prefix.is_empty() {
                "tsumugi"
            } else {
                config.redis_prefix.as_str()
            };
            Store::new(cluster.link().clone(), prefix, cluster.node())
        });
        let presence = Presence::new(config.presence, store);
        let shared = Arc::new(Shared {
            registry,
            signals,
            cluster,
            presence,
            auth,
            clients: PerAddress::new(config.max_sockets_per_client),
            config,
            protocol,
            flusher: Flusher::start(),
            polling: Sessions::default(),
        });
        if let Some(cluster) = &shared.cluster {
            // While Redis was away this node missed what other nodes published: revocations
            // (close those sessions' sockets now) and events (tell the remaining sockets to
            // catch up, as after a reconnect).
            let weak = Arc::downgrade(&shared);
            cluster.link().on_recovered(move |since| {
                if let Some(shared) = weak.upgrade() {
                    tokio::spawn(resync(shared, since));
                }
            });
        }
        tokio::spawn(heartbeat(Arc::downgrade(&shared)));
        crate::presence::start(&shared);
        // Another node's `manuscript_access_changed`: check this node's manuscript rooms too.
        let weak = Arc::downgrade(&shared);
        shared.signals.listen(
            MANUSCRIPT_ACCESS,
            Arc::new(move || {
                if let Some(shared) = weak.upgrade() {
                    tokio::spawn(async move { handlers::recheck_manuscripts(&shared).await });
                }
            }),
        );
        let mut routes = Router::new()
            .route("/socket.io/", axum::routing::any(connection::handshake))
            .route("/socket.io", axum::routing::any(connection::handshake));
        if shared.protocol.reference_handlers {
            routes = routes.route(
                "/engine.io/",
                axum::routing::any(connection::engine_handshake),
            );
        }
        let routes = routes.with_state(shared.clone());
        Ok((HubLayer(routes), Hub { shared }))
    }

    /// Sends `event` with `payload` to every socket in `room`, on every node.
    pub async fn publish<T: Serialize + ?Sized>(
        &self,
        room: Room,
        event: EventName,
        payload: &T,
    ) -> Result<(), HubError> {
        let frame = wire::event(event.as_str(), payload)?;
        self.shared.emit(&room.to_string(), frame).await;
        Ok(())
    }

    /// Publishes and logs a failure instead of returning it: the write it follows has already
    /// been committed, and clients recover missed events through REST.
    pub async fn publish_or_log<T: Serialize + ?Sized>(
        &self,
        room: Room,
        event: EventName,
        payload: &T,
    ) {
        if let Err(error) = self.publish(room.clone(), event, payload).await {
            tracing::warn!(%room, event = event.as_str(), %error, "publish failed");
        }
    }

    /// Closes every socket in `room` on every node (a revoked session, a user who left); their
    /// clients do not reconnect.
    pub async fn disconnect(&self, room: Room) -> Result<(), HubError> {
        let room = room.to_string();
        self.shared.registry.end(&room, Ending::Disconnect);
        if let Some(cluster) = &self.shared.cluster {
            cluster.publish(Op::Disconnect, &room, "").await;
        }
        Ok(())
    }

    /// After a change of what user `user_id` may read (committed): every socket of theirs, on
    /// every node, leaves each channel room whose channel is not in `readable` (every channel
    /// they may read now, by the application's rule), and a `channel:join` of theirs still
    /// being checked checks again. It returns once every node has applied it: this one at once,
    /// the others when they acknowledge it through Redis (or after the link's command timeout,
    /// if one does not). An event published once it returns, from any node, reaches none of the
    /// evicted sockets.
    pub async fn keep_channels(&self, user_id: i64, readable: &[i64]) {
        let mut sorted = readable.to_vec();
        sorted.sort_unstable();
        let left = self
            .shared
            .registry
            .drop_channels(user_id, |channel| sorted.binary_search(&channel).is_err());
        if left > 0 {
            tracing::info!(
                user_id,
                rooms = left,
                "sockets left channels no longer readable"
            );
        }
        if let Some(cluster) = &self.shared.cluster {
            let room = Room::User(user_id).to_string();
            cluster
                .publish_applied(Op::KeepChannels, &room, &cluster::channel_list(&sorted))
                .await;
        }
    }

    /// Someone may have lost the right to open a manuscript (an editor link revoked, a task
    /// invalidated, an offer declined): every socket in a manuscript room, on every node, has its
    /// right checked again with the token it joined with, and those refused leave the room. This
    /// node's are checked before this returns; the other nodes' when the signal reaches them.
    pub async fn manuscript_access_changed(&self) {
        handlers::recheck_manuscripts(&self.shared).await;
        if let Some(cluster) = &self.shared.cluster {
            cluster.publish(Op::Signal, MANUSCRIPT_ACCESS, "").await;
        }
    }

    /// Runs `listener` on this node whenever any node raises the signal `name`.
    pub fn on_signal(&self, name: &str, listener: impl Fn() + Send + Sync + 'static) {
        self.shared.signals.listen(name, Arc::new(listener));
    }

    /// Raises the signal `name` on every node: this node's listeners run now, the other nodes'
    /// when the message reaches them through Redis.
    pub async fn signal(&self, name: &str) {
        self.shared.signals.raise(name);
        if let Some(cluster) = &self.shared.cluster {
            cluster.publish(Op::Signal, name, "").await;
        }
    }

    /// Runs `listener` on this node for every change of a user's state over every node that
    /// this node noticed (each change is noticed by exactly one node): the application sends
    /// it to whoever may see that user.
    pub fn on_presence(&self, listener: impl Fn(PresenceChange) + Send + Sync + 'static) {
        self.shared.presence.listen(Arc::new(listener));
    }

    /// Whether the Redis this hub fans out through answers a ping now (every primary of a
    /// cluster); `true` without Redis.
    pub async fn redis_answers(&self) -> bool {
        match &self.shared.cluster {
            Some(cluster) => cluster.link().ping().await,
            None => true,
        }
    }

    /// The state of each of `user_ids` over every node, with its sequence.
    pub async fn presence_of(&self, user_ids: &[i64]) -> HashMap<i64, PresenceState> {
        self.shared.presence.status_of(user_ids).await
    }

    /// The channels the sockets of user `user_id` on this node have joined (the hub-only
    /// benchmark's stand-in for the channels a user belongs to).
    pub fn joined_channels(&self, user_id: i64) -> Vec<i64> {
        let mut channels = BTreeSet::new();
        self.shared
            .registry
            .for_each(&Room::User(user_id).to_string(), |socket| {
                channels.extend(socket.channels())
            });
        channels.into_iter().collect()
    }

    /// Presence changes this node has announced.
    pub fn presence_announced(&self) -> u64 {
        self.shared.presence.announced()
    }

    /// Fault injection: this node's presence stops as if its process had died — no more
    /// heartbeats, nothing written or removed — so the other nodes must notice by the expiry.
    pub fn halt_presence(&self) {
        self.shared.presence.halt();
    }

    /// Sockets connected to this node.
    pub fn local_socket_count(&self) -> usize {
        self.shared.registry.len()
    }

    /// Closes every socket on this node (at shutdown): clients see the transport close and
    /// reconnect, through the load balancer, to a node still running.
    pub async fn close(&self) {
        self.shared.registry.end(ALL, Ending::Close);
        let deadline = tokio::time::Instant::now() + CLOSE_WAIT;
        while self.shared.registry.len() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Shared {
    /// Queues `frame` for the room's sockets on this node, then publishes it to the others.
    pub(crate) async fn emit(&self, room: &str, frame: String) {
        self.registry.deliver(room, &frame, None);
        if let Some(cluster) = &self.cluster {
            cluster.publish(Op::Emit, room, &frame).await;
        }
    }
}

/// Into how many slices the heartbeat divides the node's sockets: one slice is pinged every
/// `ping_interval / HEARTBEAT_SLICES`.
const HEARTBEAT_SLICES: u64 = 50;

/// How many beats after its ping a slice is checked for pongs: the first beat at or after the
/// ping timeout (at most a whole round, when the timeout is not shorter than the interval).
fn pong_lag(protocol: &ProtocolConfig) -> u64 {
    let beat = (protocol.ping_interval / HEARTBEAT_SLICES as u32)
        .as_nanos()
        .max(1);
    let lag = protocol.ping_timeout.as_nanos().div_ceil(beat);
    lag.clamp(1, u128::from(HEARTBEAT_SLICES)) as u64
}

/// The node's one heartbeat timer: every ping interval each socket gets a ping, and a socket
/// whose ping is still unanswered at the ping timeout is closed (within one beat, a fiftieth of
/// the interval, after it). One timer instead of one per socket keeps an idle socket's task
/// small. The sockets are pinged a slice at a time (by id), spread over the
/// interval: pinging all of them at once made a burst of one write and one pong per socket —
/// 11,000 of each with the benchmark's sockets — that stalled every other frame for 100–250 ms
/// once every 25 s. Ends when the hub is dropped.
async fn heartbeat(shared: std::sync::Weak<Shared>) {
    let ping = websocket::text(wire::PING);
    let Some(protocol) = shared.upgrade().map(|shared| shared.protocol) else {
        return;
    };
    let lag = pong_lag(&protocol);
    let beat = (protocol.ping_interval / HEARTBEAT_SLICES as u32).max(Duration::from_millis(1));
    let mut beats = tokio::time::interval(beat);
    beats.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // Rounds run back to back from start-up, so every socket's slice comes round within one
    // ping interval of its connecting (the client gives up after interval + timeout).
    for slice in (0..HEARTBEAT_SLICES).cycle() {
        beats.tick().await;
        let Some(shared) = shared.upgrade() else {
            return;
        };
        let checked = (slice + HEARTBEAT_SLICES - lag) % HEARTBEAT_SLICES;
        shared.registry.for_each(ALL, |socket| {
            let own = socket.id % HEARTBEAT_SLICES;
            if own == checked {
                socket.check_pong();
            }
            if own == slice {
                socket.heartbeat(&ping);
            }
        });
    }
}

/// After an outage of the Redis link: closes the sockets whose session was revoked meanwhile,
/// takes the others out of the channels their users may no longer read (a `keep_channels` of
/// another node's was missed), then sends `hub.resync {since}` to the remaining sockets.
async fn resync(shared: Arc<Shared>, since: DateTime<Utc>) {
    let sockets = shared.registry.members(ALL);
    let sessions: Vec<String> = sockets
        .iter()
        .map(|s| s.identity.session_id.clone())
        .collect();
    match shared.auth.live_sessions(&sessions).await {
        Ok(live) => {
            let revoked: Vec<_> = sockets
                .iter()
                .filter(|s| !live.contains(&s.identity.session_id))
                .collect();
            for socket in &revoked {
                socket.end(Ending::Disconnect);
            }
            if !revoked.is_empty() {
                tracing::info!(
                    closed = revoked.len(),
                    "sockets of sessions revoked during the outage closed"
                );
            }
        }
        Err(error) => tracing::warn!(%error, "sessions could not be checked after the outage"),
    }
    recheck_channels(&shared).await;
    let payload = serde_json::json!({ "since": since });
    match wire::event(EventName::Resync.as_str(), &payload) {
        Ok(frame) => {
            let told = shared.registry.deliver(ALL, &frame, None);
            tracing::info!(sockets = told, "sockets told to resync");
        }
        Err(error) => tracing::warn!(%error, "resync could not be sent"),
    }
}

/// Checks every channel room of this node's sockets against the application's rule, once per
/// user, and takes the sockets out of the channels their user may no longer read.
async fn recheck_channels(shared: &Shared) {
    let mut users: HashMap<i64, (Identity, BTreeSet<i64>)> = HashMap::new();
    for socket in shared.registry.members(ALL) {
        let channels = socket.channels();
        if channels.is_empty() {
            continue;
        }
        users
            .entry(socket.identity.user_id)
            .or_insert_with(|| (socket.identity.clone(), BTreeSet::new()))
            .1
            .extend(channels);
    }
    let mut left = 0;
    for (user_id, (identity, channels)) in users {
        let channels: Vec<i64> = channels.into_iter().collect();
        match shared.auth.readable_channels(&identity, &channels).await {
            Ok(readable) => {
                left += shared.registry.drop_channels(user_id, |channel| {
                    !readable.contains(&channel) && channels.contains(&channel)
                });
            }
            Err(error) => {
                tracing::warn!(user_id, %error, "channel access could not be checked after the outage");
            }
        }
    }
    if left > 0 {
        tracing::info!(
            rooms = left,
            "channels no longer readable left after the outage"
        );
    }
}

/// A node's shared parts without a server or Redis, for unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::presence::Presence;

    pub(crate) fn shared(auth: Arc<dyn Authenticator>, presence: PresenceConfig) -> Arc<Shared> {
        Arc::new(Shared {
            registry: Arc::new(Registry::default()),
            signals: Arc::new(Signals::default()),
            cluster: None,
            auth,
            clients: PerAddress::new(HubConfig::default().max_sockets_per_client),
            config: HubConfig::default(),
            protocol: ProtocolConfig::default(),
            flusher: Flusher::start(),
            polling: Sessions::default(),
            presence: Presence::new(presence, None),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_is_checked_at_the_first_beat_after_its_ping_timeout() {
        let protocol = |interval_ms, timeout_ms| ProtocolConfig {
            ping_interval: Duration::from_millis(interval_ms),
            ping_timeout: Duration::from_millis(timeout_ms),
            ..ProtocolConfig::default()
        };
        // The product: beats of 500 ms, the 20 s timeout is 40 beats.
        assert_eq!(pong_lag(&ProtocolConfig::default()), 40);
        // The suites: beats of 6 ms, 200 ms is 33⅓ beats, so the 34th.
        assert_eq!(pong_lag(&protocol(300, 200)), 34);
        // A timeout as long as the interval or longer: at the next ping at the latest.
        assert_eq!(pong_lag(&protocol(300, 300)), 50);
        assert_eq!(pong_lag(&protocol(300, 900)), 50);
        assert_eq!(pong_lag(&protocol(300, 0)), 1);
    }
}
