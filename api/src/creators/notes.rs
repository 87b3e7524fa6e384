//! What people note about a creator: the staff memo, the client companies' memos, NG
//! combinations and search tags (with the staff-managed tag list).

use std::collections::HashSet;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::creators::access::{self, Viewer};
use crate::creators::db::{self, ClientMemo, CreatorSearchTag, ManagerMemo, SearchTag, UserRef};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::{ClientUser, ManagerUser, StaffOrClientUser, StaffUser};
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show_manager_memo, update_manager_memo))
        .routes(routes!(show_memos, update_memo))
        .routes(routes!(show_combinations, update_combinations))
        .routes(routes!(list_search_tags, create_search_tag))
        .routes(routes!(
            show_creator_search_tags,
            update_creator_search_tags
        ))
}

pub const MEMO_MAX: usize = 2000;
pub const TAG_NAME_MAX: usize = 50;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MemoInput {
    /// Up to 2000 characters; empty clears it.
    #[serde(default)]
    pub memo: String,
}

fn check_memo(input: &MemoInput) -> AppResult<()> {
    let mut v = Validator::new();
    v.max_chars("memo", &input.memo, MEMO_MAX);
    v.finish()
}

/// 404 unless `id` is a creator.
async fn ensure_creator(state: &AppState, id: i64) -> AppResult<()> {
    db::creator_is_active(&state.db, id)
        .await?
        .map(|_| ())
        .ok_or(AppError::NotFound)
}

/// The staff memo about a creator (staff only).
#[utoipa::path(get, path = "/creators/{id}/manager_memo", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = ManagerMemo), (status = 401), (status = 403), (status = 404)))]
pub async fn show_manager_memo(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    Path(id): Path<i64>,
) -> AppResult<Json<ManagerMemo>> {
    ensure_creator(&state, id).await?;
    Ok(Json(db::manager_memo(&state.db, id).await?))
}

