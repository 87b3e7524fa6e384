//! Lookups for the profile and bank-account forms: prefectures and postal codes (public: the
//! sign-up profile form is filled before the first login), banks and branches, genres and the
//! possible-work types (members only).

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use std::collections::BTreeMap;

use crate::master::model::{
    Bank, BankBranch, Genre, GenreGroup, PossibleWorkType, PostalCodeAddresses, Prefecture,
};
use crate::master::{OVERSEAS_PREFECTURE_ID, db};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::text::half_width_digits;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(prefectures))
        .routes(routes!(postal_code))
        .routes(routes!(banks))
        .routes(routes!(often_used_banks))
        .routes(routes!(branches))
        .routes(routes!(genres))
        .routes(routes!(child_genres))
        .routes(routes!(group_child_genres))
        .routes(routes!(possible_works))
}

const BANKS_LIMIT: i64 = 50;
const OFTEN_USED_LIMIT: i64 = 10;
const BRANCHES_LIMIT: i64 = 100;

/// The 47 prefectures by their JIS X 0401 code, then 「海外」 (overseas).
#[utoipa::path(get, path = "/prefectures", tag = "master", responses((status = 200, body = [Prefecture])))]
pub async fn prefectures(State(state): State<AppState>) -> AppResult<Json<Vec<Prefecture>>> {
    let mut list = db::prefectures(&state.db).await?;
    list.push(Prefecture {
        id: OVERSEAS_PREFECTURE_ID,
        name: "海外".into(),
    });
    Ok(Json(list))
}

/// The addresses of a postal code (`1130021`, `113-0021` or full-width digits).
#[utoipa::path(get, path = "/postal_codes/{postal_code}", tag = "master",
    responses((status = 200, body = PostalCodeAddresses), (status = 404), (status = 422)))]
pub async fn postal_code(
    State(state): State<AppState>,
    Path(postal_code): Path<String>,
) -> AppResult<Json<PostalCodeAddresses>> {
    let code: String = half_width_digits(&postal_code)
        .chars()
        .filter(|c| !matches!(c, '-' | '－' | 'ー' | '〒' | ' '))
        .collect();
    if code.len() != 7 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::rule("postal_code", "digits:7"));
    }
    let addresses = db::addresses(&state.db, &code).await?;
    if addresses.is_empty() {
        return Err(AppError::NotFound);
    }
    Ok(Json(PostalCodeAddresses {
        postal_code: code,
        addresses,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KeywordQuery {
    /// A code prefix, or part of the name in kanji, katakana or hiragana.
    #[serde(default)]
    pub keyword: String,
}

/// Banks whose code, name or reading matches; the most used first.
#[utoipa::path(get, path = "/banks", tag = "master", security(("bearer" = [])), params(KeywordQuery),
    responses((status = 200, body = [Bank]), (status = 401)))]
pub async fn banks(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
    ApiQuery(query): ApiQuery<KeywordQuery>,
) -> AppResult<Json<Vec<Bank>>> {
    let keyword = half_width_digits(query.keyword.trim());
    Ok(Json(db::banks(&state.db, &keyword, BANKS_LIMIT).await?))
}

/// The banks Tsumugi's members use most, offered before any typing.
#[utoipa::path(get, path = "/banks/often_used", tag = "master", security(("bearer" = [])),
    responses((status = 200, body = [Bank]), (status = 401)))]
pub async fn often_used_banks(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
) -> AppResult<Json<Vec<Bank>>> {
    Ok(Json(
        db::often_used_banks(&state.db, OFTEN_USED_LIMIT).await?,
    ))
}

/// A bank's branches whose code, name or reading matches.
#[utoipa::path(get, path = "/banks/{bank_id}/branches", tag = "master", security(("bearer" = [])), params(KeywordQuery),
    responses((status = 200, body = [BankBranch]), (status = 401), (status = 404)))]
pub async fn branches(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
    Path(bank_id): Path<i32>,
    ApiQuery(query): ApiQuery<KeywordQuery>,
) -> AppResult<Json<Vec<BankBranch>>> {
    if db::bank_by_id(&state.db, bank_id.into()).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let keyword = half_width_digits(query.keyword.trim());
    Ok(Json(
        db::branches(&state.db, bank_id, &keyword, BRANCHES_LIMIT).await?,
    ))
}

/// The genre groups, each with its top-level genres.
#[utoipa::path(get, path = "/genres", tag = "master", security(("bearer" = [])),
    responses((status = 200, body = [GenreGroup]), (status = 401)))]
pub async fn genres(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
) -> AppResult<Json<Vec<GenreGroup>>> {
    Ok(Json(db::genre_groups(&state.db).await?))
}

/// The child genres of a genre (404 for an unknown genre).
#[utoipa::path(get, path = "/genres/{genre_id}/child_genres", tag = "master", security(("bearer" = [])),
    responses((status = 200, body = [Genre]), (status = 401), (status = 404)))]
pub async fn child_genres(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
    Path(genre_id): Path<i64>,
) -> AppResult<Json<Vec<Genre>>> {
    db::child_genres(&state.db, genre_id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

/// Every child genre of a genre group, keyed by the id of its parent genre (404 for an unknown
/// group). JSON object keys are strings: the document says so (the ids are decimal).
#[utoipa::path(get, path = "/genre_groups/{genre_group_id}/child_genres", tag = "master", security(("bearer" = [])),
    responses((status = 200, body = BTreeMap<String, Vec<Genre>>), (status = 401), (status = 404)))]
pub async fn group_child_genres(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
    Path(group_id): Path<i64>,
) -> AppResult<Json<BTreeMap<i64, Vec<Genre>>>> {
    db::group_child_genres(&state.db, group_id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

/// The work types a creator can say they take on (the spec's work types, with their labels).
#[utoipa::path(get, path = "/possible_works", tag = "master", security(("bearer" = [])),
    responses((status = 200, body = [PossibleWorkType]), (status = 401)))]
pub async fn possible_works(AuthUser(_caller): AuthUser) -> Json<Vec<PossibleWorkType>> {
    Json(
        crate::work::tasks::task_type::TASK_TYPES
            .iter()
            .map(|&(id, work_name)| PossibleWorkType { id, work_name })
            .collect(),
    )
}
