//! Delivery vocabularies, and the views the handlers and the queries share: the client's
//! deliveries (a page of them), uploaded destinations, deliverable works and staff's delivery
//! reports.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::work::tasks::model::TaskStatus;

crate::closed_set!(
    /// How a creator delivered: uploaded files or an external URL.
    DeliveryType {
        File = "file",
        External = "external",
    }
);

crate::closed_set!(
    /// The client's inspection verdict.
    InspectionResult {
        Accepted = "accepted",
        Rejected = "rejected",
    }
);

/// Deliveries a page of the client's list holds.
pub const DELIVERIES_PER_PAGE: i64 = 20;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct DeliveredFile {
    pub file_id: i64,
    pub name: String,
    pub path: String,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ClientDelivery {
    pub id: i64,
    pub task_id: i64,
    pub task_title: String,
    pub task_status: TaskStatus,
    pub project_id: i64,
    pub project_name: String,
    pub work_id: i64,
    pub work_name: String,
    pub user_id: i64,
    pub user_name: String,
    #[serde(rename = "type")]
    pub delivery_type: DeliveryType,
    pub url: Option<String>,
    #[sqlx(json)]
    pub files: Vec<DeliveredFile>,
    /// The manuscript version delivered as `files` (「初稿」…); null for uploads and URLs.
    pub manuscript_version_name: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct UploadedDestination {
    pub id: i64,
    pub task_id: i64,
    /// Where it was published (a site or an issue).
    pub name: String,
    pub url: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliverableWork {
    pub id: i64,
    pub name: String,
    pub project_id: i64,
    pub project_name: String,
    /// The caller's tasks in it that are being worked on.
    pub task_count: i64,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliveryReport {
    pub id: i64,
    pub media_id: i64,
    pub media_name: String,
    pub year: i32,
    pub month: i32,
    /// Tasks of the media completed in that month.
    pub task_count: i64,
    /// Their rewards, in yen.
    pub reward_total: i64,
    pub created_at: DateTime<Utc>,
}
