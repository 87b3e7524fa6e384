//! `GET /channels/{channel_id}/presence` and `GET /teams/{team_id}/presence`: the states of a
//! channel's or a team's members now, with their sequences; the changes that follow come as
//! `presence.updated` (in the channel's room; in the user rooms of whoever may see the team).

use axum::Json;
use axum::extract::{Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::chat::channels::access::{ensure_team_visible, readable_channel};
use crate::chat::presence::db;
use crate::chat::presence::events::{MembersPresence, UserPresence};
use crate::platform::error::AppResult;
use crate::platform::extract::AuthUser;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(channel_presence))
        .routes(routes!(team_presence))
}

/// The states of `members` now.
async fn presence_of(state: &AppState, members: Vec<i64>) -> MembersPresence {
    let states = state.hub.presence_of(&members).await;
    let users = members
        .into_iter()
        .map(|user_id| {
            let now = states.get(&user_id).copied().unwrap_or_default();
            UserPresence {
                user_id,
                status: now.status,
                seq: now.seq,
            }
        })
        .collect();
    MembersPresence { users }
}

#[utoipa::path(get, path = "/channels/{channel_id}/presence", tag = "channels", security(("bearer" = [])),
    responses((status = 200, body = MembersPresence), (status = 403), (status = 404)))]
pub async fn channel_presence(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
) -> AppResult<Json<MembersPresence>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    let members = db::member_ids(&state.db, channel_id).await?;
    Ok(Json(presence_of(&state, members).await))
}

/// The states of the team's working members (`assignable`), for whoever sees the team (the
/// chat's team rule: staff, the team's company, the creators working in it or in its channels).
#[utoipa::path(get, path = "/teams/{team_id}/presence", tag = "teams", security(("bearer" = [])),
    responses((status = 200, body = MembersPresence), (status = 403), (status = 404)))]
pub async fn team_presence(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(team_id): Path<i64>,
) -> AppResult<Json<MembersPresence>> {
    ensure_team_visible(&state.db, &caller, team_id).await?;
    let members = db::team_member_ids(&state.db, team_id).await?;
    Ok(Json(presence_of(&state, members).await))
}
