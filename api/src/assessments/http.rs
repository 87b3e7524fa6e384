//! `/assessments`: the list (paged, with the reminder flag), one assessment, the answer, and
//! the monthly reminder. A client user sees its own company's; staff see all.
//!
//! Answering is final: a second answer is a 422 on `state` (`answered`), so what a client said
//! about a month's work, and who said it, does not change afterwards.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::assessments::model::{AnswerBody, AssessmentState, AssessmentView};
use crate::assessments::{access, db, events, job};
use crate::auth::session::Caller;
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::guards::{ClientUser, StaffOrClientUser};
use crate::platform::pagination::Paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(remind, dismiss_remind))
        .routes(routes!(show, answer))
}

pub const PER_PAGE: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
    /// no_answered or answered.
    pub state: Option<AssessmentState>,
    /// Staff only: one client's.
    pub client_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AssessmentList {
    pub base_url: String,
    pub assessments: Vec<AssessmentView>,
    #[serde(flatten)]
    pub paging: Paging,
    pub is_assessment_remind: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AssessmentRemind {
    pub is_assessment_remind: bool,
}

async fn is_remind(state: &AppState, caller: &Caller) -> AppResult<bool> {
    match access::reminded_client(caller) {
        Some(client_id) => {
            let this_month = job::month_of(clock::tokyo_today());
            db::should_remind(&state.db, client_id, caller.user_id, this_month).await
        }
        None => Ok(false),
    }
}

/// The caller's assessments, newest month first (unanswered first within a month).
#[utoipa::path(get, path = "/assessments", tag = "assessments", security(("bearer" = [])),
    params(ListQuery),
    responses((status = 200, body = AssessmentList), (status = 401), (status = 403), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<AssessmentList>> {
    let page = Paging::requested(query.page, 1)?;
    let filter = db::ListFilter {
        state: query.state,
        client_id: query.client_id,
        limit: PER_PAGE,
        offset: Paging::offset(page, PER_PAGE, 1),
    };
    let (total, assessments) = db::list(&state.db, &caller, &filter).await?;
    Ok(Json(AssessmentList {
        base_url: "/assessments".into(),
        assessments,
        paging: Paging::new(page, PER_PAGE, total, 1),
        is_assessment_remind: is_remind(&state, &caller).await?,
    }))
}

/// Whether the reminder dialog should open for the caller: a client user whose company has
/// unanswered assessments of an earlier month, who has not closed it this month.
#[utoipa::path(get, path = "/assessments/remind", tag = "assessments", security(("bearer" = [])),
    responses((status = 200, body = AssessmentRemind), (status = 401)))]
pub async fn remind(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<AssessmentRemind>> {
    Ok(Json(AssessmentRemind {
        is_assessment_remind: is_remind(&state, &caller).await?,
    }))
}

/// Closes the reminder for the rest of this month (Tokyo time).
#[utoipa::path(put, path = "/assessments/remind", tag = "assessments", security(("bearer" = [])),
    responses((status = 204), (status = 401), (status = 403)))]
pub async fn dismiss_remind(
    State(state): State<AppState>,
    ClientUser(caller): ClientUser,
) -> AppResult<StatusCode> {
    let this_month = job::month_of(clock::tokyo_today());
    db::dismiss_remind(&state.db, caller.user_id, this_month).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// One assessment (another company's is 404).
#[utoipa::path(get, path = "/assessments/{id}", tag = "assessments", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 200, body = AssessmentView), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path(id): Path<i64>,
) -> AppResult<Json<AssessmentView>> {
    db::find(&state.db, &caller, id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

/// Answers an assessment (a user of its client): four scores 1–5 and a comment of at most 1000
/// characters. Then every open browser of the client's users gets the new count.
#[utoipa::path(put, path = "/assessments/{id}", tag = "assessments", security(("bearer" = [])),
    params(("id" = i64, Path)), request_body = AnswerBody,
    responses((status = 200, body = AssessmentView), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn answer(
    State(state): State<AppState>,
    ClientUser(caller): ClientUser,
    Path(id): Path<i64>,
    ApiJson(body): ApiJson<AnswerBody>,
) -> AppResult<Json<AssessmentView>> {
    let found = db::find(&state.db, &caller, id)
        .await?
        .ok_or(AppError::NotFound)?;
    if found.state == AssessmentState::Answered {
        return Err(AppError::rule("state", "answered"));
    }
    let answer = body.validate()?;
    let client_id = found.client.id;
    if !db::answer(&state.db, id, client_id, caller.user_id, &answer).await? {
        // Someone else of the company answered it in the meantime.
        return Err(AppError::rule("state", "answered"));
    }
    events::announce(&state, client_id, Some(id)).await;
    db::find(&state.db, &caller, id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}
