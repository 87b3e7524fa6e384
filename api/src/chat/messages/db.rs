//! The messages domain's SQL: history, sending (with files and mentions), editing, deleting,
//! reactions, pins, and the batch load behind every message representation.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::chat::channels::access::{SqlQuery, push_readable_channels};
use crate::chat::messages::model::{
    Author, KnownMessage, MessageView, Reaction, ReactionSummary, Replier,
};
use crate::files::FileView;
use crate::files::scan::ScanStatus;
use crate::platform::limits::{self, Bucket};
use crate::users::model::ImageFile;

/// A message with its author, as one query returns it.
#[derive(sqlx::FromRow)]
pub(crate) struct MessageRow {
    pub id: i64,
    pub channel_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub role: String,
    pub image_path: Option<String>,
    pub image_scan_status: Option<ScanStatus>,
    pub body: String,
    pub client_message_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub is_pinned: bool,
    pub parent_id: Option<i64>,
}

impl MessageRow {
    pub fn into_view(
        self,
        mentions: Vec<i64>,
        files: Vec<FileView>,
        reactions: Vec<ReactionSummary>,
    ) -> MessageView {
        MessageView {
            id: self.id,
            channel_id: self.channel_id,
            user: Author {
                id: self.user_id,
                user_name: self.user_name,
                role_type: Role::from_db(&self.role).unwrap_or(Role::General),
                image_file: self.image_path.map(|path| ImageFile {
                    path,
                    anti_virus_check_scan_status: self
                        .image_scan_status
                        .unwrap_or(ScanStatus::Scanning),
                }),
            },
            body: self.body,
            mentions,
            files,
            reactions,
            is_pinned: self.is_pinned,
            parent_id: self.parent_id,
            reply_count: 0,
            last_repliers: Vec::new(),
            client_message_id: self.client_message_id,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// A message row with what hangs off it, as `load`'s one statement returns it.
#[derive(sqlx::FromRow)]
struct LoadedRow {
    #[sqlx(flatten)]
    message: MessageRow,
    mentions: Vec<i64>,
    reactions: sqlx::types::Json<Vec<ReactionSummary>>,
    has_files: bool,
    reply_count: i64,
    last_repliers: sqlx::types::Json<Vec<Replier>>,
}

/// Loads live (not deleted) messages by id, in the order of `ids`: one statement for the
/// messages, their authors, mentions and reactions, and a second only when one has files.
pub(crate) async fn load<'c, E>(db: E, ids: &[i64]) -> sqlx::Result<Vec<MessageView>>
where
    E: PgExecutor<'c> + Copy,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<LoadedRow> = sqlx::query_as(
        "select m.id, m.channel_id, m.user_id, u.user_name, u.role, u.image_path, u.image_scan_status, m.body,
                m.client_message_id, m.created_at, m.updated_at, m.parent_id,
                exists (select 1 from pinned_messages p where p.message_id = m.id) as is_pinned,
                (select count(*) from messages r where r.parent_id = m.id and r.deleted_at is null) as reply_count,
                (select coalesce(jsonb_agg(jsonb_build_object('id', ru.id, 'user_name', ru.user_name) order by l.last_id desc), '[]')
                   from (select r.user_id, max(r.id) as last_id from messages r
                          where r.parent_id = m.id and r.deleted_at is null group by r.user_id
                          order by last_id desc limit 3) l
                   join users ru on ru.id = l.user_id) as last_repliers,
                array(select mm.user_id from message_mentions mm where mm.message_id = m.id order by mm.user_id) as mentions,
                (select coalesce(jsonb_agg(jsonb_build_object(
                            'reaction_id', r.id, 'name', r.name, 'path', r.path,
                            'count', g.count, 'user_ids', g.user_ids) order by r.sort_order), '[]')
                   from (select mr.reaction_id, count(*) as count, array_agg(mr.user_id order by mr.created_at) as user_ids
                           from message_reactions mr where mr.message_id = m.id group by mr.reaction_id) g
                   join reactions r on r.id = g.reaction_id) as reactions,
                exists (select 1 from message_files mf where mf.message_id = m.id) as has_files
           from messages m join users u on u.id = m.user_id
          where m.id = any($1) and m.deleted_at is null",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;

    let with_files: Vec<i64> = rows
        .iter()
        .filter(|r| r.has_files)
        .map(|r| r.message.id)
        .collect();
    let mut files_by = if with_files.is_empty() {
        HashMap::new()
    } else {
        crate::files::load_for_messages(db, &with_files).await?
    };
    let mut by_id: HashMap<i64, MessageView> = rows
        .into_iter()
        .map(|r| {
            let id = r.message.id;
            let files = files_by.remove(&id).unwrap_or_default();
            let mut view = r.message.into_view(r.mentions, files, r.reactions.0);
            view.reply_count = r.reply_count;
            view.last_repliers = r.last_repliers.0;
            (id, view)
        })
        .collect();
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

pub(crate) async fn load_one<'c, E>(db: E, id: i64) -> sqlx::Result<Option<MessageView>>
where
    E: PgExecutor<'c> + Copy,
{
    Ok(load(db, &[id]).await?.into_iter().next())
}

/// The reaction summary of one message (sent with reaction events).
pub(crate) async fn reactions_of<'c, E>(
    db: E,
    message_id: i64,
) -> sqlx::Result<Vec<ReactionSummary>>
where
    E: PgExecutor<'c> + Copy,
{
    Ok(load(db, &[message_id])
        .await?
        .into_iter()
        .next()
        .map(|m| m.reactions)
        .unwrap_or_default())
}

/// The reactions anyone may use, in their display order.
pub(crate) async fn reactions(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Reaction>> {
    sqlx::query_as("select id, name, path from reactions order by sort_order, id")
        .fetch_all(db)
        .await
}

pub(crate) async fn reaction_exists(
    db: impl PgExecutor<'_>,
    reaction_id: i64,
) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from reactions where id = $1)")
        .bind(reaction_id)
        .fetch_one(db)
        .await
}

/// What a page of history needs besides the messages themselves.
#[derive(sqlx::FromRow)]
pub(crate) struct PageIds {
    /// How many live messages the channel has.
    pub total: i64,
    /// The first live message by someone else after the user's read position, if any.
    pub unread_message_id: Option<i64>,
    /// How many such messages there are (the jump button's count).
    pub unread_count: i64,
    /// Without `after_id`: one page of live top-level message ids, newest first. With it
    /// (catch-up): up to `limit` ids after `after_id`, oldest first, replies included.
    pub ids: Vec<i64>,
}

/// A channel page's ids, count and the user's first unread message in one statement (it runs
/// each time a channel is opened).
pub(crate) async fn page_ids(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    user_id: i64,
    limit: i64,
    offset: i64,
    after_id: Option<i64>,
) -> sqlx::Result<PageIds> {
    sqlx::query_as(
        "select (select count(*) from messages where channel_id = $1 and deleted_at is null and parent_id is null) as total,
                u.unread_message_id, u.unread_count,
                case when $5::bigint is null
                     then array(select id from messages where channel_id = $1 and deleted_at is null and parent_id is null
                                 order by id desc limit $3 offset $4)
                     else array(select id from messages where channel_id = $1 and deleted_at is null and id > $5
                                 order by id limit $3)
                end as ids
           from (select min(m.id) as unread_message_id, count(*) as unread_count from messages m
                  where m.channel_id = $1 and m.deleted_at is null and m.parent_id is null and m.user_id <> $2
                    and m.id > coalesce((select last_read_message_id from channel_members
                                          where channel_id = $1 and user_id = $2), 0)) u",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .bind(after_id)
    .fetch_one(db)
    .await
}

/// The live messages of the channel numbered after `from_id` up to `to_id`, replies included,
/// oldest first (at most `limit`): a catch-up's look-back, as ids and thread parents only.
pub(crate) async fn ids_between(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    from_id: i64,
    to_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<KnownMessage>> {
    sqlx::query_as(
        "select id, parent_id from messages
          where channel_id = $1 and deleted_at is null and id > $2 and id <= $3
          order by id limit $4",
    )
    .bind(channel_id)
    .bind(from_id)
    .bind(to_id)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Whether `message_id` is a live top-level message of the channel (what a reply may answer).
pub(crate) async fn is_thread_parent(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    message_id: i64,
) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "select exists (select 1 from messages where id = $1 and channel_id = $2 and deleted_at is null and parent_id is null)",
    )
    .bind(message_id)
    .bind(channel_id)
    .fetch_one(db)
    .await
}

/// The thread's participants other than `user_id`: the parent's author and everyone who replied.
pub(crate) async fn thread_participants(
    db: impl PgExecutor<'_>,
    parent_id: i64,
    user_id: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select distinct user_id from messages
          where (id = $1 or parent_id = $1) and deleted_at is null and user_id <> $2
          order by user_id",
    )
    .bind(parent_id)
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// The live replies to `parent_id`, oldest first.
pub(crate) async fn reply_ids(db: impl PgExecutor<'_>, parent_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select id from messages where parent_id = $1 and deleted_at is null order by id",
    )
    .bind(parent_id)
    .fetch_all(db)
    .await
}

/// How many live top-level messages of the channel are newer than `message_id` (or than its
/// parent, for a reply), if it is a live message of the channel: which history page holds it.
pub(crate) async fn newer_live_count(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    message_id: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "select (select count(*) from messages n
                  where n.channel_id = m.channel_id and n.deleted_at is null and n.parent_id is null
                    and n.id > coalesce(m.parent_id, m.id))
           from messages m where m.id = $1 and m.channel_id = $2 and m.deleted_at is null",
    )
    .bind(message_id)
    .bind(channel_id)
    .fetch_optional(db)
    .await
}

