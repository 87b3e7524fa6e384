//! Visibility of teams and channels. Every chat query goes through here first, so a
//! non-member is refused before any data is read.

use crate::chat::channels::model::{ChannelStatus, ChannelType};
use sqlx::{PgPool, Postgres, QueryBuilder};

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::platform::guards::visible;
use crate::platform::sql::PushSql;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChannelRow {
    pub id: i64,
    pub team_id: i64,
    pub name: String,
    pub channel_type: ChannelType,
    pub status: ChannelStatus,
}

/// A query under construction.
pub type SqlQuery = QueryBuilder<Postgres>;

/// Condition (on alias `t`) for the teams the caller may see, with the caller's ids bound.
pub fn push_visible_teams(q: &mut impl PushSql, caller: &Caller) {
    match caller.role {
        Role::Manager | Role::Accountant | Role::Admin => {
            q.push("true");
        }
        Role::Client => {
            q.push("t.client_id = ");
            q.push_bind(caller.client_id);
        }
        // A creator sees the teams they work in (assignable), not those that only shortlisted
        // or offered them a place (media teams, `clients::teams::status`).
        Role::General | Role::EditorAssistant => {
            q.push("(exists (select 1 from team_members tm where tm.team_id = t.id and tm.status = 'assignable' and tm.user_id = ");
            q.push_bind(caller.user_id);
            q.push(") or exists (select 1 from channels c join channel_members cm on cm.channel_id = c.id where c.team_id = t.id and not cm.is_observer and cm.user_id = ");
            q.push_bind(caller.user_id);
            q.push("))");
        }
    }
}

/// Condition (on aliases `t`, a team, and `u`, a user) that `u` may see `t`: the rule of
/// [`push_visible_teams`] with the user as a column instead of the caller, for finding who may
/// see a team (who hears its members' presence, `chat::presence`). The two must agree
/// (`api/tests/presence.rs` compares them over every demo user and team).
pub fn push_team_viewers(q: &mut impl PushSql) {
    q.push(
        "(u.role in ('manager', 'accountant', 'admin') \
          or (u.role = 'client' and t.client_id = u.client_id) \
          or (u.role in ('general', 'editor_assistant') \
              and (exists (select 1 from team_members tm where tm.team_id = t.id and tm.status = 'assignable' and tm.user_id = u.id) \
                   or exists (select 1 from channels c join channel_members cm on cm.channel_id = c.id where c.team_id = t.id and not cm.is_observer and cm.user_id = u.id))))",
    );
}

/// Condition (on alias `t`) for the teams whose leader chat the caller takes part in: the
/// teams a creator leads; every team for managers and admins; none for anyone else.
pub fn push_led_teams(q: &mut impl PushSql, caller: &Caller) {
    match caller.role {
        Role::Manager | Role::Admin => {
            q.push("true");
        }
        Role::General | Role::EditorAssistant => {
            q.push("exists (select 1 from team_members tm where tm.team_id = t.id and tm.is_leader and tm.user_id = ");
            q.push_bind(caller.user_id);
            q.push(")");
        }
        Role::Client | Role::Accountant => {
            q.push("false");
        }
    }
}

/// Condition (on alias `c`) for the channels the caller may read: `may_read` in SQL.
pub fn push_readable_channels(q: &mut impl PushSql, caller: &Caller) {
    push_readable_by(q, caller.user_id, caller.role);
}

/// Condition (on alias `c`) for the channels user `user_id` with `role` may read.
fn push_readable_by(q: &mut impl PushSql, user_id: i64, role: Role) {
    q.push(
        "(exists (select 1 from channel_members cm where cm.channel_id = c.id and not cm.is_observer and cm.user_id = ",
    );
    q.push_bind(user_id);
    q.push(")");
    if role.is_staff() {
        q.push(" or c.channel_type = 'management'");
    }
    q.push(")");
}

