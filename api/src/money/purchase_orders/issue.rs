//! Issuing: the first purchase order of a taken task and a new version whenever its terms change.

use sqlx::PgConnection;

use crate::config::Operator;
use crate::money::purchase_orders::db::{self, NewOrder};
use crate::money::purchase_orders::terms::{Terms, month_of};
use crate::money::rewards;
use crate::platform::clock::tokyo_today;
use crate::platform::error::AppResult;

/// Issues what the task's creators are owed, in the caller's transaction: a first purchase
/// order for each creator who took the task and has none, and a new version for each whose
/// latest one states other terms than the task has now (content, amount, order or due date).
/// Nothing when the terms are unchanged, so every writer of a task may call it after its write.
/// Returns the ids issued.
pub async fn issue_for_task(
    tx: &mut PgConnection,
    issuer: &Operator,
    task_id: i64,
) -> AppResult<Vec<i64>> {
    let Some(task) = db::lock_task(&mut *tx, task_id).await? else {
        return Ok(Vec::new());
    };
    let recipients = db::taken_by(&mut *tx, task_id).await?;
    if recipients.is_empty() {
        return Ok(Vec::new());
    }
    let today = tokyo_today();
    let rates = rewards::db::current_rates(&mut *tx).await?;
    let mut issued = Vec::new();
    for recipient in &recipients {
        let latest = db::latest(&mut *tx, task_id, recipient.user_id).await?;
        let terms = Terms {
            task_type: task.task_type.clone(),
            title: task.title.clone(),
            reward_amount: task.reward_amount,
            // A cleared order date does not unsay the order: the last stated one stands.
            order_date: task
                .order_date
                .or(latest.as_ref().map(|(_, before)| before.order_date))
                .unwrap_or(today),
            due_date: task.due_date,
        };
        let (version, reason) = match &latest {
            Some((_, before)) if *before == terms => continue,
            Some((version, _)) => (version + 1, "revised"),
            None => (1, "taken"),
        };
        let recipient_invoice_number = match crate::bank_accounts::payee_for_month(
            &mut *tx,
            recipient.user_id,
            month_of(today),
        )
        .await?
        {
            Some(account) => account.invoice.registration_number,
            // An account changed after the 5th pays from next month; its number is known now.
            None => db::current_invoice_number(&mut *tx, recipient.user_id).await?,
        };
        let order = NewOrder {
            task_id,
            version,
            reason,
            issuer,
            task: &task,
            recipient,
            recipient_invoice_number,
            terms: &terms,
            consumption_tax_rate_bp: rates.consumption_tax.basis_points() as i32,
            consumption_tax: terms
                .reward_amount
                .map(|amount| rates.consumption_tax.of(amount)),
        };
        issued.push(db::insert(&mut *tx, &order).await?);
    }
    Ok(issued)
}
