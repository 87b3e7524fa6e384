//! A possible work as stored and answered.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PossibleWork {
    /// The work type (`writing`, …).
    pub id: String,
    /// Its Japanese label.
    pub work_name: String,
    pub achievement: String,
}
