//! `/payments/*`: the accountant's three tabs, and `/admin/downloads/*`: a confirmed month's
//! Zengin transfer file and statements spreadsheet. Accountants and admins only.

use axum::Json;
use axum::extract::State;
use axum::response::Response;
use chrono::{Datelike, NaiveDate};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::money::payments::db::{self, StatementRow};
use crate::money::payments::model::{
    CompletedTaskPayments, Confirmation, DownloadMonths, MonthState, PayeeAccounts, UserPayment,
    UserPayments,
};
use crate::money::payments::zengin::{self, Account, DepositType, Transfer};
use crate::money::payments::{live, payday, workbook};
use crate::platform::attachment::{XLSX, attachment};
use crate::platform::clock::tokyo_today;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiQuery;
use crate::platform::guards::AccountantUser;
use crate::platform::pagination::Paging;
use crate::platform::validation::{Validator, year_month};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(completed_tasks))
        .routes(routes!(users))
        .routes(routes!(bank_accounts))
        .routes(routes!(download_months))
        .routes(routes!(transfer_file))
        .routes(routes!(statements_sheet))
}

pub const PER_PAGE: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MonthQuery {
    /// 2000–2100; with `month`, this month (Japan) when both are absent on a tab.
    pub year: Option<i32>,
    /// 1–12.
    pub month: Option<u32>,
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

impl MonthQuery {
    /// The first day of the asked month; `default` when neither is given (else both required).
    fn first_day(&self, default: Option<NaiveDate>) -> AppResult<NaiveDate> {
        if let (None, None, Some(default)) = (self.year, self.month, default) {
            return Ok(default.with_day(1).expect("every month has a first day"));
        }
        let mut v = Validator::new();
        let first_day = year_month(&mut v, self.year, self.month);
        v.finish()?;
        first_day.ok_or_else(|| AppError::rule("month", "between:1,12"))
    }
}

fn month_state(month: NaiveDate, confirmation: Option<&Confirmation>) -> MonthState {
    MonthState {
        year: month.year(),
        month: month.month(),
        is_confirmed: confirmation.is_some(),
        confirmed_at: confirmation.map(|c| c.confirmed_at),
        payment_date: payday::payment_date(month),
    }
}

fn page_of<T>(rows: Vec<T>, page: i64) -> Vec<T> {
    rows.into_iter()
        .skip(Paging::offset(page, PER_PAGE, 1) as usize)
        .take(PER_PAGE as usize)
        .collect()
}

/// The month a tab asks for (this month in Japan by default), its page, and the month's
/// confirmation if staff have closed it.
async fn tab(
    state: &AppState,
    query: &MonthQuery,
) -> AppResult<(NaiveDate, i64, Option<Confirmation>)> {
    let month = query.first_day(Some(tokyo_today()))?;
    let page = Paging::requested(query.page, 1)?;
    let confirmation = db::confirmation(&state.db, month).await?;
    Ok((month, page, confirmation))
}

/// Tab completed_task_payments: the month's done, valid tasks, one row per creator paid, with
/// whether each is on a confirmed statement; 20 a page, newest first.
#[utoipa::path(get, path = "/payments/completed_tasks", tag = "payments", security(("bearer" = [])), params(MonthQuery),
    responses((status = 200, body = CompletedTaskPayments), (status = 401), (status = 403), (status = 422)))]
pub async fn completed_tasks(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> AppResult<Json<CompletedTaskPayments>> {
    let (month, page, confirmation) = tab(&state, &query).await?;
    let tasks = live::completed_tasks(&state.db, month).await?;
    Ok(Json(CompletedTaskPayments {
        base_url: "/payments/completed_tasks".into(),
        paging: Paging::new(page, PER_PAGE, tasks.len() as i64, 1),
        month: month_state(month, confirmation.as_ref()),
        tasks: page_of(tasks, page),
    }))
}

/// Tab payment_for_users: each creator's figures of the month (stored once confirmed, live and
/// 未確定 before), whether an account is known, and the month's sums.
#[utoipa::path(get, path = "/payments/users", tag = "payments", security(("bearer" = [])), params(MonthQuery),
    responses((status = 200, body = UserPayments), (status = 401), (status = 403), (status = 422)))]