/// What a message's insert returns: the new message with its author (the push needs no second
/// read), and the sender's read position moved to it in the same statement.
const INSERTED_MESSAGE: &str = "
     read as (
        update channel_members cm set last_read_message_id = m.id
          from m where cm.channel_id = m.channel_id and cm.user_id = m.user_id)
     select m.id, m.channel_id, m.user_id, u.user_name, u.role, u.image_path, u.image_scan_status, m.body,
            m.client_message_id, m.created_at, m.updated_at, false as is_pinned, m.parent_id
       from m join users u on u.id = m.user_id";

/// Columns a message's insert returns.
const RETURNING: &str = " on conflict (channel_id, user_id, client_message_id) do nothing
      returning id, channel_id, user_id, body, client_message_id, created_at, updated_at, parent_id),";

/// The hottest write in one round trip: inserts a message that needs nothing else (no files,
/// mentions or notices) if `caller` may write in the channel — a readable, active channel that
/// is not one-to-one (whose messages notify the other member) — and `bucket` (the sender's rate
/// in the channel) has a token, which the same statement takes; then moves the caller's read
/// position to it. `None` when it is not such a message, the caller may not write there, the
/// bucket is empty or `client_message_id` was sent before: the general path (`insert_message`
/// after `writable_channel` and `limits::take`) then says which.
pub(crate) async fn insert_plain_message(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    channel_id: i64,
    body: &str,
    client_message_id: Option<&str>,
    bucket: &Bucket,
) -> sqlx::Result<Option<MessageRow>> {
    let mut q = SqlQuery::new("with c as (select c.id from channels c where c.id = ");
    q.push_bind(channel_id);
    q.push(" and c.status = 'active' and c.channel_type <> 'single' and ");
    push_readable_channels(&mut q, caller);
    q.push("), admitted as (");
    limits::push_take(&mut q, bucket, "from c");
    q.push(
        "), m as (
            insert into messages (channel_id, user_id, body, client_message_id)
            select c.id, ",
    );
    push_message_values(&mut q, caller.user_id, body, client_message_id);
    q.push(" from c where exists (select 1 from admitted)");
    q.push(RETURNING);
    q.push(INSERTED_MESSAGE);
    q.build_query_as().fetch_optional(db).await
}

