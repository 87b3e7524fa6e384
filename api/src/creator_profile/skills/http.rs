//! `GET /users/{id}/skills` (the creator and staff) and `PUT /users/me/skills` (the creator).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use super::model::SkillGroup;
use crate::creator_profile::access;
use crate::master;
use crate::platform::error::AppResult;
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, update))
}

pub const DETAIL_MAX: usize = 1000;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Skills {
    #[serde(default)]
    #[schema(required = true)]
    pub genre_groups: Vec<SkillGroup>,
}

/// The skills of user `id` (`me` for the caller).
#[utoipa::path(get, path = "/users/{id}/skills", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")),
    responses((status = 200, body = Skills), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<Skills>> {
    let user_id = access::readable(&state.db, &caller, &id).await?;
    Ok(Json(Skills {
        genre_groups: db::list(&state.db, user_id).await?,
    }))
}

/// Replaces the caller's skills. Errors: `genre_groups` (nothing chosen), `genre_groups.{id}`
/// (an unknown group, a genre of another group, a group given twice), `genre_detail.{id}`.
#[utoipa::path(put, path = "/users/{id}/skills", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "`me`")), request_body = Skills,
    responses((status = 200, body = Skills), (status = 401), (status = 403), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<Skills>,
) -> AppResult<Json<Skills>> {
    let user_id = access::writable(&caller, &id)?;
    let groups = validate(&state, input).await?;
    let mut tx = state.db.begin().await?;
    db::replace(&mut tx, user_id, &groups).await?;
    tx.commit().await?;
    Ok(Json(Skills {
        genre_groups: db::list(&state.db, user_id).await?,
    }))
}

/// The groups to store: genres deduplicated, notes trimmed, empty groups left out.
async fn validate(state: &AppState, input: Skills) -> AppResult<Vec<SkillGroup>> {
    let mut v = Validator::new();
    let ids: Vec<i64> = input.genre_groups.iter().map(|g| g.id).collect();
    let known = master::db::existing_genre_groups(&state.db, &ids).await?;
    let mut groups = Vec::new();
    for (index, group) in input.genre_groups.into_iter().enumerate() {
        let field = format!("genre_groups.{}", group.id);
        if ids[..index].contains(&group.id) {
            v.fail(&field, "distinct");
            continue;
        }
        if !known.contains(&group.id) {
            v.fail(&field, "exists");
            continue;
        }
        let mut genre_ids = group.genre_ids;
        genre_ids.sort_unstable();
        genre_ids.dedup();
        if !master::db::genres_outside_group(&state.db, group.id, &genre_ids)
            .await?
            .is_empty()
        {
            v.fail(&field, "exists");
        }
        let detail = group.detail.trim().to_string();
        v.max_chars(&format!("genre_detail.{}", group.id), &detail, DETAIL_MAX);
        if !genre_ids.is_empty() || !detail.is_empty() {
            groups.push(SkillGroup {
                id: group.id,
                genre_ids,
                detail,
            });
        }
    }
    if groups.iter().all(|g| g.genre_ids.is_empty()) {
        v.fail("genre_groups", "required");
    }
    v.finish()?;
    Ok(groups)
}
