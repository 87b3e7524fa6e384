//! Messages of a channel with their reactions and pins. Writes persist first, then publish
//! to `channel:{id}`; payloads are the same representation REST returns.

use crate::auth::session::Caller;
use crate::chat::channels::access::{ChannelRow, readable_channel, writable_channel};
use crate::chat::channels::model::ChannelType;
use crate::chat::messages::events::{
    MessageCreated, MessageDeleted, MessageUpdated, PinAdded, PinRemoved, ReactionAdded,
    ReactionChanged, ReactionRemoved,
};
use crate::chat::messages::mentions::mentioned_user_ids;
use crate::chat::messages::model::{KnownMessage, MessageView, Reaction};
use crate::chat::messages::{access, db};
use crate::files::scan::ScanStatus;
use crate::notices::NoticeType;
use crate::notices::{self, NewNotice, NoticeReference};
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::{Event, emit};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::limits::{self, Bucket};
use crate::platform::pagination::Paging;
use crate::platform::server_timing::{self, Phase};
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reactions))
        .routes(routes!(list, create))
        .routes(routes!(show, update, remove))
        .routes(routes!(add_reaction))
        .routes(routes!(remove_reaction))
        .routes(routes!(pins, pin))
        .routes(routes!(unpin))
        .routes(routes!(replies))
}

pub const PER_PAGE: i64 = 50;
pub const CATCH_UP_LIMIT: i64 = 200;
pub const MAX_BODY_CHARS: usize = 10_000;
pub const MAX_FILES: usize = 10;

