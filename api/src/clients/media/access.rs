//! Who may see and change a medium — the rule of `clients::access` applied through the
//! medium's company, for every media endpoint here and for the media teams.
//!
//! - Staff see every medium; managers and admins change them (`ensure_writer`).
//! - A client user sees its own company's media; another company's medium answers 404.
//! - Creators are refused (403) before anything is looked up.

use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::auth::session::Caller;
use crate::clients::clients::access::{self as clients_access, ClientScope};
use crate::platform::error::{AppError, AppResult};

/// A medium the caller may see: enough to check ownership and draw a header.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow, PartialEq, Eq)]
pub struct MediaRef {
    pub id: i64,
    pub name: String,
    pub client_id: i64,
    pub company_name: String,
}

/// Medium `media_id` as the caller may see it: 403 for creators, 404 when it does not exist or
/// belongs to another company.
pub async fn media_for(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    media_id: i64,
) -> AppResult<MediaRef> {
    let scope = ClientScope::of(caller)?;
    let found: Option<MediaRef> = sqlx::query_as(
        "select m.id, m.name, m.client_id, c.company_name
           from media m join clients c on c.id = m.client_id
          where m.id = $1",
    )
    .bind(media_id)
    .fetch_optional(db)
    .await?;
    match found {
        Some(media) if scope.admits(media.client_id) => Ok(media),
        _ => Err(AppError::NotFound),
    }
}

/// Managers and admins change media; anyone else who got this far is refused (403).
pub fn ensure_writer(caller: &Caller) -> AppResult<()> {
    if clients_access::may_write(caller) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}
