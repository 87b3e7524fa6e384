//! Maintenance windows: a schedule stored in PostgreSQL so every node enforces the same
//! windows by the clock; inside one, every API call from a non-staff user answers 503. The
//! ticker pushes each window's start and end to every open browser once.

pub mod cache;
mod db;
pub mod events;
pub mod http;
mod model;
pub mod ticker;

use axum::extract::{OriginalUri, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use crate::auth::session::Caller;
use crate::platform::error::AppError;
use crate::state::AppState;

pub use model::{MaintenanceState, MaintenanceWindow};

/// Fails with 503 when a window contains the present moment and `caller` is not staff.
pub async fn ensure_open_for(state: &AppState, caller_is_staff: bool) -> Result<(), AppError> {
    if caller_is_staff {
        return Ok(());
    }
    match state.maintenance.active(&state.db).await? {
        Some(window) => Err(window.to_error()),
        None => Ok(()),
    }
}

/// Paths that stay reachable during maintenance: checking the service, reading the window,
/// and logging in (the login itself refuses non-staff users during a window).
const OPEN_PATHS: &[&str] = &[
    "/api/health",
    "/api/ready",
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
        ensure_open_for(&state, is_staff).await?;
    }
    Ok(next.run(request).await)
}