#[utoipa::path(get, path = "/reactions", tag = "messages", security(("bearer" = [])), responses((status = 200, body = [Reaction])))]
pub async fn reactions(
    State(state): State<AppState>,
    AuthUser(_caller): AuthUser,
) -> AppResult<Json<Vec<Reaction>>> {
    Ok(Json(db::reactions(&state.db).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// 0 is the newest page.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
    /// Catch-up: every message after this id, oldest first (at most 200).
    pub after_id: Option<i64>,
    /// With `after_id`: also list, as `earlier`, the live messages numbered after this id up to
    /// `after_id` (at most 1,000), so the caller can fetch one it lacks: a message committed or
    /// pushed after a later one (`docs/decisions/catch-up-overlap.md`).
    pub recheck_after_id: Option<i64>,
    /// The page holding this live message (a search hit opened in its context); `page` is then
    /// ignored and `current_page` says which page it is.
    pub around_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessagePage {
    /// Oldest first within the page.
    pub messages: Vec<MessageView>,
    /// The first message the caller has not read, if any.
    pub unread_message_id: Option<i64>,
    /// How many messages (of others, outside threads) the caller has not read: the jump
    /// button's count when the channel opens.
    pub unread_count: i64,
    pub has_more: bool,
    /// With `recheck_after_id`: the live messages numbered between it and `after_id`, oldest
    /// first; otherwise empty.
    pub earlier: Vec<KnownMessage>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// The most ids a catch-up's look-back lists.
const RECHECK_LIMIT: i64 = 1000;

#[utoipa::path(get, path = "/channels/{channel_id}/messages", tag = "messages", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = MessagePage), (status = 403), (status = 404)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<MessagePage>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    // Catch-up reads one id more than it returns, to know whether more follow.
    let (page, limit, offset) = match query.after_id {
        Some(_) => (0, CATCH_UP_LIMIT + 1, 0),
        None => {
            let page = match query.around_id {
                Some(message_id) => {
                    db::newer_live_count(&state.db, channel_id, message_id)
                        .await?
                        .ok_or(AppError::NotFound)?
                        / PER_PAGE
                }
                None => Paging::requested(query.page, 0)?,
            };
            (page, PER_PAGE, Paging::offset(page, PER_PAGE, 0))
        }
    };
    let db::PageIds {
        total,
        unread_message_id,
        unread_count,
        mut ids,
    } = db::page_ids(
        &state.db,
        channel_id,
        caller.user_id,
        limit,
        offset,
        query.after_id,
    )
    .await?;
    let has_more = if query.after_id.is_some() {
        let has_more = ids.len() as i64 > CATCH_UP_LIMIT;
        ids.truncate(CATCH_UP_LIMIT as usize);
        has_more
    } else {
        ids.reverse();
        (page + 1) * PER_PAGE < total
    };
    let earlier = match (query.recheck_after_id, query.after_id) {
        (Some(from_id), Some(to_id)) => {
            db::ids_between(&state.db, channel_id, from_id, to_id, RECHECK_LIMIT).await?
        }
        _ => Vec::new(),
    };
    Ok(Json(MessagePage {
        messages: db::load(&state.db, &ids).await?,
        unread_message_id,
        unread_count,
        has_more,
        earlier,
        paging: Paging::new(page, PER_PAGE, total, 0),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewMessage {
    #[serde(default)]
    pub body: String,
    #[serde(default)]
    pub file_ids: Vec<i64>,
    /// Chosen by the sender; the same value twice creates one message.
    pub client_message_id: Option<String>,
    /// A reply: the live top-level message of this channel it answers (its thread).
    pub parent_id: Option<i64>,
}

impl Declared for NewMessage {
    const RULES: &'static [FieldRules] = &[
        // Text is required when no file is attached; the document asks for it always.
        ("body", &[Rule::Required, Rule::MaxChars(MAX_BODY_CHARS)]),
        ("file_ids", &[Rule::MaxItems(MAX_FILES)]),
        ("client_message_id", &[Rule::MaxChars(64)]),
    ];
}

fn validate_body(v: &mut Validator, body: &str, has_files: bool) {
    if !has_files {
        v.required("body", body);
    }
    v.max_chars("body", body, MAX_BODY_CHARS);
}

/// Mentioned ids that are members of the channel (others are ignored).
async fn member_mentions(
    tx: &mut sqlx::PgConnection,
    channel_id: i64,
    body: &str,
) -> sqlx::Result<Vec<i64>> {
    let ids = mentioned_user_ids(body);
    if ids.is_empty() {
        return Ok(ids);
    }
    db::members_among(tx, channel_id, &ids).await
}

#[utoipa::path(post, path = "/channels/{channel_id}/messages", tag = "messages", security(("bearer" = [])), request_body = NewMessage,
    responses((status = 201, body = MessageView), (status = 200, body = MessageView, description = "already sent with this client_message_id"),
              (status = 403), (status = 404), (status = 422),
              (status = 429, description = "the sender's messages in this channel exceed `MESSAGE_LIMIT_*`; see Retry-After")))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
    ApiJson(body): ApiJson<NewMessage>,
) -> AppResult<impl IntoResponse> {
    let (status, view) = post(&state, &caller, channel_id, body).await?;
    Ok((status, Json(view)))
}

/// Posts a message as `caller`, exactly as `POST /channels/{id}/messages` does (checks,
/// mentions, notices, the `message.created` push): other domains that put a message into a
/// channel (a client's message to its media team) come through here. `200` when the
/// `client_message_id` was already sent, else `201`; 429 past the sender's rate in the channel
/// (`MESSAGE_LIMIT_*`), with nothing stored.
pub async fn post(
    state: &AppState,
    caller: &Caller,
    channel_id: i64,
    body: NewMessage,
) -> AppResult<(StatusCode, MessageView)> {
    let invalid = validate(&body).err();
    // The hottest write: a valid message with no files and no mentions is one statement (the
    // access check, the insert and the read position), atomic by itself, so no transaction.
    let plain = body.file_ids.is_empty()
        && body.parent_id.is_none()
        && mentioned_user_ids(&body.body).is_empty();
    let bucket = send_rate(state, caller, channel_id);
    if invalid.is_none() && plain {
        // The connection is taken here rather than inside the statement so that
        // `Server-Timing` can tell waiting for it from the statement itself.
        let mut connection = server_timing::timed(Phase::Pool, state.db.acquire()).await?;
        let insert = db::insert_plain_message(
            &mut *connection,
            caller,
            channel_id,
            body.body.trim_end(),
            body.client_message_id.as_deref(),
            &bucket,
        );
        let inserted = server_timing::timed(Phase::Db, insert).await?;
        drop(connection);
        if let Some(row) = inserted {
            let created = MessageCreated(row.into_view(Vec::new(), Vec::new(), Vec::new()));
            emit(&state.hub, &created).await;
            return Ok((StatusCode::CREATED, created.0));
        }
        // Not inserted: not writable, one-to-one, over the rate, or sent before. The general path
        // says which.
    }

    let channel = writable_channel(&state.db, caller, channel_id).await?;
    if let Some(error) = invalid {
        return Err(error);
    }
    if let Some(parent_id) = body.parent_id
        && !db::is_thread_parent(&state.db, channel_id, parent_id).await?
    {
        return Err(AppError::rule("parent_id", "exists"));
    }
    let mut tx = state.db.begin().await?;
    // Taken in the message's transaction: a message refused later (a file, a retry) spends nothing.
    limits::take(&mut tx, &bucket).await?;
    let inserted = insert(&mut *tx, caller, channel_id, &body).await?;
    let Some(row) = inserted else {
        tx.rollback().await?;
        return already_sent(state, caller, channel_id, &body).await;
    };
    let message_id = row.id;

    attach_files(&mut tx, caller, message_id, &body.file_ids).await?;
    let mentions = store_mentions(&mut tx, channel_id, message_id, &body.body).await?;
    let created_notices = notify_recipients(
        &mut tx,
        caller,
        &channel,
        message_id,
        &mentions,
        body.parent_id,
    )
    .await?;
    let files = if body.file_ids.is_empty() {
        Vec::new()
    } else {
        crate::files::load_for_messages(&mut *tx, &[message_id])
            .await?
            .remove(&message_id)
            .unwrap_or_default()
    };
    tx.commit().await?;

    let created = MessageCreated(row.into_view(mentions, files, Vec::new()));
    emit(&state.hub, &created).await;
    let view = created.0;
    if let Some(parent_id) = body.parent_id {
        // The parent's reply count and last repliers changed: members see it at once.
        publish_message(state, parent_id, MessageUpdated).await?;
    }
    notices::publish_created(&state.db, &state.hub, created_notices).await;
    Ok((StatusCode::CREATED, view))
}

pub const TOO_MANY_MESSAGES: &str =
    "メッセージの送信が多すぎます。しばらくしてから再度お試しください。";

/// The sender's rate in one channel (`MESSAGE_LIMIT_*`): every way a message is posted takes
/// from it.
fn send_rate(state: &AppState, caller: &Caller, channel_id: i64) -> Bucket {
    Bucket {
        key: format!("message:{}:{channel_id}", caller.user_id),
        rate: state.config.message_limit,
        message: TOO_MANY_MESSAGES,
    }
}

/// A new message's own rules (the channel's are checked against the database).
fn validate(body: &NewMessage) -> AppResult<()> {
    let mut v = Validator::new();
    validate_body(&mut v, &body.body, !body.file_ids.is_empty());
    if body.file_ids.len() > MAX_FILES {
        v.fail("file_ids", format!("max:{MAX_FILES}"));
    }
    if let Some(id) = &body.client_message_id {
        v.max_chars("client_message_id", id, 64);
    }
    v.finish()
}

/// Inserts `body` as `caller`'s message; `None` when its `client_message_id` was sent before.
async fn insert(
    db: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    channel_id: i64,
    body: &NewMessage,
) -> sqlx::Result<Option<db::MessageRow>> {
    db::insert_message(
        db,
        channel_id,
        caller.user_id,
        body.body.trim_end(),
        body.client_message_id.as_deref(),
        body.parent_id,
    )
    .await
}

/// A retry of a message that already exists: answer with it, publish nothing new.
async fn already_sent(
    state: &AppState,
    caller: &Caller,
    channel_id: i64,
    body: &NewMessage,
) -> AppResult<(StatusCode, MessageView)> {
    let existing = db::sent_message_id(
        &state.db,
        channel_id,
        caller.user_id,
        body.client_message_id.as_deref(),
    )
    .await?;
    let view = db::load_one(&state.db, existing)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((StatusCode::OK, view))
}

/// Loads a committed message and pushes it to its channel; returns what was pushed.
async fn publish_message<E: Event>(
    state: &AppState,
    message_id: i64,
    event: fn(MessageView) -> E,
) -> AppResult<E> {
    let view = db::load_one(&state.db, message_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let event = event(view);
    emit(&state.hub, &event).await;
    Ok(event)
}

/// Records the channel members a message's body mentions; returns them.
async fn store_mentions(
    tx: &mut sqlx::PgConnection,
    channel_id: i64,
    message_id: i64,
    body: &str,
) -> sqlx::Result<Vec<i64>> {
    let mentions = member_mentions(&mut *tx, channel_id, body).await?;
    if mentions.is_empty() {
        return Ok(mentions);
    }
    db::insert_mentions(&mut *tx, message_id, &mentions).await?;
    Ok(mentions)
}

async fn attach_files(
    tx: &mut sqlx::PgConnection,
    caller: &Caller,
    message_id: i64,
    file_ids: &[i64],
) -> AppResult<()> {
    for (position, file_id) in file_ids.iter().enumerate() {
        let usable = db::unattached_file_status(&mut *tx, *file_id, caller.user_id).await?;
        match usable {
            None => return Err(AppError::rule("file_ids", "exists")),
            Some(ScanStatus::Infected) => {
                return Err(AppError::rule("file_ids", "infected"));
            }
            Some(_) => {}
        }
        db::attach_file(&mut *tx, message_id, *file_id, position as i32).await?;
    }
    Ok(())
}

/// Message notices: everyone mentioned, the other member of a one-to-one channel, and for a
/// reply the thread's participants (the parent's author and earlier repliers).
async fn notify_recipients(
    tx: &mut sqlx::PgConnection,
    caller: &Caller,
    channel: &ChannelRow,
    message_id: i64,
    mentions: &[i64],
    parent_id: Option<i64>,
) -> AppResult<Vec<(i64, notices::NoticeView)>> {
    // Most messages mention nobody in a group channel: no notice, no query.
    if channel.channel_type != ChannelType::Single
        && parent_id.is_none()
        && mentions.iter().all(|id| *id == caller.user_id)
    {
        return Ok(Vec::new());
    }
    let author = db::user_name(&mut *tx, caller.user_id).await?;
    let mut recipients: Vec<(i64, String)> = mentions
        .iter()
        .filter(|id| **id != caller.user_id)
        .map(|id| {
            (
                *id,
                format!(
                    "{author}さんが「{}」であなたをメンションしました",
                    channel.name
                ),
            )
        })
        .collect();
    if let Some(parent_id) = parent_id {
        let participants = db::thread_participants(&mut *tx, parent_id, caller.user_id).await?;
        // Only those who may still read the channel hear of it.
        let members = db::members_among(&mut *tx, channel.id, &participants).await?;
        for participant in members {
            if !recipients.iter().any(|(id, _)| *id == participant) {
                recipients.push((
                    participant,
                    format!("{author}さんが「{}」のスレッドに返信しました", channel.name),
                ));
            }
        }
    }
    if channel.channel_type == ChannelType::Single {
        let others = db::other_members(&mut *tx, channel.id, caller.user_id).await?;
        for other in others {
            if !recipients.iter().any(|(id, _)| *id == other) {
                recipients.push((other, format!("{author}さんからメッセージが届きました")));
            }
        }
    }
    let mut created = Vec::new();
    for (user_id, message) in recipients {
        let notice = NewNotice {
            user_id,
            notice_type: NoticeType::Message,
            message,
            reference: NoticeReference {
                team_id: Some(channel.team_id),
                channel_id: Some(channel.id),
                message_id: Some(message_id),
                ..Default::default()
            },
        };
        created.push((user_id, notices::insert(&mut *tx, &notice).await?));
    }
    Ok(created)
}

/// The message's author, if the message is live and in this channel.
async fn message_in_channel(state: &AppState, channel_id: i64, message_id: i64) -> AppResult<i64> {
    db::live_message_author(&state.db, channel_id, message_id)
        .await?
        .ok_or(AppError::NotFound)
}

#[utoipa::path(get, path = "/channels/{channel_id}/messages/{message_id}/replies", tag = "messages", security(("bearer" = [])),
    responses((status = 200, body = [MessageView], description = "the thread's live replies, oldest first"), (status = 403), (status = 404)))]
pub async fn replies(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((channel_id, message_id)): Path<(i64, i64)>,
) -> AppResult<Json<Vec<MessageView>>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    if !db::is_thread_parent(&state.db, channel_id, message_id).await? {
        return Err(AppError::NotFound);
    }
    let ids = db::reply_ids(&state.db, message_id).await?;
    Ok(Json(db::load(&state.db, &ids).await?))
}

/// One live message of the channel, a reply included: a notice of a reply opens its thread
/// from the reply's `parent_id`, whatever history the page has loaded.
#[utoipa::path(get, path = "/channels/{channel_id}/messages/{message_id}", tag = "messages", security(("bearer" = [])),
    responses((status = 200, body = MessageView), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((channel_id, message_id)): Path<(i64, i64)>,
) -> AppResult<Json<MessageView>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    message_in_channel(&state, channel_id, message_id).await?;
    let view = db::load_one(&state.db, message_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(view))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EditMessage {
    #[serde(default)]
    pub body: String,
}

impl Declared for EditMessage {
    const RULES: &'static [FieldRules] =
        &[("body", &[Rule::Required, Rule::MaxChars(MAX_BODY_CHARS)])];
}

#[utoipa::path(put, path = "/channels/{channel_id}/messages/{message_id}", tag = "messages", security(("bearer" = [])), request_body = EditMessage,
    responses((status = 200, body = MessageView), (status = 403, description = "not the author"), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((channel_id, message_id)): Path<(i64, i64)>,
    ApiJson(body): ApiJson<EditMessage>,
) -> AppResult<Json<MessageView>> {
    writable_channel(&state.db, &caller, channel_id).await?;
    let author_id = message_in_channel(&state, channel_id, message_id).await?;
    if !access::may_edit(&caller, author_id) {
        return Err(AppError::Forbidden);
    }
    let has_files = db::has_files(&state.db, message_id).await?;
    let mut v = Validator::new();
    validate_body(&mut v, &body.body, has_files);
    v.finish()?;
    let mut tx = state.db.begin().await?;
    db::update_body(&mut *tx, message_id, body.body.trim_end()).await?;
    db::delete_mentions(&mut *tx, message_id).await?;
    store_mentions(&mut tx, channel_id, message_id, &body.body).await?;
    tx.commit().await?;
    Ok(Json(
        publish_message(&state, message_id, MessageUpdated).await?.0,
    ))
}

#[utoipa::path(delete, path = "/channels/{channel_id}/messages/{message_id}", tag = "messages", security(("bearer" = [])),
    responses((status = 204, description = "deleted by its author or by staff"), (status = 403), (status = 404)))]
