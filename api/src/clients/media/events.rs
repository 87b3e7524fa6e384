//! `media.updated`: a medium, its option payments, its customer information or a month's bill
//! (`clients::payments`) changed; the staff and the company's own users with its pages open
//! refetch them.

use realtime::Room;
use serde::Serialize;
use sqlx::PgExecutor;

use crate::clients::media::access::MediaRef;
use crate::platform::error::AppResult;
use crate::platform::events;

#[derive(Debug, Serialize)]
pub struct MediaUpdated {
    #[serde(flatten)]
    pub media: MediaRef,
    /// The company's active users (the audience; not sent).
    #[serde(skip)]
    pub client_user_ids: Vec<i64>,
}

crate::impl_event!(MediaUpdated as MediaRef, MediaUpdated, |e| {
    let mut rooms: Vec<Room> = ["manager", "admin", "accountant"]
        .into_iter()
        .map(|role| Room::Role(role.into()))
        .collect();
    rooms.extend(events::users(e.client_user_ids.iter().copied()));
    rooms
});

impl MediaUpdated {
    /// The event for `media`, addressed to its company's active users.
    pub async fn of(db: impl PgExecutor<'_>, media: MediaRef) -> AppResult<Self> {
        let client_user_ids = sqlx::query_scalar(
            "select id from users where client_id = $1 and account_status = 'active'",
        )
        .bind(media.client_id)
        .fetch_all(db)
        .await?;
        Ok(MediaUpdated {
            media,
            client_user_ids,
        })
    }
}
