//! The comments' REST: list, write (a thread on a range of the text, or a reply), resolve and
//! reopen a thread, delete one's own. Every call takes the editor link's `?token=` when the
//! manuscript was opened through one (the link is checked again: revoked or expired, refused).

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::session::Caller;
use crate::manuscripts::access;
use crate::manuscripts::comments::anchor;
use crate::manuscripts::comments::db::{self, CommentRow, NewComment};
use crate::manuscripts::comments::model::{ManuscriptCommentChanged, ManuscriptCommentView};
use crate::platform::error::{AppError, AppResult, Rules};
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::{Declared, FieldRules, Rule, Validator};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(resolve, reopen))
        .routes(routes!(delete))
}

pub const BODY_MAX: usize = 2000;
pub const QUOTE_MAX: usize = 1000;

/// The caller may comment on the manuscript (through the query's link, if any).
async fn commentable(
    state: &AppState,
    caller: &Caller,
    manuscript_id: i64,
    query: Option<&str>,
) -> AppResult<()> {
    let permission = access::permission_in_query(state, caller, manuscript_id, query).await?;
    if access::may_comment(permission) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

fn view(caller: &Caller, row: CommentRow) -> ManuscriptCommentView {
    let can_delete = access::may_delete_comment(caller, row.author_id);
    ManuscriptCommentView {
        comment: row.view(),
        can_delete,
    }
}

#[utoipa::path(get, path = "/manuscripts/{manuscript_id}/comments", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = Option<String>, Query, description = "the editor link's token, when opened through one")),
    responses((status = 200, body = [ManuscriptCommentView], description = "oldest first: roots and replies, deleted ones left out"),
        (status = 400, description = "a refused link"), (status = 401), (status = 404)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
    RawQuery(query): RawQuery,
) -> AppResult<Json<Vec<ManuscriptCommentView>>> {
    commentable(&state, &caller, manuscript_id, query.as_deref()).await?;
    let rows = db::list(&state.db, manuscript_id).await?;
    Ok(Json(
        rows.into_iter().map(|row| view(&caller, row)).collect(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewManuscriptComment {
    /// 1–2000 characters.
    #[serde(default)]
    pub body: String,
    /// The thread replied to; absent for a new thread.
    #[serde(default)]
    pub parent_id: Option<i64>,
    /// A new thread's start: `Y.encodeRelativePosition` of
    /// `Y.createRelativePositionFromTypeIndex`, base64 (standard, padded).
    #[serde(default)]
    pub anchor_start: Option<String>,
    /// A new thread's end, as `anchor_start`.
    #[serde(default)]
    pub anchor_end: Option<String>,
    /// The selected text a new thread is written on (up to 1000 characters).
    #[serde(default)]
    pub quote: Option<String>,
}

impl Declared for NewManuscriptComment {
    const RULES: &'static [FieldRules] = &[
        ("body", &[Rule::Required, Rule::MaxChars(BODY_MAX)]),
        ("quote", &[Rule::MaxChars(QUOTE_MAX)]),
    ];
}

/// A relative position as sent: base64 of an encoded Yjs relative position.
fn sent_anchor(value: Option<&str>) -> Result<Vec<u8>, &'static str> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        return Err("required");
    }
    let bytes = STANDARD.decode(value).map_err(|_| "relative_position")?;
    if !anchor::is_relative_position(&bytes) {
        return Err("relative_position");
    }
    Ok(bytes)
}

#[utoipa::path(post, path = "/manuscripts/{manuscript_id}/comments", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = Option<String>, Query, description = "the editor link's token, when opened through one")),
    request_body = NewManuscriptComment,
    responses((status = 201, body = ManuscriptCommentView), (status = 400, description = "a refused link"),
        (status = 401), (status = 404), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
    RawQuery(query): RawQuery,
    ApiJson(input): ApiJson<NewManuscriptComment>,
) -> AppResult<(StatusCode, Json<ManuscriptCommentView>)> {
    commentable(&state, &caller, manuscript_id, query.as_deref()).await?;
    let body = input.body.trim();
    let quote = input.quote.as_deref().unwrap_or_default().trim();
    let mut v = Validator::new();
    v.required("body", body).max_chars("body", body, BODY_MAX);
    v.max_chars("quote", quote, QUOTE_MAX);
    let mut anchors = None;
    let mut parent_id = None;
    match input.parent_id {
        Some(id) => {
            // A reply to a reply joins its root's thread.
            match db::comment(&state.db, manuscript_id, id).await? {
                Some(parent) if !parent.deleted => parent_id = Some(parent.parent_id.unwrap_or(id)),
                _ => {
                    v.fail("parent_id", "exists");
                }
            }
        }
        None => {
            let start = sent_anchor(input.anchor_start.as_deref());
            let end = sent_anchor(input.anchor_end.as_deref());
            if let Err(rule) = &start {
                v.fail("anchor_start", *rule);
            }
            if let Err(rule) = &end {
                v.fail("anchor_end", *rule);
            }
            anchors = start.ok().zip(end.ok());
        }
    }
    v.finish()?;
    let row = db::insert(
        &state.db,
        NewComment {
            manuscript_id,
            parent_id,
            author_id: caller.user_id,
            body,
            anchor: anchors,
            quote: if parent_id.is_some() { "" } else { quote },
        },
    )
    .await?;
    emit(&state.hub, &ManuscriptCommentChanged(row.clone().view())).await;
    Ok((StatusCode::CREATED, Json(view(&caller, row))))
}

/// Resolves or reopens a thread, then tells the room.
async fn set_resolved(
    state: &AppState,
    caller: &Caller,
    manuscript_id: i64,
    comment_id: i64,
    query: Option<&str>,
    resolved: bool,
) -> AppResult<Json<ManuscriptCommentView>> {
    commentable(state, caller, manuscript_id, query).await?;
    let found = db::comment(&state.db, manuscript_id, comment_id)
        .await?
        .filter(|row| !row.deleted)
        .ok_or(AppError::NotFound)?;
    if found.parent_id.is_some() {
        return Err(AppError::WithStatus {
            status: StatusCode::CONFLICT,
            message: "返信ではなくスレッドを解決してください".into(),
            rules: Rules::new(),
        });
    }
    let by = resolved.then_some(caller.user_id);
    if !db::set_resolved(&state.db, manuscript_id, comment_id, by).await? {
        return Err(AppError::NotFound);
    }
    let row = db::comment(&state.db, manuscript_id, comment_id)
        .await?
        .ok_or(AppError::NotFound)?;
    emit(&state.hub, &ManuscriptCommentChanged(row.clone().view())).await;
    Ok(Json(view(caller, row)))
}

#[utoipa::path(post, path = "/manuscripts/{manuscript_id}/comments/{comment_id}/resolve", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = Option<String>, Query, description = "the editor link's token, when opened through one")),
    responses((status = 200, body = ManuscriptCommentView), (status = 400, description = "a refused link"), (status = 401), (status = 404),
        (status = 409, description = "a reply (threads are resolved)")))]