pub async fn remove(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((channel_id, message_id)): Path<(i64, i64)>,
) -> AppResult<StatusCode> {
    readable_channel(&state.db, &caller, channel_id).await?;
    let author_id = message_in_channel(&state, channel_id, message_id).await?;
    if !access::may_delete(&caller, author_id) {
        return Err(AppError::Forbidden);
    }
    let mut tx = state.db.begin().await?;
    let parent_id = db::soft_delete(&mut *tx, message_id).await?;
    let unpinned = db::unpin_everywhere(&mut *tx, message_id).await?;
    tx.commit().await?;
    let deleted = MessageDeleted {
        id: message_id,
        channel_id,
    };
    emit(&state.hub, &deleted).await;
    if let Some(parent_id) = parent_id {
        // One reply fewer on the parent.
        publish_message(&state, parent_id, MessageUpdated).await?;
    }
    if unpinned {
        publish_pin_removed(&state, channel_id, message_id).await;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReactionRequest {
    pub reaction_id: i64,
}

async fn reaction_changed<E: Event>(
    state: &AppState,
    caller: &Caller,
    channel_id: i64,
    message_id: i64,
    reaction_id: i64,
    event: fn(ReactionChanged) -> E,
) -> AppResult<E> {
    let changed = ReactionChanged {
        channel_id,
        message_id,
        reaction_id,
        user_id: caller.user_id,
        reactions: db::reactions_of(&state.db, message_id).await?,
    };
    let event = event(changed);
    emit(&state.hub, &event).await;
    Ok(event)
}

#[utoipa::path(post, path = "/channels/{channel_id}/messages/{message_id}/reactions", tag = "messages", security(("bearer" = [])),
    request_body = ReactionRequest, responses((status = 201, body = ReactionChanged), (status = 403), (status = 404), (status = 422)))]
