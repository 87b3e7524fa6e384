//! The web app's files go precompressed (the copy the browser accepts), hashed files are kept
//! for a year, pages and the release marker are asked about again; large JSON answers are
//! gzipped for a client that accepts it, small ones and downloads go as they are.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, VARY};
use support::{TestApp, test_config};

const ASSET: &str = "/assets/index-Ab12Cd34.js";
const PLAIN: &[u8] = b"console.log('tsumugi');\n";
// The served copy is recognised by its bytes (the server sends the file, never recompresses).
const BROTLI: &[u8] = b"brotli copy";
const GZIP: &[u8] = b"gzip copy";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A built web app as `vite build` leaves it: a hashed script with its .br and .gz copies.
async fn app_with_web_dir(pool: sqlx::PgPool) -> TestApp {
    let config = test_config(&pool);
    let web = &config.web_dir;
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Tsumugi</title>",
    )
    .unwrap();
    let asset = web.join(ASSET.trim_start_matches('/'));
    std::fs::write(&asset, PLAIN).unwrap();
    std::fs::write(asset.with_extension("js.br"), BROTLI).unwrap();
    std::fs::write(asset.with_extension("js.gz"), GZIP).unwrap();
    TestApp::spawn_with(pool, config).await
}

async fn get(app: &TestApp, path: &str, accept_encoding: Option<&str>) -> reqwest::Response {
    let mut request = app.http.get(app.url(path));
    if let Some(encodings) = accept_encoding {
        request = request.header(ACCEPT_ENCODING, encodings);
    }
    request.send().await.expect("response")
}

/// Every value of the header, comma-separated ("" when absent).
fn header(response: &reqwest::Response, name: impl reqwest::header::AsHeaderName) -> String {
    let values: Vec<&str> = response
        .headers()
        .get_all(name)
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect();
    values.join(", ").to_ascii_lowercase()
}

#[tokio::test]
async fn hashed_assets_go_precompressed_and_are_kept_for_a_year() {
    let (pool, _db) = db::seeded().await;
    let app = app_with_web_dir(pool).await;
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), "br", BROTLI),
        (Some("br"), "br", BROTLI),
        (Some("gzip"), "gzip", GZIP),
        (None, "", PLAIN),
    ] {
        let response = get(&app, ASSET, accept).await;
        assert_eq!(response.status(), StatusCode::OK, "{accept:?}");
        assert_eq!(header(&response, CONTENT_ENCODING), encoding, "{accept:?}");
        assert_eq!(header(&response, CACHE_CONTROL), IMMUTABLE, "{accept:?}");
        assert!(
            header(&response, CONTENT_TYPE).contains("javascript"),
            "the type of the file, not of its copy"
        );
        assert!(
            header(&response, VARY).contains("accept-encoding"),
            "a shared cache keeps one copy per encoding"
        );
        assert_eq!(&response.bytes().await.unwrap()[..], body, "{accept:?}");
    }

    // A chunk of an older release: not found, and nothing a browser would keep.
    let missing = get(&app, "/assets/index-Old00000.js", Some("br")).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(header(&missing, CACHE_CONTROL), "no-cache");
}

#[tokio::test]
async fn pages_and_the_release_marker_are_revalidated() {
    let (pool, _db) = db::seeded().await;
    let app = app_with_web_dir(pool).await;
    // index.html itself and the client-side routes it answers.
    for path in ["/", "/index.html", "/tasks", "/channels/12"] {
        let response = get(&app, path, Some("gzip, br")).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&response, CACHE_CONTROL), "no-cache", "{path}");
        assert!(
            header(&response, CONTENT_TYPE).starts_with("text/html"),
            "{path}"
        );
    }
    // The marker the browser polls to notice a new release is never answered from a cache.
    let revision = get(&app, "/revision.json?t=1", Some("gzip, br")).await;
    assert_eq!(revision.status(), StatusCode::OK);
    assert_eq!(header(&revision, CACHE_CONTROL), "no-store");
}

#[tokio::test]
async fn large_json_answers_are_gzipped_when_asked_and_small_ones_are_not() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.server_timing = true;
    let app = TestApp::spawn_with(pool, config).await;

    // The API description is large.
    let plain = get(&app, "/api/openapi.json", None).await;
    assert_eq!(header(&plain, CONTENT_ENCODING), "");
    let plain_size = plain.bytes().await.unwrap().len();
    assert!(plain_size > 10_000, "{plain_size}");

    let gzipped = get(&app, "/api/openapi.json", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(gzipped.status(), StatusCode::OK);
    assert_eq!(header(&gzipped, CONTENT_ENCODING), "gzip");
    assert!(header(&gzipped, VARY).contains("accept-encoding"));
    assert!(
        gzipped.headers().contains_key("server-timing"),
        "the timing header survives compression"
    );
    let body = gzipped.bytes().await.unwrap();
    assert_eq!(&body[..2], &[0x1f, 0x8b], "a gzip stream");
    assert!(
        body.len() * 4 < plain_size,
        "{} of {plain_size}",
        body.len()
    );

    // A small answer is not worth it.
    let small = get(&app, "/api/health", Some("gzip")).await;
    assert_eq!(small.status(), StatusCode::OK);
    assert_eq!(header(&small, CONTENT_ENCODING), "");
    assert_eq!(
        small.json::<serde_json::Value>().await.unwrap()["status"],
        "ok"
    );
}
