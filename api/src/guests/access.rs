//! Who may share a team, and who a guest is.
//!
//! - A team's share link is managed by the users of the client that owns the team's medium, and
//!   by staff; anyone else (a client of another company) finds nothing (404) — the media teams' rule,
//!   `clients::teams::access::team`.
//! - A guest is the bearer of a guest token: live (120 minutes), opened through a share link
//!   that has not been revoked or replaced. It reads the shared team and nothing else; it is
//!   never a login session (`AuthUser` refuses it, `GuestUser` refuses a session token).

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::auth::token;
use crate::platform::error::{AppError, AppResult};
use crate::state::AppState;

/// A guest token lives 120 minutes (spec section 9).
pub const GUEST_TOKEN_MINUTES: i64 = 120;

/// The texts the guest pages show for a link or token that no longer opens anything.
pub const MESSAGE_INVALID: &str = "無効なURLです。";
pub const MESSAGE_EXPIRED: &str = "URLの有効期限が切れています。";

/// The bearer of a live guest token: the shared team and its medium.
#[derive(Debug, Clone)]
pub struct GuestUser {
    pub share_link_id: i64,
    pub team_id: i64,
    pub media_id: i64,
}

impl GuestUser {
    /// 404 unless the path names the shared team of the shared medium.
    pub fn ensure_team(&self, media_id: i64, team_id: i64) -> AppResult<()> {
        if self.media_id == media_id && self.team_id == team_id {
            Ok(())
        } else {
            Err(AppError::NotFound)
        }
    }
}

impl FromRequestParts<AppState> for GuestUser {
    /// 401 with the text the guest pages show (expired, or invalid).
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let bearer = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty());
        let Some(bearer) = bearer else {
            return Err(AppError::UnauthorizedBecause(MESSAGE_INVALID));
        };
        let found: Option<(bool, i64, i64, Option<i64>)> = sqlx::query_as(
            "select g.expires_at > now(), l.id, l.team_id, t.media_id
               from guest_tokens g
               join team_share_links l on l.id = g.share_link_id and l.revoked_at is null
               join teams t on t.id = l.team_id
              where g.token_hash = $1",
        )
        .bind(token::digest(bearer))
        .fetch_optional(&state.db)
        .await?;
        match found {
            Some((true, share_link_id, team_id, Some(media_id))) => Ok(GuestUser {
                share_link_id,
                team_id,
                media_id,
            }),
            Some((false, ..)) => Err(AppError::UnauthorizedBecause(MESSAGE_EXPIRED)),
            _ => Err(AppError::UnauthorizedBecause(MESSAGE_INVALID)),
        }
    }
}