pub async fn add_reaction(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((channel_id, message_id)): Path<(i64, i64)>,
    ApiJson(body): ApiJson<ReactionRequest>,
) -> AppResult<(StatusCode, Json<ReactionChanged>)> {
    writable_channel(&state.db, &caller, channel_id).await?;
    message_in_channel(&state, channel_id, message_id).await?;
    let known = db::reaction_exists(&state.db, body.reaction_id).await?;
    if !known {
        return Err(AppError::rule("reaction_id", "exists"));
    }
    db::add_reaction(&state.db, message_id, body.reaction_id, caller.user_id).await?;
    let changed = reaction_changed(
        &state,
        &caller,
        channel_id,
        message_id,
        body.reaction_id,
        ReactionAdded,
    )
    .await?
    .0;
    Ok((StatusCode::CREATED, Json(changed)))
}

#[utoipa::path(delete, path = "/channels/{channel_id}/messages/{message_id}/reactions/{reaction_id}", tag = "messages",
    security(("bearer" = [])), responses((status = 204), (status = 403), (status = 404)))]
pub async fn remove_reaction(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((channel_id, message_id, reaction_id)): Path<(i64, i64, i64)>,
) -> AppResult<StatusCode> {
    writable_channel(&state.db, &caller, channel_id).await?;
    message_in_channel(&state, channel_id, message_id).await?;
    let removed = db::remove_reaction(&state.db, message_id, reaction_id, caller.user_id).await?;
    if !removed {
        return Err(AppError::NotFound);
    }
    reaction_changed(
        &state,
        &caller,
        channel_id,
        message_id,
        reaction_id,
        ReactionRemoved,
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/channels/{channel_id}/pinned_messages", tag = "messages", security(("bearer" = [])),
    responses((status = 200, body = [MessageView]), (status = 403), (status = 404)))]