/// Writes the staff memo (staff only).
#[utoipa::path(put, path = "/creators/{id}/manager_memo", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = MemoInput,
    responses((status = 200, body = ManagerMemo), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_manager_memo(
    State(state): State<AppState>,
    StaffUser(caller): StaffUser,
    Path(id): Path<i64>,
    ApiJson(input): ApiJson<MemoInput>,
) -> AppResult<Json<ManagerMemo>> {
    ensure_creator(&state, id).await?;
    check_memo(&input)?;
    db::save_manager_memo(&state.db, id, &input.memo, caller.user_id).await?;
    Ok(Json(db::manager_memo(&state.db, id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MemoList {
    /// The creator.
    pub user_id: i64,
    /// A client user: their company's memo (none or one). Staff: every company's.
    pub memos: Vec<ClientMemo>,
}

async fn memo_list(state: &AppState, viewer: Viewer, id: i64) -> AppResult<MemoList> {
    let client_id = match viewer {
        Viewer::Client { client_id } => Some(client_id),
        _ => None,
    };
    Ok(MemoList {
        user_id: id,
        memos: db::client_memos(&state.db, id, client_id).await?,
    })
}

/// Client memos about a creator: a client user reads their company's; staff read them all.
#[utoipa::path(get, path = "/creators/{id}/memo", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = MemoList), (status = 401), (status = 403), (status = 404)))]
pub async fn show_memos(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path(id): Path<i64>,
) -> AppResult<Json<MemoList>> {
    let viewer = Viewer::of(&caller);
    access::depth(&state.db, viewer, id).await?;
    Ok(Json(memo_list(&state, viewer, id).await?))
}

/// Writes the caller's company's memo about a creator (client users; blank removes it).
#[utoipa::path(put, path = "/creators/{id}/memo", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = MemoInput,
    responses((status = 200, body = MemoList), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_memo(
    State(state): State<AppState>,
    ClientUser(caller): ClientUser,
    Path(id): Path<i64>,
    ApiJson(input): ApiJson<MemoInput>,
) -> AppResult<Json<MemoList>> {
    let viewer = Viewer::of(&caller);
    access::depth(&state.db, viewer, id).await?;
    check_memo(&input)?;
    let Viewer::Client { client_id } = viewer else {
        return Err(AppError::Forbidden);
    };
    db::save_client_memo(&state.db, id, client_id, &input.memo, caller.user_id).await?;
    Ok(Json(memo_list(&state, viewer, id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Combinations {
    /// The creator.
    pub user_id: i64,
    /// Creators who must not be put together with them.
    pub users: Vec<UserRef>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CombinationsInput {
    /// The whole set (replaces the previous one); creators only, not the creator themself.
    #[serde(default)]
    pub user_ids: Vec<i64>,
}

/// A creator's NG combinations (staff).
#[utoipa::path(get, path = "/creators/{id}/combinations", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = Combinations), (status = 401), (status = 403), (status = 404)))]
pub async fn show_combinations(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    Path(id): Path<i64>,
) -> AppResult<Json<Combinations>> {
    ensure_creator(&state, id).await?;
    Ok(Json(Combinations {
        user_id: id,
        users: db::combinations(&state.db, id).await?,
    }))
}

/// Replaces a creator's NG combinations (manager, admin); A–B is also B–A.
#[utoipa::path(put, path = "/creators/{id}/combinations", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = CombinationsInput,
    responses((status = 200, body = Combinations), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_combinations(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    Path(id): Path<i64>,
    ApiJson(input): ApiJson<CombinationsInput>,
) -> AppResult<Json<Combinations>> {
    ensure_creator(&state, id).await?;
    let mut others: Vec<i64> = input.user_ids.clone();
    others.sort_unstable();
    others.dedup();
    let mut v = Validator::new();
    if others.contains(&id) {
        v.fail("user_ids", "different:user_id");
    }
    let creators: HashSet<i64> = db::creator_ids(&state.db, &others)
        .await?
        .into_iter()
        .collect();
    if others.iter().any(|other| !creators.contains(other)) {
        v.fail("user_ids", "exists");
    }
    v.finish()?;
    let mut tx = state.db.begin().await?;
    db::replace_combinations(&mut tx, id, &others, caller.user_id).await?;
    tx.commit().await?;
    Ok(Json(Combinations {
        user_id: id,
        users: db::combinations(&state.db, id).await?,
    }))
}

/// The search tags staff manage, by name.
#[utoipa::path(get, path = "/search_tags", tag = "creators", security(("bearer" = [])),
    responses((status = 200, body = [SearchTag]), (status = 401), (status = 403)))]
pub async fn list_search_tags(
    State(state): State<AppState>,
    StaffOrClientUser(_caller): StaffOrClientUser,
) -> AppResult<Json<Vec<SearchTag>>> {
    Ok(Json(db::search_tags(&state.db).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SearchTagInput {
    #[serde(default)]
    pub name: String,
}

impl Declared for SearchTagInput {
    const RULES: &'static [FieldRules] =
        &[("name", &[Rule::Required, Rule::MaxChars(TAG_NAME_MAX)])];
}

/// Adds a search tag (manager, admin).
#[utoipa::path(post, path = "/search_tags", tag = "creators", security(("bearer" = [])),
    request_body = SearchTagInput,
    responses((status = 201, body = SearchTag), (status = 401), (status = 403), (status = 422)))]
pub async fn create_search_tag(
    State(state): State<AppState>,
    ManagerUser(_caller): ManagerUser,
    ApiJson(input): ApiJson<SearchTagInput>,
) -> AppResult<(StatusCode, Json<SearchTag>)> {
    let name = input.name.trim();
    let mut v = Validator::new();
    v.required("name", name)
        .max_chars("name", name, TAG_NAME_MAX);
    v.finish()?;
    let tag = db::insert_search_tag(&state.db, name)
        .await?
        .ok_or_else(|| AppError::rule("name", "unique"))?;
    Ok((StatusCode::CREATED, Json(tag)))
}

/// The tags on a creator: staff see every tag, others only the tags that are not exclude type.
#[utoipa::path(get, path = "/creators/{id}/search_tags", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = [CreatorSearchTag]), (status = 401), (status = 403), (status = 404)))]
pub async fn show_creator_search_tags(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
) -> AppResult<Json<Vec<CreatorSearchTag>>> {
    let viewer = Viewer::of(&caller);
    access::depth(&state.db, viewer, id).await?;
    Ok(Json(
        db::creator_search_tags(&state.db, id, viewer.is_staff()).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TagChoice {
    pub id: i64,
    #[serde(default)]
    pub is_exclude_type: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreatorSearchTagsInput {
    /// The whole set (replaces the previous one).
    #[serde(default)]
    pub tags: Vec<TagChoice>,
}

/// Replaces the tags on a creator (staff).
#[utoipa::path(put, path = "/creators/{id}/search_tags", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = CreatorSearchTagsInput,
    responses((status = 200, body = [CreatorSearchTag]), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_creator_search_tags(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    Path(id): Path<i64>,
    ApiJson(input): ApiJson<CreatorSearchTagsInput>,
) -> AppResult<Json<Vec<CreatorSearchTag>>> {
    ensure_creator(&state, id).await?;
    let wanted: Vec<i64> = input.tags.iter().map(|t| t.id).collect();
    let known: HashSet<i64> = db::search_tag_ids(&state.db, &wanted)
        .await?
        .into_iter()
        .collect();
    let mut v = Validator::new();
    let mut seen = HashSet::new();
    for (i, tag) in input.tags.iter().enumerate() {
        if !known.contains(&tag.id) {
            v.fail(&format!("tags.{i}.id"), "exists");
        } else if !seen.insert(tag.id) {
            v.fail(&format!("tags.{i}.id"), "distinct");
        }
    }
    v.finish()?;
    let exclude: Vec<bool> = input.tags.iter().map(|t| t.is_exclude_type).collect();
    let mut tx = state.db.begin().await?;
    db::replace_creator_search_tags(&mut tx, id, &wanted, &exclude).await?;
    tx.commit().await?;
    Ok(Json(db::creator_search_tags(&state.db, id, true).await?))
}
