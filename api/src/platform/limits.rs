//! Limits on what one request may take: a time limit for API calls (503 in the spec's error
//! format when exceeded, so a stuck query never holds a browser forever) and the cross-origin
//! policy naming the only other origins whose pages may call the API.

use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::platform::error::AppError;

/// Answers 503 when an API call takes longer than `limit` (`REQUEST_TIMEOUT_SECONDS`). Uploads
/// are left out: a large file on a slow line legitimately takes longer, and their size is capped
/// instead.
pub async fn time_limit(limit: Duration, request: Request, next: Next) -> Response {
    let upload = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    if upload {
        return next.run(request).await;
    }
    let path = request.uri().path().to_owned();
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(%path, "request timed out");
            AppError::Unavailable.into_response()
        }
    }
}

/// The CORS policy: the configured origins may call the API with a bearer token; with none
/// configured the layer answers no cross-origin request (same origin only).
pub fn cors(allowed_origins: &[String]) -> CorsLayer {
    let origins: Vec<HeaderValue> = allowed_origins
        .iter()
        .filter_map(|origin| HeaderValue::from_str(origin).ok())
        .collect();
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::ACCEPT,
            HeaderName::from_static("x-platform-version"),
        ])
        .max_age(Duration::from_secs(600))
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use axum::middleware;
    use axum::routing::{get, post};
    use tower::ServiceExt;

    use super::*;

    async fn slow() -> &'static str {
        tokio::time::sleep(Duration::from_millis(300)).await;
        "done"
    }

    fn app() -> Router {
        Router::new()
            .route("/slow", get(slow))
            .route("/upload", post(slow))
            .route("/fast", get(|| async { "done" }))
            .layer(middleware::from_fn(|req, next| {
                time_limit(Duration::from_millis(50), req, next)
            }))
    }

    async fn status(request: Request<Body>) -> (StatusCode, String) {
        let response = app().oneshot(request).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn a_call_past_the_limit_answers_503_in_the_error_format() {
        let (code, body) = status(Request::get("/slow").body(Body::empty()).unwrap()).await;
        assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE);
        let body: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert!(body["error"]["message"].is_string(), "{body}");
        let (code, _) = status(Request::get("/fast").body(Body::empty()).unwrap()).await;
        assert_eq!(code, StatusCode::OK);
    }

    #[tokio::test]
    async fn uploads_are_not_cut_off() {
        let upload = Request::post("/upload")
            .header("content-type", "multipart/form-data; boundary=x")
            .body(Body::empty())
            .unwrap();
        assert_eq!(status(upload).await, (StatusCode::OK, "done".into()));
    }
}
