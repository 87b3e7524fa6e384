//! What follows deliveries: the client's list of deliveries, where finished work was
//! published (uploaded destinations), staff's monthly delivery reports per media, and the
//! works a creator can deliver to now (contract orders).

use crate::files::scan::ScanStatus;
use crate::notices::NoticeType;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::pagination::Paging;
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::work::deliveries::model::{DeliveryType, InspectionResult};
use crate::work::tasks::events::{
    TaskState, announce, client_users, notify, notify_client, task_state, user_name,
};
use crate::work::tasks::http::{ensure_client_access, task_detail};
use crate::work::tasks::model::TaskStatus;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(client_deliveries))
        .routes(routes!(uploaded_destinations, add_uploaded_destination))
        .routes(routes!(deliverable_works))
        .routes(routes!(deliver))
        .routes(routes!(inspect))
}

pub const DELIVERIES_PER_PAGE: i64 = 20;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DeliveredFile {
    pub file_id: i64,
    pub name: String,
    pub path: String,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ClientDelivery {
    pub id: i64,
    pub task_id: i64,
    pub task_title: String,
    pub task_status: TaskStatus,
    pub project_id: i64,
    pub project_name: String,
    pub work_id: i64,
    pub work_name: String,
    pub user_id: i64,
    pub user_name: String,
    #[serde(rename = "type")]
    pub delivery_type: DeliveryType,
    pub url: Option<String>,
    #[sqlx(json)]
    pub files: Vec<DeliveredFile>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientDeliveryList {
    pub deliveries: Vec<ClientDelivery>,
    #[serde(flatten)]
    pub paging: Paging,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PageQuery {
    /// From 1.
    pub page: Option<i64>,
}

#[utoipa::path(get, path = "/clients/{client_id}/deliveries", tag = "tasks", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = ClientDeliveryList), (status = 403), (status = 404)))]
pub async fn client_deliveries(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(client_id): Path<i64>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<ClientDeliveryList>> {
    ensure_client_access(&state, &caller, client_id).await?;
    let page = Paging::requested(query.page, 1)?;
    const FROM: &str = "from deliveries d join tasks t on t.id = d.task_id join works w on w.id = t.work_id
        join projects p on p.id = w.project_id join media m on m.id = p.media_id join users u on u.id = d.user_id
       where m.client_id = $1 and not t.is_invalid";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select count(*) {FROM}")))
        .bind(client_id)
        .fetch_one(&state.db)
        .await?;
    let deliveries = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select d.id, t.id as task_id, t.title as task_title, t.status as task_status, p.id as project_id,
                p.name as project_name, w.id as work_id, w.name as work_name, u.id as user_id, u.user_name,
                d.delivery_type, d.url,
                coalesce((select json_agg(json_build_object('file_id', f.id, 'name', f.name,
                            'path', case when f.is_private then 'private/' else 'files/' end || f.storage_key) order by f.id)
                            from delivery_files df join files f on f.id = df.file_id where df.delivery_id = d.id), '[]') as files,
                d.created_at
         {FROM} order by d.id desc limit $2 offset $3"
    )))
    .bind(client_id)
    .bind(DELIVERIES_PER_PAGE)
    .bind(Paging::offset(page, DELIVERIES_PER_PAGE, 1))
    .fetch_all(&state.db)
    .await?;
    Ok(Json(ClientDeliveryList {
        deliveries,
        paging: Paging::new(page, DELIVERIES_PER_PAGE, total, 1),
    }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct UploadedDestination {
    pub id: i64,
    pub task_id: i64,
    /// Where it was published (a site or an issue).
    pub name: String,
    pub url: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedDestinationList {
    pub uploaded_destinations: Vec<UploadedDestination>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct TaskQuery {
    pub task_id: i64,
}

/// Anyone who sees the task sees where it was published.
#[utoipa::path(get, path = "/v2/uploaded_destinations", tag = "tasks", security(("bearer" = [])), params(TaskQuery),
    responses((status = 200, body = UploadedDestinationList), (status = 403), (status = 404)))]
pub async fn uploaded_destinations(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiQuery(query): ApiQuery<TaskQuery>,
) -> AppResult<Json<UploadedDestinationList>> {
    task_detail(&state, &caller, query.task_id).await?;
    let uploaded_destinations = sqlx::query_as(
        "select id, task_id, name, url, created_at from uploaded_destinations where task_id = $1 order by id desc",
    )
    .bind(query.task_id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(UploadedDestinationList {
        uploaded_destinations,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewUploadedDestination {
    pub task_id: Option<i64>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub url: String,
}

/// The client (or staff) records where a delivered task was published.
#[utoipa::path(post, path = "/v2/uploaded_destinations", tag = "tasks", security(("bearer" = [])), request_body = NewUploadedDestination,
    responses((status = 201, body = UploadedDestination), (status = 403), (status = 404), (status = 422)))]
pub async fn add_uploaded_destination(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiJson(input): ApiJson<NewUploadedDestination>,
) -> AppResult<(StatusCode, Json<UploadedDestination>)> {
    let mut v = Validator::new();
    if input.task_id.is_none() {
        v.fail("task_id", "required");
    }
    v.required("name", &input.name)
        .max_chars("name", &input.name, 100);
    let url = input.url.trim();
    v.required("url", url)
        .max_chars("url", url, 2000)
        .url("url", url);
    v.finish()?;
    let task_id = input.task_id.expect("validated");
    let task = task_detail(&state, &caller, task_id).await?;
    if !caller.acts_for_client(task.client_id) {
        return Err(AppError::Forbidden);
    }
    let destination = sqlx::query_as(
        "insert into uploaded_destinations (task_id, name, url, created_by) values ($1, $2, $3, $4)
         returning id, task_id, name, url, created_at",
    )
    .bind(task_id)
    .bind(input.name.trim())
    .bind(input.url.trim())
    .bind(caller.user_id)
    .fetch_one(&state.db)
    .await?;
    Ok((StatusCode::CREATED, Json(destination)))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliverableWork {
    pub id: i64,
    pub name: String,
    pub project_id: i64,
    pub project_name: String,
    /// The caller's tasks in it that are being worked on.
    pub task_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliverableWorkList {
    pub works: Vec<DeliverableWork>,
}

#[utoipa::path(get, path = "/v2/contract_orders/deliverable_works", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = DeliverableWorkList, description = "works where the caller has a taken task in doing")))]
pub async fn deliverable_works(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<DeliverableWorkList>> {
    let works = sqlx::query_as(
        "select w.id, w.name, p.id as project_id, p.name as project_name, count(*) as task_count
           from task_assignees a join tasks t on t.id = a.task_id join works w on w.id = t.work_id
           join projects p on p.id = w.project_id
          where a.user_id = $1 and a.state = 'taken' and t.status = 'doing' and not t.is_invalid
          group by w.id, p.id order by w.id",
    )
    .bind(caller.user_id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(DeliverableWorkList { works }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeliveryRequest {
    /// file or external.
    #[serde(rename = "type", default)]
    pub delivery_type: String,
    #[serde(default)]
    pub file_ids: Vec<i64>,
    pub url: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryRegistered {
    /// The client's users, who receive `delivery.registered`.
    #[serde(skip)]
    pub recipients: Vec<i64>,
    pub task_id: i64,
    pub delivery_id: i64,
    #[serde(rename = "type")]
    pub delivery_type: DeliveryType,
    pub url: Option<String>,
    pub file_ids: Vec<i64>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

#[utoipa::path(post, path = "/tasks/{task_id}/deliveries", tag = "tasks", security(("bearer" = [])), request_body = DeliveryRequest,
    responses((status = 201, body = DeliveryRegistered), (status = 403), (status = 404), (status = 422)))]
pub async fn deliver(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
    ApiJson(body): ApiJson<DeliveryRequest>,
) -> AppResult<(StatusCode, Json<DeliveryRegistered>)> {
    let mut v = Validator::new();
    let delivery_type = DeliveryType::parse(&body.delivery_type);
    match delivery_type {
        Some(DeliveryType::File) if body.file_ids.is_empty() => {
            v.fail("file_ids", "required");
        }
        Some(DeliveryType::File) => {}
        Some(DeliveryType::External) => {
            let url = body.url.as_deref().unwrap_or("");
            v.required("url", url)
                .max_chars("url", url, 2000)
                .url("url", url);
        }
        None => {
            v.fail("type", DeliveryType::rule());
        }
    }
    v.finish()?;
    let delivery_type = delivery_type.expect("validated");
    let mut tx = state.db.begin().await?;
    let task = task_state(&mut *tx, task_id, true).await?;
    let taken: bool = sqlx::query_scalar("select exists (select 1 from task_assignees where task_id = $1 and user_id = $2 and state = 'taken')")
        .bind(task_id)
        .bind(caller.user_id)
        .fetch_one(&mut *tx)
        .await?;
    if !taken {
        return Err(AppError::Forbidden);
    }
    if !matches!(task.status, TaskStatus::Doing | TaskStatus::UnderAcceptance) {
        return Err(AppError::rule(
            "status",
            format!("transition:{},under_acceptance", task.status),
        ));
    }
    let url =
        (delivery_type == DeliveryType::External).then(|| body.url.clone().unwrap_or_default());
    let delivery_id: i64 = sqlx::query_scalar("insert into deliveries (task_id, user_id, delivery_type, url) values ($1, $2, $3, $4) returning id")
        .bind(task_id)
        .bind(caller.user_id)
        .bind(delivery_type)
        .bind(&url)
        .fetch_one(&mut *tx)
        .await?;
    for file_id in &body.file_ids {
        let status: Option<ScanStatus> =
            sqlx::query_scalar("select scan_status from files where id = $1 and user_id = $2")
                .bind(file_id)
                .bind(caller.user_id)
                .fetch_optional(&mut *tx)
                .await?;
        match status {
            None => return Err(AppError::rule("file_ids", "exists")),
            Some(ScanStatus::Infected) => return Err(AppError::rule("file_ids", "infected")),
            Some(_) => {}
        }
        sqlx::query("insert into delivery_files (delivery_id, file_id) values ($1, $2)")
            .bind(delivery_id)
            .bind(file_id)
            .execute(&mut *tx)
            .await?;
    }
    // Delivering only moves the task to inspection and touches updated_at.
    sqlx::query("update tasks set status = 'under_acceptance', updated_at = now() where id = $1")
        .bind(task_id)
        .execute(&mut *tx)
        .await?;
    let name = user_name(&mut tx, caller.user_id).await?;
    let created = notify_client(
        &mut tx,
        &task,
        NoticeType::CheckDelivery,
        format!(
            "{name}さんから「{}」の納品がありました。検収してください",
            task.title
        ),
    )
    .await?;
    tx.commit().await?;
    let task = announce(&state, task_id, created).await?;
    let registered = DeliveryRegistered {
        task_id,
        delivery_id,
        delivery_type,
        url,
        file_ids: body.file_ids,
        updated_at: task.updated_at,
        recipients: client_users(&state.db, task.client_id).await?,
    };
    crate::platform::events::emit(&state.hub, &registered).await;
    Ok((StatusCode::CREATED, Json(registered)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InspectionRequest {
    /// accepted or rejected.
    #[serde(default)]
    pub result: String,
    /// Required when rejecting.
    pub reason: Option<String>,
}

#[utoipa::path(put, path = "/tasks/{task_id}/inspection", tag = "tasks", security(("bearer" = [])), request_body = InspectionRequest,
    responses((status = 200, body = TaskState), (status = 403), (status = 404), (status = 422)))]
pub async fn inspect(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
    ApiJson(body): ApiJson<InspectionRequest>,
) -> AppResult<Json<TaskState>> {
    let mut v = Validator::new();
    let reason = body.reason.as_deref().unwrap_or("").trim().to_string();
    let result = InspectionResult::parse(&body.result);
    match result {
        Some(InspectionResult::Accepted) => {}
        Some(InspectionResult::Rejected) => {
            v.required("reason", &reason)
                .max_chars("reason", &reason, 2000);
        }
        None => {
            v.fail("result", InspectionResult::rule());
        }
    }
    v.finish()?;
    let accepted = result == Some(InspectionResult::Accepted);
    let next = if accepted {
        TaskStatus::Done
    } else {
        TaskStatus::Doing
    };
    let mut tx = state.db.begin().await?;
    let task = task_state(&mut *tx, task_id, true).await?;
    if !caller.acts_for_client(task.client_id) {
        return Err(AppError::Forbidden);
    }
    if task.status != TaskStatus::UnderAcceptance {
        return Err(AppError::rule(
            "status",
            format!("transition:{},{next}", task.status),
        ));
    }
    // Under acceptance means delivered; a task that reached it without a delivery (bad data)
    // cannot be inspected.
    let delivered: bool =
        sqlx::query_scalar("select exists (select 1 from deliveries where task_id = $1)")
            .bind(task_id)
            .fetch_one(&mut *tx)
            .await?;
    if !delivered {
        return Err(AppError::rule("delivery", "required"));
    }
    sqlx::query(
        "update tasks set status = $2, completed_date = case when $2 = 'done' then current_date else completed_date end, updated_at = now() where id = $1",
    )
    .bind(task_id)
    .bind(next)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into inspections (task_id, result, reason, inspected_by) values ($1, $2, $3, $4)",
    )
    .bind(task_id)
    .bind(result)
    .bind((!accepted).then_some(&reason))
    .bind(caller.user_id)
    .execute(&mut *tx)
    .await?;
    let assignees: Vec<i64> = sqlx::query_scalar(
        "select user_id from task_assignees where task_id = $1 and state = 'taken'",
    )
    .bind(task_id)
    .fetch_all(&mut *tx)
    .await?;
    let (notice_type, message) = if accepted {
        (
            NoticeType::InspectedDelivery,
            format!("「{}」の納品が検収されました", task.title),
        )
    } else {
        (
            NoticeType::RejectDelivery,
            format!("「{}」の納品が差し戻されました：{reason}", task.title),
        )
    };
    let created = notify(&mut tx, assignees, &task, notice_type, message).await?;
    tx.commit().await?;
    Ok(Json(announce(&state, task_id, created).await?))
}

crate::impl_event!(DeliveryRegistered, DeliveryRegistered, |e| {
    crate::platform::events::users(e.recipients.iter().copied())
});
