//! Who may read and write a creator's information: the creator reads and writes their own;
//! staff (manager, accountant, admin) read anyone's; everyone else is refused (403), whether
//! or not the user exists. Only creators (general, editor_assistant) have this information, so
//! another role's is "not found".

use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::creator_profile::db;
use crate::platform::error::{AppError, AppResult};

pub fn may_read(caller: &Caller, owner_id: i64) -> bool {
    caller.user_id == owner_id || caller.role.is_staff()
}

/// The creator whose information the caller reads: 403 for someone else's unless staff, 404
/// when the user does not exist or is not a creator.
pub async fn readable(db: &PgPool, caller: &Caller, id: &str) -> AppResult<i64> {
    let owner_id = caller.user_in_path(id)?;
    if !may_read(caller, owner_id) {
        return Err(AppError::Forbidden);
    }
    match db::role_of(db, owner_id).await? {
        Some(role) if role.is_creator() => Ok(owner_id),
        _ => Err(AppError::NotFound),
    }
}

/// The creator whose information the caller writes: only their own, and only as a creator.
pub fn writable(caller: &Caller, id: &str) -> AppResult<i64> {
    let owner_id = caller.user_in_path(id)?;
    if owner_id != caller.user_id || !caller.role.is_creator() {
        return Err(AppError::Forbidden);
    }
    Ok(owner_id)
}

/// The creator whose work status the caller sets: their own (as a creator) or, for staff, any
/// creator's; 404 when the user does not exist or is not a creator.
pub async fn work_status_target(db: &PgPool, caller: &Caller, id: &str) -> AppResult<i64> {
    let target_id = caller.user_in_path(id)?;
    let own = target_id == caller.user_id && caller.role.is_creator();
    if !own && !caller.role.is_staff() {
        return Err(AppError::Forbidden);
    }
    match db::role_of(db, target_id).await? {
        Some(role) if role.is_creator() => Ok(target_id),
        _ => Err(AppError::NotFound),
    }
}
