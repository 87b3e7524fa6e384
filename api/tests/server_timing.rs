//! `Server-Timing` (`SERVER_TIMING=1`, `platform::server_timing`): what the product-path
//! benchmark reads to tell a POST that waited in PostgreSQL from one that waited for a core.

use crate::support;
use crate::support::db;

use std::collections::HashMap;

use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;
use support::{GROUP, TestApp, channel_id};

/// POSTs a plain message to the demo group channel as the demo creator; the answer's status
/// and its `Server-Timing` header, if any.
async fn post_message(app: &TestApp, pool: &PgPool) -> (StatusCode, Option<String>) {
    let token = app.login("creator@demo.tsumugi.jp").await;
    let channel = channel_id(pool, GROUP).await;
    let response = app
        .http
        .post(app.url(&format!("/api/channels/{channel}/messages")))
        .bearer_auth(token)
        .json(&json!({ "body": "計測つきの投稿" }))
        .send()
        .await
        .unwrap();
    let header = response
        .headers()
        .get("server-timing")
        .map(|v| v.to_str().unwrap().to_string());
    (response.status(), header)
}

/// `name;dur=ms` entries by name.
fn durations(header: &str) -> HashMap<String, f64> {
    header
        .split(',')
        .map(|entry| {
            let (name, dur) = entry.trim().split_once(";dur=").expect("name;dur=ms");
            (name.to_string(), dur.parse().expect("milliseconds"))
        })
        .collect()
}

#[tokio::test]
async fn with_timing_on_a_posted_message_says_where_its_time_went() {
    let (pool, _db) = db::seeded().await;
    let mut config = support::test_config(&pool);
    config.server_timing = true;
    let app = TestApp::spawn_with(pool.clone(), config).await;

    let (status, header) = post_message(&app, &pool).await;
    assert_eq!(status, StatusCode::CREATED);
    let header = header.expect("Server-Timing on the answer");
    let took = durations(&header);
    let (total, pool, db, push) = (took["total"], took["pool"], took["db"], took["push"]);
    // The insert is a real statement and the push a real publish: both took some time, and
    // with the wait for a connection no more than the request itself.
    assert!(db > 0.0 && push > 0.0 && pool >= 0.0, "{header}");
    assert!(pool + db + push <= total, "{header}");

    // A read through the pipeline is timed as database time too.
    let token = app.login("creator@demo.tsumugi.jp").await;
    let response = app
        .http
        .get(app.url("/api/teams"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let header = response.headers()["server-timing"].to_str().unwrap();
    let took = durations(header);
    assert!(took["db"] > 0.0 && took["db"] <= took["total"], "{header}");
    assert_eq!(took["push"], 0.0, "{header}");
}

#[tokio::test]
async fn by_default_answers_carry_no_timing() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (status, header) = post_message(&app, &pool).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(header, None);
}
