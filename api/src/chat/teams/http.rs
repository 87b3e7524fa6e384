//! Teams as the caller sees them (grouped favourite / assigned / other) and leader teams.

use crate::chat::channels::access::ensure_team_visible;
use crate::chat::teams::db::{self, TeamsOf};
use crate::chat::teams::model::TeamView;
use crate::platform::error::AppResult;
use crate::platform::extract::{ApiJson, AuthUser};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(leader_teams))
        .routes(routes!(set_favorite))
        .routes(routes!(channels))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GroupedTeams {
    pub favorite: Vec<TeamView>,
    pub assigned: Vec<TeamView>,
    pub other: Vec<TeamView>,
}

fn group(teams: Vec<TeamView>) -> GroupedTeams {
    let (favorite, rest): (Vec<_>, Vec<_>) = teams.into_iter().partition(|t| t.is_favorite);
    let (assigned, other) = rest.into_iter().partition(|t| t.is_assigned);
    GroupedTeams {
        favorite,
        assigned,
        other,
    }
}

#[utoipa::path(get, path = "/teams", tag = "teams", security(("bearer" = [])), responses((status = 200, body = GroupedTeams)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<GroupedTeams>> {
    Ok(Json(group(
        db::teams_where(&state.reads, &caller, TeamsOf::All).await?,
    )))
}

/// Teams whose leader chat the caller takes part in: the teams they lead, or every team for
/// managers and admins.
#[utoipa::path(get, path = "/teams/leader_teams", tag = "teams", security(("bearer" = [])), responses((status = 200, body = GroupedTeams)))]
pub async fn leader_teams(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<GroupedTeams>> {
    Ok(Json(group(
        db::teams_where(&state.reads, &caller, TeamsOf::Leader).await?,
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FavoriteRequest {
    pub is_favorite: bool,
}

#[utoipa::path(put, path = "/teams/{team_id}/favorite", tag = "teams", security(("bearer" = [])), request_body = FavoriteRequest,
    responses((status = 200, body = TeamView), (status = 403), (status = 404)))]
pub async fn set_favorite(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(team_id): Path<i64>,
    ApiJson(body): ApiJson<FavoriteRequest>,
) -> AppResult<Json<TeamView>> {
    ensure_team_visible(&state.db, &caller, team_id).await?;
    if body.is_favorite {
        db::add_favorite(&state.db, caller.user_id, team_id).await?;
    } else {
        db::remove_favorite(&state.db, caller.user_id, team_id).await?;
    }
    let team = db::teams_where(&state.reads, &caller, TeamsOf::One(team_id))
        .await?
        .into_iter()
        .next()
        .ok_or(crate::platform::error::AppError::NotFound)?;
    Ok(Json(team))
}

#[utoipa::path(get, path = "/teams/{team_id}/channels", tag = "teams", security(("bearer" = [])),
    responses((status = 200, body = [crate::chat::channels::model::ChannelView]), (status = 403), (status = 404)))]
pub async fn channels(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(team_id): Path<i64>,
) -> AppResult<Json<Vec<crate::chat::channels::model::ChannelView>>> {
    ensure_team_visible(&state.db, &caller, team_id).await?;
    Ok(Json(
        crate::chat::channels::channels_where(
            &state.db,
            &caller,
            crate::chat::channels::ChannelsOf::Team(team_id),
        )
        .await?,
    ))
}
