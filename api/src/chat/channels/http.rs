//! Channels: details, members, unread counts, read positions and the channel's files.

use crate::auth::session::Caller;
use crate::chat::channels::access::{
    SqlQuery, push_readable_channels, push_unread_count, readable_channel,
};
use crate::chat::channels::model::{ChannelStatus, ChannelType};
use crate::chat::messages::model::Author;
use crate::files::scan::ScanStatus;
use crate::files::{FILE_COLUMNS, FileView, MessageFileRow};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::pagination::Paging;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use realtime::Room;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
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

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ChannelView {
    pub id: i64,
    pub team_id: i64,
    pub name: String,
    /// all, single, group or management; inactive single and management channels are shown
    /// as their disabled variants.
    pub channel_type: ChannelType,
    /// active or inactive.
    pub status: ChannelStatus,
    pub member_count: i64,
    pub last_read_message_id: i64,
    pub unread_count: i64,
}

/// Which readable channels to list.
#[derive(Debug, Clone, Copy)]
pub enum ChannelsOf {
    Team(i64),
    Channel(i64),
}

/// Channels the caller may read, of one team or just one.
pub async fn channels_where(
    state: &AppState,
    caller: &Caller,
    of: ChannelsOf,
) -> AppResult<Vec<ChannelView>> {
    let mut q = SqlQuery::new(
        "select c.id, c.team_id, c.name, c.channel_type, c.status,
                (select count(*) from channel_members x where x.channel_id = c.id and not x.is_observer) as member_count,
                coalesce((select cm.last_read_message_id from channel_members cm where cm.channel_id = c.id and cm.user_id = ",
    );
    q.push_bind(caller.user_id);
    q.push("), 0) as last_read_message_id, ");
    push_unread_count(&mut q, caller);
    q.push(" as unread_count from channels c where ");
    push_readable_channels(&mut q, caller);
    match of {
        ChannelsOf::Team(team_id) => q.push(" and c.team_id = ").push_bind(team_id),
        ChannelsOf::Channel(channel_id) => q.push(" and c.id = ").push_bind(channel_id),
    };
    q.push(" order by case c.channel_type when 'all' then 0 when 'group' then 1 when 'management' then 2 else 3 end, c.id");
    Ok(q.build_query_as().fetch_all(&state.db).await?)
}

async fn channel_view(
    state: &AppState,
    caller: &Caller,
    channel_id: i64,
) -> AppResult<ChannelView> {
    readable_channel(&state.db, caller, channel_id).await?;
    channels_where(state, caller, ChannelsOf::Channel(channel_id))
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
    responses((status = 200, body = [Author]), (status = 403), (status = 404)))]
pub async fn members(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
) -> AppResult<Json<Vec<Author>>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    #[derive(sqlx::FromRow)]
    struct MemberRow {
        id: i64,
        user_name: String,
        role: crate::auth::role::Role,
        image_path: Option<String>,
        image_scan_status: Option<ScanStatus>,
    }
    let rows: Vec<MemberRow> = sqlx::query_as(
        "select u.id, u.user_name, u.role, u.image_path, u.image_scan_status
           from channel_members cm join users u on u.id = cm.user_id
          where cm.channel_id = $1 and not cm.is_observer and u.account_status <> 'left' order by u.id",
    )
    .bind(channel_id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| Author {
                id: row.id,
                user_name: row.user_name,
                role_type: row.role,
                image_file: row.image_path.map(|path| crate::users::model::ImageFile {
                    path,
                    anti_virus_check_scan_status: row
                        .image_scan_status
                        .unwrap_or(ScanStatus::Scanning),
                }),
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ChannelUnread {
    pub channel_id: i64,
    pub team_id: i64,
    pub unread_count: i64,
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
    let mut q = SqlQuery::new("select c.id as channel_id, c.team_id, ");
    push_unread_count(&mut q, &caller);
    q.push(" as unread_count from channels c where ");
    push_readable_channels(&mut q, &caller);
    q.push(" order by c.id");
    let channels: Vec<ChannelUnread> = q.build_query_as().fetch_all(&state.db).await?;
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
    let in_channel: bool = sqlx::query_scalar(
        "select exists (select 1 from messages where id = $1 and channel_id = $2)",
    )
    .bind(body.message_id)
    .bind(channel_id)
    .fetch_one(&state.db)
    .await?;
    if !in_channel {
        return Err(AppError::rule("message_id", "exists"));
    }
    // Whoever may read the channel keeps a position; staff reading a management channel they
    // are not a member of keep theirs as an observer.
    sqlx::query(
        "insert into channel_members (channel_id, user_id, last_read_message_id, is_observer)
         values ($1, $2, $3, true)
         on conflict (channel_id, user_id) do update
            set last_read_message_id = greatest(channel_members.last_read_message_id, excluded.last_read_message_id)",
    )
    .bind(channel_id)
    .bind(caller.user_id)
    .bind(body.message_id)
    .execute(&state.db)
    .await?;
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

#[derive(Debug, Deserialize, IntoParams)]
pub struct PageQuery {
    /// From 1.
    pub page: Option<i64>,
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
    let total: i64 = sqlx::query_scalar(
        "select count(*) from message_files mf join messages m on m.id = mf.message_id where m.channel_id = $1 and m.deleted_at is null",
    )
    .bind(channel_id)
    .fetch_one(&state.db)
    .await?;
    let sql = format!(
        "select m.id as message_id, {FILE_COLUMNS}
           from message_files mf join messages m on m.id = mf.message_id join files f on f.id = mf.file_id join users u on u.id = f.user_id
          where m.channel_id = $1 and m.deleted_at is null
          order by m.id desc, mf.position limit $2 offset $3"
    );
    let rows: Vec<MessageFileRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(channel_id)
        .bind(PER_PAGE)
        .bind(Paging::offset(page, PER_PAGE, 1))
        .fetch_all(&state.db)
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
