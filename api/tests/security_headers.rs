//! Every response, pages, API answers and errors alike, carries the browser-safety headers;
//! HSTS only when a trusted proxy says the request came over TLS.

use crate::support;
use crate::support::db;

use reqwest::Method;
use support::{TestApp, test_config};

async fn headers_of(app: &TestApp, path: &str, https: bool) -> reqwest::header::HeaderMap {
    let mut request = reqwest::Client::new().request(Method::GET, app.url(path));
    if https {
        request = request.header("X-Forwarded-Proto", "https");
    }
    request.send().await.expect("response").headers().clone()
}

#[tokio::test]
async fn pages_api_answers_and_errors_carry_the_safety_headers() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    for path in [
        "/",
        "/projects",
        "/api/users/whoami",
        "/api/no/such/thing",
        "/revision.json",
    ] {
        let headers = headers_of(&app, path, true).await;
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("object-src 'none'"), "{path}: {csp}");
        assert!(
            !csp.contains("script-src 'self' 'unsafe-inline'"),
            "{path}: no inline scripts"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
        assert!(headers.contains_key("permissions-policy"), "{path}");
        // Not behind a trusted proxy: a forwarded scheme is not believed.
        assert!(!headers.contains_key("strict-transport-security"), "{path}");
    }
}

#[tokio::test]
async fn hsts_is_sent_when_a_trusted_proxy_terminates_tls() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.trust_proxy = 1;
    let app = TestApp::spawn_with(pool, config).await;
    let over_tls = headers_of(&app, "/api/users/whoami", true).await;
    assert_eq!(
        over_tls["strict-transport-security"],
        "max-age=63072000; includeSubDomains"
    );
    let plain = headers_of(&app, "/api/users/whoami", false).await;
    assert!(!plain.contains_key("strict-transport-security"));
}

#[tokio::test]
async fn only_the_configured_origins_may_call_the_api_from_their_pages() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.allowed_origins = vec!["https://admin.example.jp".into()];
    let app = TestApp::spawn_with(pool, config).await;
    let preflight = |origin: &'static str| {
        reqwest::Client::new()
            .request(Method::OPTIONS, app.url("/api/users/whoami"))
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "GET")
            .header("Access-Control-Request-Headers", "authorization")
            .send()
    };
    let allowed = preflight("https://admin.example.jp").await.unwrap();
    assert_eq!(
        allowed.headers()["access-control-allow-origin"],
        "https://admin.example.jp"
    );
    assert!(
        allowed.headers()["access-control-allow-headers"]
            .to_str()
            .unwrap()
            .contains("authorization")
    );
    let other = preflight("https://evil.example.com").await.unwrap();
    assert!(!other.headers().contains_key("access-control-allow-origin"));
    let simple = reqwest::Client::new()
        .get(app.url("/api/users/whoami"))
        .header("Origin", "https://evil.example.com")
        .send()
        .await
        .unwrap();
    assert!(!simple.headers().contains_key("access-control-allow-origin"));
}
