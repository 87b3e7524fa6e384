//! Project views shared by the handlers and the queries.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::work::projects::status::ProjectStatus;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ProjectView {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// setting, applying, doing, under_acceptance or done.
    pub status: ProjectStatus,
    pub media_id: i64,
    pub media_name: String,
    pub client_id: i64,
    pub company_name: String,
    pub work_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct WorkSummary {
    pub id: i64,
    pub name: String,
    pub is_operation_agency: bool,
}