/// The caller's unread messages in channel `c`: others' top-level messages after their read
/// position (thread replies notify the thread's participants instead).
pub fn push_unread_count(q: &mut impl PushSql, caller: &Caller) {
    q.push("(select count(*) from messages m where m.channel_id = c.id and m.deleted_at is null and m.parent_id is null and m.user_id <> ");
    q.push_bind(caller.user_id);
    q.push(" and m.id > coalesce((select cm.last_read_message_id from channel_members cm where cm.channel_id = c.id and cm.user_id = ");
    q.push_bind(caller.user_id);
    q.push("), 0))");
}

pub async fn ensure_team_visible(db: &PgPool, caller: &Caller, team_id: i64) -> AppResult<()> {
    let mut q = SqlQuery::new("select (");
    push_visible_teams(&mut q, caller);
    q.push(") from teams t where t.id = ");
    q.push_bind(team_id);
    let may_see: Option<bool> = q.build_query_scalar().fetch_optional(db).await?;
    visible(may_see.map(|may_see| ((), may_see)))
}

/// The one channel membership rule, used by REST and by the socket's `channel:join`: members
/// read a channel, and staff also read management channels.
pub fn may_read(role: Role, is_member: bool, channel_type: ChannelType) -> bool {
    is_member || (role.is_staff() && channel_type == ChannelType::Management)
}

/// The channel, if user `user_id` (with `role`) may read it. 404 when it does not exist, 403
/// when it is someone else's.
pub async fn channel_for(
    db: &PgPool,
    user_id: i64,
    role: Role,
    channel_id: i64,
) -> AppResult<ChannelRow> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        channel: ChannelRow,
        is_member: bool,
    }
    // One round trip: this runs on every chat request.
    let row: Option<Row> = sqlx::query_as(
        "select id, team_id, name, channel_type, status,
                exists (select 1 from channel_members m where m.channel_id = c.id and m.user_id = $2 and not m.is_observer) as is_member
           from channels c where id = $1",
    )
    .bind(channel_id)
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    visible(row.map(|Row { channel, is_member }| {
        let readable = may_read(role, is_member, channel.channel_type);
        (channel, readable)
    }))
}

/// The channel, if the caller may read it.
pub async fn readable_channel(
    db: &PgPool,
    caller: &Caller,
    channel_id: i64,
) -> AppResult<ChannelRow> {
    channel_for(db, caller.user_id, caller.role, channel_id).await
}

/// Writing additionally needs an active channel (disabled single/management channels are
/// read-only).
pub async fn writable_channel(
    db: &PgPool,
    caller: &Caller,
    channel_id: i64,
) -> AppResult<ChannelRow> {
    let channel = readable_channel(db, caller, channel_id).await?;
    if channel.status != ChannelStatus::Active {
        return Err(AppError::invalid("このチャンネルは現在利用できません。"));
    }
    Ok(channel)
}

/// Every channel user `user_id` may read now by the rule above, with their current role; none
/// once the account is no longer active (or gone). What their sockets may stay in after a
/// change of access (`platform::realtime_auth::channel_access_changed`).
pub async fn readable_channel_ids(db: &PgPool, user_id: i64) -> AppResult<Vec<i64>> {
    let user: Option<(String, bool)> =
        sqlx::query_as("select role, account_status = 'active' from users where id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    let Some(role) = user
        .filter(|(_, active)| *active)
        .and_then(|(role, _)| Role::from_db(&role))
    else {
        return Ok(Vec::new());
    };
    let mut q = SqlQuery::new("select c.id from channels c where ");
    push_readable_by(&mut q, user_id, role);
    q.push(" order by c.id");
    Ok(q.build_query_scalar().fetch_all(db).await?)
}

/// Of `channel_ids`, those user `user_id` with `role` may read (by `may_read`), in one round
/// trip.
pub async fn readable_among(
    db: &PgPool,
    user_id: i64,
    role: Role,
    channel_ids: &[i64],
) -> AppResult<Vec<i64>> {
    let rows: Vec<(i64, ChannelType, bool)> = sqlx::query_as(
        "select id, channel_type,
                exists (select 1 from channel_members m where m.channel_id = c.id and m.user_id = $2 and not m.is_observer)
           from channels c where id = any($1)",
    )
    .bind(channel_ids)
    .bind(user_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .filter(|(_, channel_type, is_member)| may_read(role, *is_member, *channel_type))
        .map(|(id, _, _)| id)
        .collect())
}