pub async fn users(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> AppResult<Json<UserPayments>> {
    let (month, page, confirmation) = tab(&state, &query).await?;
    let payments = live::month_payments(&state.db, month, confirmation.as_ref()).await?;
    let sums = live::sums(&payments);
    Ok(Json(UserPayments {
        base_url: "/payments/users".into(),
        paging: Paging::new(page, PER_PAGE, payments.len() as i64, 1),
        month: month_state(month, confirmation.as_ref()),
        sums,
        users: page_of(payments, page),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AccountsQuery {
    /// Space-separated; each found in a name, its reading or the account holder's name.
    pub words: Option<String>,
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

/// Tab bank_accounts: creators' current bank accounts and invoice registration numbers; those
/// with an account first, then those without (newest creator first within each).
#[utoipa::path(get, path = "/payments/bank_accounts", tag = "payments", security(("bearer" = [])), params(AccountsQuery),
    responses((status = 200, body = PayeeAccounts), (status = 401), (status = 403), (status = 422)))]
pub async fn bank_accounts(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    ApiQuery(query): ApiQuery<AccountsQuery>,
) -> AppResult<Json<PayeeAccounts>> {
    let page = Paging::requested(query.page, 1)?;
    let words = crate::platform::text::search_words(query.words.as_deref());
    let (total, accounts) = db::payee_accounts(
        &state.db,
        &words,
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    Ok(Json(PayeeAccounts {
        base_url: "/payments/bank_accounts".into(),
        paging: Paging::new(page, PER_PAGE, total, 1),
        accounts,
    }))
}

/// The confirmed months, newest first, with what each transfer file holds and its payment day.
#[utoipa::path(get, path = "/admin/downloads", tag = "payments", security(("bearer" = [])),
    responses((status = 200, body = DownloadMonths), (status = 401), (status = 403)))]
pub async fn download_months(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
) -> AppResult<Json<DownloadMonths>> {
    let mut months = db::download_months(&state.db).await?;
    for month in &mut months {
        month.payment_date =
            NaiveDate::from_ymd_opt(month.year, month.month as u32, 1).map(payday::payment_date);
    }
    Ok(Json(DownloadMonths { months }))
}

/// The asked month's confirmation, or 422 saying it is not confirmed yet.
async fn confirmed_month(
    state: &AppState,
    query: &MonthQuery,
) -> AppResult<(NaiveDate, Confirmation)> {
    let month = query.first_day(None)?;
    match db::confirmation(&state.db, month).await? {
        Some(confirmation) => Ok((month, confirmation)),
        None => Err(AppError::invalid(format!(
            "{}年{}月の報酬はまだ確定していません。報酬を確定してからダウンロードしてください。",
            month.year(),
            month.month()
        ))),
    }
}

/// A statement as a data record of the transfer file.
fn transfer(statement: &StatementRow) -> Transfer {
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    Transfer {
        account: Account {
            bank_code: text(&statement.bank_code),
            bank_name_kana: text(&statement.bank_name_kana),
            branch_code: text(&statement.branch_code),
            branch_name_kana: text(&statement.branch_name_kana),
            deposit_type: DepositType::from_db(
                statement.deposit_type.as_deref().unwrap_or_default(),
            ),
            number: text(&statement.account_number),
        },
        holder_kana: text(&statement.account_holder_kana),
        amount: statement.total_reward_amount,
        customer_code: statement.user_id.max(0) as u64,
    }
}

/// The Zengin 総合振込 file of a confirmed month (Shift_JIS, 120-byte records each followed by
/// CR LF): one data record per statement with a bank account and something to pay, to be
/// transferred on the last bank business day of the following month. 422 when the month is not
/// confirmed, or naming the payee whose account cannot be written.
#[utoipa::path(get, path = "/admin/downloads/transfer_file", tag = "payments", security(("bearer" = [])), params(MonthQuery),
    responses((status = 200, description = "the Zengin file", content_type = "text/plain"), (status = 401), (status = 403), (status = 422)))]
pub async fn transfer_file(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> AppResult<Response> {
    let (month, confirmation) = confirmed_month(&state, &query).await?;
    let statements = db::statements(&state.db, confirmation.id).await?;
    let payees: Vec<&StatementRow> = statements.iter().filter(|s| s.transferable).collect();
    let transfers: Vec<Transfer> = payees.iter().map(|s| transfer(s)).collect();
    let payer = &state.config.transfer_payer;
    let (bank_kana, branch_kana) =
        db::master_kana(&state.db, &payer.bank_code, &payer.branch_code).await?;
    let consignor = payer.consignor(bank_kana, branch_kana);
    let bytes = zengin::transfer_file(&consignor, payday::payment_date(month), &transfers)
        .map_err(|error| match error.transfer.and_then(|i| payees.get(i)) {
            Some(payee) => AppError::invalid(format!(
                "{}（ユーザーID {}）の{}。口座情報を確認してください。",
                payee.payee_name, payee.user_id, error
            )),
            None => AppError::invalid(format!("振込元または合計の{error}。")),
        })?;
    let (y, m) = (month.year(), month.month());
    attachment(
        "text/plain; charset=Shift_JIS",
        &format!("総合振込_{y}年{m:02}月分.txt"),
        bytes,
    )
}

/// The stored statements of a confirmed month as an .xlsx: one row per statement, then the sums.
#[utoipa::path(get, path = "/admin/downloads/statements", tag = "payments", security(("bearer" = [])), params(MonthQuery),
    responses((status = 200, description = "the .xlsx", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (status = 401), (status = 403), (status = 422)))]
pub async fn statements_sheet(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> AppResult<Response> {
    let (month, confirmation) = confirmed_month(&state, &query).await?;
    let statements = db::statements(&state.db, confirmation.id).await?;
    let payments: Vec<UserPayment> = statements.iter().map(UserPayment::from).collect();
    let sums = live::sums(&payments);
    let (y, m) = (month.year(), month.month());
    let bytes = workbook::workbook(&format!("{y}年{m}月"), &statements, &sums.amounts)
        .map_err(anyhow::Error::from)?;
    attachment(XLSX, &format!("報酬明細_{y}年{m:02}月分.xlsx"), bytes)
}