/// Inserts the message unless this sender already sent `client_message_id` in the channel
/// (then `None`), and moves the sender's read position to it. The caller has checked that the
/// sender may write in the channel and taken a token of their rate.
pub(crate) async fn insert_message(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    user_id: i64,
    body: &str,
    client_message_id: Option<&str>,
    parent_id: Option<i64>,
) -> sqlx::Result<Option<MessageRow>> {
    let mut q = SqlQuery::new(
        "with m as (
            insert into messages (channel_id, user_id, body, client_message_id, parent_id)
            select c.id, ",
    );
    push_message_values(&mut q, user_id, body, client_message_id);
    q.push(", ");
    q.push_bind(parent_id);
    q.push(" from channels c where c.id = ");
    q.push_bind(channel_id);
    q.push(RETURNING);
    q.push(INSERTED_MESSAGE);
    q.build_query_as().fetch_optional(db).await
}

/// The values after a new message's channel id.
fn push_message_values(
    q: &mut SqlQuery,
    user_id: i64,
    body: &str,
    client_message_id: Option<&str>,
) {
    q.push_bind(user_id);
    q.push(", ");
    q.push_bind(body.to_owned());
    q.push(", ");
    q.push_bind(client_message_id.map(str::to_owned));
}

/// The message the sender already sent with `client_message_id`.
pub(crate) async fn sent_message_id(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    user_id: i64,
    client_message_id: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "select id from messages where channel_id = $1 and user_id = $2 and client_message_id = $3",
    )
    .bind(channel_id)
    .bind(user_id)
    .bind(client_message_id)
    .fetch_one(db)
    .await
}

