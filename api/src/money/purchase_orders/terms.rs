//! The fixed wording and the date rules every purchase order states.

use chrono::{Datelike, Months, NaiveDate};

/// Where and how the work is delivered (給付を受領する場所).
pub const DELIVERY_PLACE: &str =
    "Tsumugi のタスクページ（ファイルのアップロードまたは外部URLの登録による納品）";
/// When the reward is paid (支払期日). The JFTC reads "within 60 days of receipt" for a monthly
/// closing as "by the end of the month after the month of receipt" (月末締め翌月末払い).
pub const PAYMENT_TERMS: &str =
    "納品月の翌月末日（毎月末日締め・翌月末日払い。納品物を受領した日から起算して60日以内）";
/// How it is paid.
pub const PAYMENT_METHOD: &str = "登録口座への銀行振込";

/// The terms of an order that, when they change, need a new version of its purchase order.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Terms {
    pub task_type: String,
    pub title: String,
    /// Yen without consumption tax; `None` while undecided.
    pub reward_amount: Option<i64>,
    pub order_date: NaiveDate,
    pub due_date: Option<NaiveDate>,
}

impl Terms {
    /// The API names of the fields that differ from `before`.
    pub fn changed_since(&self, before: &Terms) -> Vec<String> {
        [
            ("task_type", self.task_type != before.task_type),
            ("title", self.title != before.title),
            ("reward_amount", self.reward_amount != before.reward_amount),
            ("order_date", self.order_date != before.order_date),
            ("due_date", self.due_date != before.due_date),
        ]
        .into_iter()
        .filter(|(_, changed)| *changed)
        .map(|(name, _)| name.to_owned())
        .collect()
    }
}

/// The payment date for a deliverable received on `received_on`: the last day of the next month.
pub fn payment_due(received_on: NaiveDate) -> NaiveDate {
    let first = received_on
        .with_day(1)
        .expect("every month has a first day");
    first
        .checked_add_months(Months::new(2))
        .and_then(|day| day.pred_opt())
        .expect("dates within the calendar")
}

/// The first day of `day`'s month.
pub fn month_of(day: NaiveDate) -> NaiveDate {
    day.with_day(1).expect("every month has a first day")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn payment_is_due_at_the_end_of_the_month_after_receipt() {
        for (received, due) in [
            ("2026-03-01", "2026-04-30"),
            ("2026-03-31", "2026-04-30"),
            ("2026-01-31", "2026-02-28"),
            ("2028-01-15", "2028-02-29"),
            ("2026-11-30", "2026-12-31"),
            ("2026-12-01", "2027-01-31"),
            ("2026-12-31", "2027-01-31"),
        ] {
            assert_eq!(payment_due(day(received)), day(due), "{received}");
        }
    }

    #[test]
    fn at_most_two_months_and_never_before_the_next_month() {
        // The monthly-closing reading: at most 61 days (receipt on the 1st of a 31-day month
        // followed by a 31-day month), always in the next month.
        let mut received = day("2026-01-01");
        while received < day("2028-12-31") {
            let due = payment_due(received);
            assert!((due - received).num_days() <= 61, "{received}");
            assert_eq!(
                month_of(due),
                month_of(received) + Months::new(1),
                "{received}"
            );
            received = received.succ_opt().unwrap();
        }
    }

    #[test]
    fn changed_fields_are_named() {
        let before = Terms {
            task_type: "writing".into(),
            title: "記事".into(),
            reward_amount: Some(30_000),
            order_date: day("2026-03-01"),
            due_date: Some(day("2026-03-10")),
        };
        let after = Terms {
            reward_amount: Some(35_000),
            due_date: None,
            ..before.clone()
        };
        assert_eq!(
            after.changed_since(&before),
            vec!["reward_amount", "due_date"]
        );
        assert!(before.changed_since(&before).is_empty());
    }
}
