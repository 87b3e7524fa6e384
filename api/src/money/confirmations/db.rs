//! The SQL of confirmations: the month's open lines of every creator, and the append-only
//! writes of the confirmation, its statements and lines (a few set-based statements, whatever
//! the number of creators).

use chrono::NaiveDate;
use sqlx::{PgConnection, PgExecutor};

use crate::bank_accounts::model::BankAccountDetail;
use crate::money::confirmations::model::{AwaitingTask, Confirmation};
use crate::money::rewards::db::PayeeFacts;
use crate::money::rewards::model::OpenLine;
use crate::money::rewards::tax::{Figures, PayeeKind, Rates};
use crate::platform::error::AppResult;

/// Serialises confirmations of one month (held until the transaction ends).
pub async fn lock_month(db: &mut PgConnection, first_day: NaiveDate) -> AppResult<()> {
    sqlx::query("select pg_advisory_xact_lock(hashtext('reward_confirmation'), ($1::date - date '2000-01-01'))")
        .bind(first_day)
        .execute(db)
        .await?;
    Ok(())
}

/// Confirmations newest month first: the one of `month`, or any when `None`.
async fn select(
    db: impl PgExecutor<'_>,
    month: Option<NaiveDate>,
    limit: i64,
    offset: i64,
) -> AppResult<Vec<Confirmation>> {
    Ok(sqlx::query_as(
        "select c.id, extract(year from c.month)::int as year, extract(month from c.month)::int as month,
                c.confirmed_at, c.confirmed_by, u.user_name as confirmed_by_name, c.statement_count, c.total_reward_amount
           from reward_confirmations c left join users u on u.id = c.confirmed_by
          where ($1::date is null or c.month = $1)
          order by c.month desc limit $2 offset $3",
    )
    .bind(month)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?)
}

pub async fn find(
    db: impl PgExecutor<'_>,
    first_day: NaiveDate,
) -> AppResult<Option<Confirmation>> {
    Ok(select(db, Some(first_day), 1, 0).await?.pop())
}

/// A page of confirmations, newest month first, and the total count.
pub async fn list(
    db: &sqlx::PgPool,
    limit: i64,
    offset: i64,
) -> AppResult<(Vec<Confirmation>, i64)> {
    let rows = select(db, None, limit, offset).await?;
    let total = sqlx::query_scalar("select count(*) from reward_confirmations")
        .fetch_one(db)
        .await?;
    Ok((rows, total))
}

pub async fn insert_confirmation(
    db: impl PgExecutor<'_>,
    first_day: NaiveDate,
    confirmed_by: i64,
    statement_count: i32,
    total_reward_amount: i64,
) -> AppResult<i64> {
    Ok(sqlx::query_scalar(
        "insert into reward_confirmations (month, confirmed_by, statement_count, total_reward_amount)
         values ($1, $2, $3, $4) returning id",
    )
    .bind(first_day)
    .bind(confirmed_by)
    .bind(statement_count)
    .bind(total_reward_amount)
    .fetch_one(db)
    .await?)
}

/// One creator's statement as it is stored.
pub struct StatementRow {
    pub user_id: i64,
    pub payee: PayeeFacts,
    pub figures: Figures,
    pub rates: Rates,
    pub account: Option<BankAccountDetail>,
}

