//! The portfolio's text as stored and answered.

use serde::Serialize;
use utoipa::ToSchema;

use super::Publishability;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PortfolioText {
    /// Works, URLs and a description.
    pub portfolio: String,
    pub publishability: Publishability,
}
