//! Media teams under `/clients/media/{media_id}/teams` (the client's users and staff), and the
//! creator's side of an offer: `GET /offers/received` and `PUT /teams/{team_id}/offer`.
//!
//! Every member-status change goes through `status.rs` inside one transaction with its notices;
//! after commit the member's sockets leave the channels they may no longer read
//! (`realtime_auth::channel_access_changed`), the notices are pushed (`notice.created`) and the
//! member row is pushed (`team_member.updated`) to the creator and to the client's users, each
//! in their own view.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::session::Caller;
use crate::chat;
use crate::chat::messages::model::MessageView;
use crate::clients::media::access::media_for;
use crate::clients::teams::access;
use crate::clients::teams::db;
use crate::clients::teams::events::TeamMemberUpdated;
use crate::clients::teams::model::{
    Candidate, MemberReader, MemberView, NotAddable, ReceivedOffer, TeamView,
};
use crate::clients::teams::status::{self, Actor, MemberStatus};
use crate::creators::access::Viewer;
use crate::creators::search::{self, SearchFilter};
use crate::notices::{self, NewNotice, NoticeReference, NoticeType, NoticeView};
use crate::platform::clock::tokyo_today;
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, ApiQuery};
use crate::platform::guards::{CreatorUser, StaffOrClientUser};
use crate::platform::limits::{self, Bucket};
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::platform::realtime_auth::channel_access_changed;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_teams, create_team))
        .routes(routes!(show_team, update_team))
        .routes(routes!(list_members, add_members))
        .routes(routes!(candidates))
        .routes(routes!(update_member, remove_member))
        .routes(routes!(offer))
        .routes(routes!(decline_offer))
        .routes(routes!(message))
        .routes(routes!(favorite))
        .routes(routes!(answer_offer))
        .routes(routes!(received_offers))
}

pub const TEAMS_PER_PAGE: i64 = 20;
pub const MEMBERS_PER_PAGE: i64 = 50;
const MAX_NAME: usize = 100;
const MAX_TEXT: usize = 2000;
const MAX_USERS: usize = 100;

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

#[derive(Debug, Serialize, ToSchema)]
pub struct MemberPage {
    pub members: Vec<MemberView>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// The team's members in the order they were added, with the memos the caller may read and
/// the moves the caller may make.
#[utoipa::path(get, path = "/clients/media/{media_id}/teams/{team_id}/members", tag = "media_teams", security(("bearer" = [])), params(PageQuery),
    responses((status = 200, body = MemberPage), (status = 403), (status = 404)))]
pub async fn list_members(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<MemberPage>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    let page = Paging::requested(query.page, 1)?;
    let (total, rows) = db::members_page(
        &state.db,
        team_id,
        MEMBERS_PER_PAGE,
        Paging::offset(page, MEMBERS_PER_PAGE, 1),
    )
    .await?;
    let reader = access::reader(&caller);
    Ok(Json(MemberPage {
        members: rows.into_iter().map(|row| row.view(reader)).collect(),
        paging: Paging::new(page, MEMBERS_PER_PAGE, total, 1),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UserIds {
    #[serde(default)]
    pub user_ids: Vec<i64>,
}

impl Declared for UserIds {
    const RULES: &'static [FieldRules] = &[(
        "user_ids",
        &[Rule::Required, Rule::MinItems(1), Rule::MaxItems(MAX_USERS)],
    )];
}

fn validate_user_ids(user_ids: &[i64]) -> AppResult<Vec<i64>> {
    let mut v = Validator::new();
    if user_ids.is_empty() {
        v.fail("user_ids", "required");
    } else if user_ids.len() > MAX_USERS {
        v.fail("user_ids", format!("max:{MAX_USERS}"));
    }
    v.finish()?;
    let mut ids = user_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CandidatePage {
    pub users: Vec<Candidate>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// Creators to add to the team: `GET /users/search` with the same filter, each saying whether
/// they can be added (`can_add`) and why not (`reason`: `already_member`,
/// `profile_incomplete`), so the list shows them as such instead of offering them.
#[utoipa::path(get, path = "/clients/media/{media_id}/teams/{team_id}/candidates", tag = "media_teams", security(("bearer" = [])),
    params(
        ("words" = Option<String>, Query, description = "as `GET /users/search`; so are its other filters"),
        ("genre_ids[]" = Option<Vec<i64>>, Query),
        ("work_statuses[]" = Option<Vec<String>>, Query, description = "not_set, accepting, conditionally_accepting, not_accepting"),
        ("page" = Option<i64>, Query, description = "from 1")),
    responses((status = 200, body = CandidatePage), (status = 403), (status = 404), (status = 422)))]
pub async fn candidates(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    RawQuery(query): RawQuery,
) -> AppResult<Json<CandidatePage>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    let filter = SearchFilter::from_query(query.as_deref())?;
    let (total, cards) =
        crate::creators::search_creators(&state.db, &filter, Viewer::of(&caller), tokyo_today())
            .await?;
    let ids: Vec<i64> = cards.iter().map(|card| card.id).collect();
    let refused = db::not_addable(&state.db, team_id, &ids).await?;
    let reason_of = |id: i64| refused.iter().find(|(r, _)| *r == id).map(|(_, why)| *why);
    Ok(Json(CandidatePage {
        users: cards
            .into_iter()
            .map(|card| {
                let reason = reason_of(card.id);
                Candidate {
                    card,
                    can_add: reason.is_none(),
                    reason,
                }
            })
            .collect(),
        paging: Paging::new(filter.page, search::PER_PAGE, total, 1),
    }))
}

/// Adds creators (found with `…/candidates`) as temporary members. A creator already in the
/// team or with an incomplete profile is refused (422, `user_ids.{index}`: `already_member`,
/// `profile_incomplete`) and nobody is added. Answers the members added.
#[utoipa::path(post, path = "/clients/media/{media_id}/teams/{team_id}/members", tag = "media_teams", security(("bearer" = [])), request_body = UserIds,
    responses((status = 201, body = [MemberView]), (status = 403), (status = 404), (status = 422, description = "user_ids: exists; user_ids.{index}: already_member, profile_incomplete")))]
