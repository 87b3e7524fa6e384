//! Who may read a member's bank account: the member, accountants and admins. Managers, clients
//! and other creators never see payee data.

use crate::auth::session::Caller;

pub fn may_read(caller: &Caller, owner_id: i64) -> bool {
    caller.user_id == owner_id || caller.role.is_accounting()
}
