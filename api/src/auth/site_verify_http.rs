//! The bot check: a challenge for the browser and the verification of its answer.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::site_verify;
use crate::platform::error::AppResult;
use crate::platform::extract::{ApiJson, ClientIp};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/siteverify/challenge", get(challenge))
        .route("/siteverify", post(verify))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Challenge {
    /// pow (built-in proof of work), http (external widget) or off.
    pub kind: String,
    pub challenge: Option<String>,
    pub difficulty: Option<u32>,
    pub site_key: Option<String>,
}

#[utoipa::path(get, path = "/api/siteverify/challenge", tag = "siteverify",
    responses((status = 200, body = Challenge, description = "for pow: find a decimal nonce so that SHA-256(`challenge:nonce`) has `difficulty` leading zero bits; the token is `challenge:nonce`")))]
pub async fn challenge(State(state): State<AppState>) -> Json<serde_json::Value> {
    Json(state.site_verifier.challenge())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyRequest {
    #[serde(default)]
    pub token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VerifyResponse {
    pub success: bool,
}

#[utoipa::path(post, path = "/api/siteverify", tag = "siteverify", request_body = VerifyRequest,
    responses((status = 200, body = VerifyResponse, description = "on success the token may be used once as site_verify_token at login")))]
pub async fn verify(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<VerifyRequest>,
) -> AppResult<Json<VerifyResponse>> {
    let success = match site_verify::verify_and_record(
        &state.db,
        state.site_verifier.as_ref(),
        &body.token,
        &ip,
    )
    .await
    {
        Ok(success) => success,
        Err(error) => {
            // An unreachable verifier must not lock everybody out silently: log it, refuse.
            tracing::warn!(%error, "site verification failed to complete");
            false
        }
    };
    Ok(Json(VerifyResponse { success }))
}
