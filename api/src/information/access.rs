//! Which posts a caller reads: the live posts whose audience includes the caller's role; the
//! operations staff (manager, admin, the writers of posts) every post, scheduled ones too, when
//! they ask for it.

use crate::auth::role::Role;
use crate::auth::session::Caller;

/// Which posts a list answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readable {
    /// Every post, scheduled ones too, with their audience (the writers' view).
    Every,
    /// The live posts of this role's audience.
    LiveFor(Role),
}

/// What the caller reads; `include_scheduled` is honoured for the operations staff only.
pub fn readable(caller: &Caller, include_scheduled: bool) -> Readable {
    if include_scheduled && caller.role.is_operations() {
        Readable::Every
    } else {
        Readable::LiveFor(caller.role)
    }
}
