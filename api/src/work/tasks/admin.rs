//! Staff tools for tasks: set the completed date of many tasks, invalidate tasks (they vanish
//! from every list and count), and change any field of one task whatever its status.

use crate::platform::clock;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiJson;
use crate::platform::guards::StaffUser;
use crate::platform::validation::{Declared, FieldRules, Rule, Validator, YEAR_MIN};
use crate::state::AppState;
use crate::work::tasks::db;
use crate::work::tasks::events::{
    CreatedNotices, TaskState, announce, announce_loaded, task_state,
};
use crate::work::tasks::model::TaskStatus;
use crate::work::tasks::model::{TaskDetail, task_detail};
use crate::work::tasks::write::{self as task_write, TaskFields, parse_date};
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(set_completed_date))
        .routes(routes!(invalidate))
        .routes(routes!(update))
}

fn check_ids(v: &mut Validator, task_ids: &[i64]) {
    if task_ids.is_empty() {
        v.fail("task_ids", "required");
    } else if task_ids.len() > 1000 {
        v.fail("task_ids", "max:1000");
    }
}

/// Locks every task; any missing id is a 422 naming it, and nothing is written.
async fn lock_all(tx: &mut sqlx::PgConnection, task_ids: &[i64]) -> AppResult<Vec<TaskState>> {
    let mut tasks = Vec::with_capacity(task_ids.len());
    for (i, id) in task_ids.iter().enumerate() {
        match task_state(&mut *tx, *id, true).await {
            Ok(task) => tasks.push(task),
            Err(AppError::NotFound) => {
                return Err(AppError::rule(&format!("task_ids.{i}"), "exists"));
            }
            Err(other) => return Err(other),
        }
    }
    Ok(tasks)
}

/// A completed date lies between the first day of the money screens' years and today in
/// Japan: a task cannot have been completed in the future, nor paid before the service's years.
fn check_completed_date(day: chrono::NaiveDate) -> AppResult<()> {
    let first = chrono::NaiveDate::from_ymd_opt(YEAR_MIN, 1, 1).expect("a valid date");
    if day < first {
        return Err(AppError::refused(
            "completed_date",
            format!("after_or_equal:{first}"),
            format!("完了日は{YEAR_MIN}年1月1日以降の日付を指定してください。"),
        ));
    }
    if day > clock::tokyo_today() {
        return Err(AppError::refused(
            "completed_date",
            "before_or_equal:today",
            "完了日に未来の日付は指定できません。",
        ));
    }
    Ok(())
}

