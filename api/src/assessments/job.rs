//! The monthly assessment job: for a month, one assessment per client × creator pair whose
//! completed tasks fall in it. Idempotent (the unique pair-and-month constraint; running twice
//! creates nothing new) and safe on several nodes (an advisory lock serialises the runs). A
//! small scheduler runs it at start and then daily for the previous month in Asia/Tokyo.

use std::collections::BTreeSet;
use std::time::Duration;

use chrono::{DateTime, Datelike, Months, NaiveDate, NaiveTime, Utc};

use crate::assessments::{db, events};
use crate::platform::clock;
use crate::platform::error::AppResult;
use crate::state::AppState;

/// The first day of the month `day` is in.
pub fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).expect("every month has a first day")
}

/// The first day of the month before the one `today` is in.
pub fn previous_month(today: NaiveDate) -> NaiveDate {
    month_of(today) - Months::new(1)
}

/// How long from `now` until the next run: 00:10 in Tokyo (after the day's completions settle).
pub fn until_next_run(now: DateTime<Utc>) -> Duration {
    let tokyo = clock::tokyo();
    let tomorrow = clock::tokyo_date(now) + chrono::Days::new(1);
    let next = tomorrow
        .and_time(NaiveTime::from_hms_opt(0, 10, 0).expect("a valid time"))
        .and_local_timezone(tokyo)
        .single()
        .expect("a fixed offset has no gaps")
        .with_timezone(&Utc);
    (next - now).to_std().unwrap_or(Duration::from_secs(60))
}

/// Creates the assessments of `month` (any day in it); returns how many were created.
pub async fn run_for_month(state: &AppState, month: NaiveDate) -> AppResult<usize> {
    let clients = db::create_for_month(&state.db, month_of(month)).await?;
    let created = clients.len();
    for client_id in clients.into_iter().collect::<BTreeSet<_>>() {
        events::announce(state, client_id, None).await;
    }
    if created > 0 {
        tracing::info!(month = %month_of(month), created, "assessments created");
    }
    Ok(created)
}

/// Runs the job for the previous month now, then every day at 00:10 Tokyo time.
pub fn spawn_scheduler(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let month = previous_month(clock::tokyo_today());
            let result = run_for_month(&state, month).await;
            if let Err(error) = &result {
                tracing::error!(?error, "the monthly assessment job failed");
            }
            crate::platform::metrics::job_ran("assessments", result.is_ok());
            if !state.node.pause(until_next_run(Utc::now())).await {
                break;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_previous_month_crosses_years() {
        assert_eq!(previous_month(day(2026, 1, 15)), day(2025, 12, 1));
        assert_eq!(previous_month(day(2026, 3, 31)), day(2026, 2, 1));
        assert_eq!(month_of(day(2026, 2, 28)), day(2026, 2, 1));
    }

    #[test]
    fn the_next_run_is_ten_past_midnight_in_tokyo() {
        // 2026-11-30 23:00 in Tokyo → 2026-12-01 00:10 in Tokyo, 70 minutes later.
        let now = "2026-11-30T14:00:00Z".parse().unwrap();
        assert_eq!(until_next_run(now), Duration::from_secs(70 * 60));
        // 00:05 in Tokyo → the next day's run: the run at start (or the previous one) covered today.
        let now = "2026-11-30T15:05:00Z".parse().unwrap();
        assert_eq!(until_next_run(now), Duration::from_secs((24 * 60 + 5) * 60));
    }
}
