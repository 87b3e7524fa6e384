//! Who may see and change a medium's teams: staff every medium, a client user the media of its
//! own company (`users.client_id`); another company's medium, team or member is 404, as if it
//! did not exist. Creators never use these endpoints (their guard refuses them); they see the
//! offers made to them through `/offers/received` and answer on `/teams/{id}/offer`.
//!
//! TODO(issue 12 merge): the clients slice owns media access (`clients::media::access`); this
//! small query stands in for it until the two slices meet.

use sqlx::PgExecutor;

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};

/// A medium the caller may manage teams of.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MediumRef {
    pub id: i64,
    pub client_id: i64,
    pub name: String,
}

/// The medium, if the caller (staff or a user of its client) may see it; 404 otherwise.
pub async fn medium(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    media_id: i64,
) -> AppResult<MediumRef> {
    let found: Option<MediumRef> =
        sqlx::query_as("select id, client_id, name from media where id = $1")
            .bind(media_id)
            .fetch_optional(db)
            .await?;
    match found {
        Some(medium) if caller.role.is_staff() || caller.belongs_to_client(medium.client_id) => {
            Ok(medium)
        }
        _ => Err(AppError::NotFound),
    }
}

/// The team of the medium, if the caller may see the medium; 404 for a team of another medium.
pub async fn team<'c, E>(
    db: E,
    caller: &Caller,
    media_id: i64,
    team_id: i64,
) -> AppResult<MediumRef>
where
    E: PgExecutor<'c> + Copy,
{
    let medium = medium(db, caller, media_id).await?;
    let belongs: bool =
        sqlx::query_scalar("select exists (select 1 from teams where id = $1 and media_id = $2)")
            .bind(team_id)
            .bind(media_id)
            .fetch_one(db)
            .await?;
    if belongs {
        Ok(medium)
    } else {
        Err(AppError::NotFound)
    }
}
