//! What the API and the push say about maintenance windows.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::error::AppError;

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct MaintenanceWindow {
    pub id: i64,
    pub message: String,
    pub start_datetime: DateTime<Utc>,
    pub end_datetime: DateTime<Utc>,
    /// Whether the window contains the present moment.
    pub active: bool,
}

impl MaintenanceWindow {
    pub fn to_error(&self) -> AppError {
        AppError::Maintenance {
            message: self.message.clone(),
            start_datetime: self.start_datetime,
            end_datetime: self.end_datetime,
        }
    }
}

/// The answer of `GET /maintenance` and the payload of `maintenance.changed`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MaintenanceState {
    /// The current window, else the next one; null when none is scheduled.
    pub maintenance: Option<MaintenanceWindow>,
    /// Every window that has not ended and was not cancelled, earliest first.
    pub windows: Vec<MaintenanceWindow>,
    /// The server's clock, so a browser with a skewed clock still switches on time.
    pub now: DateTime<Utc>,
}

impl MaintenanceState {
    pub fn new(windows: Vec<MaintenanceWindow>, now: DateTime<Utc>) -> Self {
        let maintenance = windows
            .iter()
            .find(|w| w.active)
            .or_else(|| windows.first())
            .cloned();
        Self {
            maintenance,
            windows,
            now,
        }
    }
}
