//! The SQL of rewards: a month's statement lines (live or as confirmed), the payee's tax facts
//! and the rates. A task on a confirmed statement is paid once: live statements leave it out.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgExecutor;

use crate::money::rewards::model::{OpenLine, RewardLine};
use crate::money::rewards::tax::{Figures, Payee, PayeeKind, Rate, Rates};
use crate::platform::error::AppResult;

/// The lines not yet on a confirmed statement — tasks taken by a creator (`user_id`, or every
/// creator), done, not invalid, completed in `[from, until)` — newest first. A task without an
/// amount counts 0. The one statement of which work a live statement pays (a task on a
/// confirmed statement is paid once and never again).
pub async fn open_lines(
    db: impl PgExecutor<'_>,
    user_id: Option<i64>,
    from: NaiveDate,
    until: NaiveDate,
) -> AppResult<Vec<OpenLine>> {
    let lines = sqlx::query_as(
        "select ta.user_id, t.id as task_id, t.title, t.task_type, t.completed_date,
                coalesce(t.reward_amount, 0) as reward_amount, m.id as media_id, m.name as media_name,
                m.client_id, p.name as project_name, w.name as work_name
           from tasks t
           join task_assignees ta on ta.task_id = t.id and ta.state = 'taken'
           join works w on w.id = t.work_id
           join projects p on p.id = w.project_id
           join media m on m.id = p.media_id
          where t.status = 'done' and not t.is_invalid
            and ($1::bigint is null or ta.user_id = $1)
            and t.completed_date >= $2 and t.completed_date < $3
            and not exists (select 1 from reward_statement_lines l where l.task_id = t.id)
          order by t.completed_date desc, t.id desc",
    )
    .bind(user_id)
    .bind(from)
    .bind(until)
    .fetch_all(db)
    .await?;
    Ok(lines)
}

