//! The built web app: static files, and `index.html` for every client-side route.

use std::path::Path;

use axum::http::{HeaderValue, header};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeader;

/// Files are revalidated on every load so a new release's `index.html` is picked up at once.
pub fn service(web_dir: &Path) -> SetResponseHeader<ServeDir<ServeFile>, HeaderValue> {
    let files = ServeDir::new(web_dir).fallback(ServeFile::new(web_dir.join("index.html")));
    SetResponseHeader::if_not_present(
        files,
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache"),
    )
}
