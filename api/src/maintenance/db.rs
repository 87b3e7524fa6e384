//! The maintenance window's SQL: one row at most (id 1).

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::maintenance::MaintenanceWindow;

/// The window, unless it has already ended.
pub(crate) async fn current(db: impl PgExecutor<'_>) -> sqlx::Result<Option<MaintenanceWindow>> {
    let row: Option<(String, DateTime<Utc>, DateTime<Utc>, bool)> = sqlx::query_as(
        "select message, start_datetime, end_datetime, start_datetime <= now()
           from maintenance_windows where end_datetime > now()",
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(
        |(message, start_datetime, end_datetime, active)| MaintenanceWindow {
            message,
            start_datetime,
            end_datetime,
            active,
        },
    ))
}

pub(crate) async fn set(
    db: impl PgExecutor<'_>,
    updated_by: i64,
    message: &str,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into maintenance_windows (id, message, start_datetime, end_datetime, updated_by, updated_at)
         values (1, $1, $2, $3, $4, now())
         on conflict (id) do update set message = excluded.message, start_datetime = excluded.start_datetime,
             end_datetime = excluded.end_datetime, updated_by = excluded.updated_by, updated_at = now()",
    )
    .bind(message)
    .bind(start)
    .bind(end)
    .bind(updated_by)
    .execute(db)
    .await?;
    Ok(())
}

pub(crate) async fn clear(db: impl PgExecutor<'_>) -> sqlx::Result<()> {
    sqlx::query("delete from maintenance_windows")
        .execute(db)
        .await?;
    Ok(())
}
