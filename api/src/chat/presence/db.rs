//! The presence domain's SQL.

use std::collections::HashMap;

use sqlx::PgPool;

/// The channels each of `user_ids` is a member of (observers are not), by user.
pub(super) async fn member_channels(
    db: &PgPool,
    user_ids: &[i64],
) -> sqlx::Result<HashMap<i64, Vec<i64>>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "select user_id, channel_id from channel_members
          where user_id = any($1) and not is_observer order by user_id, channel_id",
    )
    .bind(user_ids)
    .fetch_all(db)
    .await?;
    let mut channels: HashMap<i64, Vec<i64>> = HashMap::new();
    for (user_id, channel_id) in rows {
        channels.entry(user_id).or_default().push(channel_id);
    }
    Ok(channels)
}

/// The channel's members (as `GET /channels/{id}/members` lists them).
pub(super) async fn member_ids(db: &PgPool, channel_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select cm.user_id from channel_members cm join users u on u.id = cm.user_id
          where cm.channel_id = $1 and not cm.is_observer and u.account_status <> 'left'
          order by cm.user_id",
    )
    .bind(channel_id)
    .fetch_all(db)
    .await
}
