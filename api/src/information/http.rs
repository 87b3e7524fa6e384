//! `/information`: the live posts of the caller's audience, the unseen ones for the
//! latest-notices dialog, the seen mark, and staff writing and deleting posts.
//!
//! The dialog reads `GET /information/latest` (the caller's unseen posts, newest first, at most
//! `LATEST_LIMIT`) when whoami says `is_exists_new_information`, and calls
//! `PUT /information/seen` when it closes.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::creator_profile::events::UserUpdated;
use crate::information::access::{self, Readable};
use crate::information::db::{self, NewPost};
use crate::information::model::{
    AudienceRole, InformationItem, InformationList, LatestInformation,
};
use crate::information::scheduler;
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::emit;
use crate::platform::extract::{ApiJson, ApiQuery, AuthUser};
use crate::platform::guards::ManagerUser;
use crate::platform::pagination::Paging;
use crate::platform::text::is_blank;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, PATTERN_URL, Rule};
use crate::state::AppState;
use crate::users::model::{self as users, UserRecord};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(latest))
        .routes(routes!(seen))
        .routes(routes!(delete))
}

pub const PER_PAGE: i64 = 20;
/// How many unseen posts the dialog lists.
pub const LATEST_LIMIT: i64 = 5;
pub const TITLE_MAX: usize = 100;
pub const BODY_MAX: usize = 5000;
pub const URL_MAX: usize = 2000;
/// A start this far in the past is taken as "now" (the form's default time, submitted a few
/// minutes after the page opened); earlier is refused.
const PAST_TOLERANCE_MINUTES: i64 = 10;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
    /// `1`: staff (manager, admin) see every post, scheduled ones too, with `is_published` and
    /// `audience_roles`. Ignored for other roles.
    pub include_scheduled: Option<String>,
}

/// The live posts of the caller's audience, newest first (staff: every post on request).
#[utoipa::path(get, path = "/information", tag = "information", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = InformationList), (status = 401), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> AppResult<Json<InformationList>> {
    let page = Paging::requested(query.page, 1)?;
    let readable = access::readable(
        &caller,
        matches!(query.include_scheduled.as_deref(), Some("1" | "true")),
    );
    let staff_view = readable == Readable::Every;
    let (total, posts) = db::page(
        &state.db,
        match readable {
            Readable::Every => None,
            Readable::LiveFor(role) => Some(role),
        },
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    Ok(Json(InformationList {
        information: posts
            .iter()
            .map(|p| if staff_view { p.staff_item() } else { p.item() })
            .collect(),
        paging: Paging::new(page, PER_PAGE, total, 1),
        base_url: "/information".into(),
    }))
}

/// The caller's posts published since they last closed the dialog, newest first.
#[utoipa::path(get, path = "/information/latest", tag = "information", security(("bearer" = [])),
    responses((status = 200, body = LatestInformation), (status = 401)))]
pub async fn latest(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<LatestInformation>> {
    let posts = db::unseen(&state.db, caller.user_id, LATEST_LIMIT).await?;
    Ok(Json(LatestInformation {
        information: posts.iter().map(|p| p.item()).collect(),
    }))
}

/// Marks every post live for the caller so far as seen (the dialog was closed); answers the
/// User record, whose `is_exists_new_information` is then false. The caller's other tabs get
/// it as `user.updated` and close their dialog too.
#[utoipa::path(put, path = "/information/seen", tag = "information", security(("bearer" = [])),
    responses((status = 200, body = UserRecord), (status = 401)))]
pub async fn seen(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
) -> AppResult<Json<UserRecord>> {
    db::mark_seen(&state.db, caller.user_id).await?;
    let user = users::load(&state.db, caller.user_id)
        .await?
        .ok_or(AppError::Unauthorized)?;
    emit(&state.hub, &UserUpdated { user: user.clone() }).await;
    Ok(Json(user))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct InformationInput {
    /// Required, at most 100 characters.
    pub title: String,
    /// The text of the post; this or `url` is required.
    pub body: Option<String>,
    /// An http(s) address the title links to; this or `body` is required.
    pub url: Option<String>,
    /// general, editor_assistant, client, manager, accountant, admin; none means everyone.
    pub audience_roles: Vec<String>,
    /// RFC 3339, now or later; omitted means now.
    pub scheduled_start_date: Option<String>,
}

impl Declared for InformationInput {
    const RULES: &'static [FieldRules] = &[
        ("title", &[Rule::Required, Rule::MaxChars(TITLE_MAX)]),
        // One of body and url is required; the document asks for both.
        ("body", &[Rule::Required, Rule::MaxChars(BODY_MAX)]),
        (
            "url",
            &[
                Rule::Required,
                Rule::MaxChars(URL_MAX),
                Rule::Pattern(PATTERN_URL),
            ],
        ),
        ("audience_roles", &[Rule::In(AudienceRole::NAMES)]),
        ("scheduled_start_date", &[Rule::Date]),
    ];
}

/// What a valid input becomes.
struct Checked {
    title: String,
    body: Option<String>,
    url: Option<String>,
    audience_roles: Vec<AudienceRole>,
    scheduled_start_date: DateTime<Utc>,
}