/// The scan status of the user's own file, if it is not attached to a message yet.
pub(crate) async fn unattached_file_status(
    db: impl PgExecutor<'_>,
    file_id: i64,
    user_id: i64,
) -> sqlx::Result<Option<ScanStatus>> {
    let usable: Option<(ScanStatus,)> = sqlx::query_as(
        "select scan_status from files f
          where f.id = $1 and f.user_id = $2 and not exists (select 1 from message_files mf where mf.file_id = f.id)",
    )
    .bind(file_id)
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(usable.map(|(status,)| status))
}

pub(crate) async fn attach_file(
    db: impl PgExecutor<'_>,
    message_id: i64,
    file_id: i64,
    position: i32,
) -> sqlx::Result<()> {
    sqlx::query("insert into message_files (message_id, file_id, position) values ($1, $2, $3)")
        .bind(message_id)
        .bind(file_id)
        .bind(position)
        .execute(db)
        .await?;
    Ok(())
}

/// Which of `user_ids` are members of the channel, by id.
pub(crate) async fn members_among(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    user_ids: &[i64],
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("select user_id from channel_members where channel_id = $1 and not is_observer and user_id = any($2) order by user_id")
        .bind(channel_id)
        .bind(user_ids)
        .fetch_all(db)
        .await
}

/// The channel's members other than `user_id`.
pub(crate) async fn other_members(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    user_id: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select user_id from channel_members where channel_id = $1 and not is_observer and user_id <> $2",
    )
    .bind(channel_id)
    .bind(user_id)
    .fetch_all(db)
    .await
}

pub(crate) async fn insert_mentions(
    db: impl PgExecutor<'_>,
    message_id: i64,
    user_ids: &[i64],
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into message_mentions (message_id, user_id) select $1, unnest($2::bigint[])",
    )
    .bind(message_id)
    .bind(user_ids)
    .execute(db)
    .await?;
    Ok(())
}