pub async fn resolve(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((manuscript_id, comment_id)): Path<(i64, i64)>,
    RawQuery(query): RawQuery,
) -> AppResult<Json<ManuscriptCommentView>> {
    set_resolved(
        &state,
        &caller,
        manuscript_id,
        comment_id,
        query.as_deref(),
        true,
    )
    .await
}

#[utoipa::path(delete, path = "/manuscripts/{manuscript_id}/comments/{comment_id}/resolve", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = Option<String>, Query, description = "the editor link's token, when opened through one")),
    responses((status = 200, body = ManuscriptCommentView, description = "reopened"), (status = 400, description = "a refused link"),
        (status = 401), (status = 404), (status = 409, description = "a reply")))]
pub async fn reopen(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((manuscript_id, comment_id)): Path<(i64, i64)>,
    RawQuery(query): RawQuery,
) -> AppResult<Json<ManuscriptCommentView>> {
    set_resolved(
        &state,
        &caller,
        manuscript_id,
        comment_id,
        query.as_deref(),
        false,
    )
    .await
}

#[utoipa::path(delete, path = "/manuscripts/{manuscript_id}/comments/{comment_id}", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = Option<String>, Query, description = "the editor link's token, when opened through one")),
    responses((status = 204), (status = 400, description = "a refused link"), (status = 401),
        (status = 403, description = "someone else's"), (status = 404)))]
pub async fn delete(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((manuscript_id, comment_id)): Path<(i64, i64)>,
    RawQuery(query): RawQuery,
) -> AppResult<StatusCode> {
    commentable(&state, &caller, manuscript_id, query.as_deref()).await?;
    let found = db::comment(&state.db, manuscript_id, comment_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !access::may_delete_comment(&caller, found.author_id) {
        return Err(AppError::Forbidden);
    }
    if !found.deleted {
        db::delete(&state.db, manuscript_id, comment_id).await?;
        let row = db::comment(&state.db, manuscript_id, comment_id)
            .await?
            .ok_or(AppError::NotFound)?;
        emit(&state.hub, &ManuscriptCommentChanged(row.view())).await;
    }
    Ok(StatusCode::NO_CONTENT)
}
