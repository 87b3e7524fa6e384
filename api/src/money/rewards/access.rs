//! Who reads a creator's rewards: the creator themself, accountants and admins. Anyone else
//! (another creator, a client, a manager) is refused with 403 and learns nothing.

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};

pub fn ensure_may_read(caller: &Caller, user_id: i64) -> AppResult<()> {
    if caller.user_id == user_id || caller.role.is_accounting() {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}
