//! Teams as the caller sees them (grouped favourite / assigned / other) and leader teams.

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::chat::channels::access::{
    ensure_team_visible, readable_channels_condition, visible_teams_condition,
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

/// Visible teams that also match `extra_condition`, optionally only the team `only`.
async fn teams_where(
    state: &AppState,
    caller: &Caller,
    extra_condition: &str,
    only: Option<i64>,
) -> AppResult<Vec<TeamView>> {
    let sql = format!(
        "select t.id, t.name,
                exists (select 1 from team_favorites f where f.team_id = t.id and f.user_id = $1) as is_favorite,
                exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = $1 and tm.status = 'assignable') as is_assigned,
                coalesce((select sum(u.unread) from (
                    select (select count(*) from messages m
                             where m.channel_id = c.id and m.deleted_at is null and m.user_id <> $1
                               and m.id > coalesce((select cm.last_read_message_id from channel_members cm where cm.channel_id = c.id and cm.user_id = $1), 0)) as unread
                      from channels c where c.team_id = t.id and {channels}) u), 0)::bigint as unread_count
           from teams t
          where {visible} and {extra_condition} and ($2::bigint is null or t.id = $2)
          order by t.name, t.id",
        channels = readable_channels_condition(caller.role),
        visible = visible_teams_condition(caller.role),
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(caller.user_id)
        .bind(only)
        .fetch_all(&state.db)
        .await?)
}

#[utoipa::path(get, path = "/teams", tag = "teams", security(("bearer" = [])), responses((status = 200, body = GroupedTeams)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<GroupedTeams>> {
    Ok(Json(group(
        teams_where(&state, &caller, "true", None).await?,
    )))
}

/// Teams whose leader chat the caller takes part in: the teams they lead, or every team for
/// managers and admins.
#[utoipa::path(get, path = "/teams/leader_teams", tag = "teams", security(("bearer" = [])), responses((status = 200, body = GroupedTeams)))]
pub async fn leader_teams(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<GroupedTeams>> {
    let condition = match caller.role {
        Role::Manager | Role::Admin => "true",
        Role::General | Role::EditorAssistant => {
            "exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = $1 and tm.is_leader)"
        }
        Role::Client | Role::Accountant => "false",
    };
    Ok(Json(group(
        teams_where(&state, &caller, condition, None).await?,
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
    let team = teams_where(&state, &caller, "true", Some(team_id))
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
        crate::chat::channels::http::channels_where(&state, &caller, "c.team_id = $2", team_id)
            .await?,
    ))
}
