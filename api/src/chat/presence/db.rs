//! The presence domain's SQL.

use std::collections::HashMap;

use sqlx::PgPool;

use crate::chat::channels::access::{SqlQuery, push_team_viewers};

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

/// The team's members whose presence the team shows: those working in it (`assignable`), as
/// the rule that lets a creator see a team counts them; candidates (shortlisted, offered) are
/// not yet the team's business.
pub(super) async fn team_member_ids(db: &PgPool, team_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select tm.user_id from team_members tm join users u on u.id = tm.user_id
          where tm.team_id = $1 and tm.status = 'assignable' and u.account_status <> 'left'
          order by tm.user_id",
    )
    .bind(team_id)
    .fetch_all(db)
    .await
}

/// Who hears each of `user_ids`' presence through a team: the active users who may see a team
/// the user works in (`push_team_viewers`, the team rule with the viewer as a column), by user;
/// less those who share a channel with them as members, who hear it in that channel's room
/// (the web app joins every member channel), so that nobody gets each change twice.
pub(super) async fn team_viewers(
    db: &PgPool,
    user_ids: &[i64],
) -> sqlx::Result<HashMap<i64, Vec<i64>>> {
    let mut q = SqlQuery::new(
        "select distinct s.user_id, u.id from team_members s join teams t on t.id = s.team_id
          join users u on u.account_status = 'active' and ",
    );
    push_team_viewers(&mut q);
    q.push(" where s.status = 'assignable' and s.user_id = any(");
    q.push_bind(user_ids);
    q.push(
        ") and not exists (select 1 from channel_members a join channel_members b on b.channel_id = a.channel_id
                           where a.user_id = s.user_id and not a.is_observer
                             and b.user_id = u.id and not b.is_observer)
         order by s.user_id, u.id",
    );
    let rows: Vec<(i64, i64)> = q.build_query_as().fetch_all(db).await?;
    let mut viewers: HashMap<i64, Vec<i64>> = HashMap::new();
    for (user_id, viewer) in rows {
        viewers.entry(user_id).or_default().push(viewer);
    }
    Ok(viewers)
}
