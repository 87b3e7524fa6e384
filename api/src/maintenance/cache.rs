//! The schedule as the 503 guard sees it: read from PostgreSQL at most once a second per node
//! instead of once per API call. A snapshot keeps the database's clock at the time it was
//! read, so a window still starts and ends on the database's clock to the millisecond. A change
//! to the schedule raises the hub's `SIGNAL` on every node, which drops the snapshot there; only
//! while Redis is away can another node's change take up to `FRESH_FOR` to be enforced here.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::maintenance::{MaintenanceWindow, db};

/// The hub signal raised when the schedule changed (`Hub::signal`).
pub const SIGNAL: &str = "maintenance.schedule";

/// How long a snapshot answers before the schedule is read again.
pub const FRESH_FOR: Duration = Duration::from_secs(1);

#[derive(Clone, Default)]
pub struct ScheduleCache {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    /// Bumped by every invalidation, so a read that started before one is not stored after it.
    generation: u64,
    snapshot: Option<Snapshot>,
}

struct Snapshot {
    read_at: Instant,
    db_now: DateTime<Utc>,
    windows: Vec<MaintenanceWindow>,
}

impl Snapshot {
    /// The window containing the database's present moment, estimated from the snapshot.
    fn active(&self, now: Instant) -> Option<MaintenanceWindow> {
        let elapsed = chrono::Duration::from_std(now - self.read_at).unwrap_or_default();
        let db_now = self.db_now + elapsed;
        self.windows
            .iter()
            .find(|w| w.start_datetime <= db_now && db_now < w.end_datetime)
            .map(|w| MaintenanceWindow {
                active: true,
                ..w.clone()
            })
    }
}

impl ScheduleCache {
    /// The window running now, if any.
    pub async fn active(&self, pool: &PgPool) -> sqlx::Result<Option<MaintenanceWindow>> {
        let generation = {
            let inner = self.inner.lock().expect("schedule cache");
            let now = Instant::now();
            if let Some(snapshot) = &inner.snapshot
                && now - snapshot.read_at < FRESH_FOR
            {
                return Ok(snapshot.active(now));
            }
            inner.generation
        };
        let read_at = Instant::now();
        let schedule = db::schedule(pool).await?;
        let snapshot = Snapshot {
            read_at,
            db_now: schedule.now,
            windows: schedule.windows,
        };
        let active = snapshot.active(Instant::now());
        let mut inner = self.inner.lock().expect("schedule cache");
        if inner.generation == generation {
            inner.snapshot = Some(snapshot);
        }
        Ok(active)
    }

    /// Forgets the snapshot: the schedule changed.
    pub fn invalidate(&self) {
        let mut inner = self.inner.lock().expect("schedule cache");
        inner.generation += 1;
        inner.snapshot = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(from_now_ms: i64, long_ms: i64, now: DateTime<Utc>) -> MaintenanceWindow {
        let start = now + chrono::Duration::milliseconds(from_now_ms);
        MaintenanceWindow {
            id: 1,
            message: "定期メンテナンス".into(),
            start_datetime: start,
            end_datetime: start + chrono::Duration::milliseconds(long_ms),
            active: false,
        }
    }

    #[test]
    fn a_snapshot_follows_the_database_clock_across_a_boundary() {
        let db_now = Utc::now() - chrono::Duration::hours(3); // a database clock far from ours
        let read_at = Instant::now();
        let snapshot = Snapshot {
            read_at,
            db_now,
            windows: vec![window(300, 300, db_now)],
        };
        assert_eq!(snapshot.active(read_at + Duration::from_millis(299)), None);
        let running = snapshot
            .active(read_at + Duration::from_millis(300))
            .expect("started");
        assert!(running.active);
        assert_eq!(running.id, 1);
        assert_eq!(snapshot.active(read_at + Duration::from_millis(600)), None);
    }
}
