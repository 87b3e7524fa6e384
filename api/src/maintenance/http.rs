//! The maintenance schedule over HTTP: anyone reads it; admins schedule, cancel, start now and
//! end now. Every change is pushed to every socket (`maintenance.changed`).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::maintenance::db::{self, Stopped};
use crate::maintenance::{MaintenanceState, MaintenanceWindow, events, ticker};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::ApiJson;
use crate::platform::guards::AdminUser;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;

/// The longest message a window may carry (it is shown in a banner and on the page).
pub const MESSAGE_MAX: usize = 500;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(start_now, end_now))
        .routes(routes!(schedule))
        .routes(routes!(cancel))
}

#[utoipa::path(get, path = "/maintenance", tag = "maintenance",
    responses((status = 200, body = MaintenanceState, description = "the current or next window and every live one")))]
pub async fn show(State(state): State<AppState>) -> AppResult<Json<MaintenanceState>> {
    Ok(Json(db::schedule(&state.db).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct WindowRequest {
    #[serde(default)]
    pub message: String,
    /// RFC 3339, e.g. 2026-11-22T10:00:00+09:00. Optional for “start now” (then: now).
    #[serde(default)]
    pub start_datetime: String,
    #[serde(default)]
    pub end_datetime: String,
}

impl Declared for WindowRequest {
    const RULES: &'static [FieldRules] = &[
        ("message", &[Rule::Required, Rule::MaxChars(MESSAGE_MAX)]),
        ("start_datetime", &[Rule::Required]),
        ("end_datetime", &[Rule::Required]),
    ];
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

/// A checked window: message, start (None: now) and end.
struct Checked {
    message: String,
    start: Option<DateTime<Utc>>,
    end: DateTime<Utc>,
}

fn check(body: &WindowRequest, start_required: bool) -> AppResult<Checked> {
    let mut v = Validator::new();
    v.required("message", &body.message)
        .max_chars("message", body.message.trim(), MESSAGE_MAX);
    let start = if start_required || !body.start_datetime.trim().is_empty() {
        parse_datetime(&mut v, "start_datetime", &body.start_datetime)
    } else {
        None
    };
    let end = parse_datetime(&mut v, "end_datetime", &body.end_datetime);
    if let Some(end) = end {
        if start.is_some_and(|start| end <= start) {
            v.fail("end_datetime", "after:start_datetime");
        } else if end <= Utc::now() {
            v.fail("end_datetime", "after:now");
        }
    }
    v.finish()?;
    Ok(Checked {
        message: body.message.trim().to_string(),
        start,
        end: end.expect("validated"),
    })
}

fn overlap() -> AppError {
    AppError::rule("start_datetime", "overlap")
}

/// Two requests racing past the overlap check meet the exclusion constraint: the same 422.
fn insert_error(error: sqlx::Error) -> AppError {
    let overlapping = error
        .as_database_error()
        .and_then(|e| e.constraint())
        .is_some_and(|name| name == "maintenance_windows_no_overlap");
    if overlapping { overlap() } else { error.into() }
}

/// Stores a new window unless it overlaps a live one; its id.
async fn insert_window(
    tx: &mut sqlx::PgConnection,
    admin_id: i64,
    window: &Checked,
) -> AppResult<i64> {
    if db::overlaps(&mut *tx, window.start, window.end, None).await? {
        return Err(overlap());
    }
    db::insert(
        &mut *tx,
        admin_id,
        &window.message,
        window.start,
        window.end,
    )
    .await
    .map_err(insert_error)
}

async fn changed(state: &AppState) -> AppResult<MaintenanceState> {
    state.hub.signal(crate::maintenance::cache::SIGNAL).await;
    ticker::rescheduled();
    Ok(events::announce(state).await?)
}

/// Schedules a window (it may start now or later; it must end in the future and not overlap
/// another live window).
#[utoipa::path(post, path = "/admin/maintenance/windows", tag = "maintenance", request_body = WindowRequest, security(("bearer" = [])),
    responses((status = 201, body = MaintenanceWindow), (status = 401, description = "not logged in"), (status = 403, description = "not an admin"),
        (status = 422, description = "validation: required, date, max, after:start_datetime, after:now, overlap")))]
pub async fn schedule(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<WindowRequest>,
) -> AppResult<(StatusCode, Json<MaintenanceWindow>)> {
    let window = check(&body, true)?;
    let mut tx = state.db.begin().await?;
    let id = insert_window(&mut tx, admin.user_id, &window).await?;
    tx.commit().await.map_err(insert_error)?;
    let current = changed(&state).await?;
    let created = current
        .windows
        .into_iter()
        .find(|w| w.id == id)
        .ok_or(AppError::NotFound)?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Cancels an upcoming window, or ends a running one now.
#[utoipa::path(delete, path = "/admin/maintenance/windows/{id}", tag = "maintenance", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 204, description = "cancelled or ended"), (status = 401, description = "not logged in"), (status = 403, description = "not an admin"),
        (status = 404, description = "no live window has that id")))]
pub async fn cancel(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
) -> AppResult<StatusCode> {
    let mut tx = state.db.begin().await?;
    let stopped = db::stop(&mut tx, id, admin.user_id).await?;
    if stopped == Stopped::Missing {
        return Err(AppError::NotFound);
    }
    tx.commit().await?;
    changed(&state).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Starts maintenance now (or at `start_datetime` when given) until `end_datetime`; while a
/// window runs, changes its message and end instead.
#[utoipa::path(put, path = "/admin/maintenance", tag = "maintenance", request_body = WindowRequest, security(("bearer" = [])),
    responses((status = 200, body = MaintenanceState), (status = 401, description = "not logged in"), (status = 403, description = "not an admin"),
        (status = 422, description = "validation")))]
pub async fn start_now(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<WindowRequest>,
) -> AppResult<Json<MaintenanceState>> {
    let window = check(&body, false)?;
    let mut tx = state.db.begin().await?;
    match db::active(&mut *tx).await? {
        Some(running) => {
            let start = Some(running.start_datetime);
            if db::overlaps(&mut tx, start, window.end, Some(running.id)).await? {
                return Err(overlap());
            }
            db::update_active(
                &mut tx,
                running.id,
                admin.user_id,
                &window.message,
                window.end,
            )
            .await
            .map_err(insert_error)?;
        }
        None => {
            insert_window(&mut tx, admin.user_id, &window).await?;
        }
    }
    tx.commit().await.map_err(insert_error)?;
    Ok(Json(changed(&state).await?))
}

/// Ends the running window now (scheduled ones stay).
#[utoipa::path(delete, path = "/admin/maintenance", tag = "maintenance", security(("bearer" = [])),
    responses((status = 204, description = "no window runs any more"), (status = 401, description = "not logged in"), (status = 403, description = "not an admin")))]
pub async fn end_now(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
) -> AppResult<StatusCode> {
    let mut tx = state.db.begin().await?;
    let ended = db::end_active(&mut tx, admin.user_id).await?;
    tx.commit().await?;
    if ended {
        changed(&state).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}
