//! The SQL of rewards: a month's statement lines and the payee's tax facts.

use chrono::NaiveDate;
use sqlx::PgExecutor;

use crate::money::rewards::model::RewardLine;
use crate::money::rewards::tax::{Payee, PayeeKind, Rate, Rates};
use crate::platform::error::AppResult;

/// The lines of `user_id`'s statement for the month starting `first_day`: tasks taken by them,
/// done, not invalid, completed in that month; newest first. A task without an amount counts 0.
pub async fn month_lines(
    db: impl PgExecutor<'_>,
    user_id: i64,
    first_day: NaiveDate,
) -> AppResult<Vec<RewardLine>> {
    let lines = sqlx::query_as(
        "select t.id as task_id, t.title, t.task_type, t.completed_date,
                coalesce(t.reward_amount, 0) as reward_amount,
                m.id as media_id, m.name as media_name, p.name as project_name, w.name as work_name
           from tasks t
           join task_assignees ta on ta.task_id = t.id and ta.user_id = $1 and ta.state = 'taken'
           join works w on w.id = t.work_id
           join projects p on p.id = w.project_id
           join media m on m.id = p.media_id
          where t.status = 'done' and not t.is_invalid
            and t.completed_date >= $2 and t.completed_date < ($2::date + interval '1 month')
          order by t.completed_date desc, t.id desc",
    )
    .bind(user_id)
    .bind(first_day)
    .fetch_all(db)
    .await?;
    Ok(lines)
}

/// The payee's tax facts, or `None` when `user_id` is not a creator.
pub async fn payee(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<Option<Payee>> {
    let row: Option<(String, bool, Option<i32>)> = sqlx::query_as(
        "select account_type, coalesce(prefecture_id = 99, false), reduced_withholding_rate_bp
           from users where id = $1 and role in ('general', 'editor_assistant')",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(account_type, abroad, reduced)| Payee {
        kind: if account_type == "corporate" {
            PayeeKind::Corporation
        } else {
            PayeeKind::Individual
        },
        resides_abroad: abroad,
        reduced_withholding_rate: reduced.map(|bp| Rate::bp(bp.max(0) as u32)),
    }))
}

/// The rates new statements use.
pub async fn current_rates(db: impl PgExecutor<'_>) -> AppResult<Rates> {
    let (consumption_tax, usage_fee): (i32, i32) =
        sqlx::query_as("select consumption_tax_bp, usage_fee_bp from reward_settings")
            .fetch_one(db)
            .await?;
    Ok(Rates {
        consumption_tax: Rate::bp(consumption_tax.max(0) as u32),
        usage_fee: Rate::bp(usage_fee.max(0) as u32),
    })
}
