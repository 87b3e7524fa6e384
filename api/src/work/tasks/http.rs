//! Tasks, read side: the caller's tasks, the scoped task list with its status filter, and the
//! client's important counts shown in the header.

use crate::money::purchase_orders;
use crate::notices::NoticeType;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::{CreatorUser, StaffOrClientUser};
use crate::platform::query::list_param;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use crate::work::tasks::access::{ensure_client_access, ensure_may_change, writable_work};
use crate::work::tasks::db;
use crate::work::tasks::events::{
    CreatedNotices, TaskState, announce, notify_client, task_state, user_name,
};
use crate::work::tasks::model::{
    AssigneeState, TaskDetail, TaskFilter, TaskList, TaskStatus, TaskView, grouped, scoped_tasks,
    task_detail,
};
use crate::work::tasks::write::check_assignees;
use crate::work::tasks::write::{self as task_write, TaskFields};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_tasks))
        .routes(routes!(list))
        .routes(routes!(client_tasks))
        .routes(routes!(important_counts))
        .routes(routes!(show))
        .routes(routes!(create))
        .routes(routes!(bulk_update))
        .routes(routes!(remove))
        .routes(routes!(take))
        .routes(routes!(decline))
}

/// `status[]` values; anything outside the four task statuses is refused.
fn statuses(query: Option<&str>) -> AppResult<Vec<String>> {
    let values = list_param(query, "status");
    if values.iter().any(|s| TaskStatus::parse(s).is_none()) {
        return Err(AppError::rule("status", TaskStatus::rule()));
    }
    Ok(values)
}

#[utoipa::path(get, path = "/mytasks", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = TaskList, description = "tasks offered to or taken by the caller")))]
pub async fn my_tasks(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<TaskList>> {
    let filter = TaskFilter {
        mine: true,
        ..Default::default()
    };
    Ok(Json(grouped(scoped_tasks(&state, &caller, filter).await?)))
}

#[utoipa::path(get, path = "/tasks", tag = "tasks", security(("bearer" = [])),
    params(("status[]" = Option<Vec<TaskStatus>>, Query, description = "applying, doing, under_acceptance, done")),
    responses((status = 200, body = TaskList), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    RawQuery(query): RawQuery,
) -> AppResult<Json<TaskList>> {
    let statuses = statuses(query.as_deref())?;
    let filter = TaskFilter {
        statuses: &statuses,
        ..Default::default()
    };
    Ok(Json(grouped(scoped_tasks(&state, &caller, filter).await?)))
}

#[utoipa::path(get, path = "/clients/{client_id}/tasks", tag = "tasks", security(("bearer" = [])),
    params(("status[]" = Option<Vec<TaskStatus>>, Query)),
    responses((status = 200, body = TaskList), (status = 403), (status = 404), (status = 422)))]
