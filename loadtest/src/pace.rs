//! Open-loop pacing for the fixed-rate generators: event `n` is due at `start + n / rate`,
//! however late the events before it went out, so a slow answer never stretches the schedule.

use std::time::Duration;

use tokio::time::Instant;

pub struct Pace {
    start: Instant,
    interval: Duration,
    end: Instant,
}

impl Pace {
    /// `rate` events a second from now, none due at or after `until` from now.
    pub fn new(rate: f64, until: Duration) -> Pace {
        let start = Instant::now();
        Pace {
            start,
            interval: Duration::from_secs_f64(1.0 / rate),
            end: start + until,
        }
    }

    pub fn start(&self) -> Instant {
        self.start
    }

    /// Waits until event `n` is due and returns when that was; `None` (at once) when it would
    /// fall after the end. Latency counts from the returned moment, not from when it is sent.
    pub async fn wait_for(&self, n: u64) -> Option<Instant> {
        let due = self.start + self.interval.mul_f64(n as f64);
        if due >= self.end {
            return None;
        }
        tokio::time::sleep_until(due).await;
        Some(due)
    }
}