fn present(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !is_blank(v))
        .map(str::to_string)
}

fn check(input: &InformationInput, now: DateTime<Utc>) -> AppResult<Checked> {
    let mut v = Validator::new();
    let title = input.title.trim().to_string();
    v.required("title", &title)
        .max_chars("title", &title, TITLE_MAX);
    let body = present(&input.body);
    let url = present(&input.url);
    if body.is_none() && url.is_none() {
        v.fail("body", "required_without:url");
        v.fail("url", "required_without:body");
    }
    if let Some(body) = &body {
        v.max_chars("body", body, BODY_MAX);
    }
    if let Some(url) = &url {
        v.max_chars("url", url, URL_MAX).url("url", url);
    }
    let mut audience_roles = Vec::new();
    for value in &input.audience_roles {
        match AudienceRole::parse(value.trim()) {
            Some(role) if !audience_roles.contains(&role) => audience_roles.push(role),
            Some(_) => {}
            None => {
                if !v.failed("audience_roles") {
                    v.fail("audience_roles", AudienceRole::rule());
                }
            }
        }
    }
    // Naming every role is the same as naming none.
    if audience_roles.len() == AudienceRole::ALL.len() {
        audience_roles.clear();
    }
    let scheduled_start_date = match present(&input.scheduled_start_date) {
        None => now,
        Some(text) => match DateTime::parse_from_rfc3339(&text) {
            Err(_) => {
                v.fail("scheduled_start_date", "date");
                now
            }
            Ok(at) => {
                let at = at.with_timezone(&Utc);
                if at < now - chrono::Duration::minutes(PAST_TOLERANCE_MINUTES) {
                    v.fail("scheduled_start_date", "after_or_equal:now");
                }
                at.max(now)
            }
        },
    };
    v.finish()?;
    Ok(Checked {
        title,
        body,
        url,
        audience_roles,
        scheduled_start_date,
    })
}

/// Schedules a post (manager, admin). A post starting now is published before the answer.
#[utoipa::path(post, path = "/information", tag = "information", security(("bearer" = [])), request_body = InformationInput,
    responses((status = 201, body = InformationItem), (status = 401), (status = 403), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    ManagerUser(caller): ManagerUser,
    ApiJson(input): ApiJson<InformationInput>,
) -> AppResult<(StatusCode, Json<InformationItem>)> {
    let now = Utc::now();
    let checked = check(&input, now)?;
    let post = db::insert(
        &state.db,
        &NewPost {
            title: &checked.title,
            body: checked.body.as_deref(),
            url: checked.url.as_deref(),
            audience_roles: &checked.audience_roles,
            scheduled_start_date: checked.scheduled_start_date,
            created_by: caller.user_id,
        },
    )
    .await?;
    tracing::info!(information_id = post.id, start = %post.scheduled_start_date, "information scheduled");
    let mut item = post.staff_item();
    if post.scheduled_start_date <= now {
        // Due already: publish it now rather than on the next tick (whichever node wins it).
        let published = scheduler::publish_due(&state).await?;
        if published.iter().any(|p| p.id == post.id) {
            item.is_published = Some(true);
        }
    }
    Ok((StatusCode::CREATED, Json(item)))
}

/// Deletes a post (manager, admin): it leaves every list; 404 when there is none.
#[utoipa::path(delete, path = "/information/{information_id}", tag = "information", security(("bearer" = [])),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
pub async fn delete(
    State(state): State<AppState>,
    ManagerUser(_caller): ManagerUser,
    Path(information_id): Path<i64>,
) -> AppResult<StatusCode> {
    if db::soft_delete(&state.db, information_id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::{InformationInput, check};
    use crate::platform::error::AppError;

    fn rules(input: InformationInput) -> Vec<(String, Vec<String>)> {
        match check(&input, chrono::Utc::now()) {
            Err(AppError::Validation { rules, .. }) => rules.into_iter().collect(),
            Err(other) => panic!("{other:?}"),
            Ok(_) => Vec::new(),
        }
    }

    #[test]
    fn a_post_needs_a_title_and_a_body_or_an_url() {
        let found = rules(InformationInput::default());
        assert_eq!(
            found,
            vec![
                ("body".into(), vec!["required_without:url".into()]),
                ("title".into(), vec!["required".into()]),
                ("url".into(), vec!["required_without:body".into()]),
            ]
        );
        let ok = InformationInput {
            title: "メンテナンスのお知らせ".into(),
            url: Some("https://tsumugi.jp/news/1".into()),
            ..Default::default()
        };
        assert!(rules(ok).is_empty());
    }

    #[test]
    fn every_role_named_is_everyone() {
        let input = InformationInput {
            title: "t".into(),
            body: Some("b".into()),
            audience_roles: [
                "general",
                "editor_assistant",
                "client",
                "manager",
                "accountant",
                "admin",
            ]
            .map(String::from)
            .to_vec(),
            ..Default::default()
        };
        assert!(
            check(&input, chrono::Utc::now())
                .unwrap()
                .audience_roles
                .is_empty()
        );
    }
}
