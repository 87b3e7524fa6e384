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
    OpenApiRouter::new().routes(routes!(health))
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
    let database = tokio::time::timeout(Duration::from_secs(2), crate::system::db::ping(&state.db))
        .await
        .is_ok_and(|r| r.is_ok());
    let redis = match state.redis.clone() {
        None => true,
        Some(mut connection) => {
            let ping = redis::cmd("PING");
            tokio::time::timeout(
                Duration::from_secs(2),
                ping.query_async::<String>(&mut connection),
            )
            .await
            .is_ok_and(|r| r.is_ok())
        }
    };
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
