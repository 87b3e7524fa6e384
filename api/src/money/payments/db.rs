//! The SQL of payments: the month's confirmation, its stored statements and lines, and the
//! creators' current bank accounts. The live side (tasks not yet paid) is
//! `money::rewards::db::open_lines`.

use std::collections::HashMap;

use chrono::NaiveDate;
use sqlx::PgExecutor;

use crate::money::payments::access::PAYEE;
use crate::money::payments::model::{AccountView, Confirmation, DownloadMonth, PayeeAccount};
use crate::money::rewards::model::OpenLine;
use crate::platform::error::AppResult;

/// The day (Tokyo) each of `task_ids` last had a deliverable received, for those delivered.
pub async fn received_days(
    db: impl PgExecutor<'_>,
    task_ids: &[i64],
) -> AppResult<HashMap<i64, NaiveDate>> {
    let rows: Vec<(i64, NaiveDate)> = sqlx::query_as(
        "select id, received_on from (select id, task_received_on(id) as received_on from tasks where id = any($1)) t
          where received_on is not null",
    )
    .bind(task_ids)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().collect())
}

/// A stored statement that becomes a data record of the transfer file: it has an account and
/// something to transfer.
const TRANSFERABLE: &str =
    "s.bank_code is not null and s.account_number is not null and s.total_reward_amount > 0";

/// The month's confirmation, if staff have closed it.
pub async fn confirmation(
    db: impl PgExecutor<'_>,
    month: NaiveDate,
) -> AppResult<Option<Confirmation>> {
    Ok(sqlx::query_as(
        "select id, month, confirmed_at, statement_count, total_reward_amount
           from reward_confirmations where month = $1",
    )
    .bind(month)
    .fetch_optional(db)
    .await?)
}

/// The lines of the month's confirmed statements, as they were paid.
pub async fn stored_lines(db: impl PgExecutor<'_>, month: NaiveDate) -> AppResult<Vec<OpenLine>> {
    Ok(sqlx::query_as(
        "select l.user_id, l.task_id, l.title, l.task_type, l.completed_date, l.reward_amount,
                l.media_id, l.media_name, l.client_id, l.project_name, l.work_name
           from reward_statement_lines l
           join reward_confirmations c on c.id = l.confirmation_id
          where c.month = $1",
    )
    .bind(month)
    .fetch_all(db)
    .await?)
}

/// The user names of `user_ids`.
pub async fn user_names(
    db: impl PgExecutor<'_>,
    user_ids: &[i64],
) -> AppResult<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> =
        sqlx::query_as("select id, user_name from users where id = any($1)")
            .bind(user_ids)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().collect())
}

/// A stored statement with the kana names of its bank and branch from the master data.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StatementRow {
    pub user_id: i64,
    pub user_name: String,
    pub payee_name: String,
    pub account_type: String,
    pub resides_abroad: bool,
    pub task_count: i64,
    pub subtotal_reward_amount: i64,
    pub consumption_tax: i64,
    pub withholding_tax: i64,
    pub usage_fee: i64,
    pub total_reward_amount: i64,
    pub bank_code: Option<String>,
    pub bank_name: Option<String>,
    pub bank_name_kana: Option<String>,
    pub branch_code: Option<String>,
    pub branch_name: Option<String>,
    pub branch_name_kana: Option<String>,
    pub deposit_type: Option<String>,
    pub account_number: Option<String>,
    pub account_holder_kana: Option<String>,
    pub invoice_registration_number: Option<String>,
    /// Whether it becomes a data record of the transfer file.
    pub transferable: bool,
}

/// Every stored statement of the confirmation, by user id.
pub async fn statements(
    db: impl PgExecutor<'_>,
    confirmation_id: i64,
) -> AppResult<Vec<StatementRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select s.user_id, u.user_name, s.payee_name, s.account_type, s.resides_abroad,
                (select count(*) from reward_statement_lines l
                  where l.confirmation_id = s.confirmation_id and l.user_id = s.user_id) as task_count,
                s.subtotal_reward_amount, s.consumption_tax, s.withholding_tax, s.usage_fee,
                s.total_reward_amount, s.bank_code, s.bank_name, b.kana as bank_name_kana,
                s.branch_code, s.branch_name, br.kana as branch_name_kana, s.deposit_type,
                s.account_number, s.account_holder_kana, s.invoice_registration_number,
                ({TRANSFERABLE}) as transferable
           from reward_statements s
           join users u on u.id = s.user_id
           left join banks b on b.bank_code = s.bank_code
           left join bank_branches br on br.bank_id = b.id and br.branch_code = s.branch_code
          where s.confirmation_id = $1
          order by s.user_id"
    )))
    .bind(confirmation_id)
    .fetch_all(db)
    .await?)
}

