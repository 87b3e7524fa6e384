//! The spreadsheet imports' own SQL (task inserts, updates and offers go through
//! `work::tasks::write`).

use crate::platform::error::AppResult;
use crate::work::tasks::model::TaskStatus;

/// The CRM order of an operation-agency work; `None` for a regular work.
pub(crate) async fn operation_agency_order(
    tx: &mut sqlx::PgConnection,
    work_id: i64,
) -> AppResult<Option<String>> {
    Ok(
        sqlx::query_scalar("select crm_order_id from works where id = $1 and is_operation_agency")
            .bind(work_id)
            .fetch_one(&mut *tx)
            .await
            .or_else(|e| match e {
                sqlx::Error::RowNotFound => Ok(None),
                other => Err(other),
            })?,
    )
}

/// The work, status and type of a live task, locked `for update`; `None` when missing.
pub(crate) async fn lock_task(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
) -> AppResult<Option<(i64, TaskStatus, String)>> {
    Ok(sqlx::query_as(
        "select work_id, status, task_type from tasks where id = $1 and not is_invalid for update",
    )
    .bind(task_id)
    .fetch_optional(&mut *tx)
    .await?)
}

/// Replaces the task's tags and touches `updated_at` (a row without a task id matches nothing).
pub(crate) async fn set_tags(
    tx: &mut sqlx::PgConnection,
    task_id: Option<i64>,
    tags: &[String],
) -> AppResult<()> {
    sqlx::query("update tasks set tags = $2, updated_at = now() where id = $1")
        .bind(task_id)
        .bind(tags)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
