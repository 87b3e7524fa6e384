//! Who sees which projects, works and tasks, as SQL conditions pushed into a query with the
//! caller's ids bound (never spliced): staff see everything, a client's users their own
//! client's media, a creator what was offered to or taken by them.

use sqlx::{Postgres, QueryBuilder};

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::state::AppState;
use crate::work::projects::status::ProjectStatus;
use crate::work::tasks::db;

/// A query under construction.
pub type SqlQuery = QueryBuilder<Postgres>;

/// What a creator's rows are reached through: their non-declined offers and takes.
fn push_assigned(q: &mut SqlQuery, task_condition: &str, caller: &Caller) {
    q.push(format_args!(
        "exists (select 1 from task_assignees a {task_condition} and a.user_id = "
    ));
    q.push_bind(caller.user_id);
    q.push(" and a.state <> 'declined')");
}

/// Condition on a project `p` joined to its media `m`.
pub fn push_visible_projects(q: &mut SqlQuery, caller: &Caller) {
    match caller.role {
        Role::Manager | Role::Accountant | Role::Admin => {
            q.push("true");
        }
        Role::Client => {
            q.push("m.client_id = ");
            q.push_bind(caller.client_id);
        }
        Role::General | Role::EditorAssistant => push_assigned(
            q,
            "join tasks t2 on t2.id = a.task_id join works w2 on w2.id = t2.work_id where w2.project_id = p.id",
            caller,
        ),
    }
}

/// Condition on a work `w` joined to its project `p` and media `m`.
pub fn push_visible_works(q: &mut SqlQuery, caller: &Caller) {
    if caller.role.is_creator() {
        push_assigned(
            q,
            "join tasks t2 on t2.id = a.task_id where t2.work_id = w.id",
            caller,
        );
    } else {
        push_visible_projects(q, caller);
    }
}

/// Condition on a task `t` joined to its work `w`, project `p` and media `m`.
pub fn push_visible_tasks(q: &mut SqlQuery, caller: &Caller) {
    if caller.role.is_creator() {
        push_assigned(q, "where a.task_id = t.id", caller);
    } else {
        push_visible_projects(q, caller);
    }
}

/// Invalidated tasks exist only for staff: for anyone else, ` and not t.is_invalid`.
pub fn push_invalid_hidden(q: &mut SqlQuery, caller: &Caller) {
    if !caller.role.is_staff() {
        q.push(" and not t.is_invalid");
    }
}

/// The joins from a task `t` up to its media `m`.
pub const TASK_JOINS: &str = "tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id";

/// The client's own users and staff may look at a client.
pub async fn ensure_client_access(
    state: &AppState,
    caller: &Caller,
    client_id: i64,
) -> AppResult<()> {
    if !db::client_exists(&state.db, client_id).await? {
        Err(AppError::NotFound)
    } else if may_change(caller, client_id) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// Whether the caller may change client `client_id`'s work (its projects, works, tasks,
/// deliveries and inspections): the client's own users and staff.
pub fn may_change(caller: &Caller, client_id: i64) -> bool {
    caller.acts_for_client(client_id)
}

/// `may_change`, or 403.
pub fn ensure_may_change(caller: &Caller, client_id: i64) -> AppResult<()> {
    if may_change(caller, client_id) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
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
    ensure_may_change(caller, client_id)?;
    if project_status == ProjectStatus::Done {
        return Err(AppError::invalid(
            "完了したプロジェクトのタスクは変更できません。",
        ));
    }
    Ok(client_id)
}
