//! Tasks, read side: the caller's tasks, the scoped task list with its status filter, and the
//! client's important counts shown in the header.

use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::role::Role;
use crate::error::{AppError, AppResult};
use crate::extract::AuthUser;
use crate::http::query::list_param;
use crate::state::AppState;

pub const TASK_STATUSES: [&str; 4] = ["applying", "doing", "under_acceptance", "done"];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/mytasks", get(my_tasks))
        .route("/tasks", get(list))
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

const TASK_SELECT: &str = "select t.id, t.task_type, t.title, t.status, t.order_date, t.due_date, t.completed_date,
        w.id as work_id, w.name as work_name, p.id as project_id, p.name as project_name, t.updated_at
   from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id";

/// SQL condition for the tasks the caller may see; `$1` is the caller's id.
fn visible_tasks_condition(role: Role) -> &'static str {
    match role {
        Role::Manager | Role::Accountant | Role::Admin => "true",
        Role::Client => "m.client_id = (select client_id from users where id = $1)",
        Role::General | Role::EditorAssistant => {
            "exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = $1)"
        }
    }
}

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
fn grouped(tasks: Vec<TaskView>) -> TaskList {
    let (direction_tasks, tasks) = tasks
        .into_iter()
        .partition(|t| t.task_type == "work_direction" || t.task_type == "project_direction");
    TaskList {
        direction_tasks,
        tasks,
    }
}

async fn tasks_where(
    state: &AppState,
    caller_id: i64,
    role: Role,
    extra: &str,
    client_id: Option<i64>,
    statuses: &[String],
) -> AppResult<Vec<TaskView>> {
    let sql = format!(
        "{TASK_SELECT} where {} and {extra} and not t.is_invalid
           and (cardinality($2::text[]) = 0 or t.status = any($2))
           and ($3::bigint is null or m.client_id = $3)
         order by t.due_date asc nulls last, t.id",
        visible_tasks_condition(role)
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(caller_id)
        .bind(statuses)
        .bind(client_id)
        .fetch_all(&state.db)
        .await?)
}

#[utoipa::path(get, path = "/api/mytasks", tag = "tasks", security(("bearer" = [])),
    responses((status = 200, body = TaskList, description = "tasks offered to or taken by the caller")))]
pub async fn my_tasks(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<TaskList>> {
    let mine = "exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = $1)";
    Ok(Json(grouped(
        tasks_where(&state, caller.user_id, caller.role, mine, None, &[]).await?,
    )))
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
    Ok(Json(grouped(
        tasks_where(&state, caller.user_id, caller.role, "true", None, &statuses).await?,
    )))
}

/// The client's own users and staff may look at a client.
async fn ensure_client_access(
    state: &AppState,
    caller_id: i64,
    role: Role,
    client_id: i64,
) -> AppResult<()> {
    let exists: bool = sqlx::query_scalar("select exists (select 1 from clients where id = $1)")
        .bind(client_id)
        .fetch_one(&state.db)
        .await?;
    if !exists {
        return Err(AppError::NotFound);
    }
    if role.is_staff() {
        return Ok(());
    }
    let mine: Option<i64> = sqlx::query_scalar("select client_id from users where id = $1")
        .bind(caller_id)
        .fetch_one(&state.db)
        .await?;
    if role == Role::Client && mine == Some(client_id) {
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
    ensure_client_access(&state, caller.user_id, caller.role, client_id).await?;
    let statuses = statuses(query.as_deref())?;
    Ok(Json(grouped(
        tasks_where(
            &state,
            caller.user_id,
            caller.role,
            "true",
            Some(client_id),
            &statuses,
        )
        .await?,
    )))
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
    ensure_client_access(&state, caller.user_id, caller.role, client_id).await?;
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
