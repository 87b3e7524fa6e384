//! `GET /users/{id}/possible_works` (the creator and staff) and `PUT /users/me/possible_works`
//! (the creator): the work types of `GET /possible_works` that they take on.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use super::model::PossibleWork;
use crate::creator_profile::access;
use crate::platform::error::AppResult;
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::work::tasks::task_type;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, update))
}

pub const ACHIEVEMENT_MAX: usize = 500;

#[derive(Debug, Deserialize, ToSchema)]
pub struct PossibleWorksInput {
    /// Work types; at least one.
    #[serde(default)]
    pub checked_ids: Vec<String>,
    /// A note per work type (only those checked are kept); at most 500 characters each.
    #[serde(default)]
    pub achievements: BTreeMap<String, String>,
}

/// The work types in the catalogue's order.
fn in_catalogue_order(mut works: Vec<PossibleWork>) -> Vec<PossibleWork> {
    let position = |id: &str| {
        task_type::TASK_TYPES
            .iter()
            .position(|(name, _)| *name == id)
    };
    works.sort_by_key(|w| position(&w.id));
    works
}

/// The possible works of user `id` (`me` for the caller).
#[utoipa::path(get, path = "/users/{id}/possible_works", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")),
    responses((status = 200, body = [PossibleWork]), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<Vec<PossibleWork>>> {
    let user_id = access::readable(&state.db, &caller, &id).await?;
    Ok(Json(in_catalogue_order(
        db::list(&state.db, user_id).await?,
    )))
}

/// Replaces the caller's possible works. Errors: `checked_ids` (required, or in: for an
/// unknown work type), `work{type}` (an achievement over 500 characters, e.g. `workwriting`).
#[utoipa::path(put, path = "/users/{id}/possible_works", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "`me`")), request_body = PossibleWorksInput,
    responses((status = 200, body = [PossibleWork]), (status = 401), (status = 403), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<PossibleWorksInput>,
) -> AppResult<Json<Vec<PossibleWork>>> {
    let user_id = access::writable(&caller, &id)?;
    let mut v = Validator::new();
    if input.checked_ids.is_empty() {
        v.fail("checked_ids", "required");
    }
    let mut works: Vec<PossibleWork> = Vec::new();
    for checked in &input.checked_ids {
        let Some(work_type) = task_type::parse(checked) else {
            v.fail("checked_ids", task_type::rule());
            continue;
        };
        if works.iter().any(|w| w.id == work_type) {
            continue;
        }
        let achievement = input
            .achievements
            .get(work_type)
            .map(|a| a.trim().to_string())
            .unwrap_or_default();
        v.max_chars(&format!("work{work_type}"), &achievement, ACHIEVEMENT_MAX);
        works.push(PossibleWork {
            id: work_type.to_string(),
            work_name: task_type::label(work_type).to_string(),
            achievement,
        });
    }
    v.finish()?;
    let mut tx = state.db.begin().await?;
    db::replace(&mut tx, user_id, &works).await?;
    tx.commit().await?;
    Ok(Json(in_catalogue_order(
        db::list(&state.db, user_id).await?,
    )))
}
