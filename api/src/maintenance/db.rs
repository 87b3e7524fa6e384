//! The maintenance schedule's SQL. Every comparison with the present uses the database's
//! `now()`, so all nodes agree on when a window starts and ends whatever their own clocks say.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};

use crate::maintenance::{MaintenanceState, MaintenanceWindow};

type Row = (i64, String, DateTime<Utc>, DateTime<Utc>, bool);

fn window((id, message, start_datetime, end_datetime, active): Row) -> MaintenanceWindow {
    MaintenanceWindow {
        id,
        message,
        start_datetime,
        end_datetime,
        active,
    }
}

/// The window containing the present moment, if any (what the 503 guard asks on each call).
pub(crate) async fn active(db: impl PgExecutor<'_>) -> sqlx::Result<Option<MaintenanceWindow>> {
    let row: Option<Row> = sqlx::query_as(
        "select id, message, start_datetime, end_datetime, true from maintenance_windows
          where cancelled_at is null and start_datetime <= now() and end_datetime > now()
          limit 1",
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(window))
}

/// Every live window, earliest first, with the database's clock.
pub(crate) async fn schedule(db: impl PgExecutor<'_> + Copy) -> sqlx::Result<MaintenanceState> {
    let now: DateTime<Utc> = sqlx::query_scalar("select now()").fetch_one(db).await?;
    let rows: Vec<Row> = sqlx::query_as(
        "select id, message, start_datetime, end_datetime, start_datetime <= $1
           from maintenance_windows
          where cancelled_at is null and end_datetime > $1
          order by start_datetime",
    )
    .bind(now)
    .fetch_all(db)
    .await?;
    Ok(MaintenanceState::new(
        rows.into_iter().map(window).collect(),
        now,
    ))
}

/// Whether a live window other than `except` shares a moment with `start` (None: now) .. `end`.
pub(crate) async fn overlaps(
    db: &mut PgConnection,
    start: Option<DateTime<Utc>>,
    end: DateTime<Utc>,
    except: Option<i64>,
) -> sqlx::Result<bool> {
    sqlx::query_scalar(concat!(
        "select exists (select 1 from maintenance_windows where ",
        "cancelled_at is null and end_datetime > now() ",
        "and tstzrange(start_datetime, end_datetime) && tstzrange(coalesce($1, now()), $2) ",
        "and id is distinct from $3)"
    ))
    .bind(start)
    .bind(end)
    .bind(except)
    .fetch_one(db)
    .await
}

/// Adds a window starting at `start` (None: now); one that has already started counts as
/// announced (the request pushes it).
pub(crate) async fn insert(
    db: &mut PgConnection,
    created_by: i64,
    message: &str,
    start: Option<DateTime<Utc>>,
    end: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into maintenance_windows
             (message, start_datetime, end_datetime, created_by, updated_by, updated_at,
              start_announced_at)
         values ($1, coalesce($2, now()), $3, $4, $4, now(),
                 case when coalesce($2, now()) <= now() then now() end)
         returning id",
    )
    .bind(message)
    .bind(start)
    .bind(end)
    .bind(created_by)
    .fetch_one(db)
    .await
}

/// Changes the message and the end of the running window (“start now” while one runs).
pub(crate) async fn update_active(
    db: &mut PgConnection,
    id: i64,
    updated_by: i64,
    message: &str,
    end: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "update maintenance_windows
            set message = $2, end_datetime = $3, updated_by = $4, updated_at = now()
          where id = $1",
    )
    .bind(id)
    .bind(message)
    .bind(end)
    .bind(updated_by)
    .execute(db)
    .await?;
    Ok(())
}

/// What happened to a window asked to stop.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Stopped {
    /// It had not started: cancelled.
    Cancelled,
    /// It was running: it ends now.
    Ended,
    /// No live window has that id.
    Missing,
}

/// Cancels an upcoming window or ends a running one.
pub(crate) async fn stop(db: &mut PgConnection, id: i64, by: i64) -> sqlx::Result<Stopped> {
    let started: Option<bool> = sqlx::query_scalar(concat!(
        "select start_datetime <= now() from maintenance_windows where id = $1 and ",
        "cancelled_at is null and end_datetime > now() for update"
    ))
    .bind(id)
    .fetch_optional(&mut *db)
    .await?;
    match started {
        None => Ok(Stopped::Missing),
        Some(false) => {
            sqlx::query(
                "update maintenance_windows
                    set cancelled_at = now(), cancelled_by = $2, updated_by = $2, updated_at = now()
                  where id = $1",
            )
            .bind(id)
            .bind(by)
            .execute(db)
            .await?;
            Ok(Stopped::Cancelled)
        }
        Some(true) => {
            end_now(db, id, by).await?;
            Ok(Stopped::Ended)
        }
    }
}

/// Ends a running window at this moment (announced by the request that ends it).
async fn end_now(db: &mut PgConnection, id: i64, by: i64) -> sqlx::Result<()> {
    sqlx::query(
        "update maintenance_windows
            set end_datetime = greatest(now(), start_datetime + interval '1 microsecond'),
                end_announced_at = now(), updated_by = $2, updated_at = now()
          where id = $1",
    )
    .bind(id)
    .bind(by)
    .execute(db)
    .await?;
    Ok(())
}

/// Ends the running window, if one runs; whether one did.
pub(crate) async fn end_active(db: &mut PgConnection, by: i64) -> sqlx::Result<bool> {
    let id: Option<i64> = sqlx::query_scalar(
        "select id from maintenance_windows
          where cancelled_at is null and start_datetime <= now() and end_datetime > now()
          for update",
    )
    .fetch_optional(&mut *db)
    .await?;
    match id {
        Some(id) => end_now(db, id, by).await.map(|()| true),
        None => Ok(false),
    }
}

/// Claims every boundary (start or end) that has passed and was not announced yet. The row
/// lock makes the claim exclusive: of several nodes running this at once, one gets each row.
pub(crate) async fn claim_passed_boundaries(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "update maintenance_windows set
             start_announced_at = case when start_announced_at is null and start_datetime <= now()
                                       then now() else start_announced_at end,
             end_announced_at = case when end_announced_at is null and end_datetime <= now()
                                     then now() else end_announced_at end
          where cancelled_at is null
            and ((start_announced_at is null and start_datetime <= now())
              or (end_announced_at is null and end_datetime <= now()))
          returning id",
    )
    .fetch_all(db)
    .await
}

/// Seconds until the next boundary nobody has announced yet (None when there is none).
pub(crate) async fn seconds_to_next_boundary(db: impl PgExecutor<'_>) -> sqlx::Result<Option<f64>> {
    sqlx::query_scalar(
        "select extract(epoch from (min(at) - now()))::float8 from (
             select start_datetime as at from maintenance_windows
              where cancelled_at is null and start_announced_at is null
             union all
             select end_datetime from maintenance_windows
              where cancelled_at is null and end_announced_at is null
         ) boundaries",
    )
    .fetch_one(db)
    .await
}
