//! The built web app: static files, and `index.html` for every client-side route.
//!
//! `vite build` writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file
//! (`web/build/precompress.ts`); the copy the browser accepts is sent as it is, with no work at
//! request time. Files under `/assets/` carry a content hash in their names, so a browser keeps
//! them for a year without asking again; everything else (`index.html`, which names the current
//! hashes, and the client-side routes it answers) is revalidated on every load so a new release
//! is picked up at once.

use std::path::Path;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::services::{ServeDir, ServeFile};

/// Where Vite puts the files whose names carry their content hash.
const HASHED_PREFIX: &str = "/assets/";

/// A hashed file never changes under its name.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Kept, but asked about again (a conditional request) before each use.
pub const REVALIDATE: &str = "no-cache";

pub fn service(web_dir: &Path) -> Router {
    let index = ServeFile::new(web_dir.join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    // A hashed name that does not exist (a chunk of an older release) is not found, never
    // `index.html` under a name the browser would keep for a year.
    let hashed = ServeDir::new(web_dir.join(HASHED_PREFIX.trim_matches('/')))
        .precompressed_br()
        .precompressed_gzip();
    let files = ServeDir::new(web_dir)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(index);
    Router::new()
        .nest_service(HASHED_PREFIX.trim_end_matches('/'), hashed)
        .fallback_service(files)
        .layer(middleware::from_fn(cache_policy))
}

/// Long-lived caching for a hashed file that was found, revalidation for everything else; the
/// answer depends on `Accept-Encoding`, which a shared cache must know.
async fn cache_policy(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().starts_with(HASHED_PREFIX);
    let mut response = next.run(request).await;
    let found = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    let policy = if hashed && found {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}
