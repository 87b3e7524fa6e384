//! The work status's SQL.

use sqlx::PgExecutor;

use crate::users::model::WorkStatus;

pub(super) async fn set(
    db: impl PgExecutor<'_>,
    user_id: i64,
    status: WorkStatus,
) -> sqlx::Result<()> {
    sqlx::query("update users set work_status = $2, updated_at = now() where id = $1")
        .bind(user_id)
        .bind(status)
        .execute(db)
        .await?;
    Ok(())
}
