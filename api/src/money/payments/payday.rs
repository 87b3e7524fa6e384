//! When a confirmed month is paid: on the last bank business day of the following month (the
//! statement for March reaches the creators' banks at the end of April; the payee card's
//! "a change made by the 5th takes effect for the payment at the end of that month" speaks of
//! this day).
//!
//! A bank business day here is a weekday that is not one of the bank holidays that can fall at
//! a month's end: 12/31 (banks close 12/31–1/3) and 4/30 when it is the substitute holiday for
//! a Sunday 昭和の日. No other national holiday falls on the last weekday of a month, so
//! the rule needs no holiday calendar.

use chrono::{Datelike, Months, NaiveDate, Weekday};

fn is_bank_holiday(day: NaiveDate) -> bool {
    if matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
        return true;
    }
    match (day.month(), day.day()) {
        (12, 31) => true,
        (4, 30) => day
            .pred_opt()
            .is_some_and(|showa_day| showa_day.weekday() == Weekday::Sun),
        _ => false,
    }
}

/// The transfer date of the month starting `month` (any day of it will do).
pub fn payment_date(month: NaiveDate) -> NaiveDate {
    let first = month.with_day(1).expect("every month has a first day");
    let mut day = first
        .checked_add_months(Months::new(2))
        .and_then(|after| after.pred_opt())
        .expect("dates two months ahead exist");
    while is_bank_holiday(day) {
        day = day.pred_opt().expect("a day before exists");
    }
    day
}

#[cfg(test)]
mod tests {
    use super::payment_date;
    use chrono::NaiveDate;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn the_last_business_day_of_the_following_month() {
        for (confirmed, paid) in [
            // 2026/4/30 is a Thursday.
            (d(2026, 3, 1), d(2026, 4, 30)),
            // 2026/5/31 is a Sunday, 5/30 a Saturday.
            (d(2026, 4, 15), d(2026, 5, 29)),
            // 2026/10/31 is a Saturday.
            (d(2026, 9, 1), d(2026, 10, 30)),
            // A year's end: 12/31 is a bank holiday (2026/12/31 is a Thursday).
            (d(2026, 11, 1), d(2026, 12, 30)),
            // December is paid in January of the next year (2027/1/31 is a Sunday).
            (d(2026, 12, 1), d(2027, 1, 29)),
            // 2028/2/29: a leap day, a Tuesday.
            (d(2028, 1, 1), d(2028, 2, 29)),
            // 2028/4/29 is a Saturday: no substitute holiday, 4/28 Friday.
            (d(2028, 3, 1), d(2028, 4, 28)),
            // 2029/4/29 is a Sunday: 4/30 Monday is its substitute holiday.
            (d(2029, 3, 1), d(2029, 4, 27)),
        ] {
            assert_eq!(payment_date(confirmed), paid, "{confirmed}");
        }
    }
}