/// The years in which `user_id` has a statement line, live or confirmed, newest first.
pub async fn years(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<Vec<i32>> {
    let years = sqlx::query_scalar(
        "select distinct extract(year from t.completed_date)::int as year
           from tasks t
           join task_assignees ta on ta.task_id = t.id and ta.user_id = $1 and ta.state = 'taken'
          where t.status = 'done' and not t.is_invalid and t.completed_date is not null
         union
         select distinct extract(year from month)::int from reward_statements where user_id = $1
         order by year desc",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    Ok(years)
}

/// When the month starting `first_day` was confirmed, if it was.
pub async fn confirmed_at(
    db: impl PgExecutor<'_>,
    first_day: NaiveDate,
) -> AppResult<Option<DateTime<Utc>>> {
    Ok(
        sqlx::query_scalar("select confirmed_at from reward_confirmations where month = $1")
            .bind(first_day)
            .fetch_optional(db)
            .await?,
    )
}

/// The confirmed months of the year starting `first_day`, as month numbers.
pub async fn confirmed_months(
    db: impl PgExecutor<'_>,
    first_day: NaiveDate,
) -> AppResult<Vec<i32>> {
    Ok(sqlx::query_scalar(
        "select extract(month from month)::int from reward_confirmations
          where month >= $1 and month < ($1::date + interval '1 year')",
    )
    .bind(first_day)
    .fetch_all(db)
    .await?)
}

/// A statement as it was confirmed.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredStatement {
    pub month: NaiveDate,
    pub payee_name: String,
    pub subtotal_reward_amount: i64,
    pub consumption_tax_rate_bp: i32,
    pub consumption_tax: i64,
    pub reduced_withholding_rate_bp: Option<i32>,
    pub withholding_tax: i64,
    pub usage_fee: i64,
    pub total_reward_amount: i64,
    pub line_count: i64,
}

impl StoredStatement {
    pub fn figures(&self) -> Figures {
        Figures {
            subtotal_reward_amount: self.subtotal_reward_amount,
            consumption_tax: self.consumption_tax,
            withholding_tax: self.withholding_tax,
            usage_fee: self.usage_fee,
            total_reward_amount: self.total_reward_amount,
        }
    }
}

/// `user_id`'s confirmed statements of months from `from` (inclusive) to `until` (exclusive).
pub async fn stored_statements(
    db: impl PgExecutor<'_>,
    user_id: i64,
    from: NaiveDate,
    until: NaiveDate,
) -> AppResult<Vec<StoredStatement>> {
    Ok(sqlx::query_as(
        "select s.month, s.payee_name, s.subtotal_reward_amount, s.consumption_tax_rate_bp, s.consumption_tax,
                s.reduced_withholding_rate_bp, s.withholding_tax, s.usage_fee, s.total_reward_amount,
                (select count(*) from reward_statement_lines l
                  where l.user_id = s.user_id and l.confirmation_id = s.confirmation_id) as line_count
           from reward_statements s
          where s.user_id = $1 and s.month >= $2 and s.month < $3
          order by s.month",
    )
    .bind(user_id)
    .bind(from)
    .bind(until)
    .fetch_all(db)
    .await?)
}

/// The lines of `user_id`'s confirmed statement of the month starting `first_day`.
pub async fn stored_lines(
    db: impl PgExecutor<'_>,
    user_id: i64,
    first_day: NaiveDate,
) -> AppResult<Vec<RewardLine>> {
    Ok(sqlx::query_as(
        "select l.task_id, l.title, l.task_type, l.completed_date, l.reward_amount,
                l.media_id, l.media_name, l.project_name, l.work_name
           from reward_statement_lines l
           join reward_confirmations c on c.id = l.confirmation_id and c.month = $2
          where l.user_id = $1
          order by l.completed_date desc nulls last, l.task_id desc",
    )
    .bind(user_id)
    .bind(first_day)
    .fetch_all(db)
    .await?)
}

/// The payee of `user_id` as statements name and tax them, or `None` when not a creator.
#[derive(Debug, Clone)]
pub struct PayeeFacts {
    pub payee: Payee,
    pub name: String,
    pub is_creator: bool,
}

/// The payee's tax facts and name, or `None` when `user_id` is not a creator.
pub async fn payee(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<Option<PayeeFacts>> {
    Ok(payees(db, &[user_id])
        .await?
        .pop()
        .filter(|(_, facts)| facts.is_creator)
        .map(|(_, facts)| facts))
}

/// The tax facts and names of `user_ids` (creators, and anyone who took a task as one before a
/// role change: they are still paid for it).
pub async fn payees(
    db: impl PgExecutor<'_>,
    user_ids: &[i64],
) -> AppResult<Vec<(i64, PayeeFacts)>> {
    let rows: Vec<(i64, String, bool, Option<i32>, String, bool)> = sqlx::query_as(
        "select id, account_type, coalesce(prefecture_id = 99, false), reduced_withholding_rate_bp,
                case when account_type = 'corporate' and company_name <> '' then company_name
                     else trim(last_name || ' ' || first_name) end,
                role in ('general', 'editor_assistant')
           from users where id = any($1)
          order by id",
    )
    .bind(user_ids)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, account_type, abroad, reduced, name, is_creator)| {
            let payee = Payee {
                kind: if account_type == "corporate" {
                    PayeeKind::Corporation
                } else {
                    PayeeKind::Individual
                },
                resides_abroad: abroad,
                reduced_withholding_rate: reduced.map(|bp| Rate::bp(bp.max(0) as u32)),
            };
            (
                id,
                PayeeFacts {
                    payee,
                    name,
                    is_creator,
                },
            )
        })
        .collect())
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

/// Sets the rates new statements use.
pub async fn set_rates(db: impl PgExecutor<'_>, rates: &Rates) -> AppResult<()> {
    sqlx::query(
        "update reward_settings set consumption_tax_bp = $1, usage_fee_bp = $2, updated_at = now()",
    )
    .bind(rates.consumption_tax.basis_points() as i32)
    .bind(rates.usage_fee.basis_points() as i32)
    .execute(db)
    .await?;
    Ok(())
}

/// Creators with a reduced withholding rate: `(id, name, basis points)`, by name.
pub async fn reduced_rates(db: impl PgExecutor<'_>) -> AppResult<Vec<(i64, String, i32)>> {
    Ok(sqlx::query_as(
        "select id, user_name, reduced_withholding_rate_bp from users
          where reduced_withholding_rate_bp is not null and role in ('general', 'editor_assistant')
          order by user_name, id",
    )
    .fetch_all(db)
    .await?)
}

/// Sets or clears a creator's reduced withholding rate; false when `user_id` is not a creator.
pub async fn set_reduced_rate(
    db: impl PgExecutor<'_>,
    user_id: i64,
    rate: Option<Rate>,
) -> AppResult<bool> {
    let updated = sqlx::query(
        "update users set reduced_withholding_rate_bp = $2
          where id = $1 and role in ('general', 'editor_assistant')",
    )
    .bind(user_id)
    .bind(rate.map(|r| r.basis_points() as i32))
    .execute(db)
    .await?;
    Ok(updated.rows_affected() == 1)
}
