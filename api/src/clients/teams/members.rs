//! A team's members (the client's users and staff): the list, the creators to add and adding
//! them, removing one, their memos and the moves the owner makes without an offer, and the
//! client's message to the team.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::chat;
use crate::chat::messages::model::MessageView;
use crate::clients::teams::access;
use crate::clients::teams::db;
use crate::clients::teams::model::{Candidate, MemberView, NotAddable};
use crate::clients::teams::status::MemberStatus;
use crate::creators::access::Viewer;
use crate::creators::search::{self, SearchFilter};
use crate::notices;
use crate::platform::clock::tokyo_today;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery};
use crate::platform::guards::StaffOrClientUser;
use crate::platform::limits::{self, Bucket};
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::platform::realtime_auth::channel_access_changed;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;

use super::changes::{Change, move_member, notify, publish_member, publish_members};
use super::http::MAX_TEXT;

pub const MEMBERS_PER_PAGE: i64 = 50;
/// The most members one request names.
pub(super) const MAX_USERS: usize = 100;

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

pub(super) fn validate_user_ids(user_ids: &[i64]) -> AppResult<Vec<i64>> {
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
