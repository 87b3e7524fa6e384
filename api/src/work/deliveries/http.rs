//! What follows deliveries: the client's list of deliveries, where finished work was
//! published (uploaded destinations), staff's monthly delivery reports per media, and the
//! works a creator can deliver to now (contract orders).

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::pagination::Paging;
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::work::tasks::http::{ensure_client_access, task_detail};

pub const DELIVERIES_PER_PAGE: i64 = 20;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/clients/{client_id}/deliveries", get(client_deliveries))
        .route(
            "/v2/uploaded_destinations",
            get(uploaded_destinations).post(add_uploaded_destination),
        )
        .route(
            "/v2/delivery_reports",
            get(delivery_reports).post(add_delivery_report),
        )
        .route(
            "/v2/contract_orders/deliverable_works",
            get(deliverable_works),
        )
}

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
    pub task_status: String,
    pub project_id: i64,
    pub project_name: String,
    pub work_id: i64,
    pub work_name: String,
    pub user_id: i64,
    pub user_name: String,
    /// file or external.
    #[serde(rename = "type")]
    pub delivery_type: String,
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

#[utoipa::path(get, path = "/api/clients/{client_id}/deliveries", tag = "tasks", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = ClientDeliveryList), (status = 403), (status = 404)))]
pub async fn client_deliveries(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(client_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> AppResult<Json<ClientDeliveryList>> {
    ensure_client_access(&state, &caller, client_id).await?;
    let page = query.page.unwrap_or(1).max(1);
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
#[utoipa::path(get, path = "/api/v2/uploaded_destinations", tag = "tasks", security(("bearer" = [])), params(TaskQuery),
    responses((status = 200, body = UploadedDestinationList), (status = 403), (status = 404)))]
pub async fn uploaded_destinations(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Query(query): Query<TaskQuery>,
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
#[utoipa::path(post, path = "/api/v2/uploaded_destinations", tag = "tasks", security(("bearer" = [])), request_body = NewUploadedDestination,
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
pub struct DeliveryReport {
    pub id: i64,
    pub media_id: i64,
    pub media_name: String,
    pub year: i32,
    pub month: i32,
    /// Tasks of the media completed in that month.
    pub task_count: i64,
    /// Their rewards, in yen.
    pub reward_total: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryReportList {
    pub delivery_reports: Vec<DeliveryReport>,
}

const REPORT_SELECT: &str = "select r.id, r.media_id, m.name as media_name, r.year, r.month, r.task_count, r.reward_total, r.created_at
   from delivery_reports r join media m on m.id = r.media_id";

#[utoipa::path(get, path = "/api/v2/delivery_reports", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = DeliveryReportList), (status = 403)))]
pub async fn delivery_reports(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<DeliveryReportList>> {
    if !caller.role.is_staff() {
        return Err(AppError::Forbidden);
    }
    let delivery_reports = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{REPORT_SELECT} order by r.year desc, r.month desc, r.id desc limit 200"
    )))
    .fetch_all(&state.db)
    .await?;
    Ok(Json(DeliveryReportList { delivery_reports }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewDeliveryReport {
    pub media_id: Option<i64>,
    pub year: Option<i32>,
    pub month: Option<i32>,
}

/// Staff close a month for a media: the tasks completed in it are counted and summed. A month
/// already reported is a 422.
#[utoipa::path(post, path = "/api/v2/delivery_reports", tag = "admin", security(("bearer" = [])), request_body = NewDeliveryReport,
    responses((status = 201, body = DeliveryReport), (status = 403), (status = 422)))]
pub async fn add_delivery_report(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiJson(input): ApiJson<NewDeliveryReport>,
) -> AppResult<(StatusCode, Json<DeliveryReport>)> {
    if !caller.role.is_staff() {
        return Err(AppError::Forbidden);
    }
    let mut v = Validator::new();
    if input.media_id.is_none() {
        v.fail("media_id", "required");
    }
    match input.year {
        None => {
            v.fail("year", "required");
        }
        Some(year) if !(2000..=2100).contains(&year) => {
            v.fail("year", "between:2000,2100");
        }
        _ => {}
    }
    match input.month {
        None => {
            v.fail("month", "required");
        }
        Some(month) if !(1..=12).contains(&month) => {
            v.fail("month", "between:1,12");
        }
        _ => {}
    }
    v.finish()?;
    let (media_id, year, month) = (
        input.media_id.expect("validated"),
        input.year.expect("validated"),
        input.month.expect("validated"),
    );
    let media: bool = sqlx::query_scalar("select exists (select 1 from media where id = $1)")
        .bind(media_id)
        .fetch_one(&state.db)
        .await?;
    if !media {
        return Err(AppError::rule("media_id", "exists"));
    }
    let id: Option<i64> = sqlx::query_scalar(
        "insert into delivery_reports (media_id, year, month, task_count, reward_total, created_by)
         select $1, $2, $3, count(*), coalesce(sum(t.reward_amount), 0), $4
           from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
          where p.media_id = $1 and t.status = 'done' and not t.is_invalid
            and extract(year from t.completed_date) = $2 and extract(month from t.completed_date) = $3
         on conflict on constraint delivery_reports_media_month_key do nothing
         returning id",
    )
    .bind(media_id)
    .bind(year)
    .bind(month)
    .bind(caller.user_id)
    .fetch_optional(&state.db)
    .await?;
    let id = id.ok_or_else(|| AppError::rule("month", "unique"))?;
    let report = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{REPORT_SELECT} where r.id = $1"
    )))
    .bind(id)
    .fetch_one(&state.db)
    .await?;
    Ok((StatusCode::CREATED, Json(report)))
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

#[utoipa::path(get, path = "/api/v2/contract_orders/deliverable_works", tag = "tasks", security(("bearer" = [])),
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
