//! The realtime hub: an Engine.IO v4 / Socket.IO v5 server of the project's own, over
//! WebSocket and HTTP long-polling with the upgrade (why not socketioxide:
//! `docs/decisions/own-socketio-server.md`; polling: `docs/decisions/long-polling-bridge.md`), connection auth, room naming, typed events, and
//! the `Hub` handle through which the API publishes them (in-process, or through Redis across
//! nodes).

mod admission;
mod auth;
mod cluster;
mod connection;
mod drain;
mod events;
mod flusher;
mod handlers;
mod hub;
mod limits;
pub mod metrics;
mod polling;
mod presence;
mod redis_link;
mod redis_shards;
mod reference;
mod registry;
mod rooms;
mod server;
mod signals;
mod socket;
mod websocket;
pub mod wire;

pub use admission::{RESERVED_DESCRIPTORS, client_address, default_max_connections};
pub use auth::{
    AuthRejection, Authenticator, Identity, JoinRejection, ManuscriptJoin, ManuscriptRejection,
};
pub use cluster::sharded_channel;
pub use events::EventName;
pub use hub::{DEFAULT_MAX_SOCKETS_PER_CLIENT, Hub, HubConfig, HubError, HubLayer};
pub use limits::{SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND};
pub use presence::{
    DEFAULT_AWAY_AFTER, DEFAULT_PRESENCE_EXPIRY, PresenceChange, PresenceConfig, PresenceState,
    PresenceStatus,
};
pub use redis_link::{COMMAND_TIMEOUT, HEALTH_INTERVAL, MISSED_MARGIN, RECONNECT_INTERVAL};
pub use rooms::Room;
pub use server::{
    ACCEPT_BACKLOG, DEFAULT_HEADER_READ_TIMEOUT, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, ServerConfig,
    listen, serve,
};
pub use socket::DEFAULT_BUSY_GAP;
pub use wire::ProtocolConfig;
