//! `GET /users/{id}/bank_accounts` (the owner, accountants and admins) and the creator's own
//! `POST` / `PUT /users/me/bank_accounts`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::session::Caller;
use crate::bank_accounts::db::{self, NewAccount};
use crate::bank_accounts::invoice_registry::{self, InvoiceRegistry, REGISTRY_FAILURE};
use crate::bank_accounts::model::BankAccountDetail;
use crate::bank_accounts::{access, rules};
use crate::master;
use crate::platform::clock::tokyo_today;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::CreatorUser;
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(show_mine, create, update))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BankAccountFields {
    pub bank_id: Option<i64>,
    pub bank_branch_id: Option<i64>,
    /// `ordinary`, `current` or `savings`.
    #[serde(default)]
    pub deposit_type: String,
    /// 7 digits; full-width digits are accepted.
    #[serde(default)]
    pub number: String,
    /// Katakana and the other characters a Zengin transfer accepts.
    #[serde(default)]
    pub holder_kana: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct InvoiceFields {
    /// `T` and 13 digits with a valid check digit; empty or absent when not registered.
    pub registration_number: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BankAccountInput {
    #[serde(default)]
    pub bank_account: BankAccountFields,
    #[serde(default)]
    pub invoice: InvoiceFields,
}

/// The bank account of user `id` (`me` for the caller). 404 has no body.
#[utoipa::path(get, path = "/users/{id}/bank_accounts", tag = "bank_accounts", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")),
    responses((status = 200, body = BankAccountDetail), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let user_id = caller.user_in_path(&id)?;
    if !access::may_read(&caller, user_id) {
        return Err(AppError::Forbidden);
    }
    found(db::find(&state.db, user_id).await?)
}

/// The caller's own bank account (the `me` path is its own route); 404 when there is none.
#[utoipa::path(get, path = "/users/me/bank_accounts", tag = "bank_accounts", security(("bearer" = [])),
    responses((status = 200, body = BankAccountDetail), (status = 401), (status = 404)))]
pub async fn show_mine(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Response> {
    found(db::find(&state.db, caller.user_id).await?)
}

/// No account yet is a 404 with the error body, like every error (the web app reads it as
/// "nothing registered").
fn found(detail: Option<BankAccountDetail>) -> AppResult<Response> {
    detail
        .map(|detail| Json(detail).into_response())
        .ok_or(AppError::NotFound)
}

/// Registers the caller's bank account (422 when one exists).
#[utoipa::path(post, path = "/users/me/bank_accounts", tag = "bank_accounts", security(("bearer" = [])),
    request_body = BankAccountInput,
    responses((status = 201, body = BankAccountDetail), (status = 401), (status = 403), (status = 422),
              (status = 502, description = "the invoice registry could not be asked")))]
pub async fn create(
    State(state): State<AppState>,
    CreatorUser(caller): CreatorUser,
    ApiJson(input): ApiJson<BankAccountInput>,
) -> AppResult<(StatusCode, Json<BankAccountDetail>)> {
    let account = validate(&state, &caller, &input).await?;
    let mut tx = state.db.begin().await?;
    if db::insert(&mut *tx, caller.user_id, &account)
        .await?
        .is_none()
    {
        return Err(AppError::rule("bank_account", "unique"));
    }
    let saved = record_and_read(&mut tx, caller.user_id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// Changes the caller's bank account (404 when there is none yet). The change pays from this
/// month when made by the 5th, else from the next month (`pays_from`).
#[utoipa::path(put, path = "/users/me/bank_accounts", tag = "bank_accounts", security(("bearer" = [])),
    request_body = BankAccountInput,
    responses((status = 200, body = BankAccountDetail), (status = 401), (status = 403), (status = 404), (status = 422),
              (status = 502, description = "the invoice registry could not be asked")))]
pub async fn update(
    State(state): State<AppState>,
    CreatorUser(caller): CreatorUser,
    ApiJson(input): ApiJson<BankAccountInput>,
) -> AppResult<Json<BankAccountDetail>> {
    let account = validate(&state, &caller, &input).await?;
    let mut tx = state.db.begin().await?;
    if db::update(&mut *tx, caller.user_id, &account)
        .await?
        .is_none()
    {
        return Err(AppError::NotFound);
    }
    let saved = record_and_read(&mut tx, caller.user_id).await?;
    tx.commit().await?;
    Ok(Json(saved))
}

