//! Japan's calendar: the product's dates (payee months, age bands, notice dates) are days in
//! Asia/Tokyo, which has no daylight saving time, whatever the server's zone.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

/// UTC+9.
pub fn tokyo() -> FixedOffset {
    FixedOffset::east_opt(9 * 3600).expect("a valid offset")
}

/// The day it is in Japan at `instant`.
pub fn tokyo_date(instant: DateTime<Utc>) -> NaiveDate {
    instant.with_timezone(&tokyo()).date_naive()
}

/// Today in Japan.
pub fn tokyo_today() -> NaiveDate {
    tokyo_date(Utc::now())
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
}
