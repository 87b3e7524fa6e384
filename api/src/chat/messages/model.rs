//! The Message representation (REST and events alike) and its batch loading.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::auth::role::Role;
use crate::files::FileView;
use crate::files::scan::ScanStatus;
use crate::users::model::ImageFile;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Author {
    pub id: i64,
    pub user_name: String,
    #[schema(value_type = String)]
    pub role_type: Role,
    pub image_file: Option<ImageFile>,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct ReactionSummary {
    pub reaction_id: i64,
    pub name: String,
    pub path: String,
    pub count: i64,
    pub user_ids: Vec<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessageView {
    pub id: i64,
    pub channel_id: i64,
    pub user: Author,
    /// Text with `> ` quote lines, links, and mentions written `<@user_id>`.
    pub body: String,
    pub mentions: Vec<i64>,
    pub files: Vec<FileView>,
    pub reactions: Vec<ReactionSummary>,
    pub is_pinned: bool,
    pub client_message_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A message with its author, as one query returns it.
#[derive(sqlx::FromRow)]
pub struct MessageRow {
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
            client_message_id: self.client_message_id,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// Loads live (not deleted) messages by id, in the order of `ids`.
pub async fn load<'c, E>(db: E, ids: &[i64]) -> sqlx::Result<Vec<MessageView>>
where
    E: PgExecutor<'c> + Copy,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<MessageRow> = sqlx::query_as(
        "select m.id, m.channel_id, m.user_id, u.user_name, u.role, u.image_path, u.image_scan_status, m.body,
                m.client_message_id, m.created_at, m.updated_at,
                exists (select 1 from pinned_messages p where p.message_id = m.id) as is_pinned
           from messages m join users u on u.id = m.user_id
          where m.id = any($1) and m.deleted_at is null",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;

    let mentions: Vec<(i64, i64)> =
        sqlx::query_as("select message_id, user_id from message_mentions where message_id = any($1) order by user_id")
            .bind(ids)
            .fetch_all(db)
            .await?;
    let reactions: Vec<(i64, i64, String, String, i64, Vec<i64>)> = sqlx::query_as(
        "select mr.message_id, r.id, r.name, r.path, count(*), array_agg(mr.user_id order by mr.created_at)
           from message_reactions mr join reactions r on r.id = mr.reaction_id
          where mr.message_id = any($1)
          group by mr.message_id, r.id, r.name, r.path, r.sort_order
          order by r.sort_order",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;
    let files = crate::files::load_for_messages(db, ids).await?;

    let mut mentions_by: HashMap<i64, Vec<i64>> = HashMap::new();
    for (message_id, user_id) in mentions {
        mentions_by.entry(message_id).or_default().push(user_id);
    }
    let mut reactions_by: HashMap<i64, Vec<ReactionSummary>> = HashMap::new();
    for (message_id, reaction_id, name, path, count, user_ids) in reactions {
        reactions_by
            .entry(message_id)
            .or_default()
            .push(ReactionSummary {
                reaction_id,
                name,
                path,
                count,
                user_ids,
            });
    }
    let mut files_by = files;
    let mut by_id: HashMap<i64, MessageView> = rows
        .into_iter()
        .map(|r| {
            let id = r.id;
            let view = r.into_view(
                mentions_by.remove(&id).unwrap_or_default(),
                files_by.remove(&id).unwrap_or_default(),
                reactions_by.remove(&id).unwrap_or_default(),
            );
            (view.id, view)
        })
        .collect();
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
}

pub async fn load_one<'c, E>(db: E, id: i64) -> sqlx::Result<Option<MessageView>>
where
    E: PgExecutor<'c> + Copy,
{
    Ok(load(db, &[id]).await?.into_iter().next())
}

/// The reaction summary of one message (sent with reaction events).
pub async fn reactions_of<'c, E>(db: E, message_id: i64) -> sqlx::Result<Vec<ReactionSummary>>
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
