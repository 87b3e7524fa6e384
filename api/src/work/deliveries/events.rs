//! The deliveries' pushed events.

use serde::Serialize;
use utoipa::ToSchema;

use crate::work::deliveries::model::DeliveryType;

/// `delivery.registered`: a creator delivered for one of the client's tasks.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryRegistered {
    /// The client's users, who receive `delivery.registered`.
    #[serde(skip)]
    pub recipients: Vec<i64>,
    pub task_id: i64,
    pub delivery_id: i64,
    #[serde(rename = "type")]
    pub delivery_type: DeliveryType,
    pub url: Option<String>,
    pub file_ids: Vec<i64>,
    /// The manuscript version delivered (its files are `file_ids`); null for uploads and URLs.
    pub manuscript_version_id: Option<i64>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

crate::impl_event!(DeliveryRegistered, DeliveryRegistered, |e| {
    crate::platform::events::users(e.recipients.iter().copied())
});