pub async fn add_members(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiJson(body): ApiJson<UserIds>,
) -> AppResult<(StatusCode, Json<Vec<MemberView>>)> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    let ids = validate_user_ids(&body.user_ids)?;
    let mut tx = state.db.begin().await?;
    if db::active_creators(&mut *tx, &ids).await?.len() != ids.len() {
        return Err(AppError::rule("user_ids", "exists"));
    }
    refuse_not_addable(
        &body.user_ids,
        &db::not_addable(&mut *tx, team_id, &ids).await?,
    )?;
    let added = db::add_temporary(&mut *tx, team_id, &ids).await?;
    tx.commit().await?;
    let views = publish_members(&state, access::reader(&caller), team_id, added, false).await?;
    Ok((StatusCode::CREATED, Json(views)))
}

/// A 422 naming each refused creator by their index in the request (`user_ids.2`).
fn refuse_not_addable(requested: &[i64], refused: &[(i64, NotAddable)]) -> AppResult<()> {
    let mut v = Validator::new();
    for (index, id) in requested.iter().enumerate() {
        if let Some((_, why)) = refused.iter().find(|(r, _)| r == id) {
            let field = format!("user_ids.{index}");
            if !v.failed(&field) {
                v.fail(&field, why.rule());
            }
        }
    }
    v.finish()
}

/// Deletes a temporary or declined member; anyone else must move to `left` instead.
#[utoipa::path(delete, path = "/clients/media/{media_id}/teams/{team_id}/members/{user_id}", tag = "media_teams", security(("bearer" = [])),
    responses((status = 204), (status = 403), (status = 404), (status = 422, description = "status: not_removable:{status}")))]
pub async fn remove_member(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id, user_id)): Path<(i64, i64, i64)>,
) -> AppResult<StatusCode> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    let mut tx = state.db.begin().await?;
    let current = db::lock_status(&mut *tx, team_id, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !current.removable() {
        return Err(AppError::rule(
            "status",
            format!("not_removable:{}", current.as_str()),
        ));
    }
    db::delete_member(&mut *tx, team_id, user_id).await?;
    db::leave_team_channels(&mut *tx, team_id, user_id).await?;
    tx.commit().await?;
    channel_access_changed(&state.db, &state.hub, &[user_id]).await;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MemberInput {
    /// The client's own memo.
    pub private_memo: Option<String>,
    /// A memo the member sees too.
    pub public_memo: Option<String>,
    /// Staff only.
    pub editor_memo: Option<String>,
    /// A move the caller may make without more data (`left`, or `declined` to withdraw an
    /// offer); an offer goes through `…/offer`.
    pub status: Option<MemberStatus>,
}

impl Declared for MemberInput {
    const RULES: &'static [FieldRules] = &[
        ("private_memo", &[Rule::MaxChars(MAX_TEXT)]),
        ("public_memo", &[Rule::MaxChars(MAX_TEXT)]),
        ("editor_memo", &[Rule::MaxChars(MAX_TEXT)]),
    ];
}

