//! The bank accounts' SQL.

use chrono::NaiveDate;
use sqlx::{PgConnection, PgExecutor};

use crate::bank_accounts::invoice_registry::{IssuerKind, Payee};
use crate::bank_accounts::model::{BankAccount, BankAccountDetail, Invoice};
use crate::platform::error::AppResult;

/// The overseas pseudo-prefecture of the master list.
const OVERSEAS_PREFECTURE_ID: i16 = 99;

/// A validated account, with the bank and branch names and codes of the master list.
pub(crate) struct NewAccount {
    pub bank_id: i32,
    pub bank_name: String,
    pub bank_code: String,
    pub bank_branch_id: i64,
    pub branch_name: String,
    pub branch_code: String,
    pub deposit_type: String,
    pub number: String,
    pub holder_kana: String,
    pub invoice_number: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    #[sqlx(flatten)]
    account: BankAccount,
    invoice_registration_number: Option<String>,
    pays_from: Option<NaiveDate>,
}

const COLUMNS: &str = "id, bank_id, bank_name, bank_code, bank_branch_id, branch_name, branch_code,
    account_type as deposit_type, account_number as number, account_holder_kana as holder_kana,
    invoice_registration_number, null::date as pays_from";

fn detail(row: Row) -> BankAccountDetail {
    BankAccountDetail {
        bank_account: row.account,
        invoice: Invoice {
            registration_number: row.invoice_registration_number,
        },
        pays_from: row.pays_from,
    }
}

/// Runs an insert or update of the account whose parameters are `$1` the user and `$2`–`$11`
/// the account's fields in the table's column order.
async fn write(
    db: impl PgExecutor<'_>,
    user_id: i64,
    a: &NewAccount,
    sql: String,
) -> AppResult<Option<BankAccountDetail>> {
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(a.bank_id)
        .bind(&a.bank_name)
        .bind(&a.bank_code)
        .bind(a.bank_branch_id)
        .bind(&a.branch_name)
        .bind(&a.branch_code)
        .bind(&a.deposit_type)
        .bind(&a.number)
        .bind(&a.holder_kana)
        .bind(&a.invoice_number)
        .fetch_optional(db)
        .await?;
    Ok(row.map(detail))
}

pub(crate) async fn find(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> AppResult<Option<BankAccountDetail>> {
    // Accounts registered before the master list (the seeded ones) find their bank and branch
    // by code, so the form shows them chosen.
    let row: Option<Row> = sqlx::query_as(
        "select a.id, coalesce(a.bank_id, b.id) as bank_id, a.bank_name, a.bank_code,
                coalesce(a.bank_branch_id, br.id) as bank_branch_id, a.branch_name, a.branch_code,
                a.account_type as deposit_type, a.account_number as number,
                a.account_holder_kana as holder_kana, a.invoice_registration_number,
                (select v.effective_month from bank_account_versions v where v.user_id = a.user_id
                  order by v.id desc limit 1) as pays_from
           from bank_accounts a
           left join banks b on a.bank_id is null and b.bank_code = a.bank_code
           left join bank_branches br on a.bank_branch_id is null and br.bank_id = b.id and br.branch_code = a.branch_code
          where a.user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(detail))
}

/// The new account; `None` when the user already has one.
pub(crate) async fn insert(
    db: impl PgExecutor<'_>,
    user_id: i64,
    a: &NewAccount,
) -> AppResult<Option<BankAccountDetail>> {
    let sql = format!(
        "insert into bank_accounts (user_id, bank_id, bank_name, bank_code, bank_branch_id, branch_name,
                branch_code, account_type, account_number, account_holder_kana, invoice_registration_number)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (user_id) do nothing
         returning {COLUMNS}"
    );
    write(db, user_id, a, sql).await
}

/// The changed account; `None` when the user has none yet.
pub(crate) async fn update(
    db: impl PgExecutor<'_>,
    user_id: i64,
    a: &NewAccount,
) -> AppResult<Option<BankAccountDetail>> {
    let sql = format!(
        "update bank_accounts set bank_id = $2, bank_name = $3, bank_code = $4, bank_branch_id = $5,
                branch_name = $6, branch_code = $7, account_type = $8, account_number = $9,
                account_holder_kana = $10, invoice_registration_number = $11, updated_at = now()
          where user_id = $1
         returning {COLUMNS}"
    );
    write(db, user_id, a, sql).await
}

/// Keeps the account as it is now as a version paying from `effective_month` (same transaction
/// as the write it follows).
pub async fn record_version(
    db: &mut PgConnection,
    user_id: i64,
    effective_month: NaiveDate,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into bank_account_versions (user_id, bank_id, bank_name, bank_code, bank_branch_id, branch_name,
                branch_code, account_type, account_number, account_holder_kana, invoice_registration_number, effective_month)
         select user_id, bank_id, bank_name, bank_code, bank_branch_id, branch_name, branch_code, account_type,
                account_number, account_holder_kana, invoice_registration_number, $2
           from bank_accounts where user_id = $1",
    )
    .bind(user_id)
    .bind(effective_month)
    .execute(db)
    .await?;
    Ok(())
}

/// The account a payment for the month starting `month` goes to: the newest version effective
/// by then (`None` when the creator had none yet).
pub async fn payee_for_month(
    db: impl PgExecutor<'_>,
    user_id: i64,
    month: NaiveDate,
) -> sqlx::Result<Option<BankAccountDetail>> {
    Ok(payees_for_month(db, &[user_id], month)
        .await?
        .pop()
        .map(|(_, account)| account))
}

/// `payee_for_month` of many creators in one query: `(user id, account)` of those who had one.
pub async fn payees_for_month(
    db: impl PgExecutor<'_>,
    user_ids: &[i64],
    month: NaiveDate,
) -> sqlx::Result<Vec<(i64, BankAccountDetail)>> {
    #[derive(sqlx::FromRow)]
    struct Owned {
        user_id: i64,
        #[sqlx(flatten)]
        row: Row,
    }
    let rows: Vec<Owned> = sqlx::query_as(
        "select distinct on (user_id) user_id, id, bank_id, bank_name, bank_code, bank_branch_id, branch_name,
                branch_code, account_type as deposit_type, account_number as number,
                account_holder_kana as holder_kana, invoice_registration_number, effective_month as pays_from
           from bank_account_versions
          where user_id = any($1) and effective_month <= $2
          order by user_id, effective_month desc, id desc",
    )
    .bind(user_ids)
    .bind(month)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|owned| (owned.user_id, detail(owned.row)))
        .collect())
}

/// Who the invoice registration must name, from the profile.
pub(crate) async fn payee(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Payee> {
    let (account_type, last_name, first_name, company_name, prefecture_id): (
        String,
        String,
        String,
        String,
        Option<i16>,
    ) = sqlx::query_as(
        "select account_type, last_name, first_name, company_name, prefecture_id from users where id = $1",
    )
    .bind(user_id)
    .fetch_one(db)
    .await?;
    let corporate = account_type == "corporate";
    Ok(Payee {
        kind: if corporate {
            IssuerKind::Corporate
        } else {
            IssuerKind::Personal
        },
        name: if corporate {
            company_name
        } else {
            format!("{last_name} {first_name}")
        },
        is_domestic: prefecture_id.map(|id| id != OVERSEAS_PREFECTURE_ID),
    })
}
