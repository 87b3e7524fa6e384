//! Limits on what one request may take: a time limit for API calls (503 in the spec's error
//! format when exceeded, so a stuck query never holds a browser forever), the cross-origin
//! policy naming the only other origins whose pages may call the API, and the send rates of
//! writes that reach many people (`Rate`: a token bucket per key kept in PostgreSQL, like the
//! login and mail-link budgets, so it holds across nodes with or without Redis).

use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::cors::{AllowOrigin, CorsLayer};

use sqlx::{PgExecutor, Postgres, QueryBuilder};

use crate::platform::error::{AppError, AppResult};

/// Answers 503 when an API call takes longer than `limit` (`REQUEST_TIMEOUT_SECONDS`). Uploads
/// are left out: a large file on a slow line legitimately takes longer, and their size is capped
/// instead (a resumable upload's `PATCH` ends when its body stays idle, `files::uploads::parts`).
pub async fn time_limit(limit: Duration, request: Request, next: Next) -> Response {
    let upload = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.starts_with("multipart/") || v == crate::files::uploads::http::PATCH_CONTENT_TYPE
        });
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
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::DELETE,
            Method::PATCH,
            Method::HEAD,
        ])
        .allow_headers(
            [
                header::AUTHORIZATION,
                header::CONTENT_TYPE,
                header::ACCEPT,
                HeaderName::from_static("x-platform-version"),
            ]
            .into_iter()
            .chain(crate::files::uploads::http::REQUEST_HEADERS.map(HeaderName::from_static))
            .collect::<Vec<_>>(),
        )
        .expose_headers(crate::files::uploads::http::RESPONSE_HEADERS.map(HeaderName::from_static))
        .max_age(Duration::from_secs(600))
}

/// A send rate: `burst` actions at once, then `per_minute` more each minute (a token bucket of
/// `burst` tokens refilled continuously).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub burst: u32,
    pub per_minute: u32,
}

impl Rate {
    fn per_second(self) -> f64 {
        f64::from(self.per_minute) / 60.0
    }

    /// A bucket holds at least one token, so every key may act once.
    fn capacity(self) -> f64 {
        f64::from(self.burst.max(1))
    }
}

/// One limited thing: a key (`message:{user}:{channel}`) and its rate.
#[derive(Debug, Clone)]
pub struct Bucket {
    pub key: String,
    pub rate: Rate,
    /// What the refused person reads (the 429's message).
    pub message: &'static str,
}

/// Pushes one statement taking a token from `bucket` for each row of `source` (a `from …` clause
/// naming a table or CTE, or empty for one row): the bucket is refilled for the time since its
/// last take, and the take only happens with a whole token left. Returns a row per token taken,
/// none when the bucket is empty. The upsert locks the bucket's row, so takes on several nodes
/// at once queue and none overdraws it. Time is PostgreSQL's, the same for every node.
pub fn push_take(q: &mut QueryBuilder<Postgres>, bucket: &Bucket, source: &str) {
    let refilled = |q: &mut QueryBuilder<Postgres>| {
        q.push("least(excluded.tokens + 1, b.tokens + greatest(0, extract(epoch from now() - b.refilled_at))::float8 * ");
        q.push_bind(bucket.rate.per_second());
        q.push(")");
    };
    q.push("insert into rate_buckets as b (key, tokens, refilled_at) select ");
    q.push_bind(bucket.key.clone());
    q.push(", ");
    q.push_bind(bucket.rate.capacity() - 1.0);
    q.push(", now() ");
    q.push(source);
    q.push(" on conflict (key) do update set tokens = ");
    refilled(q);
    q.push(" - 1, refilled_at = greatest(b.refilled_at, now()) where ");
    refilled(q);
    q.push(" >= 1 returning 1");
}

/// Takes one token from `bucket`, or refuses with 429, its message and when a token will be
/// back. Inside a transaction the take is undone with it, so a refused or failed write spends
/// nothing.
pub async fn take(conn: &mut sqlx::PgConnection, bucket: &Bucket) -> AppResult<()> {
    let mut q = QueryBuilder::new("");
    push_take(&mut q, bucket, "");
    let taken = q.build().fetch_optional(&mut *conn).await?;
    if taken.is_some() {
        return Ok(());
    }
    Err(refusal(&mut *conn, bucket).await?)
}

/// The 429 for an empty `bucket`, with the seconds until its next token.
pub async fn refusal(db: impl PgExecutor<'_>, bucket: &Bucket) -> AppResult<AppError> {
    let (tokens, elapsed): (f64, f64) = sqlx::query_as(
        "select tokens, greatest(0, extract(epoch from now() - refilled_at))::float8
           from rate_buckets where key = $1",
    )
    .bind(&bucket.key)
    .fetch_optional(db)
    .await?
    .unwrap_or((0.0, 0.0));
    let per_second = bucket.rate.per_second();
    let missing = 1.0 - (tokens + elapsed * per_second).min(bucket.rate.capacity());
    let retry_after_secs = if per_second > 0.0 {
        (missing.max(0.0) / per_second).ceil() as u64
    } else {
        60
    };
    Ok(AppError::RateLimited {
        message: bucket.message,
        retry_after_secs,
    })
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