/// Changes a member's memos, and optionally moves the member (e.g. `left` to end the work).
#[utoipa::path(put, path = "/clients/media/{media_id}/teams/{team_id}/members/{user_id}", tag = "media_teams", security(("bearer" = [])), request_body = MemberInput,
    responses((status = 200, body = MemberView), (status = 403), (status = 404), (status = 422)))]
pub async fn update_member(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id, user_id)): Path<(i64, i64, i64)>,
    ApiJson(input): ApiJson<MemberInput>,
) -> AppResult<Json<MemberView>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    if input.editor_memo.is_some() && !access::writes_editor_memo(&caller) {
        return Err(AppError::Forbidden);
    }
    let mut v = Validator::new();
    for (field, memo) in [
        ("private_memo", &input.private_memo),
        ("public_memo", &input.public_memo),
        ("editor_memo", &input.editor_memo),
    ] {
        if let Some(memo) = memo {
            v.max_chars(field, memo, MAX_TEXT);
        }
    }
    v.finish()?;
    if input.status == Some(MemberStatus::Offered) {
        return Err(AppError::rule("offer_template_id", "required"));
    }

    let mut tx = state.db.begin().await?;
    db::lock_status(&mut *tx, team_id, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut created = Vec::new();
    if let Some(to) = input.status {
        let change = Change::by_owner(team_id, media_id, user_id, to);
        move_member(&mut tx, &change).await?;
        created = notify(&mut tx, &change).await?;
    }
    db::update_memos(
        &mut *tx,
        team_id,
        user_id,
        input.private_memo.as_deref(),
        input.public_memo.as_deref(),
        input.editor_memo.as_deref(),
    )
    .await?;
    tx.commit().await?;
    if input.status.is_some() {
        channel_access_changed(&state.db, &state.hub, &[user_id]).await;
    }
    notices::publish_created(&state.db, &state.hub, created).await;
    let row = publish_member(&state, team_id, user_id, true)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(row.view(access::reader(&caller))))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OfferInput {
    #[serde(default)]
    pub user_ids: Vec<i64>,
    pub offer_template_id: Option<i64>,
    /// The client's own words, sent with the template's body.
    #[serde(default)]
    pub message: String,
}

impl Declared for OfferInput {
    const RULES: &'static [FieldRules] = &[
        (
            "user_ids",
            &[Rule::Required, Rule::MinItems(1), Rule::MaxItems(MAX_USERS)],
        ),
        ("offer_template_id", &[Rule::Required]),
        ("message", &[Rule::MaxChars(MAX_TEXT)]),
    ];
}

/// Offers the members (temporary or declined) a place in the team, from an offer template
/// and the client's message: each moves to `offered` and gets a `team_offer` notice.
#[utoipa::path(post, path = "/clients/media/{media_id}/teams/{team_id}/offer", tag = "media_teams", security(("bearer" = [])), request_body = OfferInput,
    responses((status = 200, body = [MemberView]), (status = 403), (status = 404), (status = 422)))]
pub async fn offer(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiJson(input): ApiJson<OfferInput>,
) -> AppResult<Json<Vec<MemberView>>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    let mut v = Validator::new();
    if input.offer_template_id.is_none() {
        v.fail("offer_template_id", "required");
    }
    v.max_chars("message", &input.message, MAX_TEXT);
    let ids = match validate_user_ids(&input.user_ids) {
        Ok(ids) => ids,
        Err(_) => {
            v.fail("user_ids", "required");
            Vec::new()
        }
    };
    v.finish()?;
    let template_id = input.offer_template_id.unwrap_or_default();
    let (template_name, template_body) = db::template(&state.db, template_id)
        .await?
        .ok_or_else(|| AppError::rule("offer_template_id", "exists"))?;

    let mut tx = state.db.begin().await?;
    crate::users::flags::ensure_offerable(&mut *tx, "user_ids", &ids, None).await?;
    let mut created = Vec::new();
    for &user_id in &ids {
        let change = owner_move(&mut tx, team_id, media_id, user_id, MemberStatus::Offered).await?;
        db::insert_offer(
            &mut *tx,
            &db::NewOffer {
                team_id,
                user_id,
                template_id,
                template_name: &template_name,
                template_body: &template_body,
                message: input.message.trim(),
                offered_by: caller.user_id,
            },
        )
        .await?;
        created.extend(notify(&mut tx, &change).await?);
    }
    tx.commit().await?;
    notices::publish_created(&state.db, &state.hub, created).await;
    let views = publish_members(&state, access::reader(&caller), team_id, ids, true).await?;
    Ok(Json(views))
}

