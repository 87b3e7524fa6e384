//! `/clients` (the staff's list and form), `/clients/{id}`, its accounts and invitations,
//! `/public_clients`, `/clients/plans` and `/clients/team_members`. Who may see what is
//! `access.rs`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::invitations::{self, PendingInvitation};
use crate::accounts::model::MailAddressRequest;
use crate::auth::session::Caller;
use crate::clients::clients::access::{self, ClientScope};
use crate::clients::clients::db;
use crate::clients::clients::model::{
    ClientAccount, ClientDetail, ClientInput, ClientSummary, ClientTeamMember, NamedRef,
    PublicClient,
};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser, ClientIp};
use crate::platform::guards::{ManagerUser, StaffUser};
use crate::platform::pagination::Paging;
use crate::platform::text::search_words;
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show, update))
        .routes(routes!(accounts, invite))
        .routes(routes!(public_clients))
        .routes(routes!(plans))
        .routes(routes!(team_members))
}

pub const PER_PAGE: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Space-separated; each found in the company name or its reading.
    pub words: Option<String>,
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientList {
    pub clients: Vec<ClientSummary>,
    #[serde(flatten)]
    pub paging: Paging,
    pub base_url: String,
}

/// Every client company, newest first (staff).
#[utoipa::path(get, path = "/clients", tag = "clients", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = ClientList), (status = 401), (status = 403), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    StaffUser(_caller): StaffUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<ClientList>> {
    let page = Paging::requested(query.page, 1)?;
    let words = search_words(query.words.as_deref());
    let (total, clients) = db::list(
        &state.db,
        &words,
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    Ok(Json(ClientList {
        clients,
        paging: Paging::new(page, PER_PAGE, total, 1),
        base_url: "/clients".into(),
    }))
}

/// The form's rules, with the plan and prefecture looked up.
async fn validate(
    state: &AppState,
    input: &ClientInput,
) -> AppResult<crate::clients::clients::model::ClientValues> {
    let mut v = Validator::new();
    let values = input.check(&mut v);
    if !v.failed("plan_id") || !v.failed("prefecture_id") {
        let (plan, prefecture) =
            db::references_exist(&state.db, values.plan_id, values.prefecture_id).await?;
        if !plan && !v.failed("plan_id") {
            v.fail("plan_id", "exists");
        }
        if !prefecture && !v.failed("prefecture_id") {
            v.fail("prefecture_id", "exists");
        }
    }
    v.finish()?;
    Ok(values)
}

async fn detail_for(state: &AppState, caller: &Caller, id: i64) -> AppResult<ClientDetail> {
    let mut detail = db::detail(&state.db, id).await?.ok_or(AppError::NotFound)?;
    if !access::sees_note(caller) {
        detail.note = None;
    }
    detail.can_edit = access::may_write(caller);
    Ok(detail)
}

/// Registers a client company (managers and admins).
#[utoipa::path(post, path = "/clients", tag = "clients", security(("bearer" = [])), request_body = ClientInput,
    responses((status = 201, body = ClientDetail), (status = 401), (status = 403), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    ApiJson(body): ApiJson<ClientInput>,
) -> AppResult<(StatusCode, Json<ClientDetail>)> {
    let values = validate(&state, &body).await?;
    let mut conn = state.db.acquire().await?;
    let id = db::insert(&mut conn, &values).await?;
    drop(conn);
    Ok((
        StatusCode::CREATED,
        Json(detail_for(&state, &caller, id).await?),
    ))
}

/// One client company: staff, or a user of that company (another company's is 404).
#[utoipa::path(get, path = "/clients/{id}", tag = "clients", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = ClientDetail), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
) -> AppResult<Json<ClientDetail>> {
    access::client_for(&state.db, &caller, id).await?;
    Ok(Json(detail_for(&state, &caller, id).await?))
}

