//! `/users/{id}/rewards/{year}` and `/users/{id}/rewards/{year}/{month}`: a creator's
//! statements as `statement` reads them (the page only limits the lines listed), and their
//! downloads as a spreadsheet or a PDF (`documents`).

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use chrono::Datelike;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::money::rewards::model::{AnnualRewards, MonthSummary, MonthlyRewards};
use crate::money::rewards::{access, db, documents, statement, tax};
use crate::platform::attachment::{PDF, XLSX, attachment};
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::platform::validation::month_start;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(monthly))
        .routes(routes!(annual))
        .routes(routes!(download_month))
        .routes(routes!(download_year))
}

pub const PER_PAGE: i64 = 20;

/// `user_id`'s month statement, after checking who asks (403) and that they are a creator (404).
pub async fn readable_month(
    state: &AppState,
    caller: &crate::auth::session::Caller,
    id: &str,
    year: i32,
    month: u32,
) -> AppResult<statement::MonthStatement> {
    let user_id = caller.user_in_path(id)?;
    access::ensure_may_read(caller, user_id)?;
    let first_day = month_start(year, month)?;
    statement::month(&state.db, user_id, first_day)
        .await?
        .ok_or(AppError::NotFound)
}

/// `user_id`'s year statement, after the same checks.
pub async fn readable_year(
    state: &AppState,
    caller: &crate::auth::session::Caller,
    id: &str,
    year: i32,
) -> AppResult<statement::YearStatement> {
    let user_id = caller.user_in_path(id)?;
    access::ensure_may_read(caller, user_id)?;
    month_start(year, 1)?;
    statement::year(&state.db, user_id, year)
        .await?
        .ok_or(AppError::NotFound)
}

