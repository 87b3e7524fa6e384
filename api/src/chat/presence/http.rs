//! `GET /channels/{channel_id}/presence`: the states of a channel's members now; the changes
//! that follow come as `presence.updated` in the channel's room.

use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::chat::channels::access::readable_channel;
use crate::chat::presence::db;
use crate::chat::presence::events::PresenceUpdated;
use crate::platform::error::AppResult;
use crate::platform::extract::AuthUser;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(channel_presence))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelPresence {
    /// The members who are online or away (the others are offline).
    pub users: Vec<PresenceUpdated>,
}

#[utoipa::path(get, path = "/channels/{channel_id}/presence", tag = "channels", security(("bearer" = [])),
    responses((status = 200, body = ChannelPresence), (status = 403), (status = 404)))]
pub async fn channel_presence(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
) -> AppResult<Json<ChannelPresence>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    let members = db::member_ids(&state.db, channel_id).await?;
    let states = state.hub.presence_of(&members).await;
    let users = members
        .into_iter()
        .filter_map(|user_id| {
            let status = states.get(&user_id).copied().unwrap_or_default();
            (status != realtime::PresenceStatus::Offline).then(|| {
                PresenceUpdated::new(realtime::PresenceChange { user_id, status }, Vec::new())
            })
        })
        .collect();
    Ok(Json(ChannelPresence { users }))
}
