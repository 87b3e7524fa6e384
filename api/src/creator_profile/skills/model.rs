//! A genre group of a creator's skills, as read, stored and answered.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The genres chosen in one genre group, and a note on them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct SkillGroup {
    /// The genre group.
    pub id: i64,
    // Read as empty when absent, always written: the document states the written form
    // (docs/decisions/openapi-states-the-rules.md), which the web reads.
    #[serde(default)]
    #[schema(required = true)]
    pub genre_ids: Vec<i64>,
    #[serde(default)]
    #[schema(required = true)]
    pub detail: String,
}
