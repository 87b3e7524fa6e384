//! The money settings staff keep: the rates new statements use (consumption tax, the usage fee)
//! and each creator's reduced withholding rate (a treaty rate for a non-resident, say).
//! Accountants and admins; confirmed statements keep the rates they were made with.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::money::rewards::db;
use crate::money::rewards::tax::{Rate, Rates};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiJson;
use crate::platform::guards::AccountantUser;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show, update))
        .routes(routes!(set_reduced_rate))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReducedRate {
    pub user_id: i64,
    pub user_name: String,
    pub rate_percent: String,
}

/// `GET /admin/reward_settings`: rates as exact decimal strings.
#[derive(Debug, Serialize, ToSchema)]
pub struct RewardSettings {
    pub consumption_tax_rate_percent: String,
    pub usage_fee_percent: String,
    pub reduced_withholding_rates: Vec<ReducedRate>,
}

async fn settings(state: &AppState) -> AppResult<RewardSettings> {
    let rates = db::current_rates(&state.db).await?;
    let reduced = db::reduced_rates(&state.db).await?;
    Ok(RewardSettings {
        consumption_tax_rate_percent: rates.consumption_tax.to_percent_string(),
        usage_fee_percent: rates.usage_fee.to_percent_string(),
        reduced_withholding_rates: reduced
            .into_iter()
            .map(|(user_id, user_name, bp)| ReducedRate {
                user_id,
                user_name,
                rate_percent: Rate::bp(bp.max(0) as u32).to_percent_string(),
            })
            .collect(),
    })
}

#[utoipa::path(get, path = "/admin/reward_settings", tag = "rewards", security(("bearer" = [])),
    responses((status = 200, body = RewardSettings), (status = 401), (status = 403)))]
pub async fn show(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
) -> AppResult<Json<RewardSettings>> {
    Ok(Json(settings(&state).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RatesInput {
    /// `"10"`; at most two decimals, 0–100.
    #[serde(default)]
    pub consumption_tax_rate_percent: String,
    /// `"0"`, `"2.5"`; a percentage of the subtotal.
    #[serde(default)]
    pub usage_fee_percent: String,
}

const PERCENT: &[Rule] = &[Rule::Required, Rule::Pattern(Rate::PATTERN_PERCENT)];

impl Declared for RatesInput {
    const RULES: &'static [FieldRules] = &[
        ("consumption_tax_rate_percent", PERCENT),
        ("usage_fee_percent", PERCENT),
    ];
}

/// A rate field: 0–100 % with at most two decimals.
fn percent(v: &mut Validator, field: &str, text: &str) -> Option<Rate> {
    let rate = Rate::parse_percent(text);
    if rate.is_none() {
        v.fail(field, "percent");
    }
    rate
}

/// Sets the rates months confirmed from now on use (confirmed months keep theirs).
#[utoipa::path(put, path = "/admin/reward_settings", tag = "rewards", security(("bearer" = [])), request_body = RatesInput,
    responses((status = 200, body = RewardSettings), (status = 401), (status = 403), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AccountantUser(caller): AccountantUser,
    ApiJson(input): ApiJson<RatesInput>,
) -> AppResult<Json<RewardSettings>> {
    let mut v = Validator::new();
    let consumption_tax = percent(
        &mut v,
        "consumption_tax_rate_percent",
        &input.consumption_tax_rate_percent,
    );
    let usage_fee = percent(&mut v, "usage_fee_percent", &input.usage_fee_percent);
    v.finish()?;
    let (Some(consumption_tax), Some(usage_fee)) = (consumption_tax, usage_fee) else {
        return Err(AppError::rule("usage_fee_percent", "percent"));
    };
    db::set_rates(
        &state.db,
        &Rates {
            consumption_tax,
            usage_fee,
        },
    )
    .await?;
    tracing::info!(by = caller.user_id, "reward rates changed");
    Ok(Json(settings(&state).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReducedRateInput {
    /// `"10"` for a treaty rate of 10 %; `null` or `""` returns the creator to the NTA formula.
    pub rate_percent: Option<String>,
}

impl Declared for ReducedRateInput {
    const RULES: &'static [FieldRules] =
        &[("rate_percent", &[Rule::Pattern(Rate::PATTERN_PERCENT)])];
}

/// Sets or clears one creator's reduced withholding rate (404 when the user is not a creator).
#[utoipa::path(put, path = "/admin/users/{id}/reduced_withholding_rate", tag = "rewards", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = ReducedRateInput,
    responses((status = 200, body = RewardSettings), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn set_reduced_rate(
    State(state): State<AppState>,
    AccountantUser(_caller): AccountantUser,
    Path(user_id): Path<i64>,
    ApiJson(input): ApiJson<ReducedRateInput>,
) -> AppResult<Json<RewardSettings>> {
    let rate = match input.rate_percent.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => {
            let mut v = Validator::new();
            let rate = percent(&mut v, "rate_percent", text);
            v.finish()?;
            rate
        }
    };
    if !db::set_reduced_rate(&state.db, user_id, rate).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(settings(&state).await?))
}
