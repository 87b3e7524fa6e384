//! Whom a caller finds in the people picker and whose Profile they read.
//!
//! - The picker (`GET /users`, staff and client users past the guard): staff anyone, by any
//!   role and account status, matching mail addresses too; a client user active creators only.
//! - A Profile: the member themself and staff; anyone else 403 (404 when there is no such user).

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::users::model::AccountStatus;

/// The picker's filter as the caller may use it.
pub struct DirectoryScope {
    pub roles: Vec<Role>,
    pub statuses: Vec<AccountStatus>,
    /// Staff: mail addresses match too, and account statuses are shown.
    pub staff: bool,
}

/// Narrows the requested roles and statuses to whom the caller may pick.
pub fn directory_scope(
    caller: &Caller,
    mut roles: Vec<Role>,
    statuses: Vec<AccountStatus>,
) -> DirectoryScope {
    if caller.role.is_staff() {
        return DirectoryScope {
            roles,
            statuses,
            staff: true,
        };
    }
    // Clients pick among active creators and nobody else.
    roles.retain(|role| role.is_creator());
    if roles.is_empty() {
        roles = vec![Role::General, Role::EditorAssistant];
    }
    DirectoryScope {
        roles,
        statuses: vec![AccountStatus::Active],
        staff: false,
    }
}

/// Whether the caller reads user `user_id`'s Profile.
pub fn may_see_profile(caller: &Caller, user_id: i64) -> bool {
    user_id == caller.user_id || caller.role.is_staff()
}
