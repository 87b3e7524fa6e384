//! Mounting the socket.io layer, with one memory fix in front of it.
//!
//! hyper parses a request's URI and header values as slices of the connection's read buffer
//! (about 16 KiB), and socketioxide keeps the handshake's request parts for the socket's whole
//! life, so every idle socket pinned that buffer. Copying the URI and headers of socket.io
//! requests into their own small allocations frees it once the connection is upgraded
//! (heap profile and numbers: loadtest/results/hub-tuning.md). Only the headers engine.io reads
//! are kept: a browser's cookies, user agent and `Accept-*` lines (often 1–2 KB) would otherwise
//! stay with every socket for as long as it lives, and nothing in the hub reads them.

use axum::Router;
use axum::extract::{OriginalUri, Request};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Uri};
use axum::middleware::map_request;
use realtime::HubLayer;

/// The router with `/socket.io/` served by the hub.
pub fn mount(router: Router, layer: HubLayer) -> Router {
    let router = match layer {
        HubLayer::Local(layer) => router.layer(layer),
        HubLayer::Redis(layer) => router.layer(layer),
    };
    router.layer(map_request(detach_from_read_buffer))
}

async fn detach_from_read_buffer(mut request: Request) -> Request {
    if !request.uri().path().starts_with("/socket.io") {
        return request;
    }
    let headers = std::mem::take(request.headers_mut());
    *request.headers_mut() = owned_handshake_headers(&headers);
    let uri = owned_uri(request.uri());
    if request.extensions().get::<OriginalUri>().is_some() {
        request.extensions_mut().insert(OriginalUri(uri.clone()));
    }
    *request.uri_mut() = uri;
    request
}

/// What engine.io reads from a handshake: the WebSocket upgrade and the polling body's type.
const HANDSHAKE_HEADERS: [&str; 6] = [
    "host",
    "connection",
    "upgrade",
    "sec-websocket-key",
    "sec-websocket-version",
    "content-type",
];

fn owned_handshake_headers(headers: &HeaderMap) -> HeaderMap {
    let mut owned = HeaderMap::with_capacity(HANDSHAKE_HEADERS.len());
    for (name, value) in headers
        .iter()
        .filter(|(name, _)| HANDSHAKE_HEADERS.contains(&name.as_str()))
    {
        let name =
            HeaderName::from_bytes(name.as_str().as_bytes()).expect("a valid name stays valid");
        let mut copy =
            HeaderValue::from_bytes(value.as_bytes()).expect("a valid value stays valid");
        copy.set_sensitive(value.is_sensitive());
        owned.append(name, copy);
    }
    owned
}

fn owned_uri(uri: &Uri) -> Uri {
    uri.to_string().parse().unwrap_or_else(|_| uri.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_keep_the_handshake_headers_and_the_uri() {
        let mut handshake = HeaderMap::new();
        handshake.insert("upgrade", HeaderValue::from_static("websocket"));
        handshake.insert(
            "sec-websocket-key",
            HeaderValue::from_static("dGhlIHNhbXBsZQ=="),
        );
        handshake.append("content-type", HeaderValue::from_static("text/plain"));
        let mut sent = handshake.clone();
        sent.insert("cookie", HeaderValue::from_static("a=1; b=2"));
        sent.insert("user-agent", HeaderValue::from_static("Mozilla/5.0"));
        assert_eq!(owned_handshake_headers(&sent), handshake);
        let uri: Uri = "/socket.io/?EIO=4&transport=websocket".parse().unwrap();
        assert_eq!(owned_uri(&uri), uri);
    }
}
