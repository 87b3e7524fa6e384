//! `/users/{id}/purchase_orders` and `/users/{id}/purchase_orders/{purchase_order_id}`: a
//! creator's purchase orders, read by the creator, accountants and admins.

use axum::Json;
use axum::extract::{Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::money::purchase_orders::model::{
    Issuer, PurchaseOrder, PurchaseOrderList, PurchaseOrderSummary, Recipient, number, total,
};
use crate::money::purchase_orders::{db, terms};
use crate::money::rewards::access::ensure_may_read;
use crate::money::rewards::tax::Rate;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(detail))
}

pub const PER_PAGE: i64 = 20;

/// A creator's orders, newest first, each in its current version. The creator themself,
/// accountants and admins only (403 for anyone else; 404 for a user who is not a creator).
#[utoipa::path(get, path = "/users/{id}/purchase_orders", tag = "purchase_orders", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), PageQuery),
    responses((status = 200, body = PurchaseOrderList), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<PurchaseOrderList>> {
    let user_id = caller.user_in_path(&id)?;
    ensure_may_read(&caller, user_id)?;
    let page = Paging::requested(query.page, 1)?;
    crate::money::rewards::db::payee(&state.db, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let total_orders = db::count(&state.db, user_id).await?;
    let rows = db::page(
        &state.db,
        user_id,
        Paging::offset(page, PER_PAGE, 1),
        PER_PAGE,
    )
    .await?;
    let purchase_orders = rows
        .into_iter()
        .map(PurchaseOrderSummary::complete)
        .collect();
    Ok(Json(PurchaseOrderList {
        base_url: "/purchase_orders".into(),
        paging: Paging::new(page, PER_PAGE, total_orders, 1),
        purchase_orders,
    }))
}

/// One version of one of the creator's orders (404 when it is not theirs), with its other
/// versions and what changed against the previous one.
#[utoipa::path(get, path = "/users/{id}/purchase_orders/{purchase_order_id}", tag = "purchase_orders", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`"), ("purchase_order_id" = i64, Path)),
    responses((status = 200, body = PurchaseOrder), (status = 401), (status = 403), (status = 404)))]
pub async fn detail(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((id, purchase_order_id)): Path<(String, i64)>,
) -> AppResult<Json<PurchaseOrder>> {
    let user_id = caller.user_in_path(&id)?;
    ensure_may_read(&caller, user_id)?;
    let row = db::find(&state.db, user_id, purchase_order_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let versions = db::versions(&state.db, row.task_id, row.user_id).await?;
    let superseded_by = versions
        .iter()
        .find(|v| v.version == row.version + 1)
        .map(|v| v.id);
    let changed_fields = match row.version {
        1 => Vec::new(),
        version => db::terms_of_version(&state.db, row.task_id, row.user_id, version - 1)
            .await?
            .map(|before| row.terms.changed_since(&before))
            .unwrap_or_default(),
    };
    let issuer = match row.issuer_name {
        Some(name) => Issuer {
            name,
            address: row.issuer_address.unwrap_or_default(),
            invoice_registration_number: row.issuer_invoice_number,
        },
        // Backfilled orders were issued before the database knew the operator.
        None => {
            let operator = &state.config.operator;
            Issuer {
                name: operator.name.clone(),
                address: operator.address.clone(),
                invoice_registration_number: operator.invoice_number.clone(),
            }
        }
    };
    let reward_amount = row.terms.reward_amount;
    Ok(Json(PurchaseOrder {
        id: row.id,
        number: number(row.task_id, row.version),
        version: row.version,
        reason: row.reason,
        issued_at: row.issued_at,
        is_superseded: superseded_by.is_some(),
        superseded_by,
        changed_fields,
        versions,
        issuer,
        recipient: Recipient {
            user_id: row.user_id,
            name: row.recipient_name,
            account_type: row.recipient_account_type.clone(),
            invoice_registration_number: row.recipient_invoice_number,
        },
        client_name: row.client_name,
        media_name: row.media_name,
        project_name: row.project_name,
        work_name: row.work_name,
        task_id: row.task_id,
        task_type: row.terms.task_type,
        title: row.terms.title,
        reward_amount,
        consumption_tax_rate_percent: Rate::bp(row.consumption_tax_rate_bp.max(0) as u32)
            .to_percent_string(),
        consumption_tax: row.consumption_tax,
        total_amount: total(reward_amount, row.consumption_tax),
        withholding_applies: row.recipient_account_type == "personal",
        order_date: row.terms.order_date,
        due_date: row.terms.due_date,
        delivery_place: row.delivery_place,
        received_on: row.received_on,
        inspected_on: row.inspected_on,
        payment_terms: row.payment_terms,
        payment_due_date: row.received_on.map(terms::payment_due),
        payment_method: row.payment_method,
    }))
}