/// Every word is found in one of the creator's names, readings or the account holder's name.
const WORDS_MATCH: &str = "(select coalesce(bool_and(strpos(lower(concat_ws(' ', u.user_name, u.last_name, u.first_name,
        u.last_name || u.first_name, u.last_name_kana, u.first_name_kana, u.last_name_kana || u.first_name_kana,
        u.company_name, a.account_holder_kana)), lower(w)) > 0), true)
      from unnest($1::text[]) w)";

#[derive(sqlx::FromRow)]
struct PayeeAccountRow {
    user_id: i64,
    user_name: String,
    name: String,
    name_kana: String,
    bank_code: Option<String>,
    bank_name: Option<String>,
    branch_code: Option<String>,
    branch_name: Option<String>,
    deposit_type: Option<String>,
    account_number: Option<String>,
    account_holder_kana: Option<String>,
    invoice_registration_number: Option<String>,
    pays_from: Option<NaiveDate>,
}

impl From<PayeeAccountRow> for PayeeAccount {
    fn from(row: PayeeAccountRow) -> Self {
        let bank_account = match (
            row.bank_code,
            row.bank_name,
            row.branch_code,
            row.branch_name,
            row.deposit_type,
            row.account_number,
            row.account_holder_kana,
        ) {
            (
                Some(bank_code),
                Some(bank_name),
                Some(branch_code),
                Some(branch_name),
                Some(deposit_type),
                Some(number),
                Some(holder_kana),
            ) => Some(AccountView {
                bank_code,
                bank_name,
                branch_code,
                branch_name,
                deposit_type,
                number,
                holder_kana,
            }),
            _ => None,
        };
        PayeeAccount {
            user_id: row.user_id,
            user_name: row.user_name,
            name: row.name,
            name_kana: row.name_kana,
            bank_account,
            invoice_registration_number: row.invoice_registration_number,
            pays_from: row.pays_from,
        }
    }
}

/// Creators and their current bank accounts: those with one first, then those without; newest
/// creator first within each.
pub async fn payee_accounts(
    db: &sqlx::PgPool,
    words: &[String],
    limit: i64,
    offset: i64,
) -> AppResult<(i64, Vec<PayeeAccount>)> {
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select count(*) from users u left join bank_accounts a on a.user_id = u.id
          where {PAYEE} and {WORDS_MATCH}"
    )))
    .bind(words)
    .fetch_one(db)
    .await?;
    let rows: Vec<PayeeAccountRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select u.id as user_id, u.user_name, trim(u.last_name || ' ' || u.first_name) as name,
                trim(u.last_name_kana || ' ' || u.first_name_kana) as name_kana,
                a.bank_code, a.bank_name, a.branch_code, a.branch_name, a.account_type as deposit_type,
                a.account_number, a.account_holder_kana, a.invoice_registration_number,
                (select v.effective_month from bank_account_versions v where v.user_id = u.id
                  order by v.id desc limit 1) as pays_from
           from users u
           left join bank_accounts a on a.user_id = u.id
          where {PAYEE} and {WORDS_MATCH}
          order by a.id is null, u.id desc
          limit $2 offset $3"
    )))
    .bind(words)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, rows.into_iter().map(PayeeAccount::from).collect()))
}

/// Every confirmed month, newest first, with what its transfer file holds.
pub async fn download_months(db: impl PgExecutor<'_>) -> AppResult<Vec<DownloadMonth>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select extract(year from c.month)::int as year, extract(month from c.month)::int as month,
                c.confirmed_at, count(s.id) as statement_count, c.total_reward_amount,
                count(s.id) filter (where {TRANSFERABLE}) as transfer_count,
                coalesce(sum(s.total_reward_amount) filter (where {TRANSFERABLE}), 0)::bigint as transfer_total,
                count(s.id) filter (where s.bank_code is null) as without_bank_account_count
           from reward_confirmations c
           left join reward_statements s on s.confirmation_id = c.id
          group by c.id
          order by c.month desc"
    )))
    .fetch_all(db)
    .await?)
}

/// The kana names of a bank and a branch in the master data (empty when not there).
pub async fn master_kana(
    db: impl PgExecutor<'_>,
    bank_code: &str,
    branch_code: &str,
) -> AppResult<(String, String)> {
    let row: Option<(String, Option<String>)> = sqlx::query_as(
        "select b.kana, br.kana from banks b
           left join bank_branches br on br.bank_id = b.id and br.branch_code = $2
          where b.bank_code = $1",
    )
    .bind(bank_code)
    .bind(branch_code)
    .fetch_optional(db)
    .await?;
    Ok(row
        .map(|(bank, branch)| (bank, branch.unwrap_or_default()))
        .unwrap_or_default())
}
