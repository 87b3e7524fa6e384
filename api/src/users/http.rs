//! `GET /users`: the people a client or staff member can pick, e.g. creators to offer a task
//! to. Staff see every role and account status; clients see active creators only.
//! `GET /users/{id|me}` and `PUT /users/me`: the Profile, for the member themself and staff;
//! `PUT /users/{id}` (managers and admins edit someone's Profile), `POST /users` (an admin
//! creates a creator's or a staff member's account) and `GET /users/{id}/image` (the profile
//! image through the public image path).

use crate::auth::role::Role;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::{AdminUser, ManagerUser, StaffOrClientUser, visible};
use crate::platform::pagination::Paging;
use crate::platform::query::{list_param, single_param};
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::users::model::Profile;
use crate::users::model::{AccountStatus, DirectoryFilter, DirectoryUser};
use crate::users::profile::{self, ProfileInput};
use crate::users::{access, db};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create_user))
        .routes(routes!(show_profile, update_profile))
        .routes(routes!(image))
        .routes(routes!(show_my_profile, update_my_profile))
}

/// The most users one page holds (and the page size when none is asked for).
pub const MAX_PER_PAGE: i64 = 200;

#[derive(Debug, Serialize, ToSchema)]
pub struct DirectoryList {
    #[serde(flatten)]
    pub paging: Paging,
    pub users: Vec<DirectoryUser>,
}

#[utoipa::path(get, path = "/users", tag = "users", security(("bearer" = [])),
    params(("role_types[]" = Option<Vec<String>>, Query, description = "general, editor_assistant, client, tsumugi_manager, …"),
           ("active_statuses[]" = Option<Vec<String>>, Query, description = "active, banned, left (staff only)"),
           ("words" = Option<String>, Query, description = "user name, full name, reading or (staff) mail address; `keyword` is read too"),
           ("page" = Option<i64>, Query, minimum = 0, maximum = 100000, description = "from 1"),
           ("per_page" = Option<i64>, Query, description = "1–200, default 200")),
    responses((status = 200, body = DirectoryList, description = "by name"), (status = 401), (status = 403), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
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
    let scope = access::directory_scope(&caller, roles, statuses);
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
        roles: scope.roles,
        statuses: scope.statuses,
        words: single_param(query, "words")
            .or_else(|| single_param(query, "keyword"))
            .unwrap_or_default(),
        staff: scope.staff,
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
    let may_see = access::may_see_profile(&caller, user_id);
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
    save_profile(&state, caller.user_id, caller.role, &input)
        .await?
        .map(Json)
        .ok_or(AppError::Unauthorized)
}

/// Changes user `id`'s Profile (managers and admins), by the rules of the user's own edit: the
/// whole profile of a creator (an image must be one of the creator's own uploads), the basic
/// information of anyone else.
#[utoipa::path(put, path = "/users/{id}", tag = "users", security(("bearer" = [])),
    params(("id" = i64, Path, description = "a user id")),
    request_body = ProfileInput,
    responses((status = 200, body = Profile), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_profile(
    State(state): State<AppState>,
    ManagerUser(_caller): ManagerUser,
    Path(user_id): Path<i64>,
    ApiJson(input): ApiJson<ProfileInput>,
) -> AppResult<Json<Profile>> {
    let user = db::managed_user(&state.db, user_id, false)
        .await?
        .filter(|user| user.account_status != AccountStatus::Left)
        .ok_or(AppError::NotFound)?;
    save_profile(&state, user_id, user.role_type, &input)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

/// Validates and stores `input` as the Profile of `user_id` (of `role`) in one transaction;
/// the saved Profile, `None` when the user is gone.
async fn save_profile(
    state: &AppState,
    user_id: i64,
    role: Role,
    input: &ProfileInput,
) -> AppResult<Option<Profile>> {
    let mut tx = if role.is_creator() {
        let values = profile::validate(&state.db, input, Some(user_id)).await?;
        let mut tx = state.db.begin().await?;
        profile::save(&mut *tx, user_id, &values).await?;
        tx
    } else {
        let mut v = Validator::new();
        let (person, user_name) = profile::check_basic(&mut v, input);
        v.finish()?;
        let mut tx = state.db.begin().await?;
        profile::save_basic(&mut *tx, user_id, &person, &user_name).await?;
        tx
    };
    let saved = profile::load(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(saved)
}

/// The body of `POST /users`: who the account is for, how they sign in and their names.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewUserInput {
    /// At most 255 characters; unique.
    #[schema(max_length = 255)]
    pub mail_address: String,
    /// 8 to 128 characters with an upper-case letter, a lower-case letter and a digit.
    #[schema(min_length = 8, max_length = 128)]
    pub password: String,
    pub password_confirmation: String,
    /// general, editor_assistant, tsumugi_manager, tsumugi_accountant or tsumugi_admin
    /// (client accounts are invited by their company).
    #[schema(
        pattern = "^(general|editor_assistant|tsumugi_manager|tsumugi_accountant|tsumugi_admin)$"
    )]
    pub role_type: String,
    #[serde(flatten)]
    pub person: profile::PersonInput,
    /// The display name.
    pub user_name: String,
}

