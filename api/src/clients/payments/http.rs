//! A client company's usage (ご利用金額): `/clients/{id}/payments` (the years),
//! `/{year}` (twelve months by medium), `/{year}/{month}` (the media of the month) and
//! `/clients/{id}/media/{media_id}/payments/{year}/{month}` (one medium's lines and bill).
//! Who may read is `access.rs`; the figures are `usage.rs`.

use axum::Json;
use axum::extract::{Path, State};
use sqlx::{PgConnection, Postgres, Transaction};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::session::Caller;
use crate::clients::clients::model::NamedRef;
use crate::clients::payments::model::{MediaUsage, UsageMonth, UsageOverview, UsageYear};
use crate::clients::payments::usage;
use crate::clients::payments::{access, db};
use crate::money::rewards::db::current_rates;
use crate::money::rewards::tax::Rate;
use crate::platform::error::{AppError, AppResult};
use crate::platform::guards::StaffOrClientUser;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(year))
        .routes(routes!(month))
        .routes(routes!(media_month))
}

/// One read-only snapshot per page, so a page's lines and sums agree.
pub(crate) async fn snapshot(state: &AppState) -> AppResult<Transaction<'static, Postgres>> {
    let mut tx = state.db.begin().await?;
    sqlx::query("set transaction isolation level repeatable read, read only")
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// The company the caller may read, its name, and the rate the figures use.
async fn readable(
    state: &AppState,
    db: &mut PgConnection,
    caller: &Caller,
    client_id: i64,
) -> AppResult<(NamedRef, Rate)> {
    access::client_for(state, caller, client_id).await?;
    let client = db::client(&mut *db, client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((client, current_rates(&mut *db).await?.consumption_tax))
}

/// The years in which the company used the service, newest first, with each year's sums.
#[utoipa::path(get, path = "/clients/{id}/payments", tag = "client_payments", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = UsageOverview), (status = 401), (status = 403), (status = 404)))]
pub async fn overview(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path(id): Path<i64>,
) -> AppResult<Json<UsageOverview>> {
    let mut tx = snapshot(&state).await?;
    let (client, rate) = readable(&state, &mut tx, &caller, id).await?;
    Ok(Json(usage::overview(&mut tx, client, rate).await?))
}

/// Twelve months of a year, each with its sums and each medium's total (the stacked chart).
#[utoipa::path(get, path = "/clients/{id}/payments/{year}", tag = "client_payments", security(("bearer" = [])),
    params(("id" = i64, Path), ("year" = i32, Path)),
    responses((status = 200, body = UsageYear), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn year(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((id, year)): Path<(i64, i32)>,
) -> AppResult<Json<UsageYear>> {
    let mut tx = snapshot(&state).await?;
    let (client, rate) = readable(&state, &mut tx, &caller, id).await?;
    Ok(Json(usage::year(&mut tx, client, year, rate).await?))
}

/// Every medium of the company in a month: task and option sums, tax, total and bill status.
#[utoipa::path(get, path = "/clients/{id}/payments/{year}/{month}", tag = "client_payments", security(("bearer" = [])),
    params(("id" = i64, Path), ("year" = i32, Path), ("month" = u32, Path)),
    responses((status = 200, body = UsageMonth), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn month(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((id, year, month)): Path<(i64, i32, u32)>,
) -> AppResult<Json<UsageMonth>> {
    let mut tx = snapshot(&state).await?;
    let (client, rate) = readable(&state, &mut tx, &caller, id).await?;
    Ok(Json(
        usage::month(&mut tx, client, year, month, rate).await?,
    ))
}

/// One medium's month: each billed task (title, creators, completed date, amount), the option
/// payments, the figures and the bill's status.
#[utoipa::path(get, path = "/clients/{id}/media/{media_id}/payments/{year}/{month}", tag = "client_payments",
    security(("bearer" = [])),
    params(("id" = i64, Path), ("media_id" = i64, Path), ("year" = i32, Path), ("month" = u32, Path)),
    responses((status = 200, body = MediaUsage), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn media_month(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((id, media_id, year, month)): Path<(i64, i64, i32, u32)>,
) -> AppResult<Json<MediaUsage>> {
    let mut tx = snapshot(&state).await?;
    let (client, rate) = readable(&state, &mut tx, &caller, id).await?;
    let media = access::media_of_client(&state, &caller, id, media_id).await?;
    let reader = access::reader(&caller);
    let media = NamedRef {
        id: media.id,
        name: media.name,
    };
    Ok(Json(
        usage::media_month(&mut tx, client, media, (year, month), rate, reader).await?,
    ))
}
