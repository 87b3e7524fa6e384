//! Message search's SQL: the hits among the live messages of the channels the caller may read
//! now (`channels::access::push_readable_channels`), and the channel and team of each.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::auth::session::Caller;
use crate::chat::channels::access::{SqlQuery, push_readable_channels};
use crate::chat::channels::model::ChannelType;
use crate::chat::search::fold::Word;

/// What narrows a search besides its words.
#[derive(Debug, Default)]
pub(crate) struct Filters {
    pub channel_id: Option<i64>,
    pub team_id: Option<i64>,
    pub user_id: Option<i64>,
    /// From this instant (the start of a Tokyo day) …
    pub from: Option<DateTime<Utc>>,
    /// … to before this one (the start of the Tokyo day after `to`).
    pub until: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
pub(crate) struct HitIds {
    pub total: i64,
    /// One page of matching message ids, newest first.
    pub ids: Vec<i64>,
}

/// The number of live messages matching every word (and the filters) in channels the caller
/// may read, and one page of their ids, newest first. The readable channels are listed first and
/// become one text search query, `(c1 keys) | (c2 keys) | …`, so the index scan
/// (`messages_search_idx`) reads only the posting lists of those channels' keys.
pub(crate) async fn hit_ids(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    words: &[Word],
    filters: &Filters,
    limit: i64,
    offset: i64,
) -> sqlx::Result<HitIds> {
    let mut q = SqlQuery::new("with readable as (select c.id from channels c where ");
    push_readable_channels(&mut q, caller);
    if let Some(channel_id) = filters.channel_id {
        q.push(" and c.id = ");
        q.push_bind(channel_id);
    }
    if let Some(team_id) = filters.team_id {
        q.push(" and c.team_id = ");
        q.push_bind(team_id);
    }
    q.push(
        "), hits as materialized (select m.id from messages m
          where m.deleted_at is null
            and chat_search_keys(m.channel_id, m.search_text) @@ (select chat_search_query(array_agg(id), ",
    );
    let mut grams: Vec<String> = words.iter().flat_map(|w| w.grams.clone()).collect();
    grams.sort();
    grams.dedup();
    q.push_bind(grams);
    q.push("::text[]) from readable)");
    for like in words.iter().filter_map(|w| w.like.clone()) {
        q.push(" and m.search_text like ");
        q.push_bind(like);
        q.push(" escape '\\'");
    }
    if let Some(user_id) = filters.user_id {
        q.push(" and m.user_id = ");
        q.push_bind(user_id);
    }
    if let Some(from) = filters.from {
        q.push(" and m.created_at >= ");
        q.push_bind(from);
    }
    if let Some(until) = filters.until {
        q.push(" and m.created_at < ");
        q.push_bind(until);
    }
    q.push(
        ") select (select count(*) from hits) as total,
                  array(select id from hits order by id desc limit ",
    );
    q.push_bind(limit);
    q.push(" offset ");
    q.push_bind(offset);
    q.push(") as ids");
    q.build_query_as().fetch_one(db).await
}

/// Where a hit was posted.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct Place {
    pub message_id: i64,
    pub channel_id: i64,
    pub channel_name: String,
    pub channel_type: ChannelType,
    pub team_id: i64,
    pub team_name: String,
}

pub(crate) async fn places(
    db: impl PgExecutor<'_>,
    message_ids: &[i64],
) -> sqlx::Result<Vec<Place>> {
    sqlx::query_as(
        "select m.id as message_id, c.id as channel_id, c.name as channel_name, c.channel_type,
                t.id as team_id, t.name as team_name
           from messages m join channels c on c.id = m.channel_id join teams t on t.id = c.team_id
          where m.id = any($1)",
    )
    .bind(message_ids)
    .fetch_all(db)
    .await
}
