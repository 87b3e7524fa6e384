//! Who may download which file: its uploader and staff, and anyone a domain holding the file
//! lets see it (`chat::messages::access`, `work::deliveries::access`).

use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::files::FileRow;
use crate::platform::error::AppResult;

/// The uploader and staff may download any file; anyone else only where a domain that holds the
/// file lets them see it (a channel's message, a task's delivery).
pub async fn may_download(db: &PgPool, caller: &Caller, file: &FileRow) -> AppResult<bool> {
    if file.user_id == caller.user_id || caller.role.is_staff() {
        return Ok(true);
    }
    Ok(
        crate::chat::messages::access::file_readable(db, caller, file.id).await?
            || crate::work::deliveries::access::file_readable(db, caller, file.id).await?,
    )
}