/// Moves one of the request's `user_ids` to `to` as the team's owner. A user id that is not a
/// member of the team is bad input (422 `user_ids: exists`), not a missing page.
async fn owner_move(
    tx: &mut PgConnection,
    team_id: i64,
    media_id: i64,
    user_id: i64,
    to: MemberStatus,
) -> AppResult<Change> {
    let change = Change::by_owner(team_id, media_id, user_id, to);
    move_member(tx, &change)
        .await
        .map_err(|error| match error {
            AppError::NotFound => AppError::rule("user_ids", "exists"),
            other => other,
        })?;
    Ok(change)
}

/// Withdraws the offers made to the members (offered or negotiating → declined).
#[utoipa::path(post, path = "/clients/media/{media_id}/teams/{team_id}/decline_offer", tag = "media_teams", security(("bearer" = [])), request_body = UserIds,
    responses((status = 200, body = [MemberView]), (status = 403), (status = 404), (status = 422)))]
pub async fn decline_offer(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiJson(body): ApiJson<UserIds>,
) -> AppResult<Json<Vec<MemberView>>> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    let ids = validate_user_ids(&body.user_ids)?;
    let mut tx = state.db.begin().await?;
    crate::users::flags::ensure_offerable(&mut *tx, "user_ids", &ids, None).await?;
    let mut created = Vec::new();
    for &user_id in &ids {
        let change =
            owner_move(&mut tx, team_id, media_id, user_id, MemberStatus::Declined).await?;
        db::answer_offer(&mut *tx, team_id, user_id, "withdrawn", "").await?;
        created.extend(notify(&mut tx, &change).await?);
    }
    tx.commit().await?;
    notices::publish_created(&state.db, &state.hub, created).await;
    let views = publish_members(&state, access::reader(&caller), team_id, ids, true).await?;
    Ok(Json(views))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TeamMessage {
    #[serde(default)]
    pub body: String,
}

impl Declared for TeamMessage {
    const RULES: &'static [FieldRules] = &[("body", &[Rule::Required])];
}

/// A message from the client to the team's members, posted into the team's `all` channel as
/// any chat message is (it arrives live in the chat). The sender becomes a member of that
/// channel if they were not. Each sender's messages to teams share one rate over all their teams
/// (`TEAM_MESSAGE_LIMIT_*`), besides the channel's own (`MESSAGE_LIMIT_*`).
#[utoipa::path(post, path = "/clients/media/{media_id}/teams/{team_id}/message", tag = "media_teams", security(("bearer" = [])), request_body = TeamMessage,
    responses((status = 201, body = MessageView), (status = 403), (status = 404), (status = 422),
              (status = 429, description = "too many messages to teams (`TEAM_MESSAGE_LIMIT_*`) or to this channel; see Retry-After")))]