/// A creator's statement for one month: every done, valid task they took that was completed
/// in the month, the subtotal, consumption tax, withholding, usage fee and what reaches their
/// bank; as stored once the month is confirmed. The creator themself, accountants and admins
/// only (403 for anyone else).
#[utoipa::path(get, path = "/users/{id}/rewards/{year}/{month}", tag = "rewards", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), ("year" = i32, Path), ("month" = u32, Path), PageQuery),
    responses((status = 200, body = MonthlyRewards), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn monthly(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((id, year, month)): Path<(String, i32, u32)>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<MonthlyRewards>> {
    let page = Paging::requested(query.page, 1)?;
    let s = readable_month(&state, &caller, &id, year, month).await?;
    let total = s.lines.len() as i64;
    let rewards = s
        .lines
        .into_iter()
        .skip(Paging::offset(page, PER_PAGE, 1) as usize)
        .take(PER_PAGE as usize)
        .collect();
    Ok(Json(MonthlyRewards {
        base_url: format!("/rewards/{year}/{month}"),
        paging: Paging::new(page, PER_PAGE, total, 1),
        year,
        month,
        subtotal_reward_amount: s.figures.subtotal_reward_amount,
        consumption_tax: s.figures.consumption_tax,
        consumption_tax_rate_percent: s.consumption_tax_rate.to_percent_string(),
        withholding_tax: s.figures.withholding_tax,
        reduced_withholding_rate_percent: s
            .reduced_withholding_rate
            .map(tax::Rate::to_percent_string),
        usage_fee: s.figures.usage_fee,
        total_reward_amount: s.figures.total_reward_amount,
        is_confirmed: s.confirmed_at.is_some(),
        confirmed_at: s.confirmed_at,
        rewards,
    }))
}

/// A creator's year: the twelve months (confirmed ones as stored) and the year's sums.
#[utoipa::path(get, path = "/users/{id}/rewards/{year}", tag = "rewards", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), ("year" = i32, Path)),
    responses((status = 200, body = AnnualRewards), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn annual(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((id, year)): Path<(String, i32)>,
) -> AppResult<Json<AnnualRewards>> {
    let s = readable_year(&state, &caller, &id, year).await?;
    let user_id = caller.user_in_path(&id)?;
    let mut years = db::years(&state.db, user_id).await?;
    let this_year = clock::tokyo_today().year();
    if !years.contains(&this_year) {
        years.push(this_year);
        years.sort_unstable_by(|a, b| b.cmp(a));
    }
    Ok(Json(AnnualRewards {
        base_url: format!("/rewards/{year}"),
        year,
        subtotal_reward_amount: s.sums.subtotal_reward_amount,
        consumption_tax: s.sums.consumption_tax,
        withholding_tax: s.sums.withholding_tax,
        usage_fee: s.sums.usage_fee,
        total_reward_amount: s.sums.total_reward_amount,
        rewards: s
            .months
            .iter()
            .map(|m| MonthSummary::new(m.month, m.figures, m.task_count, m.is_confirmed))
            .collect(),
        years,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// `xlsx` (default) or `pdf`.
    #[param(pattern = "^(xlsx|pdf)$")]
    pub format: Option<String>,
}

#[derive(Clone, Copy)]
enum FileFormat {
    Xlsx,
    Pdf,
}

impl FileFormat {
    fn parse(value: Option<&str>) -> AppResult<Self> {
        match value.unwrap_or("xlsx") {
            "xlsx" => Ok(Self::Xlsx),
            "pdf" => Ok(Self::Pdf),
            _ => Err(AppError::rule("format", "in:xlsx,pdf")),
        }
    }
}

/// The month's statement as a spreadsheet or a PDF in Japanese; the same readers as the page.
#[utoipa::path(get, path = "/users/{id}/rewards/{year}/{month}/files/download", tag = "rewards", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), ("year" = i32, Path), ("month" = u32, Path), DownloadQuery),
    responses((status = 200, description = "the .xlsx (`format=xlsx`, the default) or the PDF (`format=pdf`)", content(("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), ("application/pdf"))), (status = 401), (status = 403),
        (status = 404), (status = 422), (status = 503, description = "the PDF font is missing")))]
pub async fn download_month(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((id, year, month)): Path<(String, i32, u32)>,
    ApiQuery(query): ApiQuery<DownloadQuery>,
) -> AppResult<Response> {
    let format = FileFormat::parse(query.format.as_deref())?;
    let s = readable_month(&state, &caller, &id, year, month).await?;
    let name = format!("報酬明細_{year}年{month}月");
    respond(
        &state,
        format,
        &name,
        s,
        documents::month_xlsx,
        documents::month_pdf,
    )
    .await
}

/// The year's statement as a spreadsheet or a PDF in Japanese.
#[utoipa::path(get, path = "/users/{id}/rewards/{year}/files/download", tag = "rewards", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), ("year" = i32, Path), DownloadQuery),
    responses((status = 200, description = "the .xlsx (`format=xlsx`, the default) or the PDF (`format=pdf`)", content(("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), ("application/pdf"))), (status = 401), (status = 403),
        (status = 404), (status = 422), (status = 503, description = "the PDF font is missing")))]
pub async fn download_year(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((id, year)): Path<(String, i32)>,
    ApiQuery(query): ApiQuery<DownloadQuery>,
) -> AppResult<Response> {
    let format = FileFormat::parse(query.format.as_deref())?;
    let s = readable_year(&state, &caller, &id, year).await?;
    let name = format!("年間報酬明細_{year}年");
    respond(
        &state,
        format,
        &name,
        s,
        documents::year_xlsx,
        documents::year_pdf,
    )
    .await
}

/// `statement` as the file asked for, named `name`; the PDF is drawn off the async threads.
async fn respond<S: Send + 'static>(
    state: &AppState,
    format: FileFormat,
    name: &str,
    statement: S,
    xlsx: fn(&S) -> AppResult<Vec<u8>>,
    pdf: fn(&S, &std::path::Path, &str) -> AppResult<Vec<u8>>,
) -> AppResult<Response> {
    match format {
        FileFormat::Xlsx => attachment(XLSX, &format!("{name}.xlsx"), xlsx(&statement)?),
        FileFormat::Pdf => {
            // The operator pays the rewards (and issues the purchase orders).
            let font = state.config.pdf_font_path.clone();
            let payer = state.config.operator.name.clone();
            let bytes = tokio::task::spawn_blocking(move || pdf(&statement, &font, &payer))
                .await
                .map_err(anyhow::Error::from)??;
            attachment(PDF, &format!("{name}.pdf"), bytes)
        }
    }
}
