//! The notice inbox behind the bell (task notices) and the envelope (message notices).

use crate::notices::db::{self, unread_count};
use crate::notices::{NoticeGroup, NoticeView};
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::pagination::Paging;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(read_one))
        .routes(routes!(read_all))
}

pub const PER_PAGE: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NoticeQuery {
    /// message, task, or one task notice type.
    #[serde(rename = "type")]
    #[param(
        pattern = "^(message|task|order_task|reject_client_order|reject_delivery|inspected_delivery|check_delivery|check_client_order|team_offer)$"
    )]
    pub notice_type: Option<String>,
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticeList {
    pub notices: Vec<NoticeView>,
    pub unread_count: i64,
    #[serde(flatten)]
    pub paging: Paging,
}

fn parse_group(value: Option<&str>) -> AppResult<NoticeGroup> {
    NoticeGroup::parse(value.unwrap_or("task"))
        .ok_or_else(|| AppError::rule("type", "in:message,task"))
}

#[utoipa::path(get, path = "/v2/notices", tag = "notices", security(("bearer" = [])), params(NoticeQuery),
    responses((status = 200, body = NoticeList), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiQuery(query): ApiQuery<NoticeQuery>,
) -> AppResult<Json<NoticeList>> {
    let group = parse_group(query.notice_type.as_deref())?;
    let page = Paging::requested(query.page, 1)?;
    let db::NoticePage {
        notices,
        total,
        unread,
    } = db::page(
        &state.db,
        caller.user_id,
        group,
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    Ok(Json(NoticeList {
        notices,
        unread_count: unread,
        paging: Paging::new(page, PER_PAGE, total, 1),
    }))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NoticeRead {
    /// Whose inbox changed: the event goes to that user's other tabs.
    #[serde(skip)]
    pub user_id: i64,
    pub group: NoticeGroup,
    /// The notice marked read, or null when a whole group was.
    pub notice_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub unread_count: i64,
}

#[utoipa::path(put, path = "/v2/notices/{notice_id}/read", tag = "notices", security(("bearer" = [])),
    responses((status = 200, body = NoticeView), (status = 404)))]
pub async fn read_one(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(notice_id): Path<i64>,
) -> AppResult<Json<NoticeView>> {
    let notice = db::mark_read(&state.db, notice_id, caller.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let group = NoticeGroup::of(notice.notice_type);
    let read = NoticeRead {
        user_id: caller.user_id,
        group,
        notice_id: Some(notice.id),
        channel_id: None,
        unread_count: unread_count(&state.db, caller.user_id, group).await?,
    };
    emit(&state.hub, &read).await;
    Ok(Json(notice))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReadAllRequest {
    /// message or task (a task notice type selects every task notice).
    #[serde(rename = "type")]
    #[schema(
        pattern = "^(message|task|order_task|reject_client_order|reject_delivery|inspected_delivery|check_delivery|check_client_order|team_offer)$"
    )]
    pub notice_type: Option<String>,
    /// Only the message notices of this channel.
    pub channel_id: Option<i64>,
}

#[utoipa::path(put, path = "/v2/notices/read", tag = "notices", security(("bearer" = [])), request_body = ReadAllRequest,
    responses((status = 200, body = NoticeRead), (status = 422)))]
pub async fn read_all(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiJson(body): ApiJson<ReadAllRequest>,
) -> AppResult<Json<NoticeRead>> {
    let group = parse_group(body.notice_type.as_deref())?;
    db::mark_all_read(&state.db, caller.user_id, group, body.channel_id).await?;
    let read = NoticeRead {
        user_id: caller.user_id,
        group,
        notice_id: None,
        channel_id: body.channel_id,
        unread_count: unread_count(&state.db, caller.user_id, group).await?,
    };
    emit(&state.hub, &read).await;
    Ok(Json(read))
}

crate::impl_event!(NoticeRead, NoticeRead, |e| vec![realtime::Room::User(
    e.user_id
)]);
