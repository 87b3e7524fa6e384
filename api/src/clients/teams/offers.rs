//! Offers in a team: the owner offers members a place from an offer template or withdraws the
//! offer (`/clients/media/{media_id}/teams/{team_id}/offer`, `…/decline_offer`), and the
//! creator answers it or leaves (`PUT /teams/{team_id}/offer`) and lists what waits for an
//! answer (`GET /offers/received`).

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::clients::teams::access;
use crate::clients::teams::db;
use crate::clients::teams::model::{MemberReader, MemberView, ReceivedOffer};
use crate::clients::teams::status::{self, Actor, MemberStatus};
use crate::notices;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiJson;
use crate::platform::guards::{CreatorUser, StaffOrClientUser};
use crate::platform::realtime_auth::channel_access_changed;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;

use super::changes::{Change, move_member, notify, publish_member, publish_members};
use super::http::MAX_TEXT;
use super::members::{MAX_USERS, UserIds, validate_user_ids};

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