/// Keeps the written account as the version paying from its effective month and reads it back.
async fn record_and_read(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    user_id: i64,
) -> AppResult<BankAccountDetail> {
    db::record_version(tx, user_id, rules::effective_month(tokyo_today())).await?;
    db::find(&mut **tx, user_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the account just written is missing").into())
}

const BANK: &str = "bank_account.bank_id";
const BRANCH: &str = "bank_account.bank_branch_id";
const DEPOSIT_TYPE: &str = "bank_account.deposit_type";
const NUMBER: &str = "bank_account.number";
const HOLDER: &str = "bank_account.holder_kana";
const INVOICE: &str = "invoice.registration_number";

/// Every rule of the form at once, and the master names of the chosen bank and branch; then
/// the invoice registration number against the registry and the caller's profile.
async fn validate(
    state: &AppState,
    caller: &Caller,
    input: &BankAccountInput,
) -> AppResult<NewAccount> {
    let fields = &input.bank_account;
    let mut v = Validator::new();

    let bank = match fields.bank_id {
        None => {
            v.fail(BANK, "required");
            None
        }
        Some(id) => {
            let bank = master::db::bank_by_id(&state.db, id).await?;
            if bank.is_none() {
                v.fail(BANK, "exists");
            }
            bank
        }
    };
    let branch = match fields.bank_branch_id {
        None => {
            v.fail(BRANCH, "required");
            None
        }
        Some(id) => {
            // A branch of another bank does not exist for the chosen one.
            let branch = master::db::branch_by_id(&state.db, id)
                .await?
                .filter(|branch| bank.as_ref().is_none_or(|b| b.id == branch.bank_id));
            if branch.is_none() {
                v.fail(BRANCH, "exists");
            }
            branch
        }
    };

    if fields.deposit_type.is_empty() {
        v.fail(DEPOSIT_TYPE, "required");
    } else if !rules::DEPOSIT_TYPES.contains(&fields.deposit_type.as_str()) {
        v.fail(
            DEPOSIT_TYPE,
            format!("in:{}", rules::DEPOSIT_TYPES.join(",")),
        );
    }

    let number = rules::normalize_number(&fields.number);
    v.required(NUMBER, &number);
    if !number.is_empty() && !rules::is_account_number(&number) {
        v.fail(NUMBER, "digits:7");
    }

    let holder = fields.holder_kana.trim().to_string();
    v.required(HOLDER, &holder).max_chars(HOLDER, &holder, 30);
    if !holder.is_empty() && !rules::is_holder_kana(&holder) {
        v.fail(HOLDER, "katakana");
    }

    let invoice_number = input
        .invoice
        .registration_number
        .as_deref()
        .map(rules::normalize_invoice_number)
        .filter(|n| !n.is_empty());
    if let Some(n) = &invoice_number {
        if !rules::is_invoice_format(n) {
            v.fail(INVOICE, "invoice_number");
        } else if !rules::has_valid_check_digit(n) {
            v.fail(INVOICE, "invoice_check_digit");
        }
    }

    v.finish()?;
    if let Some(number) = &invoice_number {
        check_registration(state, caller, number).await?;
    }
    let (bank, branch) = bank
        .zip(branch)
        .ok_or_else(|| AppError::rule(BANK, "required"))?;
    Ok(NewAccount {
        bank_id: bank.id,
        bank_name: bank.name,
        bank_code: bank.bank_code,
        bank_branch_id: branch.id,
        branch_name: branch.name,
        branch_code: branch.bank_branch_code,
        deposit_type: fields.deposit_type.clone(),
        number,
        holder_kana: holder,
        invoice_number,
    })
}

/// 422 on the invoice number naming each way the registration does not fit the payee (its
/// state, name, country, individual/corporate type, with the registered content); 502 when the
/// registry cannot be asked.
async fn check_registration(state: &AppState, caller: &Caller, number: &str) -> AppResult<()> {
    let registration = InvoiceRegistry::configured(&state.config, &state.db)
        .lookup(number)
        .await
        .map_err(|e| {
            tracing::warn!(reason = %e, "invoice registry lookup failed");
            AppError::Upstream(REGISTRY_FAILURE.into())
        })?;
    let payee = db::payee(&state.db, caller.user_id).await?;
    let problems = invoice_registry::check(registration.as_ref(), &payee, tokyo_today());
    if problems.is_empty() {
        return Ok(());
    }
    let mut v = Validator::new();
    for rule in problems {
        v.fail(INVOICE, rule);
    }
    v.finish()
}
