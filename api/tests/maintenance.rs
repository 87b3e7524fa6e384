//! Maintenance windows: who is shut out, who is not, and the push to every socket.

mod support;

use std::time::Duration;

use chrono::Utc;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{PASSWORD, TestApp, sio::SioClient};

fn window(minutes_from_now: i64, minutes_long: i64) -> Value {
    let start = Utc::now() + chrono::Duration::minutes(minutes_from_now);
    let end = start + chrono::Duration::minutes(minutes_long);
    json!({ "message": "システムメンテナンスを実施しています。", "start_datetime": start.to_rfc3339(), "end_datetime": end.to_rfc3339() })
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn an_active_window_answers_503_to_creators_but_not_to_staff(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let manager = app.login("manager@demo.tsumugi.jp").await;

    let (status, body) = app
        .request(
            Method::PUT,
            "/api/admin/maintenance",
            Some(&admin),
            Some(window(-1, 60)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["maintenance"]["active"], true);

    let (status, body) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        body["error"]["message"],
        "システムメンテナンスを実施しています。"
    );
    assert!(
        body["error"]["start_datetime"].is_string() && body["error"]["end_datetime"].is_string()
    );

    let (status, _) = app.get("/api/users/whoami", Some(&manager)).await;
    assert_eq!(status, StatusCode::OK, "staff keep working");
    let (status, _) = app.get("/api/users/whoami", Some(&admin)).await;
    assert_eq!(status, StatusCode::OK);

    // A non-staff login is refused during the window; a staff login is not.
    let (status, _) = app.try_login("editor@demo.tsumugi.jp", PASSWORD).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let (status, _) = app.try_login("accountant@demo.tsumugi.jp", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);

    // Anyone can read the window.
    let (status, body) = app.get("/api/maintenance", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["maintenance"]["message"],
        "システムメンテナンスを実施しています。"
    );

    let (status, _) = app.delete("/api/admin/maintenance", Some(&admin)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = app.get("/api/maintenance", None).await;
    assert_eq!(body["maintenance"], Value::Null);
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn a_future_window_does_not_block_yet(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (_, body) = app
        .request(
            Method::PUT,
            "/api/admin/maintenance",
            Some(&admin),
            Some(window(30, 60)),
        )
        .await;
    assert_eq!(body["maintenance"]["active"], false);
    let (status, _) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn only_admins_set_maintenance_and_the_window_is_validated(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (status, _) = app
        .request(
            Method::PUT,
            "/api/admin/maintenance",
            Some(&manager),
            Some(window(0, 60)),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .request(Method::DELETE, "/api/admin/maintenance", None, None)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let (status, body) = app
        .put("/api/admin/maintenance", Some(&admin), json!({ "message": "", "start_datetime": "2026-13-01", "end_datetime": "2026-11-01T00:00:00+09:00" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["message"], json!(["required"]));
    assert_eq!(body["error"]["rules"]["start_datetime"], json!(["date"]));

    let mut reversed = window(60, 10);
    let start = reversed["start_datetime"].clone();
    reversed["start_datetime"] = reversed["end_datetime"].clone();
    reversed["end_datetime"] = start;
    let (status, body) = app
        .request(
            Method::PUT,
            "/api/admin/maintenance",
            Some(&admin),
            Some(reversed),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["rules"]["end_datetime"],
        json!(["after:start_datetime"])
    );
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn maintenance_changes_are_pushed_to_connected_sockets(pool: PgPool) {
    let app = TestApp::spawn(pool).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let mut socket = SioClient::connect(app.addr, Some(&creator))
        .await
        .expect("creator connects");

    app.request(
        Method::PUT,
        "/api/admin/maintenance",
        Some(&admin),
        Some(window(-1, 60)),
    )
    .await;
    let pushed = socket
        .expect_event("maintenance.changed", Duration::from_secs(3))
        .await
        .expect("push on set");
    assert_eq!(pushed["maintenance"]["active"], true);
    assert_eq!(
        pushed["maintenance"]["message"],
        "システムメンテナンスを実施しています。"
    );

    app.delete("/api/admin/maintenance", Some(&admin)).await;
    let pushed = socket
        .expect_event("maintenance.changed", Duration::from_secs(3))
        .await
        .expect("push on clear");
    assert_eq!(pushed["maintenance"], Value::Null);
}
