//! `/media`, `/clients/{id}/media` (list, add, edit), and a medium's pages under
//! `/clients/media/{media_id}`: detail, information, members, option payments and customer
//! information. Who may see what is `access.rs`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::session::Caller;
use crate::clients::clients::access::{self as clients_access, ClientScope};
use crate::clients::clients::model::NamedRef;
use crate::clients::media::access::{self, MediaRef};
use crate::clients::media::db;
use crate::clients::media::events::MediaUpdated;
use crate::clients::media::model::{
    CUSTOMER_INFORMATION_MAX, GenreGroupView, MediaDetail, MediaInput, MediaManager, MediaMember,
    MediaSummary, MediaValues, OptionPayment, OptionPaymentInput,
};
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::guards::ManagerUser;
use crate::platform::pagination::Paging;
use crate::platform::text::search_words;
use crate::platform::validation::Validator;
use crate::state::AppState;

/// Media per page of the list.
const PER_PAGE: i64 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(of_client, create))
        .routes(routes!(update))
        .routes(routes!(manager_candidates))
        .routes(routes!(show))
        .routes(routes!(information))
        .routes(routes!(members))
        .routes(routes!(option_payments, add_option_payment))
        .routes(routes!(customer_information, update_customer_information))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Space-separated; each found in the medium's or the company's name.
    pub words: Option<String>,
    /// Staff only: one client's media (a client user always gets its own).
    pub client_id: Option<i64>,
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MediaList {
    pub media: Vec<MediaSummary>,
    #[serde(flatten)]
    pub paging: Paging,
    pub base_url: String,
}

