//! `/reward_confirmations`: the months staff have closed, and closing one.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Datelike, NaiveDate};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::money::confirmations::events::RewardConfirmationCreated;
use crate::money::confirmations::model::{
    AwaitingInspection, Confirmation, ConfirmationList, YearMonth,
};
use crate::money::confirmations::{confirm_month, db};
use crate::platform::clock;
use crate::platform::error::AppResult;
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, ApiQuery};
use crate::platform::guards::AccountantUser;
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::platform::validation::month_start;
use crate::platform::validation::{Declared, FieldRules, Rule, YEAR_MAX, YEAR_MIN};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(awaiting_inspection))
}

const PER_PAGE: i64 = 24;

/// The confirmed months, newest first, and the newest month that may be confirmed now.
#[utoipa::path(get, path = "/reward_confirmations", tag = "rewards", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = ConfirmationList), (status = 401), (status = 403), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<ConfirmationList>> {
    let page = Paging::requested(query.page, 1)?;
    let (rows, total) = db::list(&state.db, PER_PAGE, Paging::offset(page, PER_PAGE, 1)).await?;
    let last_month = clock::tokyo_today().with_day(1).expect("day 1") - chrono::Months::new(1);
    Ok(Json(ConfirmationList {
        paging: Paging::new(page, PER_PAGE, total, 1),
        reward_confirmations: rows,
        latest_confirmable: YearMonth {
            year: last_month.year(),
            month: last_month.month(),
        },
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmationRequest {
    pub year: i32,
    pub month: u32,
}

impl Declared for ConfirmationRequest {
    const RULES: &'static [FieldRules] = &[
        (
            "year",
            &[
                Rule::Required,
                Rule::Between(YEAR_MIN as i64, YEAR_MAX as i64),
            ],
        ),
        ("month", &[Rule::Required, Rule::Between(1, 12)]),
    ];
}

/// Confirms a month that has ended: every creator's statement of it is stored and never
/// recomputed. Idempotent: confirming it again answers the existing confirmation with 200.
#[utoipa::path(post, path = "/reward_confirmations", tag = "rewards", security(("bearer" = [])), request_body = ConfirmationRequest,
    responses((status = 201, body = Confirmation), (status = 200, body = Confirmation, description = "already confirmed"),
        (status = 401), (status = 403), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    AccountantUser(caller): AccountantUser,
    ApiJson(input): ApiJson<ConfirmationRequest>,
) -> AppResult<(StatusCode, Json<Confirmation>)> {
    let first_day: NaiveDate = month_start(input.year, input.month)?;
    let confirmed = confirm_month(&state.db, first_day, caller.user_id).await?;
    if !confirmed.created {
        return Ok((StatusCode::OK, Json(confirmed.confirmation)));
    }
    tracing::info!(month = %first_day, statements = confirmed.confirmation.statement_count, "rewards confirmed");
    let event = RewardConfirmationCreated {
        year: confirmed.confirmation.year,
        month: confirmed.confirmation.month,
    };
    emit(&state.hub, &event).await;
    Ok((StatusCode::CREATED, Json(confirmed.confirmation)))
}

/// How many deliveries awaiting inspection the page lists.
const AWAITING_LISTED: i64 = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MonthQuery {
    pub year: i32,
    pub month: u32,
}

/// The deliveries received in the month and not yet inspected. Accepted after the month is
/// confirmed, they are paid with a later month than their purchase orders promise, so staff see
/// them before confirming.
#[utoipa::path(get, path = "/reward_confirmations/awaiting_inspection", tag = "rewards", security(("bearer" = [])), params(MonthQuery),
    responses((status = 200, body = AwaitingInspection), (status = 401), (status = 403), (status = 422)))]
pub async fn awaiting_inspection(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> AppResult<Json<AwaitingInspection>> {
    let first_day = month_start(query.year, query.month)?;
    let (total, tasks) = db::awaiting_inspection(&state.db, first_day, AWAITING_LISTED).await?;
    Ok(Json(AwaitingInspection {
        year: query.year,
        month: query.month,
        total,
        tasks,
    }))
}
