//! The creator's side of a task (take, deliver) and the client's inspection, with the notices
//! and pushes each step owes the other side.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{post, put};
use axum::{Json, Router};
use realtime::{EventName, Room};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::work::tasks::events::{
    TaskState, announce, client_users, notify, notify_client, task_state, user_name,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/tasks/{task_id}/take", post(take))
        .route("/tasks/{task_id}/decline", post(decline))
        .route("/tasks/{task_id}/deliveries", post(deliver))
        .route("/tasks/{task_id}/inspection", put(inspect))
}

pub const INCOMPLETE_PROFILE: &str =
    "会員情報（スキル・振込先）の入力が完了するまで、お仕事を受けることができません。";

#[utoipa::path(post, path = "/api/tasks/{task_id}/take", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = TaskState), (status = 403, description = "not offered to the caller"), (status = 404), (status = 422)))]
pub async fn take(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<Json<TaskState>> {
    if !caller.role.is_creator() {
        return Err(AppError::Forbidden);
    }
    let me = crate::users::model::load(&state.db, caller.user_id)
        .await?
        .ok_or(AppError::Unauthorized)?;
    if !me.has_skill || !me.has_bank_account {
        return Err(AppError::invalid(INCOMPLETE_PROFILE));
    }
    let task = answer_offer(&state, caller.user_id, task_id, OfferAnswer::Take).await?;
    Ok(Json(task))
}

/// How an offered creator answers.
#[derive(Clone, Copy)]
enum OfferAnswer {
    Take,
    Decline,
}

/// Moves the caller's offer to taken or declined (403 when the task was not offered to them),
/// updates the task, and tells the client's users (`check_client_order` or
/// `reject_client_order`), all in one transaction; then pushes the change.
async fn answer_offer(
    state: &AppState,
    user_id: i64,
    task_id: i64,
    answer: OfferAnswer,
) -> AppResult<TaskState> {
    let mut tx = state.db.begin().await?;
    let task = task_state(&mut *tx, task_id, true).await?;
    let answered = sqlx::query(
        "update task_assignees set state = $3, updated_at = now() where task_id = $1 and user_id = $2 and state = 'offered'",
    )
    .bind(task_id)
    .bind(user_id)
    .bind(match answer {
        OfferAnswer::Take => "taken",
        OfferAnswer::Decline => "declined",
    })
    .execute(&mut *tx)
    .await?;
    if answered.rows_affected() == 0 {
        return Err(AppError::Forbidden);
    }
    let name = user_name(&mut tx, user_id).await?;
    let (notice_type, message) = match answer {
        OfferAnswer::Take => {
            if task.status != "applying" {
                return Err(AppError::rule(
                    "status",
                    format!("transition:{},doing", task.status),
                ));
            }
            sqlx::query("update tasks set status = 'doing', order_date = coalesce(order_date, current_date), updated_at = now() where id = $1")
                .bind(task_id)
                .execute(&mut *tx)
                .await?;
            (
                "check_client_order",
                format!("{name}さんが「{}」を受注しました", task.title),
            )
        }
        OfferAnswer::Decline => {
            sqlx::query("update tasks set updated_at = now() where id = $1")
                .bind(task_id)
                .execute(&mut *tx)
                .await?;
            (
                "reject_client_order",
                format!("{name}さんが「{}」の依頼を辞退しました", task.title),
            )
        }
    };
    let created = notify_client(&mut tx, &task, notice_type, message).await?;
    tx.commit().await?;
    announce(state, task_id, created).await
}

/// An offered creator turns the task down: the offer is marked declined and the client hears
/// of it (`reject_client_order`).
#[utoipa::path(post, path = "/api/tasks/{task_id}/decline", tag = "tasks", security(("bearer" = [])),
    responses((status = 204), (status = 403, description = "not offered to the caller"), (status = 404)))]
pub async fn decline(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<StatusCode> {
    answer_offer(&state, caller.user_id, task_id, OfferAnswer::Decline).await?;
    Ok(StatusCode::NO_CONTENT)
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
    pub task_id: i64,
    pub delivery_id: i64,
    #[serde(rename = "type")]
    pub delivery_type: String,
    pub url: Option<String>,
    pub file_ids: Vec<i64>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

#[utoipa::path(post, path = "/api/tasks/{task_id}/deliveries", tag = "tasks", security(("bearer" = [])), request_body = DeliveryRequest,
    responses((status = 201, body = DeliveryRegistered), (status = 403), (status = 404), (status = 422)))]
