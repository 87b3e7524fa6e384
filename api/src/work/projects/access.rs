//! Who may see and change a project: the visibility rule of `work::tasks::access`, and the
//! client's users or staff for changes.

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::platform::guards::visible;
use crate::state::AppState;
use crate::work::projects::db;
use crate::work::projects::model::ProjectView;

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
    if !caller.acts_for_client(project.client_id) {
        return Err(AppError::Forbidden);
    }
    Ok(project)
}
