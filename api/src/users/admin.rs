//! Staff acting on users: role changes (admin), admin flags on creators (managers and admins),
//! and the leave process (admin) with the list of leavers (managers and admins).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::role::Role;
use crate::auth::session;
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, ApiQuery};
use crate::platform::guards::{AdminUser, ManagerUser, StaffUser};
use crate::platform::pagination::Paging;
use crate::platform::realtime_auth::{channel_access_changed, sessions_revoked};
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use crate::users::db;
use crate::users::events::{RevokeReason, SessionRevoked};
use crate::users::flags::{self, AdminFlag, AdminFlags};
use crate::users::leaving;
use crate::users::model::{AccountStatus, LeftUser, ManagedUser};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(change_role))
        .routes(routes!(admin_flags, set_admin_flags))
        .routes(routes!(leave))
        .routes(routes!(left_users))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RoleChange {
    /// general, editor_assistant, tsumugi_manager, tsumugi_accountant or tsumugi_admin.
    pub role_type: String,
}

impl Declared for RoleChange {
    const RULES: &'static [FieldRules] = &[(
        "role_type",
        &[Rule::Required, Rule::In(Role::ASSIGNABLE_WIRE_NAMES)],
    )];
}

/// Changes a user's role. Every session of theirs ends at once: their open browsers get
/// `session.revoked` and go back to the login page. Client accounts belong to a company and
/// keep their role; nobody changes their own role.
#[utoipa::path(put, path = "/users/{id}/role", tag = "users", security(("bearer" = [])), request_body = RoleChange,
    responses((status = 200, body = ManagedUser), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn change_role(
    State(state): State<AppState>,
    AdminUser(caller): AdminUser,
    Path(user_id): Path<i64>,
    ApiJson(input): ApiJson<RoleChange>,
) -> AppResult<Json<ManagedUser>> {
    let role = Role::from_wire(input.role_type.trim())
        .filter(|role| *role != Role::Client)
        .ok_or_else(|| AppError::rule("role_type", "in"))?;
    let mut tx = state.db.begin().await?;
    let user = db::managed_user(&mut *tx, user_id, true)
        .await?
        .ok_or(AppError::NotFound)?;
    if user.id == caller.user_id {
        return Err(AppError::invalid("自分の権限は変更できません。"));
    }
    if user.role_type == Role::Client {
        return Err(AppError::invalid(
            "クライアントのアカウントの権限は変更できません。",
        ));
    }
    if user.account_status != AccountStatus::Active {
        return Err(AppError::invalid(
            "退会手続き中または退会済みのユーザーの権限は変更できません。",
        ));
    }
    if user.role_type == role {
        return Ok(Json(user));
    }
    db::set_role(&mut tx, user_id, user.role_type, role, caller.user_id).await?;
    let revoked = session::revoke_all_of_user(&mut *tx, user_id).await?;
    let changed = db::managed_user(&mut *tx, user_id, false)
        .await?
        .ok_or(AppError::NotFound)?;
    tx.commit().await?;
    tracing::info!(
        user_id,
        from = user.role_type.as_db(),
        to = role.as_db(),
        "role changed"
    );
    end_sessions(&state, user_id, RevokeReason::RoleChanged, &revoked).await;
    Ok(Json(changed))
}

/// Tells the user's open browsers why, then closes their sockets. Any socket of theirs left open
/// (none is expected) also leaves the channels they may no longer read.
async fn end_sessions(
    state: &AppState,
    user_id: i64,
    reason: RevokeReason,
    revoked: &[uuid::Uuid],
) {
    channel_access_changed(&state.db, &state.hub, &[user_id]).await;
    if revoked.is_empty() {
        return;
    }
    emit(&state.hub, &SessionRevoked { user_id, reason }).await;
    sessions_revoked(&state.hub, revoked).await;
}

/// A creator's admin flags (staff only; clients never see them).
#[utoipa::path(get, path = "/users/{id}/admin_flags", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = AdminFlags), (status = 401), (status = 403), (status = 404)))]
pub async fn admin_flags(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    Path(user_id): Path<i64>,
) -> AppResult<Json<AdminFlags>> {
    creator(&state, user_id).await?;
    Ok(Json(AdminFlags {
        user_id,
        admin_flags: flags::of_user(&state.db, user_id).await?,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminFlagsInput {
    /// The flags the creator carries after the call (the others are cleared).
    pub admin_flags: Vec<String>,
}

impl Declared for AdminFlagsInput {
    const RULES: &'static [FieldRules] =
        &[("admin_flags", &[Rule::Required, Rule::In(AdminFlag::NAMES)])];
}

/// Sets a creator's admin flags (managers and admins).
#[utoipa::path(put, path = "/users/{id}/admin_flags", tag = "users", security(("bearer" = [])), request_body = AdminFlagsInput,
    responses((status = 200, body = AdminFlags), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn set_admin_flags(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    Path(user_id): Path<i64>,
    ApiJson(input): ApiJson<AdminFlagsInput>,
) -> AppResult<Json<AdminFlags>> {
    let mut chosen = Vec::new();
    for value in &input.admin_flags {
        match AdminFlag::parse(value) {
            Some(flag) if !chosen.contains(&flag) => chosen.push(flag),
            Some(_) => {}
            None => return Err(AppError::rule("admin_flags", AdminFlag::rule())),
        }
    }
    creator(&state, user_id).await?;
    let mut tx = state.db.begin().await?;
    flags::replace(&mut tx, user_id, &chosen, caller.user_id).await?;
    let admin_flags = flags::of_user(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(Json(AdminFlags {
        user_id,
        admin_flags,
    }))
}

/// 404 unless `user_id` is a creator.
async fn creator(state: &AppState, user_id: i64) -> AppResult<()> {
    match db::managed_user(&state.db, user_id, false).await? {
        Some(user) if user.role_type.is_creator() => Ok(()),
        _ => Err(AppError::NotFound),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LeaveRequest {
    /// banned (suspend pending the leave) or left (complete it).
    pub status: String,
    /// Why (kept for staff), at most 1000 characters.
    #[serde(default)]
    pub reason: String,
}

impl Declared for LeaveRequest {
    const RULES: &'static [FieldRules] = &[
        ("status", &[Rule::Required, Rule::In(&["banned", "left"])]),
        ("reason", &[Rule::MaxChars(1000)]),
    ];
}

/// The leave process of one user: `banned` suspends the account (sessions end, offers are
/// withdrawn), `left` completes it once no work is in progress and every reward is confirmed,
/// erasing the personal data the law does not require us to keep (`users::leaving`).
/// Idempotent: asking for the state the user is in answers 200 and changes nothing.
#[utoipa::path(put, path = "/admin/users/{id}/left", tag = "admin", security(("bearer" = [])), request_body = LeaveRequest,
    responses((status = 200, body = ManagedUser), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn leave(
    State(state): State<AppState>,
    AdminUser(caller): AdminUser,
    Path(user_id): Path<i64>,
    ApiJson(input): ApiJson<LeaveRequest>,
) -> AppResult<Json<ManagedUser>> {
    let mut v = Validator::new();
    let reason = input.reason.trim();
    v.max_chars("reason", reason, 1000);
    let target = match AccountStatus::parse(input.status.trim()) {
        Some(status @ (AccountStatus::Banned | AccountStatus::Left)) => Some(status),
        _ => {
            v.fail("status", "in:banned,left");
            None
        }
    };
    v.finish()?;
    let target = target.expect("validated");
    if user_id == caller.user_id {
        return Err(AppError::invalid(
            "自分のアカウントの退会処理はできません。",
        ));
    }
    let mut tx = state.db.begin().await?;
    let done = leaving::leave(&mut tx, user_id, target, reason, caller.user_id).await?;
    let user = db::managed_user(&mut *tx, user_id, false)
        .await?
        .ok_or(AppError::NotFound)?;
    tx.commit().await?;
    if done.changed {
        tracing::info!(user_id, status = done.status.as_str(), "leave processed");
    }
    end_sessions(&state, user_id, RevokeReason::Left, &done.revoked).await;
    Ok(Json(user))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeftQuery {
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LeftUsers {
    #[serde(flatten)]
    pub paging: Paging,
    pub users: Vec<LeftUser>,
}

const LEFT_PER_PAGE: i64 = 20;

/// Users leaving (banned) or gone (left), the latest leave first.
#[utoipa::path(get, path = "/users/left", tag = "users", security(("bearer" = [])), params(LeftQuery),
    responses((status = 200, body = LeftUsers), (status = 401), (status = 403), (status = 422)))]
pub async fn left_users(
    State(state): State<AppState>,
    ManagerUser(_caller): ManagerUser,
    ApiQuery(query): ApiQuery<LeftQuery>,
) -> AppResult<Json<LeftUsers>> {
    let page = Paging::requested(query.page, 1)?;
    let (total, users) = db::left_users(
        &state.db,
        LEFT_PER_PAGE,
        Paging::offset(page, LEFT_PER_PAGE, 1),
    )
    .await?;
    Ok(Json(LeftUsers {
        paging: Paging::new(page, LEFT_PER_PAGE, total, 1),
        users,
    }))
}
