//! A team as the caller sees it in the chat (the handlers and the team list's query share it).

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TeamView {
    pub id: i64,
    pub name: String,
    pub is_favorite: bool,
    pub is_assigned: bool,
    /// Unread messages over the team's channels the caller can read.
    pub unread_count: i64,
}