pub async fn message(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiJson(input): ApiJson<TeamMessage>,
) -> AppResult<(StatusCode, Json<MessageView>)> {
    access::team(&state.db, &caller, media_id, team_id).await?;
    let mut v = Validator::new();
    v.required("body", input.body.trim());
    v.finish()?;
    let mut tx = state.db.begin().await?;
    limits::take(
        &mut tx,
        &Bucket {
            key: format!("team_message:{}", caller.user_id),
            rate: state.config.team_message_limit,
            message: chat::messages::TOO_MANY_MESSAGES,
        },
    )
    .await?;
    let channel_id = db::ensure_all_channel(&mut tx, team_id).await?;
    db::join_channel(&mut *tx, channel_id, caller.user_id).await?;
    tx.commit().await?;
    let (status, view) = chat::messages::post(
        &state,
        &caller,
        channel_id,
        chat::messages::NewMessage {
            body: input.body,
            file_ids: Vec::new(),
            client_message_id: None,
            parent_id: None,
        },
    )
    .await?;
    Ok((status, Json(view)))
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

crate::closed_set!(
    /// The creator's answer to an offer, or leaving a team they work in.
    OfferAnswer {
        Accept = "accept",
        Negotiate = "negotiate",
        Decline = "decline",
        Leave = "leave",
    }
);

impl OfferAnswer {
    fn target(self) -> MemberStatus {
        match self {
            OfferAnswer::Accept => MemberStatus::Assignable,
            OfferAnswer::Negotiate => MemberStatus::Negotiating,
            OfferAnswer::Decline => MemberStatus::Declined,
            OfferAnswer::Leave => MemberStatus::Left,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AnswerInput {
    pub answer: Option<String>,
    #[serde(default)]
    pub comment: String,
}

impl Declared for AnswerInput {
    const RULES: &'static [FieldRules] = &[
        ("answer", &[Rule::Required, Rule::In(OfferAnswer::NAMES)]),
        ("comment", &[Rule::MaxChars(MAX_TEXT)]),
    ];
}

/// The creator answers the offer made to them in the team: accept (→ assignable, and they join
/// the team's chat), negotiate (→ negotiating), decline (→ declined); or leave a team they
/// work in (assignable → left). A team the creator has no place in is 404.
#[utoipa::path(put, path = "/teams/{team_id}/offer", tag = "media_teams", security(("bearer" = [])), request_body = AnswerInput,
    responses((status = 200, body = MemberView), (status = 403), (status = 404), (status = 422)))]
pub async fn answer_offer(
    State(state): State<AppState>,
    CreatorUser(caller): CreatorUser,
    Path(team_id): Path<i64>,
    ApiJson(input): ApiJson<AnswerInput>,
) -> AppResult<Json<MemberView>> {
    let answer = input.answer.as_deref().map(OfferAnswer::parse);
    let mut v = Validator::new();
    match answer {
        None => {
            v.fail("answer", "required");
        }
        Some(None) => {
            v.fail("answer", OfferAnswer::rule());
        }
        Some(Some(_)) => {}
    }
    v.max_chars("comment", &input.comment, MAX_TEXT);
    v.finish()?;
    let answer = answer.flatten().unwrap_or(OfferAnswer::Decline);

    let member = db::member(&state.db, team_id, caller.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let change = Change {
        team_id,
        media_id: member.media_id,
        user_id: caller.user_id,
        to: answer.target(),
        actor: Actor::Member,
    };
    let mut tx = state.db.begin().await?;
    move_member(&mut tx, &change).await?;
    if answer != OfferAnswer::Leave {
        db::answer_offer(
            &mut *tx,
            team_id,
            caller.user_id,
            answer.as_str(),
            input.comment.trim(),
        )
        .await?;
    }
    let created = notify(&mut tx, &change).await?;
    tx.commit().await?;
    channel_access_changed(&state.db, &state.hub, &[caller.user_id]).await;
    notices::publish_created(&state.db, &state.hub, created).await;
    let row = publish_member(&state, team_id, caller.user_id, true)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(row.view(MemberReader::Member)))
}

/// The offers waiting for the caller's answer (offered or negotiating), newest first, with
/// the answers the caller may give.
#[utoipa::path(get, path = "/offers/received", tag = "media_teams", security(("bearer" = [])),
    responses((status = 200, body = [ReceivedOffer]), (status = 403)))]
pub async fn received_offers(
    State(state): State<AppState>,
    CreatorUser(caller): CreatorUser,
) -> AppResult<Json<Vec<ReceivedOffer>>> {
    let mut offers = db::received_offers(&state.db, caller.user_id).await?;
    for offer in &mut offers {
        offer.allowed_transitions = status::allowed_transitions(offer.status, Actor::Member);
    }
    Ok(Json(offers))
}

/// One member-status change.
struct Change {
    team_id: i64,
    media_id: i64,
    user_id: i64,
    to: MemberStatus,
    actor: Actor,
}

impl Change {
    /// A move the team's owner (the client or staff) makes.
    fn by_owner(team_id: i64, media_id: i64, user_id: i64, to: MemberStatus) -> Self {
        Change {
            team_id,
            media_id,
            user_id,
            to,
            actor: Actor::Owner,
        }
    }
}

