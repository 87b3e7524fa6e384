//! `GET /users`: the people a client or staff member can pick, e.g. creators to offer a task
//! to. Staff see every role and account status; clients see active creators only.
//! `GET /users/{id|me}` and `PUT /users/me`: the Profile, for the member themself and staff.

use crate::auth::role::Role;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::{NonCreatorUser, visible};
use crate::platform::pagination::Paging;
use crate::platform::query::{list_param, single_param};
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::users::db;
use crate::users::model::{AccountStatus, WorkStatus};
use crate::users::profile::{self, Profile, ProfileInput};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(show_profile))
        .routes(routes!(show_my_profile, update_my_profile))
}

/// The most users one page holds (and the page size when none is asked for).
pub const MAX_PER_PAGE: i64 = 200;

#[derive(Debug, Serialize, ToSchema)]
pub struct DirectoryUser {
    pub id: i64,
    pub user_name: String,
    #[schema(value_type = String)]
    pub role_type: Role,
    pub work_status: WorkStatus,
    /// Staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account_status: Option<AccountStatus>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DirectoryList {
    #[serde(flatten)]
    pub paging: Paging,
    pub users: Vec<DirectoryUser>,
}

/// What `GET /users` filters on.
pub struct DirectoryFilter {
    pub roles: Vec<Role>,
    pub statuses: Vec<AccountStatus>,
    /// Each word must appear in the user name, the full name or its reading, or (staff) the
    /// mail address.
    pub words: String,
    /// Staff also match mail addresses and read the account status.
    pub staff: bool,
}

#[utoipa::path(get, path = "/users", tag = "users", security(("bearer" = [])),
    params(("role_types[]" = Option<Vec<String>>, Query, description = "general, editor_assistant, client, tsumugi_manager, …"),
           ("active_statuses[]" = Option<Vec<String>>, Query, description = "active, banned, left (staff only)"),
           ("words" = Option<String>, Query, description = "user name, full name, reading or (staff) mail address; `keyword` is read too"),
           ("page" = Option<i64>, Query, description = "from 1"),
           ("per_page" = Option<i64>, Query, description = "1–200, default 200")),
    responses((status = 200, body = DirectoryList, description = "by name"), (status = 401), (status = 403), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    NonCreatorUser(caller): NonCreatorUser,
    RawQuery(query): RawQuery,
) -> AppResult<Json<DirectoryList>> {
    let query = query.as_deref();
    let mut roles = Vec::new();
    for value in list_param(query, "role_types") {
        match Role::from_wire(&value) {
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
    let staff = caller.role.is_staff();
    if !staff {
        // Clients pick among active creators and nobody else.
        roles.retain(|role| role.is_creator());
        if roles.is_empty() {
            roles = vec![Role::General, Role::EditorAssistant];
        }
        statuses = vec![AccountStatus::Active];
    }
    let number = |key: &str| -> AppResult<Option<i64>> {
        single_param(query, key)
            .map(|v| v.parse::<i64>().map_err(|_| AppError::rule(key, "integer")))
            .transpose()
    };
    let per_page = number("per_page")?.unwrap_or(MAX_PER_PAGE);
    if !(1..=MAX_PER_PAGE).contains(&per_page) {
        return Err(AppError::rule(
            "per_page",
            format!("between:1,{MAX_PER_PAGE}"),
        ));
    }
    let page = Paging::requested(number("page")?, 1)?;
    let filter = DirectoryFilter {
        roles,
        statuses,
        words: single_param(query, "words")
            .or_else(|| single_param(query, "keyword"))
            .unwrap_or_default(),
        staff,
    };
    let (total, users) = db::directory(
        &state.db,
        &filter,
        per_page,
        Paging::offset(page, per_page, 1),
    )
    .await?;
    Ok(Json(DirectoryList {
        paging: Paging::new(page, per_page, total, 1),
        users,
    }))
}

/// The Profile of user `id` (`me` for the caller): the member themself and staff; anyone else
/// 403 (404 when there is no such user).
#[utoipa::path(get, path = "/users/{id}", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")),
    responses((status = 200, body = Profile), (status = 401), (status = 403), (status = 404)))]
pub async fn show_profile(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<Profile>> {
    let user_id = caller.user_in_path(&id)?;
    let found = profile::load(&state.db, user_id).await?;
    let may_see = user_id == caller.user_id || caller.role.is_staff();
    visible(found.map(|p| (p, may_see))).map(Json)
}

/// The caller's own Profile (the `me` path is its own route).
#[utoipa::path(get, path = "/users/me", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = Profile), (status = 401)))]
pub async fn show_my_profile(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<Profile>> {
    profile::load(&state.db, caller.user_id)
        .await?
        .map(Json)
        .ok_or(AppError::Unauthorized)
}

/// Changes the caller's Profile: a creator's whole profile of spec section 3; for clients and
/// staff their names, readings, phone and display name. The mail address and password change
/// through their own routes.
#[utoipa::path(put, path = "/users/me", tag = "users", security(("bearer" = [])),
    request_body = ProfileInput,
    responses((status = 200, body = Profile), (status = 401), (status = 422)))]
pub async fn update_my_profile(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiJson(input): ApiJson<ProfileInput>,
) -> AppResult<Json<Profile>> {
    let mut tx = if caller.role.is_creator() {
        let values = profile::validate(&state.db, &input, Some(caller.user_id)).await?;
        let mut tx = state.db.begin().await?;
        profile::save(&mut *tx, caller.user_id, &values).await?;
        tx
    } else {
        let mut v = Validator::new();
        let (person, user_name) = profile::check_basic(&mut v, &input);
        v.finish()?;
        let mut tx = state.db.begin().await?;
        profile::save_basic(&mut *tx, caller.user_id, &person, &user_name).await?;
        tx
    };
    let saved = profile::load(&mut *tx, caller.user_id)
        .await?
        .ok_or(AppError::Unauthorized)?;
    tx.commit().await?;
    Ok(Json(saved))
}
