//! Writing tasks as the client or staff: create a task in a work and offer it to creators
//! (`order_task`), change many tasks in one all-or-nothing request, delete an unstarted task.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::work::tasks::events::{CreatedNotices, announce, task_state};
use crate::work::tasks::http::{TaskDetail, TaskFilter, TaskView, scoped_tasks, task_detail};
use crate::work::tasks::write::{self as task_write, TaskFields};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/v2/projects/works/{work_id}/tasks", post(create))
        .route("/v2/projects/works/tasks", put(bulk_update))
        .route("/v2/projects/works/tasks/{task_id}", delete(remove))
}

/// The client of a work the caller may write tasks into: 404 when missing, 403 otherwise.
pub async fn writable_work(
    db: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    work_id: i64,
) -> AppResult<i64> {
    let owner: Option<(i64, String)> = sqlx::query_as(
        "select m.client_id, p.status from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id
          where w.id = $1",
    )
    .bind(work_id)
    .fetch_optional(db)
    .await?;
    let (client_id, project_status) = owner.ok_or(AppError::NotFound)?;
    if !caller.acts_for_client(client_id) {
        return Err(AppError::Forbidden);
    }
    if project_status == "done" {
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

#[utoipa::path(post, path = "/api/v2/projects/works/{work_id}/tasks", tag = "tasks", security(("bearer" = [])), request_body = NewTask,
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
#[utoipa::path(put, path = "/api/v2/projects/works/tasks", tag = "tasks", security(("bearer" = [])), request_body = BulkTaskChange,
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
        if task.status == "done" {
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

#[utoipa::path(delete, path = "/api/v2/projects/works/tasks/{task_id}", tag = "tasks", security(("bearer" = [])),
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
    if task.status != "applying" {
        return Err(AppError::invalid("受注前のタスクのみ削除できます。"));
    }
    let audience: Vec<i64> =
        sqlx::query_scalar("select user_id from task_assignees where task_id = $1")
            .bind(task_id)
            .fetch_all(&mut *tx)
            .await?;
    sqlx::query("delete from tasks where id = $1")
        .bind(task_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    let mut gone = task;
    gone.status = "deleted".into();
    crate::work::tasks::events::announce_to(&state, &gone, audience).await?;
    Ok(StatusCode::NO_CONTENT)
}
