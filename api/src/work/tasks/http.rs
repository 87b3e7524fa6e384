//! Tasks, read side: the caller's tasks, the scoped task list with its status filter, and the
//! client's important counts shown in the header.

use crate::auth::session::Caller;
use crate::files::scan::ScanStatus;
use crate::notices::NoticeType;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::CreatorUser;
use crate::platform::guards::visible;
use crate::platform::query::list_param;
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::work::deliveries::model::InspectionResult;
use crate::work::projects::status::ProjectStatus;
use crate::work::tasks::events::{
    CreatedNotices, TaskState, announce, notify_client, task_state, user_name,
};
use crate::work::tasks::model::{AssigneeState, TaskStatus};
use crate::work::tasks::write::{self as task_write, TaskFields};
use crate::work::tasks::{db, task_type};
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
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

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TaskView {
    pub id: i64,
    /// work_direction, project_direction, planning, writing, … (the spec's work types).
    #[serde(rename = "type")]
    pub task_type: String,
    pub title: String,
    /// applying, doing, under_acceptance or done.
    pub status: TaskStatus,
    pub order_date: Option<NaiveDate>,
    pub due_date: Option<NaiveDate>,
    pub completed_date: Option<NaiveDate>,
    pub work_id: i64,
    pub work_name: String,
    pub project_id: i64,
    pub project_name: String,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TaskList {
    /// work_direction and project_direction tasks, by due date.
    pub direction_tasks: Vec<TaskView>,
    /// Every other task, by due date.
    pub tasks: Vec<TaskView>,
}

/// `status[]` values; anything outside the four task statuses is refused.
fn statuses(query: Option<&str>) -> AppResult<Vec<String>> {
    let values = list_param(query, "status");
    if values.iter().any(|s| TaskStatus::parse(s).is_none()) {
        return Err(AppError::rule("status", TaskStatus::rule()));
    }
    Ok(values)
}

/// Direction tasks apart from the others, each group by due date (undated last).
pub fn grouped(tasks: Vec<TaskView>) -> TaskList {
    let (direction_tasks, tasks) = tasks
        .into_iter()
        .partition(|t| task_type::is_direction(&t.task_type));
    TaskList {
        direction_tasks,
        tasks,
    }
}

/// Narrows the tasks the caller may see.
#[derive(Debug, Default)]
pub struct TaskFilter<'a> {
    /// Only tasks offered to or taken by the caller.
    pub mine: bool,
    pub client_id: Option<i64>,
    pub work_id: Option<i64>,
    pub statuses: &'a [String],
    /// Only these tasks.
    pub ids: Option<&'a [i64]>,
}

