//! `session.revoked`: staff ended a user's sessions (a role change or a leave). The user's open
//! browsers log out and return to the login page; their sockets are closed right after.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RevokeReason {
    RoleChanged,
    Left,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionRevoked {
    #[serde(skip)]
    pub user_id: i64,
    pub reason: RevokeReason,
}

crate::impl_event!(SessionRevoked, SessionRevoked, |e| {
    crate::platform::events::users([e.user_id])
});