pub async fn pins(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
) -> AppResult<Json<Vec<MessageView>>> {
    readable_channel(&state.db, &caller, channel_id).await?;
    let ids = db::pinned_ids(&state.db, channel_id).await?;
    Ok(Json(db::load(&state.db, &ids).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PinRequest {
    pub message_id: i64,
}

#[utoipa::path(post, path = "/channels/{channel_id}/pinned_messages", tag = "messages", security(("bearer" = [])), request_body = PinRequest,
    responses((status = 201, body = PinAdded), (status = 403), (status = 404)))]
pub async fn pin(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(channel_id): Path<i64>,
    ApiJson(body): ApiJson<PinRequest>,
) -> AppResult<(StatusCode, Json<PinAdded>)> {
    writable_channel(&state.db, &caller, channel_id).await?;
    message_in_channel(&state, channel_id, body.message_id).await?;
    db::pin(&state.db, channel_id, body.message_id, caller.user_id).await?;
    let message = db::load_one(&state.db, body.message_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let added = PinAdded {
        channel_id,
        message,
    };
    emit(&state.hub, &added).await;
    Ok((StatusCode::CREATED, Json(added)))
}

#[utoipa::path(delete, path = "/channels/{channel_id}/pinned_messages/{message_id}", tag = "messages", security(("bearer" = [])),
    responses((status = 204), (status = 403), (status = 404)))]
pub async fn unpin(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((channel_id, message_id)): Path<(i64, i64)>,
) -> AppResult<StatusCode> {
    writable_channel(&state.db, &caller, channel_id).await?;
    let removed = db::unpin(&state.db, channel_id, message_id).await?;
    if !removed {
        return Err(AppError::NotFound);
    }
    publish_pin_removed(&state, channel_id, message_id).await;
    Ok(StatusCode::NO_CONTENT)
}

async fn publish_pin_removed(state: &AppState, channel_id: i64, message_id: i64) {
    let removed = PinRemoved {
        channel_id,
        message_id,
    };
    emit(&state.hub, &removed).await;
}
