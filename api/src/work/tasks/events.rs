//! What a change to a task owes the people around it: notices to the client's users or the
//! task's creators (written in the same transaction as the change), and after the commit the
//! `task.updated` push to everyone who sees the task.

use serde::Serialize;
use utoipa::ToSchema;

use crate::notices::NoticeType;
use crate::notices::{self, NewNotice, NoticeReference, NoticeView};
use crate::platform::error::AppResult;
use crate::state::AppState;
use crate::work::tasks::db;
/// The loads the task writers and pushes share; their SQL lives in `db.rs`.
pub use crate::work::tasks::db::{client_users, task_state, user_name};
use crate::work::tasks::model::TaskStatus;

/// The `task.updated` payload and what the writers of a task need to know about it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TaskState {
    pub id: i64,
    pub status: TaskStatus,
    pub project_id: i64,
    pub work_id: i64,
    pub client_id: i64,
    pub title: String,
    pub updated_at: chrono::DateTime<chrono::Utc>,
    /// Set when staff invalidated the task: it left every list.
    #[sqlx(default)]
    pub is_invalid: bool,
    /// Set when the task was deleted (while it was still applying).
    #[sqlx(default)]
    pub is_deleted: bool,
}

/// Notices written inside a transaction, pushed once it commits.
pub type CreatedNotices = Vec<(i64, NoticeView)>;

fn reference(task: &TaskState) -> NoticeReference {
    NoticeReference {
        project_id: Some(task.project_id),
        work_id: Some(task.work_id),
        task_id: Some(task.id),
        ..Default::default()
    }
}

/// One notice about `task` for each of `users`.
pub async fn notify(
    tx: &mut sqlx::PgConnection,
    users: Vec<i64>,
    task: &TaskState,
    notice_type: NoticeType,
    message: String,
) -> AppResult<CreatedNotices> {
    let mut created = Vec::with_capacity(users.len());
    for user_id in users {
        let notice = NewNotice {
            user_id,
            notice_type,
            message: message.clone(),
            reference: reference(task),
        };
        created.push((user_id, notices::insert(&mut *tx, &notice).await?));
    }
    Ok(created)
}

/// Notices for every user of the task's client.
pub async fn notify_client(
    tx: &mut sqlx::PgConnection,
    task: &TaskState,
    notice_type: NoticeType,
    message: String,
) -> AppResult<CreatedNotices> {
    let users = client_users(&mut *tx, task.client_id).await?;
    notify(tx, users, task, notice_type, message).await
}

/// Pushes `task.updated` to the client's users and the task's creators, then the notices.
pub async fn announce(
    state: &AppState,
    task_id: i64,
    created: CreatedNotices,
) -> AppResult<TaskState> {
    let task = task_state(&state.db, task_id, false).await?;
    announce_loaded(state, &task).await?;
    notices::publish_created(&state.db, &state.hub, created).await;
    Ok(task)
}

/// Pushes `task.updated` for a task already loaded (also used for invalidated tasks).
pub async fn announce_loaded(state: &AppState, task: &TaskState) -> AppResult<()> {
    let creators = db::assignee_ids(&state.db, task.id).await?;
    announce_to(state, task, creators).await
}

/// Pushes `task.updated` to the client's users and `creators` (for a task that may be gone).
pub async fn announce_to(state: &AppState, task: &TaskState, creators: Vec<i64>) -> AppResult<()> {
    let mut audience = client_users(&state.db, task.client_id).await?;
    audience.extend(creators);
    audience.sort_unstable();
    audience.dedup();
    crate::platform::events::emit(
        &state.hub,
        &TaskUpdated {
            task,
            users: audience,
        },
    )
    .await;
    Ok(())
}

/// `task.updated`: the task's state, to the client's users and the task's creators.
#[derive(Debug, Serialize)]
pub struct TaskUpdated<'a> {
    #[serde(flatten)]
    pub task: &'a TaskState,
    #[serde(skip)]
    pub users: Vec<i64>,
}

crate::impl_event!(TaskUpdated<'_> as TaskState, TaskUpdated, |e| {
    crate::platform::events::users(e.users.iter().copied())
});
