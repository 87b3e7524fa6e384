//! Who may see and change a project: the visibility rule of `work::tasks::access`, and the
//! client's users or staff for changes.

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::platform::error::AppResult;
use crate::platform::guards::visible;
use crate::state::AppState;
use crate::work::projects::db;
use crate::work::projects::model::ProjectView;
use crate::work::projects::status::Actor;
use crate::work::tasks::access::ensure_may_change;

/// What the caller is for the status machine's edges on a project of client `client_id`.
pub fn actor(caller: &Caller, client_id: i64) -> Actor {
    actor_of(caller.role, caller.belongs_to_client(client_id))
}

/// The actor of `role`; `owns` is whether the caller is a user of the owning client.
pub(crate) fn actor_of(role: Role, owns: bool) -> Actor {
    Actor {
        owner_or_staff: role.is_staff() || (role == Role::Client && owns),
        operations: role.is_operations(),
    }
}

/// The project if the caller may see it: 404 when it does not exist, 403 when it is not theirs.
pub async fn visible_project(
    state: &AppState,
    caller: &Caller,
    project_id: i64,
) -> AppResult<ProjectView> {
    Ok(visible(db::project(&state.db, caller, project_id).await?)?.for_caller(caller))
}

/// The project, if the caller may change it (its client's users or staff): 404 when it does
/// not exist, 403 when it is not theirs to see or to change.
pub async fn owned_project(
    state: &AppState,
    caller: &Caller,
    project_id: i64,
) -> AppResult<ProjectView> {
    let project = visible_project(state, caller, project_id).await?;
    ensure_may_change(caller, project.client_id)?;
    Ok(project)
}
