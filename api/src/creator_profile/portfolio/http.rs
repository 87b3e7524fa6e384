//! `GET /users/{id}/portfolio` (the creator and staff) and `PUT /users/me/portfolio` (the
//! creator; files are uploaded first with `POST /files`).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::model::PortfolioText;
use super::{Publishability, db};
use crate::creator_profile::access;
use crate::files::FileView;
use crate::platform::error::AppResult;
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, update))
}

pub const TEXT_MAX: usize = 2000;
pub const FILES_MAX: usize = 10;

#[derive(Debug, Serialize, ToSchema)]
pub struct Portfolio {
    /// `None` until the creator saves one.
    pub portfolio: Option<PortfolioText>,
    pub portfolio_files: Vec<FileView>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PortfolioTextInput {
    #[serde(default)]
    pub portfolio: String,
    /// `not_set` when absent.
    pub publishability: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PortfolioInput {
    #[serde(default)]
    pub portfolio: PortfolioTextInput,
    /// Files the caller uploaded, in the order shown; at most 10.
    #[serde(default)]
    pub portfolio_file_ids: Vec<i64>,
}

/// The portfolio of user `id` (`me` for the caller).
#[utoipa::path(get, path = "/users/{id}/portfolio", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")),
    responses((status = 200, body = Portfolio), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<Portfolio>> {
    let user_id = access::readable(&state.db, &caller, &id).await?;
    load(&state, user_id).await.map(Json)
}

async fn load(state: &AppState, user_id: i64) -> AppResult<Portfolio> {
    Ok(Portfolio {
        portfolio: db::find(&state.db, user_id).await?,
        portfolio_files: db::files(&state.db, user_id).await?,
    })
}

/// Saves the caller's portfolio. Errors: `portfolio.portfolio` (required without files,
/// max:2000), `portfolio.publishability` (in), `portfolio_file_ids` (max:10, or exists for a
/// file that is not the caller's).
#[utoipa::path(put, path = "/users/{id}/portfolio", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "`me`")), request_body = PortfolioInput,
    responses((status = 200, body = Portfolio), (status = 401), (status = 403), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<PortfolioInput>,
) -> AppResult<Json<Portfolio>> {
    let user_id = access::writable(&caller, &id)?;
    let mut v = Validator::new();
    let text = input.portfolio.portfolio.trim().to_string();
    let mut file_ids = input.portfolio_file_ids;
    let mut seen = Vec::with_capacity(file_ids.len());
    file_ids.retain(|id| {
        let first = !seen.contains(id);
        seen.push(*id);
        first
    });
    if file_ids.is_empty() {
        v.required("portfolio.portfolio", &text);
    }
    v.max_chars("portfolio.portfolio", &text, TEXT_MAX);
    let publishability = match input.portfolio.publishability.as_deref() {
        None | Some("") => Some(Publishability::NotSet),
        Some(value) => Publishability::parse(value),
    };
    if publishability.is_none() {
        v.fail("portfolio.publishability", Publishability::rule());
    }
    if file_ids.len() > FILES_MAX {
        v.fail("portfolio_file_ids", format!("max:{FILES_MAX}"));
    } else if db::own_files(&state.db, user_id, &file_ids).await?.len() != file_ids.len() {
        v.fail("portfolio_file_ids", "exists");
    }
    v.finish()?;
    let saved = PortfolioText {
        portfolio: text,
        publishability: publishability.unwrap_or(Publishability::NotSet),
    };
    let mut tx = state.db.begin().await?;
    db::save(&mut tx, user_id, &saved, &file_ids).await?;
    tx.commit().await?;
    load(&state, user_id).await.map(Json)
}
