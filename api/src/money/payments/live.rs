//! What a month pays, as the accountant reads it: the stored statements and lines once staff have
//! confirmed it, and the live side `money::rewards` computes for work no statement has paid yet
//! (`rewards::db::open_lines`, the one rule of which work a live statement pays).

use std::collections::{BTreeMap, HashSet};

use chrono::NaiveDate;
use sqlx::PgPool;

use crate::bank_accounts;
use crate::money::payments::db::{self, StatementRow};
use crate::money::payments::model::{
    Amounts, CompletedTaskPayment, Confirmation, CreatorRef, PaymentSums, UserPayment,
};
use crate::money::payments::payday;
use crate::money::purchase_orders;
use crate::money::rewards::db as rewards_db;
use crate::money::rewards::model::OpenLine;
use crate::money::rewards::statement::next_month;
use crate::money::rewards::tax::{self, Figures, PayeeKind};
use crate::platform::error::AppResult;

impl From<Figures> for Amounts {
    fn from(f: Figures) -> Self {
        Amounts {
            subtotal_reward_amount: f.subtotal_reward_amount,
            consumption_tax: f.consumption_tax,
            withholding_tax: f.withholding_tax,
            usage_fee: f.usage_fee,
            total_reward_amount: f.total_reward_amount,
        }
    }
}

impl From<&StatementRow> for UserPayment {
    fn from(s: &StatementRow) -> Self {
        UserPayment {
            user_id: s.user_id,
            user_name: s.user_name.clone(),
            payee_name: s.payee_name.clone(),
            account_type: s.account_type.clone(),
            task_count: s.task_count,
            amounts: Amounts {
                subtotal_reward_amount: s.subtotal_reward_amount,
                consumption_tax: s.consumption_tax,
                withholding_tax: s.withholding_tax,
                usage_fee: s.usage_fee,
                total_reward_amount: s.total_reward_amount,
            },
            has_bank_account: s.bank_code.is_some(),
            is_confirmed: true,
        }
    }
}

/// The month's lines no statement has paid yet.
async fn open_lines(db: &PgPool, month: NaiveDate) -> AppResult<Vec<OpenLine>> {
    rewards_db::open_lines(db, None, month, next_month(month)).await
}

/// The live statement of every creator with open lines in the month, by user id: the month's
/// amounts through `tax::figures` with today's rates (as confirming would store them), and
/// whether the account of that month is known.
async fn live_payments(db: &PgPool, month: NaiveDate) -> AppResult<Vec<UserPayment>> {
    let mut amounts: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for open in open_lines(db, month).await? {
        amounts
            .entry(open.user_id)
            .or_default()
            .push(open.line.reward_amount);
    }
    let user_ids: Vec<i64> = amounts.keys().copied().collect();
    let rates = rewards_db::current_rates(db).await?;
    let payees: BTreeMap<i64, rewards_db::PayeeFacts> = rewards_db::payees(db, &user_ids)
        .await?
        .into_iter()
        .collect();
    let with_account: HashSet<i64> = bank_accounts::payees_for_month(db, &user_ids, month)
        .await?
        .into_iter()
        .map(|(user_id, _)| user_id)
        .collect();
    let names = db::user_names(db, &user_ids).await?;
    let mut payments = Vec::with_capacity(amounts.len());
    for (user_id, amounts) in amounts {
        let Some(facts) = payees.get(&user_id) else {
            continue;
        };
        let user_name = names.get(&user_id).cloned().unwrap_or_default();
        payments.push(UserPayment {
            user_id,
            payee_name: if facts.name.is_empty() {
                user_name.clone()
            } else {
                facts.name.clone()
            },
            user_name,
            account_type: match facts.payee.kind {
                PayeeKind::Corporation => "corporate".into(),
                PayeeKind::Individual => "personal".into(),
            },
            task_count: amounts.len() as i64,
            amounts: tax::figures(&amounts, &facts.payee, &rates).into(),
            has_bank_account: with_account.contains(&user_id),
            is_confirmed: false,
        });
    }
    Ok(payments)
}

/// Every creator's payment of the month, by user id: stored when `confirmation` is given.
pub async fn month_payments(
    db: &PgPool,
    month: NaiveDate,
    confirmation: Option<&Confirmation>,
) -> AppResult<Vec<UserPayment>> {
    match confirmation {
        Some(confirmation) => Ok(db::statements(db, confirmation.id)
            .await?
            .iter()
            .map(UserPayment::from)
            .collect()),
        None => live_payments(db, month).await,
    }
}

/// The month's done tasks, one row per creator paid: those on its confirmed statements as
/// stored, and those no statement has paid yet as they stand; newest first.
pub async fn completed_tasks(
    db: &PgPool,
    month: NaiveDate,
) -> AppResult<Vec<CompletedTaskPayment>> {
    let confirmed = db::stored_lines(db, month).await?;
    let open = open_lines(db, month).await?;
    let mut user_ids: Vec<i64> = confirmed.iter().chain(&open).map(|l| l.user_id).collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    let names = db::user_names(db, &user_ids).await?;
    let mut task_ids: Vec<i64> = confirmed
        .iter()
        .chain(&open)
        .map(|l| l.line.task_id)
        .collect();
    task_ids.sort_unstable();
    task_ids.dedup();
    let received = db::received_days(db, &task_ids).await?;
    let paid_on = payday::payment_date(month);
    let row = |open: OpenLine, is_confirmed: bool| {
        let received_on = received.get(&open.line.task_id).copied();
        let payment_due_date = received_on.map(purchase_orders::terms::payment_due);
        CompletedTaskPayment {
            creator: CreatorRef {
                id: open.user_id,
                user_name: names.get(&open.user_id).cloned().unwrap_or_default(),
            },
            line: open.line,
            is_confirmed,
            received_on,
            payment_due_date,
            is_paid_late: payment_due_date.is_some_and(|due| paid_on > due),
        }
    };
    let mut rows: Vec<CompletedTaskPayment> = confirmed
        .into_iter()
        .map(|l| row(l, true))
        .chain(open.into_iter().map(|l| row(l, false)))
        .collect();
    rows.sort_by(|a, b| {
        (b.line.completed_date, b.line.task_id, a.creator.id).cmp(&(
            a.line.completed_date,
            a.line.task_id,
            b.creator.id,
        ))
    });
    Ok(rows)
}

/// The sums over `payments`.
pub fn sums(payments: &[UserPayment]) -> PaymentSums {
    let mut sums = PaymentSums {
        user_count: payments.len() as i64,
        ..PaymentSums::default()
    };
    for payment in payments {
        sums.amounts.add(&payment.amounts);
        if !payment.has_bank_account {
            sums.without_bank_account_count += 1;
        }
    }
    sums
}
