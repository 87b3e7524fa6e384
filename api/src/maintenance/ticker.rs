//! Pushes `maintenance.changed` when a window starts and when it ends, without anyone pressing
//! a switch. Every node runs the ticker; each boundary is claimed in the database by exactly
//! one of them (`db::claim_passed_boundaries`), so browsers get one push per boundary however
//! many nodes run, and a restart neither loses nor repeats one (the claim is stored).
//! The 503 guard does not depend on this: it compares with the clock on every call.

use std::time::Duration;

use tokio::sync::Notify;

use crate::maintenance::{db, events};
use crate::state::AppState;

/// The longest the ticker sleeps: a window scheduled on another node is noticed by then.
const IDLE: Duration = Duration::from_secs(10);
/// Slack after a boundary, so `now()` in the database has passed it when the claim runs.
const SLACK: Duration = Duration::from_millis(20);

/// Wakes this process's tickers when the schedule changed here (a new window may start sooner).
static RESCHEDULED: Notify = Notify::const_new();

pub(crate) fn rescheduled() {
    RESCHEDULED.notify_waiters();
}

/// Announces every boundary that has passed and that no node announced yet; whether it did.
pub async fn announce_passed(state: &AppState) -> sqlx::Result<bool> {
    let claimed = db::claim_passed_boundaries(&state.db).await?;
    if claimed.is_empty() {
        return Ok(false);
    }
    tracing::info!(windows = ?claimed, "maintenance boundary announced");
    events::announce(state).await?;
    Ok(true)
}

async fn sleep_time(state: &AppState) -> Duration {
    match db::seconds_to_next_boundary(&state.db).await {
        Ok(Some(seconds)) if seconds <= 0.0 => SLACK,
        Ok(Some(seconds)) => Duration::from_secs_f64(seconds).min(IDLE) + SLACK,
        Ok(None) => IDLE,
        Err(error) => {
            tracing::warn!(?error, "maintenance ticker could not read the schedule");
            IDLE
        }
    }
}

/// Runs the ticker until the process ends.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let result = announce_passed(&state).await;
            if let Err(error) = &result {
                tracing::warn!(?error, "maintenance ticker failed");
            }
            crate::platform::metrics::job_ran("maintenance_ticker", result.is_ok());
            let wait = sleep_time(&state).await;
            tokio::select! {
                go_on = state.node.pause(wait) => if !go_on { break },
                () = RESCHEDULED.notified() => {}
            }
        }
    })
}