pub async fn client_tasks(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(client_id): Path<i64>,
    RawQuery(query): RawQuery,
) -> AppResult<Json<TaskList>> {
    ensure_client_access(&state, &caller, client_id).await?;
    let statuses = statuses(query.as_deref())?;
    let filter = TaskFilter {
        client_id: Some(client_id),
        statuses: &statuses,
        ..Default::default()
    };
    Ok(Json(grouped(scoped_tasks(&state, &caller, filter).await?)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportantCounts {
    /// Tasks not yet ordered.
    pub applying_task_count: i64,
    /// Tasks delivered and not yet inspected.
    pub under_acceptance_task_count: i64,
    /// Assessments not yet answered.
    pub unanswered_assessments_count: i64,
}

#[utoipa::path(get, path = "/clients/{client_id}/important_information/counts", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = ImportantCounts), (status = 403), (status = 404)))]
pub async fn important_counts(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(client_id): Path<i64>,
) -> AppResult<Json<ImportantCounts>> {
    ensure_client_access(&state, &caller, client_id).await?;
    let (applying, under_acceptance) = db::important_counts(&state.db, client_id).await?;
    Ok(Json(ImportantCounts {
        applying_task_count: applying,
        under_acceptance_task_count: under_acceptance,
        unanswered_assessments_count: crate::assessments::unanswered_count(&state.db, client_id)
            .await?,
    }))
}

#[utoipa::path(get, path = "/tasks/{task_id}", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = TaskDetail), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<Json<TaskDetail>> {
    Ok(Json(task_detail(&state, &caller, task_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewTask {
    #[serde(flatten)]
    pub fields: TaskFields,
    /// Creators the task is offered to.
    #[serde(default)]
    pub assignee_ids: Vec<i64>,
}

impl Declared for NewTask {
    const RULES: &'static [FieldRules] = &[
        // Described in `TaskFields`; a new task must have them.
        ("type", &[Rule::Required]),
        ("title", &[Rule::Required]),
    ];
}

#[utoipa::path(post, path = "/v2/projects/works/{work_id}/tasks", tag = "tasks", security(("bearer" = [])), request_body = NewTask,
    responses((status = 201, body = TaskDetail), (status = 403), (status = 404), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(work_id): Path<i64>,
    ApiJson(input): ApiJson<NewTask>,
) -> AppResult<(StatusCode, Json<TaskDetail>)> {
    // Who may write comes before what was written (nothing is read from the input first).
    let mut tx = state.db.begin().await?;
    writable_work(&mut *tx, &caller, work_id).await?;
    let mut v = Validator::new();
    let fields = input.fields.check(&mut v, "", true);
    if input.assignee_ids.len() > 20 {
        v.fail("assignee_ids", "max:20");
    }
    v.finish()?;
    check_assignees(
        &mut tx,
        "assignee_ids",
        &input.assignee_ids,
        fields.task_type,
    )
    .await?;
    let task_id = task_write::insert(&mut tx, work_id, &fields).await?;
    let (_, created) = task_write::offer(&mut tx, task_id, &input.assignee_ids).await?;
    tx.commit().await?;
    announce(&state, task_id, created).await?;
    Ok((
        StatusCode::CREATED,
        Json(task_detail(&state, &caller, task_id).await?),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TaskChange {
    pub id: i64,
    #[serde(flatten)]
    pub fields: TaskFields,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkTaskChange {
    #[serde(default)]
    pub tasks: Vec<TaskChange>,
}

impl Declared for BulkTaskChange {
    const RULES: &'static [FieldRules] = &[("tasks", &[Rule::Required, Rule::MinItems(1)])];
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChangedTasks {
    pub tasks: Vec<TaskView>,
}

/// Every change is checked first; one bad task (a rule, someone else's task, a finished one)
/// and nothing is written.
#[utoipa::path(put, path = "/v2/projects/works/tasks", tag = "tasks", security(("bearer" = [])), request_body = BulkTaskChange,
    responses((status = 200, body = ChangedTasks), (status = 403), (status = 404), (status = 422, description = "rules keyed tasks.{index}.{field}")))]
pub async fn bulk_update(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    ApiJson(input): ApiJson<BulkTaskChange>,
) -> AppResult<Json<ChangedTasks>> {
    let mut v = Validator::new();
    if input.tasks.is_empty() {
        v.fail("tasks", "required");
    }
    if input.tasks.len() > 500 {
        v.fail("tasks", "max:500");
    }
    let checked: Vec<_> = input
        .tasks
        .iter()
        .enumerate()
        .map(|(i, change)| change.fields.check(&mut v, &format!("tasks.{i}."), false))
        .collect();
    v.finish()?;
    let mut tx = state.db.begin().await?;
    let mut changed = Vec::with_capacity(input.tasks.len());
    for (i, (change, fields)) in input.tasks.iter().zip(&checked).enumerate() {
        let task = task_state(&mut *tx, change.id, true).await?;
        ensure_may_change(&caller, task.client_id)?;
        if task.status == TaskStatus::Done {
            return Err(AppError::rule(&format!("tasks.{i}.id"), "not_done"));
        }
        task_write::update(&mut tx, &state.config.operator, change.id, fields).await?;
        changed.push(change.id);
    }
    tx.commit().await?;
    for task_id in &changed {
        announce(&state, *task_id, CreatedNotices::new()).await?;
    }
    let filter = TaskFilter {
        ids: Some(&changed),
        ..Default::default()
    };
    let tasks = scoped_tasks(&state, &caller, filter).await?;
    Ok(Json(ChangedTasks { tasks }))
}

#[utoipa::path(delete, path = "/v2/projects/works/tasks/{task_id}", tag = "tasks", security(("bearer" = [])),
    responses((status = 204), (status = 403), (status = 404), (status = 422, description = "only tasks not yet taken can be deleted")))]
pub async fn remove(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<StatusCode> {
    let mut tx = state.db.begin().await?;
    let task = task_state(&mut *tx, task_id, true).await?;
    ensure_may_change(&caller, task.client_id)?;
    if task.status != TaskStatus::Applying {
        return Err(AppError::invalid("受注前のタスクのみ削除できます。"));
    }
    let audience = db::assignee_ids(&mut *tx, task_id).await?;
    db::delete_task(&mut *tx, task_id).await?;
    tx.commit().await?;
    let mut gone = task;
    gone.is_deleted = true;
    crate::work::tasks::events::announce_to(&state, &gone, audience).await?;
    Ok(StatusCode::NO_CONTENT)
}

pub const INCOMPLETE_PROFILE: &str =
    "会員情報（スキル・振込先）の入力が完了するまで、お仕事を受けることができません。";

#[utoipa::path(post, path = "/tasks/{task_id}/take", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = TaskState), (status = 403, description = "not offered to the caller"), (status = 404), (status = 422)))]
pub async fn take(
    State(state): State<AppState>,
    CreatorUser(caller): CreatorUser,
    Path(task_id): Path<i64>,
) -> AppResult<Json<TaskState>> {
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
#[derive(Clone, Copy, PartialEq, Eq)]
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
    let next = match answer {
        OfferAnswer::Take => AssigneeState::Taken,
        OfferAnswer::Decline => AssigneeState::Declined,
    };
    if !db::answer_offer(&mut tx, task_id, user_id, next).await? {
        return Err(AppError::Forbidden);
    }
    let name = user_name(&mut tx, user_id).await?;
    let (notice_type, message) = match answer {
        OfferAnswer::Take => {
            if task.status != TaskStatus::Applying {
                return Err(AppError::rule(
                    "status",
                    format!("transition:{},doing", task.status),
                ));
            }
            db::start_task(&mut tx, task_id).await?;
            // The order is placed: its purchase order is issued with it, or not at all.
            purchase_orders::issue_for_task(&mut tx, &state.config.operator, task_id).await?;
            (
                NoticeType::CheckClientOrder,
                format!("{name}さんが「{}」を受注しました", task.title),
            )
        }
        OfferAnswer::Decline => {
            db::touch_task(&mut tx, task_id).await?;
            (
                NoticeType::RejectClientOrder,
                format!("{name}さんが「{}」の依頼を辞退しました", task.title),
            )
        }
    };
    let created = notify_client(&mut tx, &task, notice_type, message).await?;
    tx.commit().await?;
    if answer == OfferAnswer::Decline {
        // An offered editor could open the task's manuscript; declined, they no longer can.
        state.hub.manuscript_access_changed().await;
    }
    announce(state, task_id, created).await
}

/// An offered creator turns the task down: the offer is marked declined and the client hears
/// of it (`reject_client_order`).
#[utoipa::path(post, path = "/tasks/{task_id}/decline", tag = "tasks", security(("bearer" = [])),
    responses((status = 204), (status = 403, description = "not offered to the caller"), (status = 404)))]
pub async fn decline(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<StatusCode> {
    answer_offer(&state, caller.user_id, task_id, OfferAnswer::Decline).await?;
    Ok(StatusCode::NO_CONTENT)
}
