//! Tasks, read side: the caller's tasks, the scoped task list with its status filter, and the
//! client's important counts shown in the header.

use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::AuthUser;
use crate::platform::query::list_param;
use crate::state::AppState;
use crate::work::tasks::{access as scope, task_type};

pub const TASK_STATUSES: [&str; 4] = ["applying", "doing", "under_acceptance", "done"];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/mytasks", get(my_tasks))
        .route("/tasks", get(list))
        .route("/tasks/{task_id}", get(show))
        .route("/clients/{client_id}/tasks", get(client_tasks))
        .route(
            "/clients/{client_id}/important_information/counts",
            get(important_counts),
        )
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TaskView {
    pub id: i64,
    /// work_direction, project_direction, planning, writing, … (the spec's work types).
    #[serde(rename = "type")]
    pub task_type: String,
    pub title: String,
    /// applying, doing, under_acceptance or done.
    pub status: String,
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

/// The columns of a `TaskView`, over `scope::TASK_JOINS`.
const TASK_COLUMNS: &str = "t.id, t.task_type, t.title, t.status, t.order_date, t.due_date, t.completed_date,
        w.id as work_id, w.name as work_name, p.id as project_id, p.name as project_name, t.updated_at";

/// `status[]` values; anything outside the four task statuses is refused.
fn statuses(query: Option<&str>) -> AppResult<Vec<String>> {
    let values = list_param(query, "status");
    if values.iter().any(|s| !TASK_STATUSES.contains(&s.as_str())) {
        return Err(AppError::rule(
            "status",
            "in:applying,doing,under_acceptance,done",
        ));
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
    let sql = format!(
        "select {TASK_COLUMNS} from {} where {} and not t.is_invalid
           and (not $2 or exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = $1 and a.state <> 'declined'))
           and (cardinality($3::text[]) = 0 or t.status = any($3))
           and ($4::bigint is null or m.client_id = $4)
           and ($5::bigint is null or t.work_id = $5)
           and ($6::bigint[] is null or t.id = any($6))
         order by t.due_date asc nulls last, t.id",
        scope::TASK_JOINS,
        scope::visible_tasks(caller.role)
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(caller.user_id)
        .bind(filter.mine)
        .bind(filter.statuses)
        .bind(filter.client_id)
        .bind(filter.work_id)
        .bind(filter.ids)
        .fetch_all(&state.db)
        .await?)
}

#[utoipa::path(get, path = "/api/mytasks", tag = "tasks", security(("bearer" = [])),
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

#[utoipa::path(get, path = "/api/tasks", tag = "tasks", security(("bearer" = [])),
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
    let exists: bool = sqlx::query_scalar("select exists (select 1 from clients where id = $1)")
        .bind(client_id)
        .fetch_one(&state.db)
        .await?;
    if !exists {
        Err(AppError::NotFound)
    } else if caller.acts_for_client(client_id) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

#[utoipa::path(get, path = "/api/clients/{client_id}/tasks", tag = "tasks", security(("bearer" = [])),
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

#[utoipa::path(get, path = "/api/clients/{client_id}/important_information/counts", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = ImportantCounts), (status = 403), (status = 404)))]
pub async fn important_counts(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(client_id): Path<i64>,
) -> AppResult<Json<ImportantCounts>> {
    ensure_client_access(&state, &caller, client_id).await?;
    let (applying, under_acceptance): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where t.status = 'applying'), count(*) filter (where t.status = 'under_acceptance')
           from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id
          where m.client_id = $1 and not t.is_invalid",
    )
    .bind(client_id)
    .fetch_one(&state.db)
    .await?;
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
    pub state: String,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliveryFile {
    /// The delivery the file came with.
    pub id: i64,
    pub file_id: i64,
    pub name: String,
    pub path: String,
    pub anti_virus_check_scan_status: String,
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
    pub result: String,
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

/// A task with the fields only its own page shows.
#[derive(sqlx::FromRow)]
struct TaskDetailRow {
    #[sqlx(flatten)]
    task: TaskView,
    client_id: i64,
    reward_amount: Option<i64>,
    tags: Vec<String>,
    is_invalid: bool,
}

/// The task as its page shows it: 404 when missing (or invalidated, for non-staff), 403 when
/// the caller may not see it.
pub async fn task_detail(state: &AppState, caller: &Caller, task_id: i64) -> AppResult<TaskDetail> {
    let sql = format!(
        "select {TASK_COLUMNS}, m.client_id, t.reward_amount, t.tags, t.is_invalid
           from {} where t.id = $2 and {} and (not t.is_invalid or $3)",
        scope::TASK_JOINS,
        scope::visible_tasks(caller.role)
    );
    let row: Option<TaskDetailRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(caller.user_id)
        .bind(task_id)
        .bind(caller.role.is_staff())
        .fetch_optional(&state.db)
        .await?;
    let Some(TaskDetailRow {
        task,
        client_id,
        reward_amount,
        tags,
        is_invalid,
    }) = row
    else {
        let exists: bool = sqlx::query_scalar(
            "select exists (select 1 from tasks where id = $1 and not is_invalid)",
        )
        .bind(task_id)
        .fetch_one(&state.db)
        .await?;
        return Err(if exists {
            AppError::Forbidden
        } else {
            AppError::NotFound
        });
    };
    let assignees: Vec<Assignee> = sqlx::query_as(
        "select a.user_id, u.user_name, a.state from task_assignees a join users u on u.id = a.user_id
          where a.task_id = $1 order by a.created_at, a.user_id",
    )
    .bind(task_id)
    .fetch_all(&state.db)
    .await?;
    let delivery_files: Vec<DeliveryFile> = sqlx::query_as(
        "select d.id, f.id as file_id, f.name,
                case when f.is_private then 'private/' else 'files/' end || f.storage_key as path,
                f.scan_status as anti_virus_check_scan_status, d.created_at
           from deliveries d join delivery_files df on df.delivery_id = d.id join files f on f.id = df.file_id
          where d.task_id = $1 order by d.id desc, f.id",
    )
    .bind(task_id)
    .fetch_all(&state.db)
    .await?;
    let externals: Vec<ExternalDelivery> = sqlx::query_as(
        "select id, user_id, url from deliveries where task_id = $1 and delivery_type = 'external' order by id desc",
    )
    .bind(task_id)
    .fetch_all(&state.db)
    .await?;
    let latest_type: Option<String> = sqlx::query_scalar(
        "select delivery_type from deliveries where task_id = $1 order by id desc limit 1",
    )
    .bind(task_id)
    .fetch_optional(&state.db)
    .await?;
    let inspections: Vec<InspectionView> = sqlx::query_as(
        "select result, reason, created_at from inspections where task_id = $1 order by id desc",
    )
    .bind(task_id)
    .fetch_all(&state.db)
    .await?;
    let my_state = assignees
        .iter()
        .find(|a| a.user_id == caller.user_id)
        .map(|a| a.state.as_str());
    let live = !is_invalid;
    let offered = live && task.status == "applying" && my_state == Some("offered");
    let for_client = caller.acts_for_client(client_id);
    Ok(TaskDetail {
        can_take: offered,
        can_decline: offered,
        can_deliver: live
            && my_state == Some("taken")
            && matches!(task.status.as_str(), "doing" | "under_acceptance"),
        can_inspect: live && for_client && task.status == "under_acceptance",
        can_edit: live && for_client && task.status != "done",
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

#[utoipa::path(get, path = "/api/tasks/{task_id}", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = TaskDetail), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<Json<TaskDetail>> {
    Ok(Json(task_detail(&state, &caller, task_id).await?))
}