/// Creates an account (admins): a creator, who completes the rest of the profile after
/// logging in, or a staff member. 422 `mail_address: unique` when the address is taken.
#[utoipa::path(post, path = "/users", tag = "users", security(("bearer" = [])),
    request_body = NewUserInput,
    responses((status = 201, body = Profile), (status = 401), (status = 403), (status = 422)))]
pub async fn create_user(
    State(state): State<AppState>,
    AdminUser(caller): AdminUser,
    ApiJson(input): ApiJson<NewUserInput>,
) -> AppResult<(StatusCode, Json<Profile>)> {
    let mut v = Validator::new();
    let mail_address = input.mail_address.trim();
    v.required("mail_address", mail_address)
        .email("mail_address", mail_address)
        .max_chars("mail_address", mail_address, 255);
    crate::accounts::password_rule::check(
        &mut v,
        "password",
        &input.password,
        "password_confirmation",
        &input.password_confirmation,
    );
    let role = Role::from_wire(input.role_type.trim()).filter(|role| *role != Role::Client);
    if role.is_none() {
        v.fail(
            "role_type",
            "in:general,editor_assistant,tsumugi_manager,tsumugi_accountant,tsumugi_admin",
        );
    }
    let person = profile::check_person(&mut v, &input.person);
    let user_name = input.user_name.trim();
    v.required("user_name", user_name)
        .max_chars("user_name", user_name, profile::NAME_MAX);
    v.finish()?;
    let role = role.expect("validated");
    let password = input.password;
    let password_hash = tokio::task::spawn_blocking(move || crate::auth::password::hash(&password))
        .await
        .map_err(anyhow::Error::from)??;
    let mut tx = state.db.begin().await?;
    let user_id = profile::create_account(
        &mut *tx,
        &profile::NewAccount {
            mail_address,
            password_hash: &password_hash,
            role,
            client_id: None,
            user_name,
            person: &person,
        },
    )
    .await?
    .ok_or_else(|| AppError::rule("mail_address", "unique"))?;
    let created = profile::load(&mut *tx, user_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("a created user was not read back"))?;
    tx.commit().await?;
    tracing::info!(
        user_id,
        by = caller.user_id,
        role = role.as_db(),
        "user created"
    );
    Ok((StatusCode::CREATED, Json(created)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserImageQuery {
    /// Scale to fit this width (px).
    pub width: Option<u32>,
    /// Scale to fit this height (px).
    pub height: Option<u32>,
}

/// User `id`'s profile image, for anyone logged in: a redirect to the public image path
/// (`/api/images/…`, which answers the image when it is clean and a placeholder otherwise),
/// with `width` and `height` passed on; the placeholder when the user has no image.
#[utoipa::path(get, path = "/users/{id}/image", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), UserImageQuery),
    responses((status = 302, description = "to the image (or the placeholder) under /api/images"),
              (status = 401), (status = 404), (status = 422)))]
pub async fn image(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    crate::platform::extract::ApiQuery(query): crate::platform::extract::ApiQuery<UserImageQuery>,
) -> AppResult<Response> {
    let user_id = caller.user_in_path(&id)?;
    let path = db::image_path(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    // Without an image, a path the image route answers with its placeholder.
    let path = path.unwrap_or_else(|| "none".to_string());
    let size: Vec<String> = [("width", query.width), ("height", query.height)]
        .into_iter()
        .filter_map(|(key, side)| side.map(|side| format!("{key}={side}")))
        .collect();
    let mut location = format!("/api/images/{path}");
    if !size.is_empty() {
        location = format!("{location}?{}", size.join("&"));
    }
    Ok((
        StatusCode::FOUND,
        [
            (header::LOCATION, location),
            (header::CACHE_CONTROL, "private, no-cache".to_string()),
        ],
    )
        .into_response())
}
