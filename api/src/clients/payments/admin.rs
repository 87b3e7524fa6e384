//! `PUT /admin/clients/media/{id}/payments`: the staff record what a medium's month is billed
//! and where the bill stands (未請求 → 請求済 → 入金済, or back when corrected). Accountants and
//! admins only (`AccountantUser`); the company's open pages learn of it through
//! `media.updated`.

use axum::Json;
use axum::extract::{Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::clients::clients::model::NamedRef;
use crate::clients::media::access as media_access;
use crate::clients::media::events::MediaUpdated;
use crate::clients::payments::model::{MediaPayment, MediaPaymentInput, PaymentStatus};
use crate::clients::payments::{db, usage};
use crate::money::rewards::db::current_rates;
use crate::platform::error::AppResult;
use crate::platform::events::emit;
use crate::platform::extract::ApiJson;
use crate::platform::guards::AccountantUser;
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(update))
}

/// Sets the bill of medium `id` for `year`/`month`. Billing without `billed_amount` bills the
/// month's computed total (tax included) as it stands now; `unbilled` clears amount and dates.
/// Every write is kept in the bill's history.
#[utoipa::path(put, path = "/admin/clients/media/{id}/payments", tag = "client_payments", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = MediaPaymentInput,
    responses((status = 200, body = MediaPayment), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AccountantUser(caller): AccountantUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<MediaPaymentInput>,
) -> AppResult<Json<MediaPayment>> {
    let media = media_access::media_for(&state.db, &caller, id).await?;
    let mut v = Validator::new();
    let values = body.check(&mut v);
    v.finish()?;

    let mut tx = state.db.begin().await?;
    let billed_amount = match (values.status, values.billed_amount) {
        (PaymentStatus::Unbilled, _) => None,
        (_, Some(amount)) => Some(amount),
        (_, None) => {
            let rate = current_rates(&mut *tx).await?.consumption_tax;
            let bill = usage::bill_of(&mut tx, media.client_id, id, values.month, rate).await?;
            Some(bill.total_amount)
        }
    };
    db::save_payment(&mut tx, id, &values, billed_amount, caller.user_id).await?;
    let named = NamedRef {
        id,
        name: media.name.clone(),
    };
    let payment = usage::payment(&mut tx, &named, media.client_id, values.month).await?;
    tx.commit().await?;

    emit(&state.hub, &MediaUpdated::of(&state.db, media).await?).await;
    Ok(Json(payment))
}
