//! Who may see what was posted in a channel, and who may delete a message.

use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::chat::channels::access::{SqlQuery, push_readable_channels};
use crate::platform::error::AppResult;

/// Whether `file_id` is attached to a live message of a channel the caller may read.
pub async fn file_readable(db: &PgPool, caller: &Caller, file_id: i64) -> AppResult<bool> {
    let mut q = SqlQuery::new(
        "select exists (select 1 from message_files mf join messages m on m.id = mf.message_id join channels c on c.id = m.channel_id
          where m.deleted_at is null and mf.file_id = ",
    );
    q.push_bind(file_id);
    q.push(" and ");
    push_readable_channels(&mut q, caller);
    q.push(")");
    Ok(q.build_query_scalar().fetch_one(db).await?)
}

/// A message is edited by its author only.
pub fn may_edit(caller: &Caller, author_id: i64) -> bool {
    author_id == caller.user_id
}

/// A message is deleted by its author or by staff (after the channel's own read rule).
pub fn may_delete(caller: &Caller, author_id: i64) -> bool {
    author_id == caller.user_id || caller.role.is_staff()
}