pub async fn deliver(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
    ApiJson(body): ApiJson<DeliveryRequest>,
) -> AppResult<(StatusCode, Json<DeliveryRegistered>)> {
    let mut v = Validator::new();
    match body.delivery_type.as_str() {
        "file" if body.file_ids.is_empty() => {
            v.fail("file_ids", "required");
        }
        "file" => {}
        "external" => {
            let url = body.url.as_deref().unwrap_or("");
            v.required("url", url)
                .max_chars("url", url, 2000)
                .url("url", url);
        }
        _ => {
            v.fail("type", "in:file,external");
        }
    }
    v.finish()?;
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
    if task.status != "doing" && task.status != "under_acceptance" {
        return Err(AppError::rule(
            "status",
            format!("transition:{},under_acceptance", task.status),
        ));
    }
    let url = (body.delivery_type == "external").then(|| body.url.clone().unwrap_or_default());
    let delivery_id: i64 = sqlx::query_scalar("insert into deliveries (task_id, user_id, delivery_type, url) values ($1, $2, $3, $4) returning id")
        .bind(task_id)
        .bind(caller.user_id)
        .bind(&body.delivery_type)
        .bind(&url)
        .fetch_one(&mut *tx)
        .await?;
    for file_id in &body.file_ids {
        let status: Option<String> =
            sqlx::query_scalar("select scan_status from files where id = $1 and user_id = $2")
                .bind(file_id)
                .bind(caller.user_id)
                .fetch_optional(&mut *tx)
                .await?;
        match status.as_deref() {
            None => return Err(AppError::rule("file_ids", "exists")),
            Some("infected") => return Err(AppError::rule("file_ids", "infected")),
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
        "check_delivery",
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
        delivery_type: body.delivery_type,
        url,
        file_ids: body.file_ids,
        updated_at: task.updated_at,
    };
    for user_id in client_users(&state.db, task.client_id).await? {
        state
            .hub
            .publish_or_log(
                Room::User(user_id),
                EventName::DeliveryRegistered,
                &registered,
            )
            .await;
    }
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

#[utoipa::path(put, path = "/api/tasks/{task_id}/inspection", tag = "tasks", security(("bearer" = [])), request_body = InspectionRequest,
    responses((status = 200, body = TaskState), (status = 403), (status = 404), (status = 422)))]
pub async fn inspect(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
    ApiJson(body): ApiJson<InspectionRequest>,
) -> AppResult<Json<TaskState>> {
    let mut v = Validator::new();
    let reason = body.reason.as_deref().unwrap_or("").trim().to_string();
    match body.result.as_str() {
        "accepted" => {}
        "rejected" => {
            v.required("reason", &reason)
                .max_chars("reason", &reason, 2000);
        }
        _ => {
            v.fail("result", "in:accepted,rejected");
        }
    }
    v.finish()?;
    let mut tx = state.db.begin().await?;
    let task = task_state(&mut *tx, task_id, true).await?;
    if !caller.acts_for_client(task.client_id) {
        return Err(AppError::Forbidden);
    }
    if task.status != "under_acceptance" {
        return Err(AppError::rule(
            "status",
            format!(
                "transition:{},{}",
                task.status,
                if body.result == "accepted" {
                    "done"
                } else {
                    "doing"
                }
            ),
        ));
    }
    let accepted = body.result == "accepted";
    sqlx::query(
        "update tasks set status = $2, completed_date = case when $2 = 'done' then current_date else completed_date end, updated_at = now() where id = $1",
    )
    .bind(task_id)
    .bind(if accepted { "done" } else { "doing" })
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into inspections (task_id, result, reason, inspected_by) values ($1, $2, $3, $4)",
    )
    .bind(task_id)
    .bind(&body.result)
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
            "inspected_delivery",
            format!("「{}」の納品が検収されました", task.title),
        )
    } else {
        (
            "reject_delivery",
            format!("「{}」の納品が差し戻されました：{reason}", task.title),
        )
    };
    let created = notify(&mut tx, assignees, &task, notice_type, message).await?;
    tx.commit().await?;
    Ok(Json(announce(&state, task_id, created).await?))
}
