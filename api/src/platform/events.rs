//! Pushed events, typed: each domain's `events.rs` declares its payloads, their wire name and
//! who receives them; `emit` publishes one after its transaction has committed.

use realtime::{EventName, Hub, Room};
use serde::Serialize;

use crate::platform::server_timing::{self, Phase};

/// A server-to-client event: its payload (the value itself, serialised as the REST API returns
/// the record), its name and its audience.
pub trait Event: Serialize + Sync {
    const NAME: EventName;
    /// The schema the payload follows on the wire, for the OpenAPI document's
    /// `x-tsumugi-events` (the type itself, or the record a wrapper flattens or is transparent
    /// over): `docs/decisions/generated-wire-contract.md`.
    type Wire: utoipa::ToSchema;

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
/// payload (`|event| rooms`). `Type as Wire` names the schema the payload follows when the type
/// only wraps it (`#[serde(transparent)]` or `#[serde(flatten)]` plus skipped audience fields);
/// without it the type is its own schema.
#[macro_export]
macro_rules! impl_event {
    ($ty:ty as $wire:ty, $name:ident, |$event:ident| $audience:expr) => {
        impl $crate::platform::events::Event for $ty {
            const NAME: realtime::EventName = realtime::EventName::$name;
            type Wire = $wire;

            fn audience(&self) -> Vec<realtime::Room> {
                let $event = self;
                $audience
            }
        }
    };
    ($ty:ty, $name:ident, |$event:ident| $audience:expr) => {
        $crate::impl_event!($ty as $ty, $name, |$event| $audience);
    };
}

/// One room per user.
pub fn users(user_ids: impl IntoIterator<Item = i64>) -> Vec<Room> {
    user_ids.into_iter().map(Room::User).collect()
}
