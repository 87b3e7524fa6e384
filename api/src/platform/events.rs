//! Pushed events, typed: each domain's `events.rs` declares its payloads, their wire name and
//! who receives them; `emit` publishes one after its transaction has committed.

use realtime::{EventName, Hub, Room};
use serde::Serialize;

use crate::platform::server_timing::{self, Phase};

/// A server-to-client event: its payload (the value itself, serialised as the REST API returns
/// the record), its name and its audience.
pub trait Event: Serialize + Sync {
    const NAME: EventName;

    /// The rooms that receive this event.
    fn audience(&self) -> Vec<Room>;
}

/// Publishes `event` to each room of its audience. Persist first, then call this: a push is
/// never the only copy of the data, so a failed publish is logged, not returned.
pub async fn emit<E: Event>(hub: &Hub, event: &E) {
    let publish = async {
        for room in event.audience() {
            hub.publish_or_log(room, E::NAME, event).await;
        }
    };
    server_timing::timed(Phase::Push, publish).await;
}

/// Implements `Event` for a payload type: its wire name, and its audience computed from the
/// payload (`|event| rooms`).
#[macro_export]
macro_rules! impl_event {
    ($ty:ty, $name:ident, |$event:ident| $audience:expr) => {
        impl $crate::platform::events::Event for $ty {
            const NAME: realtime::EventName = realtime::EventName::$name;

            fn audience(&self) -> Vec<realtime::Room> {
                let $event = self;
                $audience
            }
        }
    };
}

/// One room per user.
pub fn users(user_ids: impl IntoIterator<Item = i64>) -> Vec<Room> {
    user_ids.into_iter().map(Room::User).collect()
}
