//! What each creator is paid for a month: the stored statements once staff have confirmed it,
//! else the live statement `money::rewards` computes for each creator with unpaid work.

use chrono::NaiveDate;
use sqlx::PgPool;

use crate::bank_accounts;
use crate::money::payments::db::{self, StatementRow};
use crate::money::payments::model::{Amounts, Confirmation, PaymentSums, UserPayment};
use crate::money::rewards::{db as rewards_db, tax};
use crate::platform::error::AppResult;

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

/// The live statements of the month: each creator's unpaid lines through `tax::figures` with
/// today's rates, and whether the account of that month is known.
async fn live_payments(db: &PgPool, month: NaiveDate) -> AppResult<Vec<UserPayment>> {
    let rates = rewards_db::current_rates(db).await?;
    let mut payments = Vec::new();
    for creator in db::live_creators(db, month).await? {
        let Some(payee) = rewards_db::payee(db, creator.user_id).await? else {
            continue;
        };
        let lines = rewards_db::month_lines(db, creator.user_id, month).await?;
        let ids: Vec<i64> = lines.iter().map(|line| line.task_id).collect();
        let paid = db::paid_tasks(db, &ids).await?;
        let amounts: Vec<i64> = lines
            .iter()
            .filter(|line| !paid.contains(&line.task_id))
            .map(|line| line.reward_amount)
            .collect();
        if amounts.is_empty() {
            continue;
        }
        let figures = tax::figures(&amounts, &payee, &rates);
        let has_bank_account = bank_accounts::payee_for_month(db, creator.user_id, month)
            .await?
            .is_some();
        payments.push(UserPayment {
            user_id: creator.user_id,
            user_name: creator.user_name,
            payee_name: creator.payee_name,
            account_type: creator.account_type,
            task_count: amounts.len() as i64,
            amounts: Amounts {
                subtotal_reward_amount: figures.subtotal_reward_amount,
                consumption_tax: figures.consumption_tax,
                withholding_tax: figures.withholding_tax,
                usage_fee: figures.usage_fee,
                total_reward_amount: figures.total_reward_amount,
            },
            has_bank_account,
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
