//! Visibility of teams and channels. Every chat query goes through here first, so a
//! non-member is refused before any data is read.

use sqlx::PgPool;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChannelRow {
    pub id: i64,
    pub team_id: i64,
    pub name: String,
    pub channel_type: String,
    pub status: String,
}

/// SQL condition (on alias `t`) for teams the caller may see; `$1` is the caller's id.
pub fn visible_teams_condition(role: Role) -> &'static str {
    match role {
        Role::Manager | Role::Accountant | Role::Admin => "true",
        Role::Client => "t.client_id = (select client_id from users where id = $1)",
        Role::General | Role::EditorAssistant => {
            "(exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = $1 and tm.status not in ('declined', 'left'))
              or exists (select 1 from channels c join channel_members cm on cm.channel_id = c.id where c.team_id = t.id and cm.user_id = $1))"
        }
    }
}

/// SQL condition (on alias `c`) for channels the caller may read; `$1` is the caller's id.
pub fn readable_channels_condition(role: Role) -> &'static str {
    if role.is_staff() {
        "(exists (select 1 from channel_members cm where cm.channel_id = c.id and cm.user_id = $1) or c.channel_type = 'management')"
    } else {
        "exists (select 1 from channel_members cm where cm.channel_id = c.id and cm.user_id = $1)"
    }
}

pub async fn ensure_team_visible(db: &PgPool, caller: &Caller, team_id: i64) -> AppResult<()> {
    let sql = format!(
        "select exists (select 1 from teams t where t.id = $2), exists (select 1 from teams t where t.id = $2 and {})",
        visible_teams_condition(caller.role)
    );
    let (exists, visible): (bool, bool) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(caller.user_id)
        .bind(team_id)
        .fetch_one(db)
        .await?;
    match (exists, visible) {
        (false, _) => Err(AppError::NotFound),
        (true, false) => Err(AppError::Forbidden),
        (true, true) => Ok(()),
    }
}

/// The channel, if the caller may read and write it: members, and staff for management
/// channels. 404 when it does not exist, 403 when it is someone else's.
pub async fn readable_channel(
    db: &PgPool,
    caller: &Caller,
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
                exists (select 1 from channel_members m where m.channel_id = c.id and m.user_id = $2) as is_member
           from channels c where id = $1",
    )
    .bind(channel_id)
    .bind(caller.user_id)
    .fetch_optional(db)
    .await?;
    let Row { channel, is_member } = row.ok_or(AppError::NotFound)?;
    if is_member || (caller.role.is_staff() && channel.channel_type == "management") {
        Ok(channel)
    } else {
        Err(AppError::Forbidden)
    }
}

/// Writing additionally needs an active channel (disabled single/management channels are
/// read-only).
pub async fn writable_channel(
    db: &PgPool,
    caller: &Caller,
    channel_id: i64,
) -> AppResult<ChannelRow> {
    let channel = readable_channel(db, caller, channel_id).await?;
    if channel.status != "active" {
        return Err(AppError::invalid("このチャンネルは現在利用できません。"));
    }
    Ok(channel)
}