/// Moves the member if the machine allows it (422 / 403 otherwise), keeping the team's chat in
/// step: an assignable member takes part in the `all` channel, a member who left in none.
async fn move_member(tx: &mut PgConnection, change: &Change) -> AppResult<()> {
    let from = db::lock_status(&mut *tx, change.team_id, change.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    status::check_transition(from, change.to, change.actor)?;
    db::set_status(&mut *tx, change.team_id, change.user_id, change.to).await?;
    match change.to {
        MemberStatus::Assignable => {
            let channel_id = db::ensure_all_channel(tx, change.team_id).await?;
            db::join_channel(&mut *tx, channel_id, change.user_id).await?;
        }
        MemberStatus::Left => {
            db::leave_team_channels(&mut *tx, change.team_id, change.user_id).await?;
        }
        _ => {}
    }
    Ok(())
}

/// The notices a change makes: the side that did not make the move is told. The creator's
/// notice leads to their offers (`/teams`), the client's to the team's page under its medium.
async fn notify(tx: &mut PgConnection, change: &Change) -> AppResult<Vec<(i64, NoticeView)>> {
    let (team, company, creator) = db::names(&mut *tx, change.team_id, change.user_id).await?;
    let (recipients, message, media_id) = match change.actor {
        Actor::Owner => {
            let message = match change.to {
                MemberStatus::Offered => format!("{company}の「{team}」からオファーが届きました"),
                MemberStatus::Declined => format!("「{team}」へのオファーが取り下げられました"),
                MemberStatus::Left => format!("「{team}」のメンバーから外れました"),
                _ => return Ok(Vec::new()),
            };
            (vec![change.user_id], message, None)
        }
        Actor::Member => {
            let message = match change.to {
                MemberStatus::Negotiating => {
                    format!("{creator}さんが「{team}」のオファーについて相談を希望しています")
                }
                MemberStatus::Assignable => {
                    format!("{creator}さんが「{team}」のオファーを承諾しました")
                }
                MemberStatus::Declined => {
                    format!("{creator}さんが「{team}」のオファーを辞退しました")
                }
                MemberStatus::Left => format!("{creator}さんが「{team}」を抜けました"),
                _ => return Ok(Vec::new()),
            };
            (
                db::client_user_ids(&mut *tx, change.team_id).await?,
                message,
                Some(change.media_id),
            )
        }
    };
    let mut created = Vec::with_capacity(recipients.len());
    for user_id in recipients {
        let notice = NewNotice {
            user_id,
            notice_type: NoticeType::TeamOffer,
            message: message.clone(),
            reference: NoticeReference {
                team_id: Some(change.team_id),
                media_id,
                ..Default::default()
            },
        };
        created.push((user_id, notices::insert(&mut *tx, &notice).await?));
    }
    Ok(created)
}

/// Publishes each member's row (`publish_member`) and answers the views `reader` gets, leaving
/// out members gone meanwhile.
async fn publish_members(
    state: &AppState,
    reader: MemberReader,
    team_id: i64,
    user_ids: Vec<i64>,
    to_creator: bool,
) -> AppResult<Vec<MemberView>> {
    let mut views = Vec::with_capacity(user_ids.len());
    for user_id in user_ids {
        if let Some(row) = publish_member(state, team_id, user_id, to_creator).await? {
            views.push(row.view(reader));
        }
    }
    Ok(views)
}

/// Pushes the committed member row to the client's users (and to the creator when
/// `to_creator`), each in their own view; returns the row (None when it is gone).
async fn publish_member(
    state: &AppState,
    team_id: i64,
    user_id: i64,
    to_creator: bool,
) -> AppResult<Option<crate::clients::teams::model::MemberRow>> {
    let Some(row) = db::member(&state.db, team_id, user_id).await? else {
        return Ok(None);
    };
    let client_users = db::client_user_ids(&state.db, team_id).await?;
    emit(
        &state.hub,
        &TeamMemberUpdated {
            member: row.clone().view(MemberReader::Client),
            recipients: client_users,
        },
    )
    .await;
    // A temporary member is the client's shortlist: the creator does not learn of it.
    if to_creator && row.status != MemberStatus::Temporary {
        emit(
            &state.hub,
            &TeamMemberUpdated {
                member: row.clone().view(MemberReader::Member),
                recipients: vec![user_id],
            },
        )
        .await;
    }
    Ok(Some(row))
}
