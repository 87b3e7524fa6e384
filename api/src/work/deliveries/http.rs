//! What follows deliveries: the client's list of deliveries, where finished work was
//! published (uploaded destinations), staff's monthly delivery reports per media, and the
//! works a creator can deliver to now (contract orders).

use crate::notices::NoticeType;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, PATTERN_URL, Rule};
use crate::state::AppState;
use crate::work::deliveries::db;
use crate::work::deliveries::events::DeliveryRegistered;
use crate::work::deliveries::model::{
    ClientDelivery, DELIVERIES_PER_PAGE, DeliverableWork, DeliveryType, InspectionResult,
    UploadedDestination,
};
use crate::work::deliveries::register;
use crate::work::tasks::access::{ensure_client_access, ensure_may_change};
use crate::work::tasks::events::{TaskState, announce, notify, task_state};
use crate::work::tasks::model::TaskStatus;
use crate::work::tasks::model::task_detail;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
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

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientDeliveryList {
    pub deliveries: Vec<ClientDelivery>,
    #[serde(flatten)]
    pub paging: Paging,
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
    let (total, deliveries) = db::client_delivery_page(&state.db, client_id, page).await?;
    Ok(Json(ClientDeliveryList {
        deliveries,
        paging: Paging::new(page, DELIVERIES_PER_PAGE, total, 1),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedDestinationList {
    pub uploaded_destinations: Vec<UploadedDestination>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
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
    let uploaded_destinations = db::uploaded_destinations(&state.db, query.task_id).await?;
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

impl Declared for NewUploadedDestination {
    const RULES: &'static [FieldRules] = &[
        ("task_id", &[Rule::Required]),
        ("name", &[Rule::Required, Rule::MaxChars(100)]),
        (
            "url",
            &[
                Rule::Required,
                Rule::MaxChars(2000),
                Rule::Pattern(PATTERN_URL),
            ],
        ),
    ];
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
    ensure_may_change(&caller, task.client_id)?;
    let destination = db::insert_uploaded_destination(
        &state.db,
        task_id,
        input.name.trim(),
        input.url.trim(),
        caller.user_id,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(destination)))
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
    let works = db::deliverable_works(&state.db, caller.user_id).await?;
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

impl Declared for DeliveryRequest {
    const RULES: &'static [FieldRules] = &[
        ("type", &[Rule::Required, Rule::In(DeliveryType::NAMES)]),
        // `file_ids` for a file delivery, `url` for an external one: the document asks for
        // a well-formed value of each.
        ("file_ids", &[Rule::MaxItems(10)]),
        ("url", &[Rule::MaxChars(2000), Rule::Pattern(PATTERN_URL)]),
    ];
}

#[utoipa::path(post, path = "/tasks/{task_id}/deliveries", tag = "tasks", security(("bearer" = [])), request_body = DeliveryRequest,
    responses((status = 201, body = DeliveryRegistered), (status = 403), (status = 404), (status = 422)))]
pub async fn deliver(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
    ApiJson(body): ApiJson<DeliveryRequest>,
) -> AppResult<(StatusCode, Json<DeliveryRegistered>)> {
    // Only who took the task delivers: checked before the delivery itself is read.
    let mut tx = state.db.begin().await?;
    let task = register::open(&mut tx, task_id, caller.user_id).await?;
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
    let url = (delivery_type == DeliveryType::External).then(|| body.url.unwrap_or_default());
    let registered = register::register(
        &mut tx,
        &task,
        caller.user_id,
        register::Delivery {
            delivery_type,
            url,
            file_ids: body.file_ids,
            manuscript_version_id: None,
        },
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(registered.publish(&state).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InspectionRequest {
    /// accepted or rejected.
    #[serde(default)]
    pub result: String,
    /// Required when rejecting.
    pub reason: Option<String>,
}

impl Declared for InspectionRequest {
    const RULES: &'static [FieldRules] = &[
        (
            "result",
            &[Rule::Required, Rule::In(InspectionResult::NAMES)],
        ),
        // Required when the result is `rejected`.
        ("reason", &[Rule::Required, Rule::MaxChars(2000)]),
    ];
}

#[utoipa::path(put, path = "/tasks/{task_id}/inspection", tag = "tasks", security(("bearer" = [])), request_body = InspectionRequest,
    responses((status = 200, body = TaskState), (status = 403), (status = 404), (status = 422)))]
pub async fn inspect(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
    ApiJson(body): ApiJson<InspectionRequest>,
) -> AppResult<Json<TaskState>> {
    // Who may inspect comes before what the inspection says.
    let mut tx = state.db.begin().await?;
    let task = task_state(&mut *tx, task_id, true).await?;
    ensure_may_change(&caller, task.client_id)?;
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
    if task.status != TaskStatus::UnderAcceptance {
        return Err(AppError::rule(
            "status",
            format!("transition:{},{next}", task.status),
        ));
    }
    // Under acceptance means delivered; a task that reached it without a delivery (bad data)
    // cannot be inspected.
    let Some(received_on) = db::received_on(&mut tx, task_id).await? else {
        return Err(AppError::rule("delivery", "required"));
    };
    // The reward is owed from receipt, not from inspection (Freelance Act art. 4): an accepted
    // task is completed on the day its deliverable arrived, so it is paid with that month.
    let completed_on = crate::money::confirmations::payable_day(&mut tx, received_on).await?;
    db::set_inspected_status(&mut tx, task_id, next, completed_on).await?;
    db::insert_inspection(
        &mut tx,
        task_id,
        result,
        (!accepted).then_some(reason.as_str()),
        caller.user_id,
    )
    .await?;
    let assignees = db::taken_by(&mut tx, task_id).await?;
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
