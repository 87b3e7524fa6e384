//! Who may see which creator, and how much of them — the one rule every creator endpoint uses.
//!
//! - Staff (manager, accountant, admin) see every creator and every field.
//! - A client user sees active creators (search makes them discoverable for offers), public
//!   fields only: never bank, income, family, marital status, children, chatwork, phone, mail,
//!   address, birthday or real-name readings.
//! - A creator sees only themself through these endpoints (403 for anyone else).
//! - An id that is not a creator is 404.

use sqlx::{Postgres, QueryBuilder};

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::creators::db;
use crate::creators::model::CreatorAbilities;
use crate::platform::error::{AppError, AppResult};
use crate::platform::guards::ensure_visible;

/// Who is looking, as far as creators are concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// `manager_or_admin`: may change NG combinations.
    Staff {
        manager_or_admin: bool,
    },
    Client {
        client_id: i64,
    },
    Creator {
        user_id: i64,
    },
}

/// How much of a visible creator the viewer sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// Every field (staff, the creator themself).
    Full,
    /// Public fields only (clients).
    Public,
}

impl Viewer {
    pub fn of(caller: &Caller) -> Viewer {
        match caller.role {
            Role::Manager | Role::Admin => Viewer::Staff {
                manager_or_admin: true,
            },
            Role::Accountant => Viewer::Staff {
                manager_or_admin: false,
            },
            Role::Client => Viewer::Client {
                // A client user always has a client (users_client_role_check).
                client_id: caller.client_id.unwrap_or_default(),
            },
            Role::General | Role::EditorAssistant => Viewer::Creator {
                user_id: caller.user_id,
            },
        }
    }

    pub fn is_staff(self) -> bool {
        matches!(self, Viewer::Staff { .. })
    }

    /// What the viewer may do on a visible creator's page.
    pub fn abilities(self) -> CreatorAbilities {
        match self {
            Viewer::Staff { manager_or_admin } => CreatorAbilities {
                can_write_memo: false,
                can_read_client_memos: true,
                can_write_manager_memo: true,
                can_read_combinations: true,
                can_edit_combinations: manager_or_admin,
                can_edit_tags: true,
                can_read_tasks: true,
            },
            Viewer::Client { .. } => CreatorAbilities {
                can_write_memo: true,
                can_read_tasks: true,
                ..CreatorAbilities::default()
            },
            Viewer::Creator { .. } => CreatorAbilities {
                can_read_tasks: true,
                ..CreatorAbilities::default()
            },
        }
    }
}

/// The condition on a search row `alias` (`creator_search` or `creator_genre_search`, creators
/// only) that the viewer may find it. Creators never search (their handlers refuse them); were
/// one to, they would find themself.
pub fn push_searchable(q: &mut QueryBuilder<Postgres>, viewer: Viewer, alias: &str) {
    match viewer {
        Viewer::Staff { .. } => {
            q.push("true");
        }
        Viewer::Client { .. } => {
            q.push(format!("{alias}.is_active"));
        }
        Viewer::Creator { user_id } => {
            q.push(format!("{alias}.user_id = "));
            q.push_bind(user_id);
        }
    }
}

/// Whether the viewer may see creator `creator_id` and how much: 404 when it is not a creator,
/// 403 when the viewer may not see it.
pub async fn depth(
    db: impl sqlx::PgExecutor<'_>,
    viewer: Viewer,
    creator_id: i64,
) -> AppResult<Depth> {
    let Some(active) = db::creator_is_active(db, creator_id).await? else {
        return Err(AppError::NotFound);
    };
    let depth = match viewer {
        Viewer::Staff { .. } => Some(Depth::Full),
        Viewer::Client { .. } => active.then_some(Depth::Public),
        Viewer::Creator { user_id } => (user_id == creator_id).then_some(Depth::Full),
    };
    ensure_visible(true, depth.is_some())?;
    Ok(depth.unwrap_or(Depth::Public))
}
