//! `/users/{id}/rewards/{year}/{month}`: a creator's monthly statement, computed by
//! `tax::figures` over every line of the month (the page only limits the lines listed).

use axum::Json;
use axum::extract::{Path, State};
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::money::rewards::model::MonthlyRewards;
use crate::money::rewards::{access, db, tax};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::pagination::Paging;
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(monthly))
}

pub const PER_PAGE: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
pub struct PageQuery {
    /// From 1.
    pub page: Option<i64>,
}

/// The first day of `year`/`month`, or 422 on the field that is out of range.
fn month_start(year: i32, month: u32) -> AppResult<NaiveDate> {
    let mut v = Validator::new();
    if !(2000..=2100).contains(&year) {
        v.fail("year", "between:2000,2100");
    }
    if !(1..=12).contains(&month) {
        v.fail("month", "between:1,12");
    }
    v.finish()?;
    NaiveDate::from_ymd_opt(year, month, 1).ok_or_else(|| AppError::rule("month", "between:1,12"))
}

/// A creator's statement for one month: every done, valid task they took that was completed
/// in the month, the subtotal, consumption tax, withholding, usage fee and what reaches their
/// bank. The creator themself, accountants and admins only (403 for anyone else).
#[utoipa::path(get, path = "/users/{id}/rewards/{year}/{month}", tag = "rewards", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), ("year" = i32, Path), ("month" = u32, Path), PageQuery),
    responses((status = 200, body = MonthlyRewards), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn monthly(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((id, year, month)): Path<(String, i32, u32)>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<MonthlyRewards>> {
    let user_id = caller.user_in_path(&id)?;
    access::ensure_may_read(&caller, user_id)?;
    let first_day = month_start(year, month)?;
    let page = Paging::requested(query.page, 1)?;
    let payee = db::payee(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let rates = db::current_rates(&state.db).await?;
    let lines = db::month_lines(&state.db, user_id, first_day).await?;
    let amounts: Vec<i64> = lines.iter().map(|line| line.reward_amount).collect();
    let figures = tax::figures(&amounts, &payee, &rates);
    let total = lines.len() as i64;
    let rewards = lines
        .into_iter()
        .skip(Paging::offset(page, PER_PAGE, 1) as usize)
        .take(PER_PAGE as usize)
        .collect();
    Ok(Json(MonthlyRewards {
        base_url: format!("/rewards/{year}/{month}"),
        paging: Paging::new(page, PER_PAGE, total, 1),
        year,
        month,
        subtotal_reward_amount: figures.subtotal_reward_amount,
        consumption_tax: figures.consumption_tax,
        consumption_tax_rate_percent: rates.consumption_tax.to_percent_string(),
        withholding_tax: figures.withholding_tax,
        reduced_withholding_rate_percent: payee
            .reduced_withholding_rate
            .map(tax::Rate::to_percent_string),
        usage_fee: figures.usage_fee,
        total_reward_amount: figures.total_reward_amount,
        is_confirmed: false,
        rewards,
    }))
}
