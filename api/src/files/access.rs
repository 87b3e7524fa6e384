//! Who may download which file: its uploader, staff (but a manuscript's images only its
//! members: `manuscripts::access::file_readable`), and anyone a domain holding the file lets
//! see it (`chat::messages::access`, `work::deliveries::access`).

use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::files::FileRow;
use crate::platform::error::AppResult;

/// The uploader may download any file; whoever may open a manuscript its images; staff any
/// other file; anyone else only where a domain that holds the file lets them see it (a
/// channel's message, a task's delivery).
pub async fn may_download(db: &PgPool, caller: &Caller, file: &FileRow) -> AppResult<bool> {
    if file.user_id == caller.user_id {
        return Ok(true);
    }
    let in_manuscripts = crate::manuscripts::access::file_readable(db, caller, file.id).await?;
    if in_manuscripts == Some(true) || (in_manuscripts.is_none() && caller.role.is_staff()) {
        return Ok(true);
    }
    Ok(
        crate::chat::messages::access::file_readable(db, caller, file.id).await?
            || crate::work::deliveries::access::file_readable(db, caller, file.id).await?,
    )
}
