//! Reading and setting the maintenance window; changes are pushed to every socket.

use crate::maintenance::{MaintenanceState, db};
use crate::platform::error::AppResult;
use crate::platform::extract::ApiJson;
use crate::platform::guards::AdminUser;
use crate::platform::validation::Validator;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(update, remove))
}

#[utoipa::path(get, path = "/maintenance", tag = "maintenance",
    responses((status = 200, body = MaintenanceState, description = "the current or next window; null when none")))]
pub async fn show(State(state): State<AppState>) -> AppResult<Json<MaintenanceState>> {
    Ok(Json(MaintenanceState {
        maintenance: db::current(&state.db).await?,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MaintenanceRequest {
    #[serde(default)]
    pub message: String,
    /// RFC 3339, e.g. 2026-11-22T10:00:00+09:00.
    #[serde(default)]
    pub start_datetime: String,
    #[serde(default)]
    pub end_datetime: String,
}

fn parse_datetime(v: &mut Validator, field: &str, value: &str) -> Option<DateTime<Utc>> {
    if value.trim().is_empty() {
        v.fail(field, "required");
        return None;
    }
    match DateTime::parse_from_rfc3339(value.trim()) {
        Ok(parsed) => Some(parsed.with_timezone(&Utc)),
        Err(_) => {
            v.fail(field, "date");
            None
        }
    }
}

#[utoipa::path(put, path = "/admin/maintenance", tag = "maintenance", request_body = MaintenanceRequest, security(("bearer" = [])),
    responses((status = 200, body = MaintenanceState), (status = 403, description = "not an admin"), (status = 422, description = "validation")))]
pub async fn update(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<MaintenanceRequest>,
) -> AppResult<Json<MaintenanceState>> {
    let mut v = Validator::new();
    v.required("message", &body.message)
        .max_chars("message", &body.message, 1000);
    let start = parse_datetime(&mut v, "start_datetime", &body.start_datetime);
    let end = parse_datetime(&mut v, "end_datetime", &body.end_datetime);
    if let (Some(start), Some(end)) = (start, end) {
        if end <= start {
            v.fail("end_datetime", "after:start_datetime");
        } else if end <= Utc::now() {
            v.fail("end_datetime", "after:now");
        }
    }
    v.finish()?;
    let (start, end) = (start.expect("validated"), end.expect("validated"));
    db::set(&state.db, admin.user_id, body.message.trim(), start, end).await?;
    let current = MaintenanceState {
        maintenance: db::current(&state.db).await?,
    };
    crate::platform::events::emit(&state.hub, &current).await;
    Ok(Json(current))
}

#[utoipa::path(delete, path = "/admin/maintenance", tag = "maintenance", security(("bearer" = [])),
    responses((status = 204, description = "maintenance ended"), (status = 403, description = "not an admin")))]
pub async fn remove(
    State(state): State<AppState>,
    AdminUser(_admin): AdminUser,
) -> AppResult<StatusCode> {
    db::clear(&state.db).await?;
    crate::platform::events::emit(&state.hub, &MaintenanceState { maintenance: None }).await;
    Ok(StatusCode::NO_CONTENT)
}
