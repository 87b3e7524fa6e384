//! The `Hub` handle: builds the socket.io layer (in-process or Redis fan-out) and is the one
//! way the application publishes events or closes sockets.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use serde::Serialize;
use socketioxide::adapter::{Adapter, Emitter, LocalAdapter};
use socketioxide::handler::ConnectHandler;
use socketioxide::layer::SocketIoLayer;
use socketioxide::{SocketIo, SocketIoBuilder};
use socketioxide_redis::{CustomRedisAdapter, RedisAdapterConfig, RedisAdapterCtr};

use crate::auth::{Authenticator, Identity};
use crate::events::EventName;
use crate::handlers::{self, HubState};
use crate::redis_link::{LinkError, RedisLink};
use crate::rooms::Room;

/// The Redis adapter on Tsumugi's own driver (see `redis_link`).
type RedisAdapter = CustomRedisAdapter<Emitter, RedisLink>;

/// How the hub fans out.
#[derive(Debug, Clone, Default)]
pub struct HubConfig {
    /// `redis://host:port/?protocol=resp3`; without it every event stays in this process.
    pub redis_url: Option<String>,
    /// Key prefix of the Redis channels, so several deployments (or tests) can share a server.
    pub redis_prefix: String,
    /// Packets buffered per socket before the socket counts as a slow consumer and is closed.
    pub socket_buffer: usize,
    /// WebSocket read buffer per socket, in bytes (tungstenite grows it when a frame needs more).
    pub read_buffer: usize,
    /// Accept `bench:publish` from clients (the hub-only benchmark mode; never in production).
    pub bench: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum HubError {
    #[error("redis: {0}")]
    Redis(#[from] redis::RedisError),
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error("broadcast: {0}")]
    Broadcast(String),
    #[error("payload: {0}")]
    Payload(#[from] serde_json::Error),
}

/// The socket.io layer to mount on the HTTP router; its type depends on the adapter.
pub enum HubLayer {
    Local(SocketIoLayer<LocalAdapter>),
    Redis(SocketIoLayer<RedisAdapter>),
}

/// Cheap to clone; publishes typed events to rooms on every node.
#[derive(Clone)]
pub struct Hub {
    io: Arc<dyn Broadcast>,
}

impl Hub {
    /// Builds the hub and the layer that serves `/socket.io/`.
    pub async fn build(
        config: HubConfig,
        auth: Arc<dyn Authenticator>,
    ) -> Result<(HubLayer, Hub), HubError> {
        let state = HubState {
            auth: auth.clone(),
            bench: config.bench,
        };
        let builder = SocketIo::builder()
            .max_buffer_size(config.socket_buffer.max(16))
            .ws_read_buffer_size(config.read_buffer.max(256))
            .ping_interval(Duration::from_secs(25))
            .ping_timeout(Duration::from_secs(20))
            .with_state(state);
        match &config.redis_url {
            None => {
                let (layer, io) = builder.build_layer();
                io.ns("/", handlers::on_connect.with(handlers::authenticate));
                Ok((HubLayer::Local(layer), Hub { io: Arc::new(io) }))
            }
            Some(url) => {
                let client = redis::Client::open(url.as_str())?;
                let prefix = if config.redis_prefix.is_empty() {
                    "tsumugi".to_string()
                } else {
                    config.redis_prefix.clone()
                };
                let adapter_config = RedisAdapterConfig::new().with_prefix(prefix);
                let link = RedisLink::connect(client).await?;
                let adapter = RedisAdapterCtr::new_with_driver(link.clone(), adapter_config);
                let (layer, io) = with_redis(builder, adapter).build_layer();
                io.ns("/", handlers::on_connect.with(handlers::authenticate))
                    .await
                    .map_err(|e| HubError::Broadcast(e.to_string()))?;
                // While Redis was away this node missed what other nodes published: revocations
                // (close those sessions' sockets now) and events (tell the remaining sockets to
                // catch up, as after a reconnect).
                let local = io.clone();
                link.on_recovered(move |since| {
                    let (io, auth) = (local.clone(), auth.clone());
                    tokio::spawn(resync(io, auth, since));
                });
                Ok((HubLayer::Redis(layer), Hub { io: Arc::new(io) }))
            }
        }
    }

    /// Sends `event` with `payload` to every socket in `room`, on every node.
    pub async fn publish<T: Serialize + ?Sized>(
        &self,
        room: Room,
        event: EventName,
        payload: &T,
    ) -> Result<(), HubError> {
        let value = serde_json::to_value(payload)?;
        self.io.emit(room, event, value).await
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

    /// Closes every socket in `room` on every node (a revoked session, a user who left).
    pub async fn disconnect(&self, room: Room) -> Result<(), HubError> {
        self.io.disconnect(room).await
    }

    /// Sockets connected to this node.
    pub fn local_socket_count(&self) -> usize {
        self.io.local_socket_count()
    }

    /// Closes every socket on this node (at shutdown): clients see the transport close and
    /// reconnect, through the load balancer, to a node still running.
    pub async fn close(&self) {
        self.io.close().await;
    }
}

/// After an outage of the Redis link: closes the sockets whose session was revoked meanwhile,
/// then sends `hub.resync {since}` to the others on this node.
async fn resync(io: SocketIo<RedisAdapter>, auth: Arc<dyn Authenticator>, since: DateTime<Utc>) {
    let sockets = io.sockets();
    let sessions: Vec<String> = sockets
        .iter()
        .filter_map(|s| s.extensions.get::<Identity>().map(|i| i.session_id))
        .collect();
    match auth.live_sessions(&sessions).await {
        Ok(live) => {
            let mut closed = 0;
            for socket in sockets {
                let revoked = socket
                    .extensions
                    .get::<Identity>()
                    .is_some_and(|i| !live.contains(&i.session_id));
                if revoked {
                    socket.disconnect().ok();
                    closed += 1;
                }
            }
            if closed > 0 {
                tracing::info!(
                    closed,
                    "sockets of sessions revoked during the outage closed"
                );
            }
        }
        Err(error) => tracing::warn!(%error, "sessions could not be checked after the outage"),
    }
    let told = io.sockets().len();
    let payload = serde_json::json!({ "since": since });
    match io.local().emit(EventName::Resync.as_str(), &payload).await {
        Ok(()) => tracing::info!(sockets = told, "sockets told to resync"),
        Err(error) => tracing::warn!(%error, "resync could not be sent"),
    }
}

fn with_redis(
    builder: SocketIoBuilder<LocalAdapter>,
    adapter: RedisAdapterCtr<RedisLink>,
) -> SocketIoBuilder<RedisAdapter> {
    builder.with_adapter::<RedisAdapter>(adapter)
}

/// Object-safe view of `SocketIo<A>` so the hub hides which adapter it runs on.
trait Broadcast: Send + Sync {
    fn emit(
        &self,
        room: Room,
        event: EventName,
        payload: serde_json::Value,
    ) -> BoxFuture<'_, Result<(), HubError>>;
    fn disconnect(&self, room: Room) -> BoxFuture<'_, Result<(), HubError>>;
    fn local_socket_count(&self) -> usize;
    fn close(&self) -> BoxFuture<'_, ()>;
}

impl<A: Adapter> Broadcast for SocketIo<A> {
    fn emit(
        &self,
        room: Room,
        event: EventName,
        payload: serde_json::Value,
    ) -> BoxFuture<'_, Result<(), HubError>> {
        Box::pin(async move {
            let operators = match room {
                Room::All => self.broadcast(),
                room => self.to(room.to_string()),
            };
            operators
                .emit(event.as_str(), &payload)
                .await
                .map_err(|e| HubError::Broadcast(e.to_string()))
        })
    }

    fn disconnect(&self, room: Room) -> BoxFuture<'_, Result<(), HubError>> {
        Box::pin(async move {
            let operators = match room {
                Room::All => self.broadcast(),
                room => self.to(room.to_string()),
            };
            operators
                .disconnect()
                .await
                .map_err(|e| HubError::Broadcast(e.to_string()))
        })
    }

    fn local_socket_count(&self) -> usize {
        self.sockets().len()
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(SocketIo::close(self))
    }
}
