//! Liveness of the node and the running release.

use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde::Serialize;
use serde_json::json;
use std::time::Duration;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(ready))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` when the database (and Redis, when configured) answer; `degraded` when only Redis
    /// does not: the node still serves its requests and its own sockets (events from other
    /// nodes resume, and sockets catch up, when Redis is back), so a load balancer keeps it.
    pub status: String,
}

#[utoipa::path(get, path = "/health", tag = "system",
    responses((status = 200, body = Health), (status = 503, description = "the database does not answer")))]
pub async fn health(State(state): State<AppState>) -> impl IntoResponse {
    let (database, redis) = tokio::join!(database_answers(&state), redis_answers(&state));
    if database {
        if !redis {
            tracing::warn!("health: Redis does not answer; serving this node's sockets only");
        }
        let status = if redis { "ok" } else { "degraded" };
        (StatusCode::OK, Json(json!({ "status": status })))
    } else {
        tracing::warn!(database, redis, "health check failed");
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "error": { "message": crate::platform::error::MESSAGE_UNAVAILABLE } })),
        )
    }
}

/// How long each dependency has to answer a health or readiness check.
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

async fn database_answers(state: &AppState) -> bool {
    tokio::time::timeout(CHECK_TIMEOUT, crate::system::db::ping(&state.db))
        .await
        .is_ok_and(|r| r.is_ok())
}

/// Redis answers a ping (or is not configured); a Redis Cluster, through the hub's link to every
/// primary.
async fn redis_answers(state: &AppState) -> bool {
    match state.redis.clone() {
        None if state.config.redis_cluster => {
            tokio::time::timeout(CHECK_TIMEOUT, state.hub.redis_answers())
                .await
                .unwrap_or(false)
        }
        None => true,
        Some(mut connection) => {
            let ping = redis::cmd("PING");
            tokio::time::timeout(CHECK_TIMEOUT, ping.query_async::<String>(&mut connection))
                .await
                .is_ok_and(|r| r.is_ok())
        }
    }
}

/// The file store answers a lookup (of a key that need not exist).
async fn storage_answers(state: &AppState) -> bool {
    tokio::time::timeout(CHECK_TIMEOUT, state.storage.head("ready-probe"))
        .await
        .is_ok_and(|r| r.is_ok())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    /// `ready`; the 503 answer says what is missing instead.
    pub status: String,
}

/// The header of a 503 readiness answer that says why: `starting`, `draining` or
/// `unavailable: database, redis, storage` (those that did not answer).
pub const NOT_READY: header::HeaderName = header::HeaderName::from_static("tsumugi-not-ready");

/// `GET /api/ready`: whether a load balancer should send this node traffic. 200 only once the
/// node has started and while it is not draining (SIGTERM), with PostgreSQL, Redis (when
/// configured) and the file store answering; liveness stays `/api/health`.
#[utoipa::path(get, path = "/ready", tag = "system",
    responses((status = 200, body = Readiness),
        (status = 503, description = "starting, draining, or a dependency does not answer")))]
pub async fn ready(State(state): State<AppState>) -> impl IntoResponse {
    use crate::platform::lifecycle::Phase;
    let phase = state.node.phase();
    let missing: Vec<&str> = if phase == Phase::Ready {
        let (database, redis, storage) = tokio::join!(
            database_answers(&state),
            redis_answers(&state),
            storage_answers(&state)
        );
        [
            (database, "database"),
            (redis, "redis"),
            (storage, "storage"),
        ]
        .into_iter()
        .filter_map(|(answers, name)| (!answers).then_some(name))
        .collect()
    } else {
        Vec::new()
    };
    match (phase, missing.is_empty()) {
        (Phase::Ready, true) => (
            StatusCode::OK,
            [(header::CACHE_CONTROL, "no-store".to_owned())],
            Json(json!({ "status": "ready" })),
        )
            .into_response(),
        _ => {
            let reason = match phase {
                Phase::Starting => "starting".to_owned(),
                Phase::Draining => "draining".to_owned(),
                Phase::Ready => format!("unavailable: {}", missing.join(", ")),
            };
            if phase == Phase::Ready {
                tracing::warn!(%reason, "readiness check failed");
            }
            // The body is the spec's error body; why, for the operator, is in a header.
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [
                    (header::CACHE_CONTROL, "no-store".to_owned()),
                    (NOT_READY, reason),
                ],
                Json(
                    json!({ "error": { "message": crate::platform::error::MESSAGE_UNAVAILABLE } }),
                ),
            )
                .into_response()
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Revision {
    pub revision_no: String,
}

/// `GET /revision.json?t=…`: the release this node serves; browsers compare it with theirs.
#[utoipa::path(get, path = "/revision.json", tag = "system", responses((status = 200, body = Revision)))]
pub async fn revision(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(Revision {
            revision_no: state.revision_no.to_string(),
        }),
    )
}
