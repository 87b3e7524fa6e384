//! Media teams under `/clients/media/{media_id}/teams` (the client's users and staff): the
//! router of the whole domain, and the teams themselves (list, create, show, update, favourite).
//! A team's members are `members.rs`, the offers to them and the creator's answers `offers.rs`;
//! every member-status change goes through `status.rs`, its side effects through `changes.rs`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::session::Caller;
use crate::chat;
use crate::clients::media::access::media_for;
use crate::clients::teams::access;
use crate::clients::teams::db;
use crate::clients::teams::model::TeamView;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery};
use crate::platform::guards::StaffOrClientUser;
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;

use super::{members, offers};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_teams, create_team))
        .routes(routes!(show_team, update_team))
        .routes(routes!(members::list_members, members::add_members))
        .routes(routes!(members::candidates))
        .routes(routes!(members::update_member, members::remove_member))
        .routes(routes!(offers::offer))
        .routes(routes!(offers::decline_offer))
        .routes(routes!(members::message))
        .routes(routes!(favorite))
        .routes(routes!(offers::answer_offer))
        .routes(routes!(offers::received_offers))
}

pub const TEAMS_PER_PAGE: i64 = 20;
const MAX_NAME: usize = 100;
/// The longest description, memo, offer message or answer comment.
pub(super) const MAX_TEXT: usize = 2000;

#[derive(Debug, Serialize, ToSchema)]
pub struct TeamPage {
    pub teams: Vec<TeamView>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// The medium's teams, the caller's favourites first, each with its counts by member status.
#[utoipa::path(get, path = "/clients/media/{media_id}/teams", tag = "media_teams", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = TeamPage), (status = 403), (status = 404)))]
pub async fn list_teams(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path(media_id): Path<i64>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<TeamPage>> {
    media_for(&state.db, &caller, media_id).await?;
    let page = Paging::requested(query.page, 1)?;
    let (total, teams) = db::teams_page(
        &state.db,
        caller.user_id,
        media_id,
        TEAMS_PER_PAGE,
        Paging::offset(page, TEAMS_PER_PAGE, 1),
    )
    .await?;
    Ok(Json(TeamPage {
        teams,
        paging: Paging::new(page, TEAMS_PER_PAGE, total, 1),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TeamInput {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
}

impl Declared for TeamInput {
    const RULES: &'static [FieldRules] = &[
        ("name", &[Rule::Required, Rule::MaxChars(MAX_NAME)]),
        ("description", &[Rule::MaxChars(MAX_TEXT)]),
    ];
}

fn validate_team(input: &TeamInput) -> AppResult<()> {
    let mut v = Validator::new();
    v.required("name", input.name.trim())
        .max_chars("name", &input.name, MAX_NAME)
        .max_chars("description", &input.description, MAX_TEXT);
    v.finish()
}

async fn team_view(state: &AppState, caller: &Caller, team_id: i64) -> AppResult<TeamView> {
    db::team(&state.db, caller.user_id, team_id)
        .await?
        .ok_or(AppError::NotFound)
}

/// Creates a team of the medium with its `all` chat channel (the client's users are its first
/// members), so a message to the team has somewhere to go.
#[utoipa::path(post, path = "/clients/media/{media_id}/teams", tag = "media_teams", security(("bearer" = [])), request_body = TeamInput,
    responses((status = 201, body = TeamView), (status = 403), (status = 404), (status = 422)))]
pub async fn create_team(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path(media_id): Path<i64>,
    ApiJson(input): ApiJson<TeamInput>,
) -> AppResult<(StatusCode, Json<TeamView>)> {
    let medium = media_for(&state.db, &caller, media_id).await?;
    validate_team(&input)?;
    let mut tx = state.db.begin().await?;
    let team_id = db::insert_team(
        &mut *tx,
        medium.client_id,
        media_id,
        input.name.trim(),
        &input.description,
    )
    .await?;
    db::ensure_all_channel(&mut tx, team_id).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(team_view(&state, &caller, team_id).await?),
    ))
}

#[utoipa::path(get, path = "/clients/media/{media_id}/teams/{team_id}", tag = "media_teams", security(("bearer" = [])),
    responses((status = 200, body = TeamView), (status = 403), (status = 404)))]
pub async fn show_team(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
) -> AppResult<Json<TeamView>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    Ok(Json(team_view(&state, &caller, team_id).await?))
}

#[utoipa::path(put, path = "/clients/media/{media_id}/teams/{team_id}", tag = "media_teams", security(("bearer" = [])), request_body = TeamInput,
    responses((status = 200, body = TeamView), (status = 403), (status = 404), (status = 422)))]
pub async fn update_team(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiJson(input): ApiJson<TeamInput>,
) -> AppResult<Json<TeamView>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    validate_team(&input)?;
    db::update_team(&state.db, team_id, input.name.trim(), &input.description).await?;
    Ok(Json(team_view(&state, &caller, team_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FavoriteInput {
    pub is_favorite: bool,
}

/// Stars the team for the caller (the same favourites as the chat's team list).
#[utoipa::path(put, path = "/clients/media/{media_id}/teams/{team_id}/favorite", tag = "media_teams", security(("bearer" = [])), request_body = FavoriteInput,
    responses((status = 200, body = TeamView), (status = 403), (status = 404)))]
pub async fn favorite(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiJson(input): ApiJson<FavoriteInput>,
) -> AppResult<Json<TeamView>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    if input.is_favorite {
        chat::teams::add_favorite(&state.db, caller.user_id, team_id).await?;
    } else {
        chat::teams::remove_favorite(&state.db, caller.user_id, team_id).await?;
    }
    Ok(Json(team_view(&state, &caller, team_id).await?))
}
