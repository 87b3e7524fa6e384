//! A work with its project, as the handlers answer it and the queries read it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::work::projects::status::ProjectStatus;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct WorkHead {
    pub id: i64,
    pub project_id: i64,
    pub project_name: String,
    pub project_status: ProjectStatus,
    pub client_id: i64,
    pub name: String,
    pub is_operation_agency: bool,
    pub crm_order_id: Option<String>,
}
