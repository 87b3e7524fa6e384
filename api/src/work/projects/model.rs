//! Project views shared by the handlers and the queries, and the list's page size.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::session::Caller;
use crate::work::projects::access;
use crate::work::projects::status::{ProjectStatus, allowed_transitions};
use crate::work::tasks::access::may_change;

/// Projects a page of the list holds.
pub const PER_PAGE: i64 = 20;

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
    /// Whether the caller may change the project and its works (its client's users, staff).
    #[sqlx(skip)]
    pub can_edit: bool,
    /// The statuses the caller may move the project to from where it is.
    #[sqlx(skip)]
    pub allowed_transitions: Vec<ProjectStatus>,
}

impl ProjectView {
    /// Adds what `caller` may do with the project, so the web app never copies the rules.
    pub fn for_caller(mut self, caller: &Caller) -> Self {
        self.can_edit = may_change(caller, self.client_id);
        self.allowed_transitions =
            allowed_transitions(self.status, access::actor(caller, self.client_id));
        self
    }
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct WorkSummary {
    pub id: i64,
    pub name: String,
    pub is_operation_agency: bool,
}
