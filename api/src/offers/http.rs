//! Offer templates: managers and admins keep them; clients and staff read them when offering work.

use crate::offers::db;
use crate::offers::model::OfferTemplate;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiJson;
use crate::platform::guards::{StaffOrClientUser, StaffUser};
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update, remove))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OfferTemplateInput {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub body: String,
}

impl Declared for OfferTemplateInput {
    const RULES: &'static [FieldRules] = &[
        ("name", &[Rule::Required, Rule::MaxChars(100)]),
        ("body", &[Rule::MaxChars(5000)]),
    ];
}

fn validate(input: &OfferTemplateInput) -> AppResult<()> {
    let mut v = Validator::new();
    v.required("name", &input.name)
        .max_chars("name", &input.name, 100)
        .max_chars("body", &input.body, 5000);
    v.finish()
}

#[utoipa::path(get, path = "/offer_templates", tag = "offer_templates", security(("bearer" = [])),
    responses((status = 200, body = [OfferTemplate]), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    StaffOrClientUser(_caller): StaffOrClientUser,
) -> AppResult<Json<Vec<OfferTemplate>>> {
    Ok(Json(db::templates(&state.db).await?))
}

#[utoipa::path(post, path = "/offer_templates", tag = "offer_templates", security(("bearer" = [])), request_body = OfferTemplateInput,
    responses((status = 201, body = OfferTemplate), (status = 403), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    ApiJson(input): ApiJson<OfferTemplateInput>,
) -> AppResult<(StatusCode, Json<OfferTemplate>)> {
    validate(&input)?;
    let template = db::insert_template(&state.db, input.name.trim(), &input.body).await?;
    Ok((StatusCode::CREATED, Json(template)))
}

#[utoipa::path(put, path = "/offer_templates/{template_id}", tag = "offer_templates", security(("bearer" = [])),
    request_body = OfferTemplateInput, responses((status = 200, body = OfferTemplate), (status = 403), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    Path(template_id): Path<i64>,
    ApiJson(input): ApiJson<OfferTemplateInput>,
) -> AppResult<Json<OfferTemplate>> {
    validate(&input)?;
    db::update_template(&state.db, template_id, input.name.trim(), &input.body)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

#[utoipa::path(delete, path = "/offer_templates/{template_id}", tag = "offer_templates", security(("bearer" = [])),
    responses((status = 204), (status = 403), (status = 404)))]
pub async fn remove(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    Path(template_id): Path<i64>,
) -> AppResult<StatusCode> {
    if db::delete_template(&state.db, template_id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound)
    }
}
