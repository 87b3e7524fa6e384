//! `reward_confirmation.created`: a month was confirmed. Creators' open statements of that
//! month show it confirmed and staff lists reload; the payload names only the month, so nobody
//! learns another creator's figures from it.

use realtime::Room;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct RewardConfirmationCreated {
    pub year: i32,
    pub month: i32,
}

crate::impl_event!(RewardConfirmationCreated, RewardConfirmationCreated, |_e| [
    "general",
    "editor_assistant",
    "accountant",
    "admin"
]
.into_iter()
.map(|role| Room::Role(role.into()))
.collect());