/// Media, newest first: staff see all, a client user its own company's.
#[utoipa::path(get, path = "/media", tag = "media", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = MediaList), (status = 401), (status = 403), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<MediaList>> {
    let scope = ClientScope::of(&caller)?;
    let page = Paging::requested(query.page, 1)?;
    let words = search_words(query.words.as_deref());
    let (total, media) = db::list(
        &state.db,
        scope.narrowed(query.client_id),
        &words,
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    Ok(Json(MediaList {
        media,
        paging: Paging::new(page, PER_PAGE, total, 1),
        base_url: "/media".into(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientMedia {
    pub client: NamedRef,
    pub media: Vec<MediaSummary>,
    /// Whether the caller may add and edit media (managers and admins).
    pub can_edit: bool,
}

/// Every medium of one company (staff, or a user of that company).
#[utoipa::path(get, path = "/clients/{id}/media", tag = "media", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = ClientMedia), (status = 401), (status = 403), (status = 404)))]
pub async fn of_client(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
) -> AppResult<Json<ClientMedia>> {
    clients_access::client_for(&state.db, &caller, id).await?;
    let name: String = sqlx::query_scalar("select company_name from clients where id = $1")
        .bind(id)
        .fetch_one(&state.db)
        .await?;
    Ok(Json(ClientMedia {
        client: NamedRef { id, name },
        media: db::of_client(&state.db, id).await?,
        can_edit: clients_access::may_write(&caller),
    }))
}

/// Tells the staff and the company's users that medium `media_id` changed (after the commit).
async fn announce(state: &AppState, caller: &Caller, media_id: i64) -> AppResult<()> {
    let media = access::media_for(&state.db, caller, media_id).await?;
    emit(&state.hub, &MediaUpdated::of(&state.db, media).await?).await;
    Ok(())
}

/// The form's rules, with its references looked up for client `client_id`.
async fn validate(state: &AppState, client_id: i64, input: &MediaInput) -> AppResult<MediaValues> {
    let mut v = Validator::new();
    let values = input.check(&mut v);
    if !v.failed("genre_group_id") {
        let (no_group, stray_genres, unknown_tags, bad_managers) =
            db::missing_references(&state.db, client_id, &values).await?;
        if no_group {
            v.fail("genre_group_id", "exists");
        } else if stray_genres {
            v.fail("genre_ids", "exists");
        }
        if unknown_tags {
            v.fail("search_tag_ids", "exists");
        }
        if bad_managers {
            v.fail("manager_ids", "exists");
        }
    }
    v.finish()?;
    Ok(values)
}

async fn detail(state: &AppState, caller: &Caller, id: i64) -> AppResult<MediaDetail> {
    let mut summary = db::summary(&state.db, id)
        .await?
        .ok_or(AppError::NotFound)?;
    summary.genre_group = None;
    let genre_group = db::genre_group(&state.db, id).await?;
    let search_tags = db::search_tags(&state.db, id).await?;
    let managers = db::managers(&state.db, id).await?;
    Ok(MediaDetail {
        summary,
        genre_ids: genre_group
            .as_ref()
            .map(|g| g.genres.iter().map(|x| x.id).collect())
            .unwrap_or_default(),
        genre_group_id: genre_group.as_ref().map(|g| g.id),
        genre_group,
        search_tag_ids: search_tags.iter().map(|t| t.id).collect(),
        search_tags,
        manager_ids: managers.iter().map(|m| m.id).collect(),
        managers,
        can_edit: clients_access::may_write(caller),
    })
}

/// Adds a medium to a company (managers and admins).
#[utoipa::path(post, path = "/clients/{id}/media", tag = "media", security(("bearer" = [])), params(("id" = i64, Path)),
    request_body = MediaInput,
    responses((status = 201, body = MediaDetail), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<MediaInput>,
) -> AppResult<(StatusCode, Json<MediaDetail>)> {
    clients_access::client_for(&state.db, &caller, id).await?;
    let values = validate(&state, id, &body).await?;
    let mut tx = state.db.begin().await?;
    let media_id = db::insert(&mut tx, id, &values).await?;
    tx.commit().await?;
    announce(&state, &caller, media_id).await?;
    Ok((
        StatusCode::CREATED,
        Json(detail(&state, &caller, media_id).await?),
    ))
}

/// Changes a medium of a company (managers and admins); a medium of another company is 404.
#[utoipa::path(put, path = "/clients/{id}/media/{media_id}", tag = "media", security(("bearer" = [])),
    params(("id" = i64, Path), ("media_id" = i64, Path)), request_body = MediaInput,
    responses((status = 200, body = MediaDetail), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    Path((id, media_id)): Path<(i64, i64)>,
    ApiJson(body): ApiJson<MediaInput>,
) -> AppResult<Json<MediaDetail>> {
    let media = access::media_for(&state.db, &caller, media_id).await?;
    if media.client_id != id {
        return Err(AppError::NotFound);
    }
    let values = validate(&state, id, &body).await?;
    let mut tx = state.db.begin().await?;
    if !db::update(&mut tx, id, media_id, &values).await? {
        return Err(AppError::NotFound);
    }
    tx.commit().await?;
    announce(&state, &caller, media_id).await?;
    Ok(Json(detail(&state, &caller, media_id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ManagerCandidates {
    pub managers: Vec<MediaManager>,
}

/// Who may be named a manager of the company's media: managers, admins and its own accounts.
#[utoipa::path(get, path = "/clients/{id}/media/manager_candidates", tag = "media", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = ManagerCandidates), (status = 401), (status = 403), (status = 404)))]
pub async fn manager_candidates(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    Path(id): Path<i64>,
) -> AppResult<Json<ManagerCandidates>> {
    clients_access::client_for(&state.db, &caller, id).await?;
    Ok(Json(ManagerCandidates {
        managers: db::manager_candidates(&state.db, id).await?,
    }))
}

/// A medium: its facts, client, genre group with genres, tags, managers and counts.
#[utoipa::path(get, path = "/clients/media/{media_id}", tag = "media", security(("bearer" = [])),
    params(("media_id" = i64, Path)),
    responses((status = 200, body = MediaDetail), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(media_id): Path<i64>,
) -> AppResult<Json<MediaDetail>> {
    access::media_for(&state.db, &caller, media_id).await?;
    Ok(Json(detail(&state, &caller, media_id).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InformationQuery {
    /// 1: members who left their team are listed too.
    pub left_team_members: Option<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MediaInformation {
    pub media: MediaRef,
    pub genre_group: Option<GenreGroupView>,
    pub search_tags: Vec<NamedRef>,
    pub managers: Vec<MediaManager>,
    /// The creators of the medium's teams and their memberships.
    pub team_members: Vec<MediaMember>,
    /// Whether members who left are included.
    pub left_team_members: bool,
}

/// What the medium is about (genre group, tags), who manages it and who works in it.
#[utoipa::path(get, path = "/clients/media/{media_id}/information", tag = "media", security(("bearer" = [])),
    params(("media_id" = i64, Path), InformationQuery),
    responses((status = 200, body = MediaInformation), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn information(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(media_id): Path<i64>,
    ApiQuery(query): ApiQuery<InformationQuery>,
) -> AppResult<Json<MediaInformation>> {
    let media = access::media_for(&state.db, &caller, media_id).await?;
    let include_left = query.left_team_members == Some(1);
    let (_, team_members) = db::members(&state.db, media_id, include_left, None).await?;
    Ok(Json(MediaInformation {
        media,
        genre_group: db::genre_group(&state.db, media_id).await?,
        search_tags: db::search_tags(&state.db, media_id).await?,
        managers: db::managers(&state.db, media_id).await?,
        team_members,
        left_team_members: include_left,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MembersQuery {
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
    /// 1: members who left their team are listed too.
    pub left_team_members: Option<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MediaMembers {
    pub members: Vec<MediaMember>,
    #[serde(flatten)]
    pub paging: Paging,
    pub base_url: String,
}

/// The creators in the medium's teams, each with their teams and status there, paged.
#[utoipa::path(get, path = "/clients/media/{media_id}/members", tag = "media", security(("bearer" = [])),
    params(("media_id" = i64, Path), MembersQuery),
    responses((status = 200, body = MediaMembers), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn members(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(media_id): Path<i64>,
    ApiQuery(query): ApiQuery<MembersQuery>,
) -> AppResult<Json<MediaMembers>> {
    access::media_for(&state.db, &caller, media_id).await?;
    let page = Paging::requested(query.page, 1)?;
    let (total, members) = db::members(
        &state.db,
        media_id,
        query.left_team_members == Some(1),
        Some((PER_PAGE, Paging::offset(page, PER_PAGE, 1))),
    )
    .await?;
    Ok(Json(MediaMembers {
        members,
        paging: Paging::new(page, PER_PAGE, total, 1),
        base_url: format!("/clients/media/{media_id}/members"),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OptionPayments {
    pub option_payments: Vec<OptionPayment>,
    /// Yen, over every listed payment.
    pub total_amount: i64,
    pub can_add: bool,
}

/// The medium's option payments, latest month first.
#[utoipa::path(get, path = "/clients/media/{media_id}/option_payment", tag = "media", security(("bearer" = [])),
    params(("media_id" = i64, Path)),
    responses((status = 200, body = OptionPayments), (status = 401), (status = 403), (status = 404)))]
pub async fn option_payments(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(media_id): Path<i64>,
) -> AppResult<Json<OptionPayments>> {
    access::media_for(&state.db, &caller, media_id).await?;
    let option_payments = db::option_payments(&state.db, media_id).await?;
    Ok(Json(OptionPayments {
        total_amount: option_payments.iter().map(|p| p.amount).sum(),
        option_payments,
        can_add: clients_access::may_write(&caller),
    }))
}

/// Adds an option payment to the medium (managers and admins).
#[utoipa::path(post, path = "/clients/media/{media_id}/option_payment", tag = "media", security(("bearer" = [])),
    params(("media_id" = i64, Path)), request_body = OptionPaymentInput,
    responses((status = 201, body = OptionPayment), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn add_option_payment(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(media_id): Path<i64>,
    ApiJson(body): ApiJson<OptionPaymentInput>,
) -> AppResult<(StatusCode, Json<OptionPayment>)> {
    access::media_for(&state.db, &caller, media_id).await?;
    access::ensure_writer(&caller)?;
    let mut v = Validator::new();
    let values = body.check(&mut v);
    v.finish()?;
    let payment = db::insert_option_payment(&state.db, media_id, caller.user_id, &values).await?;
    announce(&state, &caller, media_id).await?;
    Ok((StatusCode::CREATED, Json(payment)))
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CustomerInformation {
    #[serde(default)]
    pub customer_information: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerInformationView {
    pub customer_information: String,
    pub can_edit: bool,
}

/// The staff's notes on the customer behind the medium (the client reads them).
#[utoipa::path(get, path = "/clients/media/{media_id}/customer_information", tag = "media", security(("bearer" = [])),
    params(("media_id" = i64, Path)),
    responses((status = 200, body = CustomerInformationView), (status = 401), (status = 403), (status = 404)))]
pub async fn customer_information(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(media_id): Path<i64>,
) -> AppResult<Json<CustomerInformationView>> {
    access::media_for(&state.db, &caller, media_id).await?;
    Ok(Json(CustomerInformationView {
        customer_information: db::customer_information(&state.db, media_id).await?,
        can_edit: clients_access::may_write(&caller),
    }))
}

/// Replaces the customer information (managers and admins).
#[utoipa::path(put, path = "/clients/media/{media_id}/customer_information", tag = "media", security(("bearer" = [])),
    params(("media_id" = i64, Path)), request_body = CustomerInformation,
    responses((status = 200, body = CustomerInformationView), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update_customer_information(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(media_id): Path<i64>,
    ApiJson(body): ApiJson<CustomerInformation>,
) -> AppResult<Json<CustomerInformationView>> {
    access::media_for(&state.db, &caller, media_id).await?;
    access::ensure_writer(&caller)?;
    let text = body.customer_information.trim();
    let mut v = Validator::new();
    v.max_chars("customer_information", text, CUSTOMER_INFORMATION_MAX);
    v.finish()?;
    db::set_customer_information(&state.db, media_id, text).await?;
    announce(&state, &caller, media_id).await?;
    Ok(Json(CustomerInformationView {
        customer_information: text.to_string(),
        can_edit: true,
    }))
}