/// Refuses moving any of the tasks' completed dates into or out of a confirmed month.
async fn ensure_months_open(
    tx: &mut sqlx::PgConnection,
    task_ids: &[i64],
    after: Option<chrono::NaiveDate>,
) -> AppResult<()> {
    for before in db::completed_dates(&mut *tx, task_ids).await? {
        crate::money::confirmations::ensure_month_open(&mut *tx, before, after).await?;
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Updated {
    pub updated: usize,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CompletedDateChange {
    #[serde(default)]
    pub task_ids: Vec<i64>,
    /// YYYY-MM-DD, from 2000-01-01 to today in Japan; neither it nor a task's current
    /// completed date may lie in a month whose rewards are confirmed (rule `month_open`).
    #[serde(default)]
    pub completed_date: String,
}

#[utoipa::path(put, path = "/admin/tasks/completed_date", tag = "admin", security(("bearer" = [])), request_body = CompletedDateChange,
    responses((status = 200, body = Updated), (status = 403), (status = 422, description = "also when a task is not done")))]
pub async fn set_completed_date(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    ApiJson(input): ApiJson<CompletedDateChange>,
) -> AppResult<Json<Updated>> {
    let mut v = Validator::new();
    check_ids(&mut v, &input.task_ids);
    let date = parse_date(&input.completed_date);
    if date.is_none() {
        v.fail("completed_date", "date_format:Y-m-d");
    }
    v.finish()?;
    if let Some(day) = date {
        check_completed_date(day)?;
    }
    let mut tx = state.db.begin().await?;
    let tasks = lock_all(&mut tx, &input.task_ids).await?;
    if let Some(i) = tasks.iter().position(|t| t.status != TaskStatus::Done) {
        return Err(AppError::rule(&format!("task_ids.{i}"), "status:done"));
    }
    ensure_months_open(&mut tx, &input.task_ids, date).await?;
    db::set_completed_date(&mut tx, &input.task_ids, date).await?;
    tx.commit().await?;
    for task in &tasks {
        announce(&state, task.id, CreatedNotices::new()).await?;
    }
    Ok(Json(Updated {
        updated: tasks.len(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Invalidation {
    #[serde(default)]
    pub task_ids: Vec<i64>,
}

#[utoipa::path(put, path = "/admin/tasks/invalid", tag = "admin", security(("bearer" = [])), request_body = Invalidation,
    responses((status = 200, body = Updated), (status = 403), (status = 422)))]
pub async fn invalidate(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    ApiJson(input): ApiJson<Invalidation>,
) -> AppResult<Json<Updated>> {
    let mut v = Validator::new();
    check_ids(&mut v, &input.task_ids);
    v.finish()?;
    let mut tx = state.db.begin().await?;
    let tasks = lock_all(&mut tx, &input.task_ids).await?;
    db::invalidate(&mut tx, &input.task_ids).await?;
    tx.commit().await?;
    // An invalid task's manuscript is staff's only: its other editors leave the room now.
    state.hub.manuscript_access_changed().await;
    for mut task in tasks.clone() {
        task.is_invalid = true;
        announce_loaded(&state, &task).await?;
    }
    Ok(Json(Updated {
        updated: tasks.len(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdminTaskChange {
    #[serde(flatten)]
    pub fields: TaskFields,
    /// applying, doing, under_acceptance or done.
    pub status: Option<String>,
    /// YYYY-MM-DD; an empty string clears it.
    pub order_date: Option<String>,
    /// YYYY-MM-DD from 2000-01-01 to today in Japan; an empty string clears it. Neither the
    /// new nor the current date may lie in a month whose rewards are confirmed (`month_open`).
    pub completed_date: Option<String>,
}

impl Declared for AdminTaskChange {
    const RULES: &'static [FieldRules] = &[
        ("status", &[Rule::In(TaskStatus::NAMES)]),
        ("order_date", &[Rule::Date]),
        ("completed_date", &[Rule::Date]),
    ];
}

/// `Some(None)` for "", `Some(Some(date))` for a date, a rule for anything else.
fn optional_date(
    v: &mut Validator,
    field: &str,
    value: Option<&str>,
) -> Option<Option<chrono::NaiveDate>> {
    let value = value?;
    if value.trim().is_empty() {
        return Some(None);
    }
    match parse_date(value) {
        Some(date) => Some(Some(date)),
        None => {
            v.fail(field, "date_format:Y-m-d");
            None
        }
    }
}

#[utoipa::path(put, path = "/admin/tasks/{task_id}", tag = "admin", security(("bearer" = [])), request_body = AdminTaskChange,
    responses((status = 200, body = TaskDetail), (status = 403), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    StaffUser(caller): StaffUser,
    Path(task_id): Path<i64>,
    ApiJson(input): ApiJson<AdminTaskChange>,
) -> AppResult<Json<TaskDetail>> {
    let mut v = Validator::new();
    let fields = input.fields.check(&mut v, "", false);
    if let Some(status) = &input.status
        && TaskStatus::parse(status).is_none()
    {
        v.fail("status", TaskStatus::rule());
    }
    let order_date = optional_date(&mut v, "order_date", input.order_date.as_deref());
    let completed_date = optional_date(&mut v, "completed_date", input.completed_date.as_deref());
    v.finish()?;
    if let Some(Some(day)) = completed_date {
        check_completed_date(day)?;
    }
    let mut tx = state.db.begin().await?;
    task_state(&mut *tx, task_id, true).await?;
    if let Some(after) = completed_date {
        ensure_months_open(&mut tx, &[task_id], after).await?;
    }
    // Staff's fields first, so a changed order date and changed terms make one revised
    // purchase order, not two.
    db::set_staff_fields(
        &mut tx,
        task_id,
        input.status.as_deref(),
        order_date,
        completed_date,
    )
    .await?;
    task_write::update(&mut tx, &state.config.operator, task_id, &fields).await?;
    tx.commit().await?;
    announce(&state, task_id, CreatedNotices::new()).await?;
    Ok(Json(task_detail(&state, &caller, task_id).await?))
}
