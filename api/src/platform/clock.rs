//! The one clock, and Japan's calendar: the product's dates (order dates, payee months, age
//! bands, notice dates, which months have ended) are days in Asia/Tokyo, which has no daylight
//! saving time, whatever the server's or the database session's zone. Every "today" the product
//! derives comes from `tokyo_today` here and reaches SQL as a bound parameter, never from
//! `current_date` (`api/tests/tokyo_dates.rs` keeps it that way).
//! See docs/decisions/one-clock-tokyo-dates.md.

use std::cell::Cell;

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

/// UTC+9.
pub fn tokyo() -> FixedOffset {
    FixedOffset::east_opt(9 * 3600).expect("a valid offset")
}

/// The day it is in Japan at `instant`.
pub fn tokyo_date(instant: DateTime<Utc>) -> NaiveDate {
    instant.with_timezone(&tokyo()).date_naive()
}

thread_local! {
    /// A test's fixed instant (see `set_for_this_thread`).
    static FIXED: Cell<Option<DateTime<Utc>>> = const { Cell::new(None) };
}

/// The current instant: the system's, unless a test fixed it on this thread.
pub fn now() -> DateTime<Utc> {
    FIXED.with(Cell::get).unwrap_or_else(Utc::now)
}

/// Today in Japan.
pub fn tokyo_today() -> NaiveDate {
    tokyo_date(now())
}

/// For tests only: fixes `now` at `instant` (or frees it with `None`) on the calling thread.
/// A `#[sqlx::test]` runs its body and the app it spawns on one current-thread runtime, on a
/// thread of its own, so this moves that test's server and no other test's. Work moved to
/// another thread (`spawn_blocking`, a multi-thread runtime) sees the system clock.
#[doc(hidden)]
pub fn set_for_this_thread(instant: Option<DateTime<Utc>>) {
    FIXED.with(|fixed| fixed.set(instant));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_japanese_day_starts_at_15_utc() {
        let before = "2026-11-30T14:59:59Z".parse().unwrap();
        let after = "2026-11-30T15:00:00Z".parse().unwrap();
        assert_eq!(tokyo_date(before).to_string(), "2026-11-30");
        assert_eq!(tokyo_date(after).to_string(), "2026-12-01");
    }

    #[test]
    fn a_fixed_clock_holds_on_its_thread_only() {
        let at: DateTime<Utc> = "2026-11-28T15:30:00Z".parse().unwrap();
        set_for_this_thread(Some(at));
        assert_eq!(
            (now(), tokyo_today().to_string()),
            (at, "2026-11-29".into())
        );
        let elsewhere = std::thread::spawn(now).join().unwrap();
        assert_ne!(elsewhere, at);
        set_for_this_thread(None);
        assert_ne!(now(), at);
    }
}
