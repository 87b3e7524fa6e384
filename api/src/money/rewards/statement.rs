//! One reading of a creator's statements, whoever asks (the page, the downloads): a confirmed
//! month is read as stored; any other month is computed now by `tax::figures` from its live
//! lines and today's rates.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use sqlx::PgPool;

use crate::money::rewards::db::{self, PayeeFacts};
use crate::money::rewards::model::RewardLine;
use crate::money::rewards::tax::{self, Figures, Rate};
use crate::platform::error::AppResult;

/// A creator's statement of one month.
#[derive(Debug, Clone)]
pub struct MonthStatement {
    pub year: i32,
    pub month: u32,
    pub payee_name: String,
    pub figures: Figures,
    pub consumption_tax_rate: Rate,
    pub reduced_withholding_rate: Option<Rate>,
    /// When staff confirmed the month; `None` while its figures are still live.
    pub confirmed_at: Option<DateTime<Utc>>,
    /// Every line, newest first.
    pub lines: Vec<RewardLine>,
}

/// The month statement of `user_id` for the month starting `first_day`, or `None` when the
/// user is not a creator.
pub async fn month(
    db: &PgPool,
    user_id: i64,
    first_day: NaiveDate,
) -> AppResult<Option<MonthStatement>> {
    let Some(facts) = db::payee(db, user_id).await? else {
        return Ok(None);
    };
    let (year, month) = (first_day.year(), first_day.month());
    let rates = db::current_rates(db).await?;
    if let Some(confirmed_at) = db::confirmed_at(db, first_day).await? {
        let next = next_month(first_day);
        let stored = db::stored_statements(db, user_id, first_day, next).await?;
        let lines = db::stored_lines(db, user_id, first_day).await?;
        // A creator with nothing to be paid that month has no stored row: a zero statement.
        let statement = match stored.into_iter().next() {
            Some(s) => MonthStatement {
                year,
                month,
                payee_name: s.payee_name.clone(),
                figures: s.figures(),
                consumption_tax_rate: Rate::bp(s.consumption_tax_rate_bp.max(0) as u32),
                reduced_withholding_rate: s
                    .reduced_withholding_rate_bp
                    .map(|bp| Rate::bp(bp.max(0) as u32)),
                confirmed_at: Some(confirmed_at),
                lines,
            },
            None => MonthStatement {
                confirmed_at: Some(confirmed_at),
                ..live(year, month, facts, rates, Vec::new())
            },
        };
        return Ok(Some(statement));
    }
    let lines = db::open_lines(db, Some(user_id), first_day, next_month(first_day)).await?;
    Ok(Some(live(
        year,
        month,
        facts,
        rates,
        lines.into_iter().map(|open| open.line).collect(),
    )))
}

fn live(
    year: i32,
    month: u32,
    facts: PayeeFacts,
    rates: tax::Rates,
    lines: Vec<RewardLine>,
) -> MonthStatement {
    let amounts: Vec<i64> = lines.iter().map(|line| line.reward_amount).collect();
    MonthStatement {
        year,
        month,
        figures: tax::figures(&amounts, &facts.payee, &rates),
        payee_name: facts.name,
        consumption_tax_rate: rates.consumption_tax,
        reduced_withholding_rate: facts.payee.reduced_withholding_rate,
        confirmed_at: None,
        lines,
    }
}

/// One month of a year's statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MonthTotals {
    pub month: u32,
    pub figures: Figures,
    pub task_count: i64,
    pub is_confirmed: bool,
}

/// A creator's year: the twelve months (confirmed ones as stored, the others live) and sums.
#[derive(Debug, Clone)]
pub struct YearStatement {
    pub year: i32,
    pub payee_name: String,
    pub months: Vec<MonthTotals>,
    pub sums: Figures,
}

/// The year statement of `user_id`, or `None` when the user is not a creator.
pub async fn year(db: &PgPool, user_id: i64, year: i32) -> AppResult<Option<YearStatement>> {
    let Some(facts) = db::payee(db, user_id).await? else {
        return Ok(None);
    };
    let first_day = NaiveDate::from_ymd_opt(year, 1, 1).expect("validated year");
    let next_year = NaiveDate::from_ymd_opt(year + 1, 1, 1).expect("validated year");
    let rates = db::current_rates(db).await?;
    let confirmed = db::confirmed_months(db, first_day).await?;
    let stored = db::stored_statements(db, user_id, first_day, next_year).await?;
    let live: Vec<(u32, i64)> = db::open_lines(db, Some(user_id), first_day, next_year)
        .await?
        .into_iter()
        .filter_map(|open| Some((open.line.completed_date?.month(), open.line.reward_amount)))
        .collect();
    let months: Vec<MonthTotals> = (1..=12u32)
        .map(|month| {
            let is_confirmed = confirmed.contains(&(month as i32));
            if is_confirmed {
                let row = stored.iter().find(|s| s.month.month() == month);
                MonthTotals {
                    month,
                    figures: row.map_or(Figures::ZERO, |s| s.figures()),
                    task_count: row.map_or(0, |s| s.line_count),
                    is_confirmed,
                }
            } else {
                let amounts: Vec<i64> = live
                    .iter()
                    .filter(|(m, _)| *m == month)
                    .map(|(_, amount)| *amount)
                    .collect();
                MonthTotals {
                    month,
                    figures: tax::figures(&amounts, &facts.payee, &rates),
                    task_count: amounts.len() as i64,
                    is_confirmed,
                }
            }
        })
        .collect();
    let sums = tax::sum(months.iter().map(|m| m.figures));
    Ok(Some(YearStatement {
        year,
        payee_name: facts.name,
        months,
        sums,
    }))
}

/// The first day of the month after the one starting `first_day`.
pub fn next_month(first_day: NaiveDate) -> NaiveDate {
    first_day
        .checked_add_months(chrono::Months::new(1))
        .expect("dates of 2000..2100")
}