pub(crate) async fn delete_mentions(db: impl PgExecutor<'_>, message_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from message_mentions where message_id = $1")
        .bind(message_id)
        .execute(db)
        .await?;
    Ok(())
}

pub(crate) async fn user_name(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<String> {
    sqlx::query_scalar("select user_name from users where id = $1")
        .bind(user_id)
        .fetch_one(db)
        .await
}

/// The author of the message, if it is live and in this channel.
pub(crate) async fn live_message_author(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    message_id: i64,
) -> sqlx::Result<Option<i64>> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "select id, user_id from messages where id = $1 and channel_id = $2 and deleted_at is null",
    )
    .bind(message_id)
    .bind(channel_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(_, author_id)| author_id))
}

pub(crate) async fn has_files(db: impl PgExecutor<'_>, message_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from message_files where message_id = $1)")
        .bind(message_id)
        .fetch_one(db)
        .await
}

pub(crate) async fn update_body(
    db: impl PgExecutor<'_>,
    message_id: i64,
    body: &str,
) -> sqlx::Result<()> {
    sqlx::query("update messages set body = $2, updated_at = now() where id = $1")
        .bind(message_id)
        .bind(body)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes the message; returns its parent if it was a thread reply.
pub(crate) async fn soft_delete(
    db: impl PgExecutor<'_>,
    message_id: i64,
) -> sqlx::Result<Option<i64>> {
    let parent: Option<Option<i64>> = sqlx::query_scalar(
        "update messages set deleted_at = now(), updated_at = now() where id = $1 returning parent_id",
    )
    .bind(message_id)
    .fetch_optional(db)
    .await?;
    Ok(parent.flatten())
}

/// Unpins the message wherever it is pinned; whether it was.
pub(crate) async fn unpin_everywhere(
    db: impl PgExecutor<'_>,
    message_id: i64,
) -> sqlx::Result<bool> {
    let unpinned = sqlx::query("delete from pinned_messages where message_id = $1")
        .bind(message_id)
        .execute(db)
        .await?;
    Ok(unpinned.rows_affected() > 0)
}

pub(crate) async fn add_reaction(
    db: impl PgExecutor<'_>,
    message_id: i64,
    reaction_id: i64,
    user_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("insert into message_reactions (message_id, reaction_id, user_id) values ($1, $2, $3) on conflict do nothing")
        .bind(message_id)
        .bind(reaction_id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Removes the user's reaction; whether there was one.
pub(crate) async fn remove_reaction(
    db: impl PgExecutor<'_>,
    message_id: i64,
    reaction_id: i64,
    user_id: i64,
) -> sqlx::Result<bool> {
    let removed = sqlx::query(
        "delete from message_reactions where message_id = $1 and reaction_id = $2 and user_id = $3",
    )
    .bind(message_id)
    .bind(reaction_id)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(removed.rows_affected() > 0)
}

/// Ids of the channel's pinned messages, the latest pin first.
pub(crate) async fn pinned_ids(db: impl PgExecutor<'_>, channel_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select message_id from pinned_messages where channel_id = $1 order by created_at desc",
    )
    .bind(channel_id)
    .fetch_all(db)
    .await
}

pub(crate) async fn pin(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    message_id: i64,
    pinned_by: i64,
) -> sqlx::Result<()> {
    sqlx::query("insert into pinned_messages (channel_id, message_id, pinned_by) values ($1, $2, $3) on conflict do nothing")
        .bind(channel_id)
        .bind(message_id)
        .bind(pinned_by)
        .execute(db)
        .await?;
    Ok(())
}

/// Unpins the message in this channel; whether it was pinned.
pub(crate) async fn unpin(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    message_id: i64,
) -> sqlx::Result<bool> {
    let removed =
        sqlx::query("delete from pinned_messages where channel_id = $1 and message_id = $2")
            .bind(channel_id)
            .bind(message_id)
            .execute(db)
            .await?;
    Ok(removed.rows_affected() > 0)
}
