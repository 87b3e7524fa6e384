//! The share link of a media team (`/clients/media/{media_id}/teams/{team_id}/share` and `/url`)
//! and the guest endpoints under `/guest/…`, each scoped to the shared team.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::clients::teams::access as teams_access;
use crate::creators::access::Depth;
use crate::creators::detail;
use crate::creators::model::CreatorAbilities;
use crate::files;
use crate::guests::access::{GuestUser, MESSAGE_INVALID};
use crate::guests::db;
use crate::guests::model::{
    CurrentShareLink, GuestAuth, GuestCreator, GuestMembers, GuestTeam, ShareLink,
};
use crate::master;
use crate::platform::error::{AppError, AppResult, Rules};
use crate::platform::extract::{ApiJson, ApiQuery};
use crate::platform::guards::StaffOrClientUser;
use crate::platform::pagination::PageQuery;
use crate::platform::pagination::Paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(share, revoke))
        .routes(routes!(current_url))
        .routes(routes!(url_auth))
        .routes(routes!(team))
        .routes(routes!(members))
        .routes(routes!(creator))
        .routes(routes!(portfolio_file))
        .routes(routes!(child_genres))
}

pub const MEMBERS_PER_PAGE: i64 = 20;

fn share_url(state: &AppState, secret: &str, media_id: i64, team_id: i64) -> String {
    format!(
        "{}/guest/clients/login?token={secret}&media_id={media_id}&team_id={team_id}",
        state.config.public_base_url()
    )
}

/// Issues the team's share link, replacing (and so ending) the previous one.
#[utoipa::path(post, path = "/clients/media/{media_id}/teams/{team_id}/share", tag = "guests", security(("bearer" = [])),
    params(("media_id" = i64, Path), ("team_id" = i64, Path)),
    responses((status = 201, body = ShareLink), (status = 401), (status = 403), (status = 404)))]
pub async fn share(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
) -> AppResult<(StatusCode, Json<ShareLink>)> {
    teams_access::team(&state.db, &caller, media_id, team_id).await?;
    let mut tx = state.db.begin().await?;
    let (secret, created_at) = db::issue_share_link(&mut tx, team_id, Some(caller.user_id)).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(ShareLink {
            url: share_url(&state, &secret, media_id, team_id),
            media_id,
            team_id,
            created_at,
        }),
    ))
}

/// Revokes the team's share link: every guest who opened it loses access at once.
#[utoipa::path(delete, path = "/clients/media/{media_id}/teams/{team_id}/share", tag = "guests", security(("bearer" = [])),
    params(("media_id" = i64, Path), ("team_id" = i64, Path)),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
pub async fn revoke(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
) -> AppResult<StatusCode> {
    teams_access::team(&state.db, &caller, media_id, team_id).await?;
    if db::revoke(&state.db, team_id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(AppError::NotFound)
    }
}

/// The team's live share link (when and by whom it was issued), `share_link: null` when the
/// team is not shared: an unshared team is the usual state, not a missing record (404 stays for
/// a team the caller may not see). The URL itself is shown only when issued: only a digest of
/// its token is stored.
#[utoipa::path(get, path = "/clients/media/{media_id}/teams/{team_id}/url", tag = "guests", security(("bearer" = [])),
    params(("media_id" = i64, Path), ("team_id" = i64, Path)),
    responses((status = 200, body = CurrentShareLink), (status = 401), (status = 403), (status = 404)))]
pub async fn current_url(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
) -> AppResult<Json<CurrentShareLink>> {
    teams_access::team(&state.db, &caller, media_id, team_id).await?;
    Ok(Json(CurrentShareLink {
        share_link: db::share_link_status(&state.db, team_id).await?,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UrlAuthBody {
    /// The token of the share link.
    #[serde(default)]
    pub token: String,
}

/// Exchanges a share link's token for a guest token (120 minutes). An unknown, revoked or
/// replaced link is a 422 on `token` with 「無効なURLです。」.
#[utoipa::path(put, path = "/guest/clients/url_auth", tag = "guests",
    request_body = UrlAuthBody,
    responses((status = 200, body = GuestAuth), (status = 422)))]
pub async fn url_auth(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<UrlAuthBody>,
) -> AppResult<Json<GuestAuth>> {
    let secret = body.token.trim();
    let invalid = || {
        let mut rules = Rules::new();
        rules.insert("token".into(), vec!["invalid".into()]);
        AppError::Validation {
            message: MESSAGE_INVALID.into(),
            rules,
        }
    };
    if secret.is_empty() || secret.len() > 200 {
        return Err(invalid());
    }
    let (token, media_id, team_id, expires_at) = db::open_guest_token(&state.db, secret)
        .await?
        .ok_or_else(invalid)?;
    Ok(Json(GuestAuth {
        token,
        media_id,
        team_id,
        expires_at,
    }))
}

/// The shared team: its name and its medium's.
#[utoipa::path(get, path = "/guest/clients/media/{media_id}/teams/{team_id}", tag = "guests", security(("guest" = [])),
    params(("media_id" = i64, Path), ("team_id" = i64, Path)),
    responses((status = 200, body = GuestTeam), (status = 401), (status = 404)))]
