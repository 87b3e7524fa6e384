//! `GET /users`: the people a client or staff member can pick, e.g. creators to offer a task
//! to. Staff see every role and account status; clients see active creators only.

use crate::auth::role::Role;
use crate::platform::error::{AppError, AppResult};
use crate::platform::guards::NonCreatorUser;
use crate::platform::query::{list_param, single_param};
use crate::state::AppState;
use crate::users::db;
use crate::users::model::{AccountStatus, WorkStatus};
use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list))
}

pub const LIMIT: i64 = 200;

#[derive(Debug, Serialize, ToSchema)]
pub struct DirectoryUser {
    pub id: i64,
    pub user_name: String,
    #[schema(value_type = String)]
    pub role_type: Role,
    pub work_status: WorkStatus,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DirectoryList {
    pub users: Vec<DirectoryUser>,
}

fn role_of_wire(value: &str) -> Option<Role> {
    Role::from_db(value).or_else(|| {
        value
            .strip_prefix(crate::auth::role::PROVIDER)
            .and_then(|rest| rest.strip_prefix('_'))
            .and_then(Role::from_db)
            .filter(|role| role.is_staff())
    })
}

#[utoipa::path(get, path = "/users", tag = "users", security(("bearer" = [])),
    params(("role_types[]" = Option<Vec<String>>, Query, description = "general, editor_assistant, client, tsumugi_manager, …"),
           ("active_statuses[]" = Option<Vec<String>>, Query, description = "active, banned, left (staff only)"),
           ("keyword" = Option<String>, Query)),
    responses((status = 200, body = DirectoryList, description = "at most 200, by name"), (status = 403), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    NonCreatorUser(caller): NonCreatorUser,
    RawQuery(query): RawQuery,
) -> AppResult<Json<DirectoryList>> {
    let query = query.as_deref();
    let mut roles = Vec::new();
    for value in list_param(query, "role_types") {
        match role_of_wire(&value) {
            Some(role) => roles.push(role),
            None => return Err(AppError::rule("role_types", "in")),
        }
    }
    let mut statuses = Vec::new();
    for value in list_param(query, "active_statuses") {
        match AccountStatus::parse(&value) {
            Some(status) => statuses.push(status),
            None => return Err(AppError::rule("active_statuses", AccountStatus::rule())),
        }
    }
    if !caller.role.is_staff() {
        // Clients pick among active creators and nobody else.
        roles.retain(|role| role.is_creator());
        if roles.is_empty() {
            roles = vec![Role::General, Role::EditorAssistant];
        }
        statuses = vec![AccountStatus::Active];
    }
    let keyword = single_param(query, "keyword").unwrap_or_default();
    Ok(Json(DirectoryList {
        users: db::directory(&state.db, &roles, &statuses, &keyword, LIMIT).await?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_roles_parse_with_the_provider_prefix_for_staff_only() {
        assert_eq!(role_of_wire("general"), Some(Role::General));
        assert_eq!(role_of_wire("tsumugi_admin"), Some(Role::Admin));
        assert_eq!(role_of_wire("tsumugi_general"), None);
        assert_eq!(role_of_wire("owner"), None);
    }
}
