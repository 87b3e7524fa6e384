//! Per-socket limit on client-to-server events: a token bucket each socket carries in its
//! extensions. A browser emits a `channel:join` per member channel when it (re)connects and a
//! `typing` every few seconds while someone types; a client that keeps sending faster than
//! the refill rate once its burst is spent is misbehaving (a bug loop or a flood meant to
//! amplify `typing` fan-out) and is disconnected, so it cannot take the node's time from others.

use std::time::Instant;

/// Events a socket may send at once: the joins of a member of 200 channels at connect.
pub const SOCKET_EVENT_BURST: f64 = 200.0;
/// Events per second a socket may keep sending after its burst (typing, joins, leaves).
pub const SOCKET_EVENTS_PER_SECOND: f64 = 20.0;

/// One socket's bucket, owned by its connection task (the only reader of its events).
pub(crate) struct EventBudget {
    tokens: f64,
    refilled_at: Instant,
    burst: f64,
    per_second: f64,
}

impl EventBudget {
    pub(crate) fn new(burst: f64, per_second: f64) -> Self {
        EventBudget {
            tokens: burst,
            refilled_at: Instant::now(),
            burst,
            per_second,
        }
    }

    /// Takes one token; `false` once the bucket is empty.
    pub(crate) fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    fn take_at(&mut self, now: Instant) -> bool {
        let bucket = self;
        let elapsed = now
            .saturating_duration_since(bucket.refilled_at)
            .as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * bucket.per_second).min(bucket.burst);
        bucket.refilled_at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_passes_then_only_the_refill_rate() {
        let mut budget = EventBudget::new(5.0, 10.0);
        let start = Instant::now();
        assert!((0..5).all(|_| budget.take_at(start)));
        assert!(!budget.take_at(start), "the burst is spent");
        // 100 ms at 10/s refills one event, not more.
        let later = start + Duration::from_millis(100);
        assert!(budget.take_at(later));
        assert!(!budget.take_at(later));
        // A quiet minute refills the burst, never beyond it.
        let much_later = later + Duration::from_secs(60);
        assert_eq!((0..10).filter(|_| budget.take_at(much_later)).count(), 5);
    }

    /// A manuscript editor typing 5 characters a second sends an update and an awareness
    /// update per keystroke (10 events a second, however many others edit with them: their
    /// events count against their own sockets): half the refill rate, for as long as they type.
    #[test]
    fn a_manuscript_editor_typing_five_characters_a_second_stays_within_the_budget() {
        let mut budget = EventBudget::new(SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND);
        let start = Instant::now();
        // The joins of a reconnect first, then ten minutes of typing.
        assert!((0..50).all(|_| budget.take_at(start)));
        let keystrokes = 5 * 600;
        let kept = (0..keystrokes).all(|n| {
            let at = start + Duration::from_millis(200 * n);
            budget.take_at(at) && budget.take_at(at)
        });
        assert!(kept, "typing was cut off");
    }

    #[test]
    fn a_thousand_events_a_second_run_dry_within_a_quarter_second() {
        let mut budget = EventBudget::new(SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND);
        let start = Instant::now();
        let refused_at = (0..1000)
            .map(|n| start + Duration::from_millis(n))
            .position(|at| !budget.take_at(at))
            .expect("a flood is refused");
        assert!(refused_at < 250, "refused after {refused_at} events");
    }
}
