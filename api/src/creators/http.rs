//! A creator's page (`/creators/{id}`, its simple detail, attributes and tasks) and the creator
//! search (`/users/search` and the options its filter panel offers). Who sees what is
//! `access.rs`; memos, NG combinations and tags are `notes.rs`.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::creators::access::{self, Depth, Viewer};
use crate::creators::db::{self, GenreGroupOption, SearchTag};
use crate::creators::detail;
use crate::creators::model::{
    AgeBand, CreatorCard, CreatorDetail, LanguageView, Prefecture, SimpleCreator,
};
use crate::creators::notes;
use crate::creators::search::{self, SearchFilter};
use crate::master;
use crate::platform::clock::tokyo_today;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::guards::StaffOrClientUser;
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::state::AppState;
use crate::work::tasks::model::TaskView;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(simple_detail))
        .routes(routes!(attributes))
        .routes(routes!(tasks))
        .routes(routes!(search_users))
        .routes(routes!(search_options))
        .merge(notes::router())
}

/// The attribute keys a client may see (spec: languages, socials, photo policy, available time
/// slot); every other key (income, family, marital, children, chatwork …) is staff-only.
const PUBLIC_ATTRIBUTES: [&str; 3] = ["available_time_slot", "can_open_image_type", "socials"];

/// A creator's page: public fields for clients, every field for staff and the creator
/// themself, and what the caller may do there.
#[utoipa::path(get, path = "/creators/{id}", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = CreatorDetail), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
) -> AppResult<Json<CreatorDetail>> {
    let viewer = Viewer::of(&caller);
    let depth = access::depth(&state.db, viewer, id).await?;
    Ok(Json(
        detail::load(&state.db, id, depth, viewer.abilities()).await?,
    ))
}

/// Id, name, image and work status, for anyone who may see the creator.
#[utoipa::path(get, path = "/creators/{id}/simple_detail", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = SimpleCreator), (status = 401), (status = 403), (status = 404)))]
pub async fn simple_detail(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
) -> AppResult<Json<SimpleCreator>> {
    access::depth(&state.db, Viewer::of(&caller), id).await?;
    db::simple(&state.db, id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatorAttributes {
    /// The creator.
    pub user_id: i64,
    /// Stored attributes (spec section 3, User attributes): every key for staff and the creator,
    /// only `available_time_slot`, `can_open_image_type` and `socials` for clients.
    pub attributes: Map<String, Value>,
    pub languages: Vec<LanguageView>,
}

/// A creator's attributes as far as the caller may see them.
#[utoipa::path(get, path = "/creators/{id}/attributes", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = CreatorAttributes), (status = 401), (status = 403), (status = 404)))]
pub async fn attributes(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
) -> AppResult<Json<CreatorAttributes>> {
    let depth = access::depth(&state.db, Viewer::of(&caller), id).await?;
    let row = db::creator(&state.db, id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut attributes = match row.attributes {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    if depth == Depth::Public {
        attributes.retain(|key, _| PUBLIC_ATTRIBUTES.contains(&key.as_str()));
    }
    Ok(Json(CreatorAttributes {
        user_id: id,
        attributes,
        languages: db::languages(&state.db, id).await?,
    }))
}

pub const TASKS_PER_PAGE: i64 = 20;

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatorTasks {
    pub tasks: Vec<TaskView>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// The creator's tasks the caller may see (staff: all; a client: its own media's), newest first.
#[utoipa::path(get, path = "/creators/{id}/tasks", tag = "creators", security(("bearer" = [])),
    params(("id" = i64, Path), PageQuery),
    responses((status = 200, body = CreatorTasks), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn tasks(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<CreatorTasks>> {
    access::depth(&state.db, Viewer::of(&caller), id).await?;
    let page = Paging::requested(query.page, 1)?;
    let (total, tasks) = db::tasks_page(
        &state.db,
        &caller,
        id,
        TASKS_PER_PAGE,
        Paging::offset(page, TASKS_PER_PAGE, 1),
    )
    .await?;
    Ok(Json(CreatorTasks {
        tasks,
        paging: Paging::new(page, TASKS_PER_PAGE, total, 1),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResult {
    pub users: Vec<CreatorCard>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// Creators matching every given filter, newest first (clients: active creators only).
#[utoipa::path(get, path = "/users/search", tag = "creators", security(("bearer" = [])),
    params(
        ("genre_ids[]" = Option<Vec<i64>>, Query, description = "any of these genres (a genre includes its child genres)"),
        ("genre_group_ids[]" = Option<Vec<i64>>, Query, description = "a skill in any of these genre groups"),
        ("work_statuses[]" = Option<Vec<String>>, Query, description = "not_set, accepting, conditionally_accepting, not_accepting"),
        ("search_tag_ids[]" = Option<Vec<i64>>, Query, description = "carries any of these tags (not as exclude type)"),
        ("exclude_search_tag_ids[]" = Option<Vec<i64>>, Query, description = "carries none of these tags"),
        ("age_bands[]" = Option<Vec<String>>, Query, description = "teens, early_twenties … over_sixties (age today in Japan)"),
        ("region" = Option<String>, Query, description = "japan or overseas"),
        ("prefecture_ids[]" = Option<Vec<i16>>, Query),
        ("language_ids[]" = Option<Vec<i32>>, Query),
        ("words" = Option<String>, Query, description = "space-separated; each found in the name, user name, profile text or a skill detail"),
        ("page" = Option<i64>, Query, minimum = 0, maximum = 100000, description = "from 1")),
    responses((status = 200, body = SearchResult), (status = 401), (status = 403), (status = 422)))]
pub async fn search_users(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    RawQuery(query): RawQuery,
) -> AppResult<Json<SearchResult>> {
    let filter = SearchFilter::from_query(query.as_deref())?;
    let (total, users) = db::search(&state.db, &filter, Viewer::of(&caller), tokyo_today()).await?;
    Ok(Json(SearchResult {
        users,
        paging: Paging::new(filter.page, search::PER_PAGE, total, 1),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgeBandOption {
    pub value: AgeBand,
    pub label: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchOptions {
    pub genre_groups: Vec<GenreGroupOption>,
    pub search_tags: Vec<SearchTag>,
    /// The 47 prefectures and 海外 (99).
    pub prefectures: Vec<Prefecture>,
    pub age_bands: Vec<AgeBandOption>,
}

/// What the search's filter panel offers: genre groups with their genres, tags, prefectures
/// and age bands.
#[utoipa::path(get, path = "/creators/search_options", tag = "creators", security(("bearer" = [])),
    responses((status = 200, body = SearchOptions), (status = 401), (status = 403)))]
pub async fn search_options(
    State(state): State<AppState>,
    StaffOrClientUser(_caller): StaffOrClientUser,
) -> AppResult<Json<SearchOptions>> {
    let mut prefectures = master::db::prefectures(&state.db).await?;
    if !prefectures
        .iter()
        .any(|p| p.id == master::OVERSEAS_PREFECTURE_ID)
    {
        prefectures.push(Prefecture {
            id: master::OVERSEAS_PREFECTURE_ID,
            name: "海外".into(),
        });
    }
    Ok(Json(SearchOptions {
        genre_groups: db::genre_groups(&state.db).await?,
        search_tags: db::search_tags(&state.db).await?,
        prefectures,
        age_bands: AgeBand::ALL
            .iter()
            .map(|&value| AgeBandOption {
                value,
                label: value.label(),
            })
            .collect(),
    }))
}
