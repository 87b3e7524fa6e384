//! The realtime hub: socket.io connection auth, room naming, typed events, and the `Hub`
//! handle through which the API publishes them (in-process, or through Redis across nodes).

mod auth;
mod events;
mod handlers;
mod hub;
mod rooms;

pub use auth::{AuthRejection, Authenticator, Identity, JoinRejection};
pub use events::EventName;
pub use hub::{Hub, HubConfig, HubError, HubLayer};
pub use rooms::Room;
