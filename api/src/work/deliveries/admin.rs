//! Staff delivery reports: per media and month, the tasks completed and their rewards.

use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiJson;
use crate::platform::guards::StaffUser;
use crate::platform::validation::Validator;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(delivery_reports, add_delivery_report))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliveryReport {
    pub id: i64,
    pub media_id: i64,
    pub media_name: String,
    pub year: i32,
    pub month: i32,
    /// Tasks of the media completed in that month.
    pub task_count: i64,
    /// Their rewards, in yen.
    pub reward_total: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryReportList {
    pub delivery_reports: Vec<DeliveryReport>,
}

const REPORT_SELECT: &str = "select r.id, r.media_id, m.name as media_name, r.year, r.month, r.task_count, r.reward_total, r.created_at
   from delivery_reports r join media m on m.id = r.media_id";

#[utoipa::path(get, path = "/v2/delivery_reports", tag = "admin", security(("bearer" = [])),
    responses((status = 200, body = DeliveryReportList), (status = 403)))]
pub async fn delivery_reports(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
) -> AppResult<Json<DeliveryReportList>> {
    let delivery_reports = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{REPORT_SELECT} order by r.year desc, r.month desc, r.id desc limit 200"
    )))
    .fetch_all(&state.db)
    .await?;
    Ok(Json(DeliveryReportList { delivery_reports }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewDeliveryReport {
    pub media_id: Option<i64>,
    pub year: Option<i32>,
    pub month: Option<i32>,
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
    let media: bool = sqlx::query_scalar("select exists (select 1 from media where id = $1)")
        .bind(media_id)
        .fetch_one(&state.db)
        .await?;
    if !media {
        return Err(AppError::rule("media_id", "exists"));
    }
    let id: Option<i64> = sqlx::query_scalar(
        "insert into delivery_reports (media_id, year, month, task_count, reward_total, created_by)
         select $1, $2, $3, count(*), coalesce(sum(t.reward_amount), 0), $4
           from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
          where p.media_id = $1 and t.status = 'done' and not t.is_invalid
            and extract(year from t.completed_date) = $2 and extract(month from t.completed_date) = $3
         on conflict on constraint delivery_reports_media_month_key do nothing
         returning id",
    )
    .bind(media_id)
    .bind(year)
    .bind(month)
    .bind(caller.user_id)
    .fetch_optional(&state.db)
    .await?;
    let id = id.ok_or_else(|| AppError::rule("month", "unique"))?;
    let report = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{REPORT_SELECT} where r.id = $1"
    )))
    .bind(id)
    .fetch_one(&state.db)
    .await?;
    Ok((StatusCode::CREATED, Json(report)))
}
