//! Teams as the caller sees them (grouped favourite / assigned / other) and leader teams.

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::chat::channels::access::{
    SqlQuery, ensure_team_visible, push_readable_channels, push_unread_count, push_visible_teams,
};
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

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TeamView {
    pub id: i64,
    pub name: String,
    pub is_favorite: bool,
    pub is_assigned: bool,
    /// Unread messages over the team's channels the caller can read.
    pub unread_count: i64,
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

/// Which visible teams to list.
#[derive(Debug, Clone, Copy)]
enum TeamsOf {
    All,
    /// Teams whose leader chat the caller takes part in.
    Leader,
    One(i64),
}

/// Visible teams, grouped data for the team list.
async fn teams_where(state: &AppState, caller: &Caller, of: TeamsOf) -> AppResult<Vec<TeamView>> {
    let mut q = SqlQuery::new(
        "select t.id, t.name, exists (select 1 from team_favorites f where f.team_id = t.id and f.user_id = ",
    );
    q.push_bind(caller.user_id);
    q.push(") as is_favorite, exists (select 1 from team_members tm where tm.team_id = t.id and tm.status = 'assignable' and tm.user_id = ");
    q.push_bind(caller.user_id);
    q.push(") as is_assigned, coalesce((select sum(u.unread) from (select ");
    push_unread_count(&mut q, caller);
    q.push(" as unread from channels c where c.team_id = t.id and ");
    push_readable_channels(&mut q, caller);
    q.push(") u), 0)::bigint as unread_count from teams t where ");
    push_visible_teams(&mut q, caller);
    match of {
        TeamsOf::All => {}
        TeamsOf::One(team_id) => {
            q.push(" and t.id = ").push_bind(team_id);
        }
        // Team leaders see the teams they lead; managers and admins every team.
        TeamsOf::Leader => match caller.role {
            Role::Manager | Role::Admin => {}
            Role::General | Role::EditorAssistant => {
                q.push(" and exists (select 1 from team_members tm where tm.team_id = t.id and tm.is_leader and tm.user_id = ");
                q.push_bind(caller.user_id);
                q.push(")");
            }
            Role::Client | Role::Accountant => {
                q.push(" and false");
            }
        },
    }
    q.push(" order by t.name, t.id");
    Ok(q.build_query_as().fetch_all(&state.db).await?)
}

#[utoipa::path(get, path = "/teams", tag = "teams", security(("bearer" = [])), responses((status = 200, body = GroupedTeams)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<GroupedTeams>> {
    Ok(Json(group(
        teams_where(&state, &caller, TeamsOf::All).await?,
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
        teams_where(&state, &caller, TeamsOf::Leader).await?,
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
        sqlx::query(
            "insert into team_favorites (user_id, team_id) values ($1, $2) on conflict do nothing",
        )
        .bind(caller.user_id)
        .bind(team_id)
        .execute(&state.db)
        .await?;
    } else {
        sqlx::query("delete from team_favorites where user_id = $1 and team_id = $2")
            .bind(caller.user_id)
            .bind(team_id)
            .execute(&state.db)
            .await?;
    }
    let team = teams_where(&state, &caller, TeamsOf::One(team_id))
        .await?
        .into_iter()
        .next()
        .ok_or(crate::platform::error::AppError::NotFound)?;
    Ok(Json(team))
}

#[utoipa::path(get, path = "/teams/{team_id}/channels", tag = "teams", security(("bearer" = [])),
    responses((status = 200, body = [crate::chat::channels::http::ChannelView]), (status = 403), (status = 404)))]
pub async fn channels(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(team_id): Path<i64>,
) -> AppResult<Json<Vec<crate::chat::channels::http::ChannelView>>> {
    ensure_team_visible(&state.db, &caller, team_id).await?;
    Ok(Json(
        crate::chat::channels::http::channels_where(
            &state,
            &caller,
            crate::chat::channels::http::ChannelsOf::Team(team_id),
        )
        .await?,
    ))
}
