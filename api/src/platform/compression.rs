//! Gzip for the API's JSON answers above a threshold, when the client accepts it.
//!
//! Only JSON answers are compressed here: the web app's files are compressed once at build
//! time (`platform::web`), and downloads (`Content-Disposition`: images, PDFs, spreadsheets,
//! archives, mostly compressed already) pass through untouched. Answers that already carry a
//! `Content-Encoding` or a `Content-Range` are never touched (tower-http's own rule), and
//! headers such as `Server-Timing` are kept. The socket.io endpoint is mounted outside the app
//! (`realtime::HubLayer::mount`), so it never passes through here.

use axum::http::{Extensions, HeaderMap, StatusCode, Version, header};
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};

/// Below this many bytes a JSON answer goes as it is: it fits in a packet or two either way.
pub const JSON_THRESHOLD: u16 = 1024;

/// The predicate: a JSON answer (not a download) of at least [`JSON_THRESHOLD`] bytes, or of
/// unknown length.
pub fn compressible() -> impl Predicate {
    SizeAbove::new(JSON_THRESHOLD).and(json_answer)
}

/// The layer: gzip at zlib's default level (6) for what [`compressible`] accepts.
pub fn json() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .gzip(true)
        .quality(CompressionLevel::Default)
        .compress_when(compressible())
}

fn json_answer(_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions) -> bool {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|essence| essence.trim().to_ascii_lowercase())
        .is_some_and(|essence| essence == "application/json" || essence.ends_with("+json"));
    json && !headers.contains_key(header::CONTENT_DISPOSITION)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Response;

    fn answer(content_type: &str, size: usize, download: bool) -> Response<Body> {
        let mut builder = Response::builder().header(header::CONTENT_TYPE, content_type);
        if download {
            builder = builder.header(header::CONTENT_DISPOSITION, "attachment");
        }
        builder.body(Body::from(vec![b' '; size])).unwrap()
    }

    #[test]
    fn only_json_answers_above_the_threshold_are_compressed() {
        let p = compressible();
        let at = JSON_THRESHOLD as usize;
        assert!(p.should_compress(&answer("application/json", at, false)));
        assert!(p.should_compress(&answer("application/json; charset=utf-8", at * 10, false)));
        assert!(p.should_compress(&answer("application/problem+json", at, false)));
        assert!(!p.should_compress(&answer("application/json", at - 1, false)));
        assert!(!p.should_compress(&answer("application/json", at * 10, true)));
        for other in ["text/csv", "application/pdf", "image/png", "text/html"] {
            assert!(
                !p.should_compress(&answer(other, at * 10, false)),
                "{other}"
            );
        }
    }
}
