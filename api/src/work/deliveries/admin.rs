//! Staff delivery reports: per media and month, the tasks completed and their rewards.

use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiJson;
use crate::platform::guards::StaffUser;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule, YEAR_MAX, YEAR_MIN};
use crate::state::AppState;
use crate::work::deliveries::db;
use crate::work::deliveries::model::DeliveryReport;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(delivery_reports, add_delivery_report))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryReportList {
    pub delivery_reports: Vec<DeliveryReport>,
}

#[utoipa::path(get, path = "/v2/delivery_reports", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = DeliveryReportList), (status = 403)))]
pub async fn delivery_reports(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
) -> AppResult<Json<DeliveryReportList>> {
    let delivery_reports = db::delivery_reports(&state.db).await?;
    Ok(Json(DeliveryReportList { delivery_reports }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewDeliveryReport {
    pub media_id: Option<i64>,
    pub year: Option<i32>,
    pub month: Option<i32>,
}

impl Declared for NewDeliveryReport {
    const RULES: &'static [FieldRules] = &[
        ("media_id", &[Rule::Required]),
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

/// Staff close a month for a media: the tasks completed in it are counted and summed. A month
/// already reported is a 422.
#[utoipa::path(post, path = "/v2/delivery_reports", tag = "admin", security(("bearer" = [])), request_body = NewDeliveryReport,
    responses((status = 201, body = DeliveryReport), (status = 403), (status = 422)))]
pub async fn add_delivery_report(
    State(state): State<AppState>,
    StaffUser(caller): StaffUser,
    ApiJson(input): ApiJson<NewDeliveryReport>,
) -> AppResult<(StatusCode, Json<DeliveryReport>)> {
    let mut v = Validator::new();
    if input.media_id.is_none() {
        v.fail("media_id", "required");
    }
    match input.year {
        None => {
            v.fail("year", "required");
        }
        Some(year) if !(2000..=2100).contains(&year) => {
            v.fail("year", "between:2000,2100");
        }
        _ => {}
    }
    match input.month {
        None => {
            v.fail("month", "required");
        }
        Some(month) if !(1..=12).contains(&month) => {
            v.fail("month", "between:1,12");
        }
        _ => {}
    }
    v.finish()?;
    let (media_id, year, month) = (
        input.media_id.expect("validated"),
        input.year.expect("validated"),
        input.month.expect("validated"),
    );
    if !db::media_exists(&state.db, media_id).await? {
        return Err(AppError::rule("media_id", "exists"));
    }
    let id = db::insert_delivery_report(&state.db, media_id, year, month, caller.user_id)
        .await?
        .ok_or_else(|| AppError::rule("month", "unique"))?;
    let report = db::delivery_report(&state.db, id).await?;
    Ok((StatusCode::CREATED, Json(report)))
}
