//! Who may see and change a client company — the one rule every client and media endpoint uses.
//!
//! - Staff (manager, accountant, admin) see every client; managers and admins change them
//!   (`ManagerUser` on the write handlers), accountants only read.
//! - A client user sees only its own company (`users.client_id`): any other id answers 404, as
//!   if it did not exist, so ids of other companies cannot be probed.
//! - Creators are refused (403) before anything is looked up.

use sqlx::PgExecutor;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};

/// Which clients a caller may see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientScope {
    /// Staff: every client.
    All,
    /// A client user: its own company only.
    Own(i64),
}

impl ClientScope {
    /// The caller's scope; 403 for creators.
    pub fn of(caller: &Caller) -> AppResult<ClientScope> {
        match (caller.role, caller.client_id) {
            (role, _) if role.is_staff() => Ok(ClientScope::All),
            (Role::Client, Some(client_id)) => Ok(ClientScope::Own(client_id)),
            _ => Err(AppError::Forbidden),
        }
    }

    /// The one client a client user is limited to (None for staff).
    pub fn client_id(self) -> Option<i64> {
        match self {
            ClientScope::All => None,
            ClientScope::Own(id) => Some(id),
        }
    }

    pub fn admits(self, client_id: i64) -> bool {
        match self {
            ClientScope::All => true,
            ClientScope::Own(own) => own == client_id,
        }
    }

    /// Staff may pass a client to narrow a list; a client user always gets its own.
    pub fn narrowed(self, requested: Option<i64>) -> Option<i64> {
        self.client_id().or(requested)
    }
}

/// Client `client_id` as the caller may see it: 403 for creators, 404 when it does not exist
/// or is another company's.
pub async fn client_for(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    client_id: i64,
) -> AppResult<ClientScope> {
    let scope = ClientScope::of(caller)?;
    if !scope.admits(client_id) {
        return Err(AppError::NotFound);
    }
    let exists: bool = sqlx::query_scalar("select exists (select 1 from clients where id = $1)")
        .bind(client_id)
        .fetch_one(db)
        .await?;
    if exists {
        Ok(scope)
    } else {
        Err(AppError::NotFound)
    }
}

/// Whether the caller may change clients and media (managers and admins).
pub fn may_write(caller: &Caller) -> bool {
    caller.role.is_operations()
}

/// Whether the caller may invite people to client `client_id` (already known to be visible):
/// managers, admins and the company's own users.
pub fn may_invite(caller: &Caller, client_id: i64) -> bool {
    may_write(caller) || caller.belongs_to_client(client_id)
}

/// Client `client_id` when the caller may invite people to it, through either invitation
/// endpoint (`POST /clients/{id}/accounts`, `POST /clients/{id}/signup`): 404 as
/// [`client_for`], 403 for those who see it but may not invite (accountants).
pub async fn invitable_client(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    client_id: i64,
) -> AppResult<()> {
    client_for(db, caller, client_id).await?;
    if may_invite(caller, client_id) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// Whether the caller reads a client's internal note (staff).
pub fn sees_note(caller: &Caller) -> bool {
    caller.role.is_staff()
}

#[cfg(test)]
mod tests {
    use super::ClientScope;

    #[test]
    fn a_client_is_narrowed_to_its_own_company() {
        assert!(ClientScope::All.admits(3));
        assert!(ClientScope::Own(3).admits(3));
        assert!(!ClientScope::Own(3).admits(4));
        assert_eq!(ClientScope::Own(3).narrowed(Some(4)), Some(3));
        assert_eq!(ClientScope::All.narrowed(Some(4)), Some(4));
        assert_eq!(ClientScope::All.narrowed(None), None);
    }
}
