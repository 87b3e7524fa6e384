//! Reward confirmation: staff close a month and every creator's statement of it is stored as it
//! stands (figures, rates, payee, the month's bank account, each line). Later reads of that
//! month use the stored rows; a task edited afterwards changes nothing, and a task on a
//! confirmed statement is never paid again (`money::rewards::db` leaves it out of live months).
//! Only months that have ended may be confirmed, and no task may be dated into a confirmed
//! month (`ensure_month_open`), so every done task is paid exactly once. An accepted task is
//! completed on the day its deliverable was received (`payable_day`), the day its payment is
//! owed from.

pub mod db;
pub mod events;
pub mod http;
pub mod model;

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use sqlx::{PgConnection, PgPool};

use crate::money::confirmations::db::StatementRow;
use crate::money::confirmations::model::Confirmation;
use crate::money::rewards::model::OpenLine;
use crate::money::rewards::statement::next_month;
use crate::money::rewards::{db as rewards_db, tax};
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult};

/// What confirming did: the month's confirmation, and whether this call made it (`false` when
/// it had been confirmed before: confirming is idempotent).
pub struct Confirmed {
    pub confirmation: Confirmation,
    pub created: bool,
}

/// Confirms the month starting `first_day` for every creator paid in it, in one transaction.
pub async fn confirm_month(
    db: &PgPool,
    first_day: NaiveDate,
    confirmed_by: i64,
) -> AppResult<Confirmed> {
    let mut tx = db.begin().await?;
    let confirmed = confirm_month_in(&mut tx, first_day, confirmed_by).await?;
    tx.commit().await?;
    Ok(confirmed)
}

/// `confirm_month` inside the caller's transaction (the demo seeder's).
pub async fn confirm_month_in(
    tx: &mut PgConnection,
    first_day: NaiveDate,
    confirmed_by: i64,
) -> AppResult<Confirmed> {
    let this_month = clock::tokyo_today().with_day(1).expect("day 1 exists");
    if first_day >= this_month {
        return Err(AppError::invalid(
            "終わっていない月の報酬は確定できません。",
        ));
    }
    // One confirmation of a month at a time; a second caller waits, then finds it done.
    db::lock_month(&mut *tx, first_day).await?;
    if let Some(existing) = db::find(&mut *tx, first_day).await? {
        return Ok(Confirmed {
            confirmation: existing,
            created: false,
        });
    }
    let lines = rewards_db::open_lines(&mut *tx, None, first_day, next_month(first_day)).await?;
    let statements = statements(&mut *tx, first_day, &lines).await?;
    let total: i64 = statements
        .iter()
        .map(|s| s.figures.total_reward_amount)
        .sum();
    let id = db::insert_confirmation(
        &mut *tx,
        first_day,
        confirmed_by,
        statements.len() as i32,
        total,
    )
    .await?;
    db::insert_statements(&mut *tx, id, first_day, &statements).await?;
    db::insert_lines(&mut *tx, id, &lines).await?;
    let confirmation = db::find(&mut *tx, first_day)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the confirmation just written is missing"))?;
    Ok(Confirmed {
        confirmation,
        created: true,
    })
}

/// The statement of every creator with a line: figures by `tax::figures`, today's rates, the
/// payee and the bank account of the month.
async fn statements(
    tx: &mut PgConnection,
    first_day: NaiveDate,
    lines: &[OpenLine],
) -> AppResult<Vec<StatementRow>> {
    let mut amounts: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for line in lines {
        amounts
            .entry(line.user_id)
            .or_default()
            .push(line.line.reward_amount);
    }
    let user_ids: Vec<i64> = amounts.keys().copied().collect();
    let rates = rewards_db::current_rates(&mut *tx).await?;
    let payees: BTreeMap<i64, rewards_db::PayeeFacts> = rewards_db::payees(&mut *tx, &user_ids)
        .await?
        .into_iter()
        .collect();
    let mut accounts: BTreeMap<i64, crate::bank_accounts::model::BankAccountDetail> =
        crate::bank_accounts::payees_for_month(&mut *tx, &user_ids, first_day)
            .await?
            .into_iter()
            .collect();
    let mut rows = Vec::with_capacity(amounts.len());
    for (user_id, amounts) in amounts {
        let facts = payees
            .get(&user_id)
            .ok_or_else(|| anyhow::anyhow!("user {user_id} of a statement line is missing"))?;
        rows.push(StatementRow {
            user_id,
            payee: facts.clone(),
            figures: tax::figures(&amounts, &facts.payee, &rates),
            rates,
            account: accounts.remove(&user_id),
        });
    }
    Ok(rows)
}

/// The day an accepted task counts as completed: the day its deliverable was received, so it is
/// paid at the end of the next month as its purchase order promises. When that month is
/// already confirmed (the inspection came after staff closed it), today: the task is then paid
/// with the current month, later than promised, and the payments page flags it
/// (`money::payments::live`), which is why the confirmation page lists the deliveries still
/// awaiting inspection before a month is closed.
pub async fn payable_day(db: &mut PgConnection, received_on: NaiveDate) -> AppResult<NaiveDate> {
    if month_confirmed(db, received_on).await? {
        return Ok(clock::tokyo_today());
    }
    Ok(received_on)
}

/// Whether the month holding `day` is confirmed.
async fn month_confirmed(db: &mut PgConnection, day: NaiveDate) -> AppResult<bool> {
    let first_day = day.with_day(1).expect("day 1 exists");
    Ok(db::find(&mut *db, first_day).await?.is_some())
}

/// Refuses moving a task's completed date from `before` to `after` when either lies in a month
/// whose rewards are confirmed: that month's stored statements paid (or left out) the task as it
/// was. A 422 with the rule `month_open` on `completed_date`; no change at all passes.
pub async fn ensure_month_open(
    db: &mut PgConnection,
    before: Option<NaiveDate>,
    after: Option<NaiveDate>,
) -> AppResult<()> {
    if before == after {
        return Ok(());
    }
    let refused = |day: NaiveDate, what: &str| {
        AppError::refused(
            "completed_date",
            "month_open",
            format!(
                "{}年{}月の報酬は確定済みのため、{what}",
                day.year(),
                day.month()
            ),
        )
    };
    if let Some(day) = before
        && month_confirmed(db, day).await?
    {
        return Err(refused(day, "その月の完了日は変更できません。"));
    }
    if let Some(day) = after
        && month_confirmed(db, day).await?
    {
        return Err(refused(day, "その月の日付は指定できません。"));
    }
    Ok(())
}
