//! Who may see what was delivered: whoever sees the task (its client's users, its creators,
//! staff).

use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::platform::error::AppResult;
use crate::work::tasks::access::{SqlQuery, TASK_JOINS, push_visible_tasks};
use crate::work::tasks::model::TaskStatus;

/// Whether `file_id` was delivered for a task the caller may see.
pub async fn file_readable(db: &PgPool, caller: &Caller, file_id: i64) -> AppResult<bool> {
    let mut q = SqlQuery::new(format!(
        "select exists (select 1 from {TASK_JOINS} join deliveries d on d.task_id = t.id
          join delivery_files df on df.delivery_id = d.id where df.file_id = "
    ));
    q.push_bind(file_id);
    q.push(" and ");
    push_visible_tasks(&mut q, caller);
    q.push(")");
    Ok(q.build_query_scalar().fetch_one(db).await?)
}

/// Whether a task in `status` takes a delivery: while it is being worked on, and again while
/// the client inspects an earlier one.
pub fn status_takes_delivery(status: TaskStatus) -> bool {
    matches!(status, TaskStatus::Doing | TaskStatus::UnderAcceptance)
}

/// Whether someone may deliver for a task now: they took it (who delivers, `register::open`),
/// it is live and its status takes a delivery. What the task page and the manuscript's
/// 「この版を納品」 show (`can_deliver`).
pub fn may_deliver(taken: bool, is_invalid: bool, status: TaskStatus) -> bool {
    taken && !is_invalid && status_takes_delivery(status)
}
