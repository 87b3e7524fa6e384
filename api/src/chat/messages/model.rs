//! The Message representation (REST and events alike), which `db.rs` loads in batches, and the
//! reactions a message may be given (`GET /reactions`).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::role::Role;
use crate::files::FileView;
use crate::users::model::ImageFile;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Author {
    pub id: i64,
    pub user_name: String,
    #[schema(value_type = String)]
    pub role_type: Role,
    pub image_file: Option<ImageFile>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Reaction {
    pub id: i64,
    pub name: String,
    pub path: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct ReactionSummary {
    pub reaction_id: i64,
    pub name: String,
    pub path: String,
    pub count: i64,
    pub user_ids: Vec<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct Replier {
    pub id: i64,
    pub user_name: String,
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
    /// The message this one replies to (a thread), if any.
    pub parent_id: Option<i64>,
    /// Live replies to this message.
    pub reply_count: i64,
    /// The latest distinct repliers, the most recent first (at most three).
    pub last_repliers: Vec<Replier>,
    pub client_message_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A message by its number only (and its thread's parent, for a reply).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct KnownMessage {
    pub id: i64,
    pub parent_id: Option<i64>,
}
