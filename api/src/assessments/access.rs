//! Which assessments a caller sees: a client user its own company's, staff every company's;
//! and whose reminder dialog may open (a client user's).

use sqlx::{Postgres, QueryBuilder};

use crate::auth::role::Role;
use crate::auth::session::Caller;

/// The caller's scope: a client user its own company's, staff all (or `client_id`'s).
pub(super) fn push_scope(q: &mut QueryBuilder<Postgres>, caller: &Caller, client_id: Option<i64>) {
    if caller.role.is_staff() {
        q.push(" where true");
        if let Some(client_id) = client_id {
            q.push(" and a.client_id = ").push_bind(client_id);
        }
    } else {
        q.push(" where a.client_id = ")
            .push_bind(caller.client_id.unwrap_or(-1));
    }
}

/// Whether the caller answers client `client_id`'s assessments: its own users (not staff).
pub(super) fn may_answer(caller: &Caller, client_id: i64) -> bool {
    caller.belongs_to_client(client_id)
}

/// The company whose monthly reminder the caller may be shown: a client user's own, nobody
/// else's.
pub(super) fn reminded_client(caller: &Caller) -> Option<i64> {
    match (caller.role, caller.client_id) {
        (Role::Client, Some(client_id)) => Some(client_id),
        _ => None,
    }
}
