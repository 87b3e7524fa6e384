//! Channels: details, members, unread counts, read positions and the channel's files.

use crate::auth::session::Caller;
use crate::chat::channels::access::readable_channel;
use crate::chat::channels::db::{self, ChannelsOf};
use crate::chat::channels::model::{ChannelMember, ChannelUnread, ChannelView};
use crate::files::FileView;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use realtime::Room;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(members))
        .routes(routes!(unread))
        .routes(routes!(mark_read))
        .routes(routes!(files))
}

async fn channel_view(
    state: &AppState,
    caller: &Caller,
    channel_id: i64,
) -> AppResult<ChannelView> {
    readable_channel(&state.db, caller, channel_id).await?;
    db::channels_where(&state.db, caller, ChannelsOf::Channel(channel_id))
        .await?
        .into_iter()
        .next()
        .ok_or(AppError::NotFound)
}

#[utoipa::path(get, path = "/channels/{channel_id}", tag = "channels", security(("bearer" = [])),
    responses((status = 200, body = ChannelView), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
) -> AppResult<Json<ChannelView>> {
    Ok(Json(channel_view(&state, &caller, channel_id).await?))
}

#[utoipa::path(get, path = "/channels/{channel_id}/members", tag = "channels", security(("bearer" = [])),
    responses((status = 200, body = [ChannelMember]), (status = 403), (status = 404)))]
pub async fn members(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
) -> AppResult<Json<Vec<ChannelMember>>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    Ok(Json(db::members(&state.db, channel_id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadSummary {
    pub channels: Vec<ChannelUnread>,
    pub total: i64,
}

/// Every channel the caller is a member of, with its unread count; the web app also joins
/// these channels' rooms from this list.
#[utoipa::path(get, path = "/channels/unread", tag = "channels", security(("bearer" = [])), responses((status = 200, body = UnreadSummary)))]
pub async fn unread(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<UnreadSummary>> {
    let channels = db::unread_counts(&state.db, &caller).await?;
    let total = channels.iter().map(|c| c.unread_count).sum();
    Ok(Json(UnreadSummary { channels, total }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReadRequest {
    pub message_id: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChannelRead {
    /// The reader: the event goes to their other tabs.
    #[serde(skip)]
    pub user_id: i64,
    pub channel_id: i64,
    pub last_read_message_id: i64,
    pub unread_count: i64,
}

/// Moves the caller's read position forward (never back) and tells the caller's other tabs.
#[utoipa::path(put, path = "/channels/{channel_id}/read", tag = "channels", security(("bearer" = [])), request_body = ReadRequest,
    responses((status = 200, body = ChannelRead), (status = 403), (status = 404), (status = 422, description = "the message is not in this channel")))]
pub async fn mark_read(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
    ApiJson(body): ApiJson<ReadRequest>,
) -> AppResult<Json<ChannelRead>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    if !db::message_in_channel(&state.db, channel_id, body.message_id).await? {
        return Err(AppError::rule("message_id", "exists"));
    }
    db::advance_read_position(&state.db, channel_id, caller.user_id, body.message_id).await?;
    let view = channel_view(&state, &caller, channel_id).await?;
    let read = ChannelRead {
        user_id: caller.user_id,
        channel_id,
        last_read_message_id: view.last_read_message_id,
        unread_count: view.unread_count,
    };
    crate::platform::events::emit(&state.hub, &read).await;
    Ok(Json(read))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelFile {
    pub message_id: i64,
    pub file: FileView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelFiles {
    pub files: Vec<ChannelFile>,
    #[serde(flatten)]
    pub paging: Paging,
}

#[utoipa::path(get, path = "/channels/{channel_id}/files", tag = "channels", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = ChannelFiles), (status = 403), (status = 404)))]
pub async fn files(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<ChannelFiles>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    const PER_PAGE: i64 = 30;
    let page = Paging::requested(query.page, 1)?;
    let (total, rows) = db::files_page(
        &state.db,
        channel_id,
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    Ok(Json(ChannelFiles {
        files: rows
            .into_iter()
            .map(|r| ChannelFile {
                message_id: r.message_id,
                file: r.file.view(),
            })
            .collect(),
        paging: Paging::new(page, PER_PAGE, total, 1),
    }))
}

crate::impl_event!(ChannelRead, ChannelRead, |e| vec![Room::User(e.user_id)]);