/// Changes a client company (managers and admins).
#[utoipa::path(put, path = "/clients/{id}", tag = "clients", security(("bearer" = [])), params(("id" = i64, Path)),
    request_body = ClientInput,
    responses((status = 200, body = ClientDetail), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<ClientInput>,
) -> AppResult<Json<ClientDetail>> {
    access::client_for(&state.db, &caller, id).await?;
    let values = validate(&state, &body).await?;
    if !db::update(&state.db, id, &values).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(detail_for(&state, &caller, id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientAccounts {
    pub client: NamedRef,
    pub accounts: Vec<ClientAccount>,
    /// Invitations whose link is still usable and whose address has no account yet.
    pub invitations: Vec<PendingInvitation>,
    /// Whether the caller may invite someone (managers, admins and the company's own users).
    pub can_invite: bool,
}

/// The company's logins and pending invitations.
#[utoipa::path(get, path = "/clients/{id}/accounts", tag = "clients", security(("bearer" = [])), params(("id" = i64, Path)),
    responses((status = 200, body = ClientAccounts), (status = 401), (status = 403), (status = 404)))]
pub async fn accounts(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<i64>,
) -> AppResult<Json<ClientAccounts>> {
    access::client_for(&state.db, &caller, id).await?;
    let name = db::company_name(&state.db, id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(ClientAccounts {
        client: NamedRef { id, name },
        accounts: db::accounts(&state.db, id).await?,
        invitations: invitations::pending(&state.db, id).await?,
        can_invite: access::may_invite(&caller, id),
    }))
}

/// Mails an invitation to join the company (the client sign-up's link).
#[utoipa::path(post, path = "/clients/{id}/accounts", tag = "clients", security(("bearer" = [])), params(("id" = i64, Path)),
    request_body = MailAddressRequest,
    responses((status = 204, description = "the invitation was mailed"), (status = 401), (status = 403), (status = 404),
              (status = 422, description = "invalid or already registered (unique)"), (status = 429)))]
pub async fn invite(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ClientIp(ip): ClientIp,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<MailAddressRequest>,
) -> AppResult<StatusCode> {
    access::invitable_client(&state.db, &caller, id).await?;
    let name = db::company_name(&state.db, id)
        .await?
        .ok_or(AppError::NotFound)?;
    invitations::invite_to_client(&state, &ip, id, &name, &body.mail_address).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PublicClients {
    pub clients: Vec<PublicClient>,
}

/// The companies that agreed to be named (any logged-in member).
#[utoipa::path(get, path = "/public_clients", tag = "clients", security(("bearer" = [])),
    responses((status = 200, body = PublicClients), (status = 401)))]
pub async fn public_clients(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
) -> AppResult<Json<PublicClients>> {
    Ok(Json(PublicClients {
        clients: db::public_clients(&state.db).await?,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Plans {
    pub plans: Vec<NamedRef>,
}

/// The contract plans a company can be on.
#[utoipa::path(get, path = "/clients/plans", tag = "clients", security(("bearer" = [])),
    responses((status = 200, body = Plans), (status = 401)))]
pub async fn plans(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
) -> AppResult<Json<Plans>> {
    Ok(Json(Plans {
        plans: db::plans(&state.db).await?,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TeamMembersQuery {
    /// Staff only: narrow to one client (a client user always gets its own).
    pub client_id: Option<i64>,
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TeamMembers {
    pub members: Vec<ClientTeamMember>,
    #[serde(flatten)]
    pub paging: Paging,
    pub base_url: String,
}

/// The creators who are members of the client's teams, with the teams they are in.
#[utoipa::path(get, path = "/clients/team_members", tag = "clients", security(("bearer" = [])), params(TeamMembersQuery),
    responses((status = 200, body = TeamMembers), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn team_members(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiQuery(query): ApiQuery<TeamMembersQuery>,
) -> AppResult<Json<TeamMembers>> {
    let scope = ClientScope::of(&caller)?;
    let client_id = scope.narrowed(query.client_id);
    if let Some(id) = client_id {
        access::client_for(&state.db, &caller, id).await?;
    }
    let page = Paging::requested(query.page, 1)?;
    let (total, members) = db::team_members(
        &state.db,
        client_id,
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    Ok(Json(TeamMembers {
        members,
        paging: Paging::new(page, PER_PAGE, total, 1),
        base_url: "/clients/team_members".into(),
    }))
}