/// The tasks the caller may see (never invalidated ones), by due date.
pub async fn scoped_tasks(
    state: &AppState,
    caller: &Caller,
    filter: TaskFilter<'_>,
) -> AppResult<Vec<TaskView>> {
    db::scoped_tasks(&state.db, caller, filter).await
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
    params(("status[]" = Option<Vec<String>>, Query, description = "applying, doing, under_acceptance, done")),
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

/// The client's own users and staff may look at a client.
pub async fn ensure_client_access(
    state: &AppState,
    caller: &Caller,
    client_id: i64,
) -> AppResult<()> {
    if !db::client_exists(&state.db, client_id).await? {
        Err(AppError::NotFound)
    } else if caller.acts_for_client(client_id) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

#[utoipa::path(get, path = "/clients/{client_id}/tasks", tag = "tasks", security(("bearer" = [])),
    params(("status[]" = Option<Vec<String>>, Query)),
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
    /// Assessments not yet answered (assessments arrive with the clients issue).
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
        unanswered_assessments_count: 0,
    }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Assignee {
    pub user_id: i64,
    pub user_name: String,
    /// offered, taken or declined.
    pub state: AssigneeState,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliveryFile {
    /// The delivery the file came with.
    pub id: i64,
    pub file_id: i64,
    pub name: String,
    pub path: String,
    pub anti_virus_check_scan_status: ScanStatus,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ExternalDelivery {
    pub id: i64,
    pub user_id: i64,
    pub url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Deliveries {
    /// The type of the latest delivery: file or external; null before the first.
    #[serde(rename = "type")]
    pub delivery_type: Option<String>,
    pub externals: Vec<ExternalDelivery>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct InspectionView {
    pub result: InspectionResult,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// One task with everything its page shows, and what the caller may do with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TaskDetail {
    #[serde(flatten)]
    pub task: TaskView,
    pub client_id: i64,
    pub reward_amount: Option<i64>,
    pub tags: Vec<String>,
    pub is_invalid: bool,
    pub assignees: Vec<Assignee>,
    pub delivery_files: Vec<DeliveryFile>,
    pub deliveries: Deliveries,
    pub inspections: Vec<InspectionView>,
    pub can_take: bool,
    pub can_decline: bool,
    pub can_deliver: bool,
    pub can_inspect: bool,
    pub can_edit: bool,
}

/// The task as its page shows it: 404 when missing (or invalidated, for non-staff), 403 when
/// the caller may not see it.
pub async fn task_detail(state: &AppState, caller: &Caller, task_id: i64) -> AppResult<TaskDetail> {
    let db::TaskDetailRow {
        task,
        client_id,
        reward_amount,
        tags,
        is_invalid,
    } = visible(db::task_detail_row(&state.db, caller, task_id).await?)?;
    let assignees = db::assignees(&state.db, task_id).await?;
    let delivery_files = db::delivery_files(&state.db, task_id).await?;
    let externals = db::external_deliveries(&state.db, task_id).await?;
    let latest_type = db::latest_delivery_type(&state.db, task_id).await?;
    let inspections = db::inspections(&state.db, task_id).await?;
    let my_state = assignees
        .iter()
        .find(|a| a.user_id == caller.user_id)
        .map(|a| a.state);
    let live = !is_invalid;
    let offered =
        live && task.status == TaskStatus::Applying && my_state == Some(AssigneeState::Offered);
    let for_client = caller.acts_for_client(client_id);
    Ok(TaskDetail {
        can_take: offered,
        can_decline: offered,
        can_deliver: live
            && my_state == Some(AssigneeState::Taken)
            && matches!(task.status, TaskStatus::Doing | TaskStatus::UnderAcceptance),
        can_inspect: live && for_client && task.status == TaskStatus::UnderAcceptance,
        can_edit: live && for_client && task.status != TaskStatus::Done,
        client_id,
        reward_amount,
        tags,
        is_invalid,
        assignees,
        delivery_files,
        deliveries: Deliveries {
            delivery_type: latest_type,
            externals,
        },
        inspections,
        task,
    })
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

/// The client of a work the caller may write tasks into: 404 when missing, 403 otherwise.
pub async fn writable_work(
    executor: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    work_id: i64,
) -> AppResult<i64> {
    let (client_id, project_status) = db::work_owner(executor, work_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !caller.acts_for_client(client_id) {
        return Err(AppError::Forbidden);
    }
    if project_status == ProjectStatus::Done {
        return Err(AppError::invalid(
            "完了したプロジェクトのタスクは変更できません。",
        ));
    }
    Ok(client_id)
}

/// Refuses assignees that are not active creators, naming the field.
pub async fn check_assignees(
    db: impl sqlx::PgExecutor<'_>,
    field: &str,
    user_ids: &[i64],
) -> AppResult<()> {
    if !task_write::non_creators(db, user_ids).await?.is_empty() {
        return Err(AppError::rule(field, "exists"));
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewTask {
    #[serde(flatten)]
    pub fields: TaskFields,
    /// Creators the task is offered to.
    #[serde(default)]
    pub assignee_ids: Vec<i64>,
}

#[utoipa::path(post, path = "/v2/projects/works/{work_id}/tasks", tag = "tasks", security(("bearer" = [])), request_body = NewTask,
    responses((status = 201, body = TaskDetail), (status = 403), (status = 404), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(work_id): Path<i64>,
    ApiJson(input): ApiJson<NewTask>,
) -> AppResult<(StatusCode, Json<TaskDetail>)> {
    let mut v = Validator::new();
    let fields = input.fields.check(&mut v, "", true);
    if input.assignee_ids.len() > 20 {
        v.fail("assignee_ids", "max:20");
    }
    v.finish()?;
    let mut tx = state.db.begin().await?;
    writable_work(&mut *tx, &caller, work_id).await?;
    check_assignees(&mut *tx, "assignee_ids", &input.assignee_ids).await?;
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
    AuthUser(caller): AuthUser,
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
        if !caller.acts_for_client(task.client_id) {
            return Err(AppError::Forbidden);
        }
        if task.status == TaskStatus::Done {
            return Err(AppError::rule(&format!("tasks.{i}.id"), "not_done"));
        }
        task_write::update(&mut tx, change.id, fields).await?;
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
    if !caller.acts_for_client(task.client_id) {
        return Err(AppError::Forbidden);
    }
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
