//! The channels domain's SQL: channel lists with read positions and unread counts, members,
//! read positions and the files posted in a channel.

use sqlx::PgExecutor;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::chat::channels::access::{SqlQuery, push_readable_channels, push_unread_count};
use crate::chat::channels::model::{ChannelMember, ChannelUnread, ChannelView};
use crate::chat::messages::model::Author;
use crate::files::scan::ScanStatus;
use crate::files::{FILE_COLUMNS, MessageFileRow};

/// Which readable channels to list.
#[derive(Debug, Clone, Copy)]
pub enum ChannelsOf {
    Team(i64),
    Channel(i64),
}

/// Channels the caller may read, of one team or just one.
pub async fn channels_where(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    of: ChannelsOf,
) -> sqlx::Result<Vec<ChannelView>> {
    let mut q = SqlQuery::new(
        "select c.id, c.team_id, c.name, c.channel_type, c.status,
                (select count(*) from channel_members x where x.channel_id = c.id and not x.is_observer) as member_count,
                coalesce((select cm.last_read_message_id from channel_members cm where cm.channel_id = c.id and cm.user_id = ",
    );
    q.push_bind(caller.user_id);
    q.push("), 0) as last_read_message_id, ");
    push_unread_count(&mut q, caller);
    q.push(" as unread_count, (select max(m.id) from messages m where m.channel_id = c.id) as newest_message_id from channels c where ");
    push_readable_channels(&mut q, caller);
    match of {
        ChannelsOf::Team(team_id) => q.push(" and c.team_id = ").push_bind(team_id),
        ChannelsOf::Channel(channel_id) => q.push(" and c.id = ").push_bind(channel_id),
    };
    q.push(" order by case c.channel_type when 'all' then 0 when 'group' then 1 when 'management' then 2 else 3 end, c.id");
    q.build_query_as().fetch_all(db).await
}

/// The channel's members (observers and people who left are not members), by id.
pub(crate) async fn members(
    db: impl PgExecutor<'_>,
    channel_id: i64,
) -> sqlx::Result<Vec<ChannelMember>> {
    #[derive(sqlx::FromRow)]
    struct MemberRow {
        id: i64,
        user_name: String,
        role: Role,
        image_path: Option<String>,
        image_scan_status: Option<ScanStatus>,
        name_kana: String,
    }
    // The reading only of a name shown as the member's own (spaces aside): a pen name's reading
    // is not known, and the legal name behind it is not the other members' to learn.
    let rows: Vec<MemberRow> = sqlx::query_as(
        "select u.id, u.user_name, u.role, u.image_path, u.image_scan_status,
                case when regexp_replace(u.user_name, '[[:space:]]', '', 'g') = u.last_name || u.first_name
                     then trim(u.last_name_kana || ' ' || u.first_name_kana) else '' end as name_kana
           from channel_members cm join users u on u.id = cm.user_id
          where cm.channel_id = $1 and not cm.is_observer and u.account_status <> 'left' order by u.id",
    )
    .bind(channel_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| ChannelMember {
            author: Author {
                id: row.id,
                user_name: row.user_name,
                role_type: row.role,
                image_file: row.image_path.map(|path| crate::users::model::ImageFile {
                    path,
                    anti_virus_check_scan_status: row
                        .image_scan_status
                        .unwrap_or(ScanStatus::Scanning),
                }),
            },
            name_kana: row.name_kana,
        })
        .collect())
}

/// Every channel the caller may read, with its unread count, by id.
pub(crate) async fn unread_counts(
    db: impl PgExecutor<'_>,
    caller: &Caller,
) -> sqlx::Result<Vec<ChannelUnread>> {
    let mut q = SqlQuery::new("select c.id as channel_id, c.team_id, ");
    push_unread_count(&mut q, caller);
    q.push(" as unread_count, (select max(m.id) from messages m where m.channel_id = c.id) as newest_message_id from channels c where ");
    push_readable_channels(&mut q, caller);
    q.push(" order by c.id");
    q.build_query_as().fetch_all(db).await
}

/// Whether message `message_id` was posted in the channel (deleted or not).
pub(crate) async fn message_in_channel(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    message_id: i64,
) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from messages where id = $1 and channel_id = $2)")
        .bind(message_id)
        .bind(channel_id)
        .fetch_one(db)
        .await
}

/// Moves the user's read position forward to `message_id`, never back.
pub(crate) async fn advance_read_position(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    user_id: i64,
    message_id: i64,
) -> sqlx::Result<()> {
    // Whoever may read the channel keeps a position; staff reading a management channel they
    // are not a member of keep theirs as an observer.
    sqlx::query(
        "insert into channel_members (channel_id, user_id, last_read_message_id, is_observer)
         values ($1, $2, $3, true)
         on conflict (channel_id, user_id) do update
            set last_read_message_id = greatest(channel_members.last_read_message_id, excluded.last_read_message_id)",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(message_id)
    .execute(db)
    .await?;
    Ok(())
}

/// One page of the files posted in the channel's live messages, newest message first, and
/// how many there are in all.
pub(crate) async fn files_page<'c, E>(
    db: E,
    channel_id: i64,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<MessageFileRow>)>
where
    E: PgExecutor<'c> + Copy,
{
    let total: i64 = sqlx::query_scalar(
        "select count(*) from message_files mf join messages m on m.id = mf.message_id where m.channel_id = $1 and m.deleted_at is null",
    )
    .bind(channel_id)
    .fetch_one(db)
    .await?;
    let sql = format!(
        "select m.id as message_id, {FILE_COLUMNS}
           from message_files mf join messages m on m.id = mf.message_id join files f on f.id = mf.file_id join users u on u.id = f.user_id
          where m.channel_id = $1 and m.deleted_at is null
          order by m.id desc, mf.position limit $2 offset $3"
    );
    let rows: Vec<MessageFileRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(channel_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((total, rows))
}