pub async fn insert_statements(
    db: impl PgExecutor<'_>,
    confirmation_id: i64,
    first_day: NaiveDate,
    rows: &[StatementRow],
) -> AppResult<()> {
    fn column<T>(rows: &[StatementRow], f: impl Fn(&StatementRow) -> T) -> Vec<T> {
        rows.iter().map(f).collect()
    }
    let account =
        |f: fn(&BankAccountDetail) -> String| move |r: &StatementRow| r.account.as_ref().map(f);
    sqlx::query(
        "insert into reward_statements (confirmation_id, month, user_id, account_type, resides_abroad, payee_name,
                subtotal_reward_amount, consumption_tax_rate_bp, consumption_tax, reduced_withholding_rate_bp,
                withholding_tax, usage_fee_rate_bp, usage_fee, total_reward_amount, bank_code, bank_name,
                branch_code, branch_name, deposit_type, account_number, account_holder_kana, invoice_registration_number)
         select $1, $2, * from unnest($3::bigint[], $4::text[], $5::bool[], $6::text[], $7::bigint[], $8::int[],
                $9::bigint[], $10::int[], $11::bigint[], $12::int[], $13::bigint[], $14::bigint[], $15::text[],
                $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[])",
    )
    .bind(confirmation_id)
    .bind(first_day)
    .bind(column(rows, |r| r.user_id))
    .bind(column(rows, |r| match r.payee.payee.kind {
        PayeeKind::Individual => "personal",
        PayeeKind::Corporation => "corporate",
    }))
    .bind(column(rows, |r| r.payee.payee.resides_abroad))
    .bind(column(rows, |r| r.payee.name.clone()))
    .bind(column(rows, |r| r.figures.subtotal_reward_amount))
    .bind(column(rows, |r| r.rates.consumption_tax.basis_points() as i32))
    .bind(column(rows, |r| r.figures.consumption_tax))
    .bind(column(rows, |r| r.payee.payee.reduced_withholding_rate.map(|rate| rate.basis_points() as i32)))
    .bind(column(rows, |r| r.figures.withholding_tax))
    .bind(column(rows, |r| r.rates.usage_fee.basis_points() as i32))
    .bind(column(rows, |r| r.figures.usage_fee))
    .bind(column(rows, |r| r.figures.total_reward_amount))
    .bind(column(rows, account(|a| a.bank_account.bank_code.clone())))
    .bind(column(rows, account(|a| a.bank_account.bank_name.clone())))
    .bind(column(rows, account(|a| a.bank_account.branch_code.clone())))
    .bind(column(rows, account(|a| a.bank_account.branch_name.clone())))
    .bind(column(rows, account(|a| a.bank_account.deposit_type.clone())))
    .bind(column(rows, account(|a| a.bank_account.number.clone())))
    .bind(column(rows, account(|a| a.bank_account.holder_kana.clone())))
    .bind(column(rows, |r| r.account.as_ref().and_then(|a| a.invoice.registration_number.clone())))
    .execute(db)
    .await?;
    Ok(())
}

pub async fn insert_lines(
    db: impl PgExecutor<'_>,
    confirmation_id: i64,
    lines: &[OpenLine],
) -> AppResult<()> {
    fn column<T>(lines: &[OpenLine], f: impl Fn(&OpenLine) -> T) -> Vec<T> {
        lines.iter().map(f).collect()
    }
    sqlx::query(
        "insert into reward_statement_lines (confirmation_id, user_id, task_id, title, task_type, completed_date,
                reward_amount, media_id, media_name, client_id, project_name, work_name)
         select $1, * from unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::date[], $7::bigint[],
                $8::bigint[], $9::text[], $10::bigint[], $11::text[], $12::text[])",
    )
    .bind(confirmation_id)
    .bind(column(lines, |l| l.user_id))
    .bind(column(lines, |l| l.line.task_id))
    .bind(column(lines, |l| l.line.title.clone()))
    .bind(column(lines, |l| l.line.task_type.clone()))
    .bind(column(lines, |l| l.line.completed_date))
    .bind(column(lines, |l| l.line.reward_amount))
    .bind(column(lines, |l| l.line.media_id))
    .bind(column(lines, |l| l.line.media_name.clone()))
    .bind(column(lines, |l| l.client_id))
    .bind(column(lines, |l| l.line.project_name.clone()))
    .bind(column(lines, |l| l.line.work_name.clone()))
    .execute(db)
    .await?;
    Ok(())
}

/// The tasks under inspection whose latest deliverable was received in the month starting
/// `first_day`: how many, and the oldest `limit` of them.
pub async fn awaiting_inspection(
    db: impl PgExecutor<'_>,
    first_day: NaiveDate,
    limit: i64,
) -> AppResult<(i64, Vec<AwaitingTask>)> {
    const RECEIVED: &str = "with received as (
            select t.id as task_id, t.title, p.id as project_id, p.name as project_name, c.company_name as client_name,
                   task_received_on(t.id) as received_on
              from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
              join media m on m.id = p.media_id join clients c on c.id = m.client_id
             where t.status = 'under_acceptance' and not t.is_invalid)
        select task_id, title, project_id, project_name, client_name, received_on, count(*) over () as total
          from received
         where received_on >= $1 and received_on < ($1 + interval '1 month')::date
         order by received_on, task_id
         limit $2";
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        task: AwaitingTask,
        total: i64,
    }
    let rows: Vec<Row> = sqlx::query_as(RECEIVED)
        .bind(first_day)
        .bind(limit)
        .fetch_all(db)
        .await?;
    let total = rows.first().map_or(0, |r| r.total);
    Ok((total, rows.into_iter().map(|r| r.task).collect()))
}
