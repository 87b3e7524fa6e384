//! `PUT /users/{id}/work_status`: the creator themself, or staff, sets whether the creator
//! takes new work. `not_set` is only the state before the first answer, never a choice.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use crate::creator_profile::access;
use crate::creator_profile::events::UserUpdated;
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use crate::users::model::{self, UserRecord, WorkStatus};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(update))
}

/// The answers a creator can give.
pub const CHOICES: [WorkStatus; 3] = [
    WorkStatus::Accepting,
    WorkStatus::ConditionallyAccepting,
    WorkStatus::NotAccepting,
];

#[derive(Debug, Deserialize, ToSchema)]
pub struct WorkStatusInput {
    /// accepting, conditionally_accepting or not_accepting.
    #[serde(default)]
    pub work_status: String,
}

impl Declared for WorkStatusInput {
    const RULES: &'static [FieldRules] =
        &[("work_status", &[Rule::Required, Rule::In(&CHOICE_NAMES)])];
}

/// The wire names of `CHOICES`.
const CHOICE_NAMES: [&str; CHOICES.len()] = {
    let mut names = [""; CHOICES.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = CHOICES[i].as_str();
        i += 1;
    }
    names
};

fn rule() -> String {
    let names: Vec<&str> = CHOICES.iter().map(|s| s.as_str()).collect();
    format!("in:{}", names.join(","))
}

/// Sets the work status of creator `id` (`me` for the caller) and answers their User record;
/// the creator's open tabs receive `user.updated`.
#[utoipa::path(put, path = "/users/{id}/work_status", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")), request_body = WorkStatusInput,
    responses((status = 200, body = UserRecord), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<WorkStatusInput>,
) -> AppResult<Json<UserRecord>> {
    let user_id = access::work_status_target(&state.db, &caller, &id).await?;
    let value = input.work_status.trim();
    if value.is_empty() {
        return Err(AppError::rule("work_status", "required"));
    }
    let status = WorkStatus::parse(value)
        .filter(|s| CHOICES.contains(s))
        .ok_or_else(|| AppError::rule("work_status", rule()))?;
    db::set(&state.db, user_id, status).await?;
    let user = model::load(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let event = UserUpdated { user };
    emit(&state.hub, &event).await;
    Ok(Json(event.user))
}
