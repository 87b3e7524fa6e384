//! Who may see and change a medium's teams: staff every medium, a client user the media of its
//! own company (`users.client_id`); another company's medium, team or member is 404, as if it
//! did not exist. Creators never use these endpoints (their guard refuses them); they see the
//! offers made to them through `/offers/received` and answer on `/teams/{id}/offer`.

use sqlx::PgExecutor;

use crate::auth::session::Caller;
use crate::clients::media::access::MediaRef;
use crate::clients::media::access::media_for;
use crate::clients::teams::model::MemberReader;
use crate::platform::error::{AppError, AppResult};

/// The team of the medium, if the caller may see the medium; 404 for a team of another medium.
pub async fn team<'c, E>(db: E, caller: &Caller, media_id: i64, team_id: i64) -> AppResult<MediaRef>
where
    E: PgExecutor<'c> + Copy,
{
    let medium = media_for(db, caller, media_id).await?;
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

/// How the caller (staff or a client user, past the guard) reads a member row: staff with the
/// editor memo, a client user without it.
pub fn reader(caller: &Caller) -> MemberReader {
    if caller.role.is_staff() {
        MemberReader::Staff
    } else {
        MemberReader::Client
    }
}

/// The editor memo is written by staff only.
pub fn writes_editor_memo(caller: &Caller) -> bool {
    reader(caller) == MemberReader::Staff
}
