//! The headers every response carries so a browser treats Tsumugi's pages and files safely
//! (OWASP ASVS V14.4): what the pages may load (CSP), no content sniffing, no framing, a
//! conservative referrer, no powerful features, and HSTS when the service is reached over TLS
//! through a trusted proxy (`TRUST_PROXY`).

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::state::AppState;

/// What the web app's pages may load: its own scripts (and the tag manager it loads), inline
/// styles (styled-components writes `<style>` elements), images from itself and the blobs and
/// data URLs it makes, the socket on its own origin; no plugins, no framing, forms to itself.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
     script-src 'self' https://www.googletagmanager.com; \
     style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob: https://www.googletagmanager.com; \
     font-src 'self' data:; \
     connect-src 'self' ws: wss: https://www.google-analytics.com; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The API reference (`/api/docs`, Swagger UI) runs inline scripts of its own; it gets the same
/// headers except that one allowance.
const DOCS_CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
     script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
     object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/// Two years, subdomains included: only ever sent over HTTPS.
const HSTS: &str = "max-age=63072000; includeSubDomains";

const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

pub async fn add(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let docs = request.uri().path().starts_with("/api/docs");
    let over_tls = state.config.trust_proxy > 0
        && request
            .headers()
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|proto| proto.eq_ignore_ascii_case("https"));
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let policy = if docs {
        DOCS_CONTENT_SECURITY_POLICY
    } else {
        CONTENT_SECURITY_POLICY
    };
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    headers.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(PERMISSIONS_POLICY),
    );
    headers.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    if over_tls {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    response
}