pub async fn team(
    State(state): State<AppState>,
    guest: GuestUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
) -> AppResult<Json<GuestTeam>> {
    guest.ensure_team(media_id, team_id)?;
    db::team(&state.db, team_id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

/// The shared team's members, a page at a time (public fields only).
#[utoipa::path(get, path = "/guest/clients/media/{media_id}/teams/{team_id}/members", tag = "guests", security(("guest" = [])),
    params(("media_id" = i64, Path), ("team_id" = i64, Path), PageQuery),
    responses((status = 200, body = GuestMembers), (status = 401), (status = 404), (status = 422)))]
pub async fn members(
    State(state): State<AppState>,
    guest: GuestUser,
    Path((media_id, team_id)): Path<(i64, i64)>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> AppResult<Json<GuestMembers>> {
    guest.ensure_team(media_id, team_id)?;
    let page = Paging::requested(query.page, 1)?;
    let (total, members) = db::members_page(
        &state.db,
        team_id,
        MEMBERS_PER_PAGE,
        Paging::offset(page, MEMBERS_PER_PAGE, 1),
    )
    .await?;
    Ok(Json(GuestMembers {
        team_id,
        members,
        paging: Paging::new(page, MEMBERS_PER_PAGE, total, 1),
    }))
}

/// A member's public page (the creators domain's public view), with their publishable
/// portfolio files; 404 for anyone who is not a visible member of the shared team.
#[utoipa::path(get, path = "/guest/clients/media/{media_id}/teams/{team_id}/creators/{user_id}", tag = "guests", security(("guest" = [])),
    params(("media_id" = i64, Path), ("team_id" = i64, Path), ("user_id" = i64, Path)),
    responses((status = 200, body = GuestCreator), (status = 401), (status = 404)))]
pub async fn creator(
    State(state): State<AppState>,
    guest: GuestUser,
    Path((media_id, team_id, user_id)): Path<(i64, i64, i64)>,
) -> AppResult<Json<GuestCreator>> {
    guest.ensure_team(media_id, team_id)?;
    let public_memo = db::visible_member_memo(&state.db, team_id, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut user = detail::load(
        &state.db,
        user_id,
        Depth::Public,
        CreatorAbilities::default(),
    )
    .await?;
    // An outside reader sees the portfolio only when the creator allowed publishing it as is.
    user.portfolio = user.portfolio.filter(|p| p.publishability == "publishable");
    let portfolio_files =
        db::views(db::publishable_portfolio_files(&state.db, user_id, None).await?);
    Ok(Json(GuestCreator {
        user,
        public_memo,
        portfolio_files,
    }))
}

/// A file of a member's publishable portfolio.
#[utoipa::path(get, path = "/guest/clients/media/{media_id}/teams/{team_id}/creators/{user_id}/portfolio_files/{file_id}", tag = "guests", security(("guest" = [])),
    params(("media_id" = i64, Path), ("team_id" = i64, Path), ("user_id" = i64, Path), ("file_id" = i64, Path)),
    responses((status = 200, description = "the file's bytes"), (status = 401), (status = 403, description = "infected"), (status = 404),
        (status = 422, description = "still being scanned for viruses; try again later")))]
pub async fn portfolio_file(
    State(state): State<AppState>,
    guest: GuestUser,
    Path((media_id, team_id, user_id, file_id)): Path<(i64, i64, i64, i64)>,
    headers: axum::http::HeaderMap,
) -> AppResult<Response> {
    guest.ensure_team(media_id, team_id)?;
    db::visible_member_memo(&state.db, team_id, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let file = db::publishable_portfolio_files(&state.db, user_id, Some(file_id))
        .await?
        .into_iter()
        .next()
        .ok_or(AppError::NotFound)?;
    files::respond(&state.storage, file, &headers).await
}

/// The child genres of a genre, for a guest reading the members' skills.
#[utoipa::path(get, path = "/guest/genres/{genre_id}/child_genres", tag = "guests", security(("guest" = [])),
    params(("genre_id" = i64, Path)),
    responses((status = 200, body = Vec<master::model::Genre>), (status = 401), (status = 404)))]
pub async fn child_genres(
    State(state): State<AppState>,
    _guest: GuestUser,
    Path(genre_id): Path<i64>,
) -> AppResult<Json<Vec<master::model::Genre>>> {
    master::db::child_genres(&state.db, genre_id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}
