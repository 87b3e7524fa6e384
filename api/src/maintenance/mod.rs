//! Maintenance windows: at most one, stored in PostgreSQL so every node enforces the same
//! window; inside it, every API call from a non-staff user answers 503.

mod db;
pub mod http;

use axum::extract::{OriginalUri, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::auth::session::Caller;
use crate::platform::error::AppError;
use crate::state::AppState;

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
pub struct MaintenanceWindow {
    pub message: String,
    pub start_datetime: DateTime<Utc>,
    pub end_datetime: DateTime<Utc>,
    /// Whether the window contains the present moment.
    pub active: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MaintenanceState {
    pub maintenance: Option<MaintenanceWindow>,
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

/// Fails with 503 when a window is active and `caller` is not staff.
pub async fn ensure_open_for(
    db: impl PgExecutor<'_>,
    caller_is_staff: bool,
) -> Result<(), AppError> {
    if caller_is_staff {
        return Ok(());
    }
    match db::current(db).await? {
        Some(window) if window.active => Err(window.to_error()),
        _ => Ok(()),
    }
}

/// Paths that stay reachable during maintenance: checking the service, reading the window,
/// and logging in (the login itself refuses non-staff users during a window).
const OPEN_PATHS: &[&str] = &[
    "/api/health",
    "/api/maintenance",
    "/api/openapi.json",
    "/api/siteverify",
    "/api/siteverify/challenge",
    "/api/users/login",
    "/api/users/logout",
    "/api/users/two_step_password",
    "/api/users/two_step_verification",
];

pub async fn guard(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Result<Response, AppError> {
    // Inside the nested `/api` router the URI is stripped; match on the original one.
    let path = request.extensions().get::<OriginalUri>().map_or_else(
        || request.uri().path().to_string(),
        |uri| uri.path().to_string(),
    );
    let path = path.as_str();
    if !OPEN_PATHS.contains(&path) && !path.starts_with("/api/docs") {
        let is_staff = matches!(request.extensions().get::<Option<Caller>>(), Some(Some(c)) if c.role.is_staff());
        ensure_open_for(&state.db, is_staff).await?;
    }
    Ok(next.run(request).await)
}

// Every open page learns of a window (or its end) at once: `maintenance.changed` to everyone.
crate::impl_event!(MaintenanceState, MaintenanceChanged, |_e| vec![
    realtime::Room::All
]);
