//! Who reads a client's usage and who changes its bills.
//!
//! - Reading is the company rule of `clients::access` (and `media::access` for one medium):
//!   staff (manager, accountant, admin) read every company's; a client user only its own
//!   company's, another company's (or its medium's) answers 404 as if it did not exist;
//!   creators are refused (403).
//! - Changing a bill (`PUT /admin/clients/media/{id}/payments`, guarded by `AccountantUser`;
//!   `may_update` tells the page) is for accountants and admins:
//!   billing and recording a payment are accounting acts. Managers run the media and their
//!   option payments and read the bills, but do not set them (403).

use crate::auth::session::Caller;
use crate::clients::clients::access as clients_access;
use crate::clients::media::access::{self as media_access, MediaRef};
use crate::clients::payments::usage::Reader;
use crate::platform::error::{AppError, AppResult};
use crate::state::AppState;

/// Client `client_id` as the caller may read its usage (404 for another company, 403 for
/// creators).
pub async fn client_for(state: &AppState, caller: &Caller, client_id: i64) -> AppResult<()> {
    clients_access::client_for(&state.db, caller, client_id).await?;
    Ok(())
}

/// Medium `media_id` of client `client_id` as the caller may read its usage: a medium of
/// another company, or one not of `client_id`, is 404.
pub async fn media_of_client(
    state: &AppState,
    caller: &Caller,
    client_id: i64,
    media_id: i64,
) -> AppResult<MediaRef> {
    let media = media_access::media_for(&state.db, caller, media_id).await?;
    if media.client_id == client_id {
        Ok(media)
    } else {
        Err(AppError::NotFound)
    }
}

/// Whether the caller may change bills (accountants and admins).
pub fn may_update(caller: &Caller) -> bool {
    caller.role.is_accounting()
}

/// How the caller reads a medium's month: staff also see the history of the bill's changes;
/// accountants and admins may update it.
pub fn reader(caller: &Caller) -> Reader {
    Reader {
        is_staff: caller.role.is_staff(),
        can_update: may_update(caller),
    }
}
