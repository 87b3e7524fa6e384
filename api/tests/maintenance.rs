//! Maintenance windows: who is shut out, who is not, and the push to every socket.

use crate::support;
use crate::support::db;

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

#[tokio::test]
async fn an_active_window_answers_503_to_creators_but_not_to_staff() {
    let (pool, _db) = db::seeded().await;
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

#[tokio::test]
async fn a_future_window_does_not_block_yet() {
    let (pool, _db) = db::seeded().await;
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

#[tokio::test]
async fn only_admins_set_maintenance_and_the_window_is_validated() {
    let (pool, _db) = db::seeded().await;
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

#[tokio::test]
async fn maintenance_changes_are_pushed_to_connected_sockets() {
    let (pool, _db) = db::seeded().await;
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

// ---- The schedule: windows set ahead, started and ended by the clock ----

fn window_at(start: chrono::DateTime<Utc>, end: chrono::DateTime<Utc>, message: &str) -> Value {
    json!({ "message": message, "start_datetime": start.to_rfc3339(), "end_datetime": end.to_rfc3339() })
}

/// Sleeps until `at` (plus a little, so the database clock has passed it too).
async fn sleep_until(at: chrono::DateTime<Utc>) {
    let wait = (at - Utc::now()).to_std().unwrap_or_default() + Duration::from_millis(150);
    tokio::time::sleep(wait).await;
}

#[tokio::test]
async fn a_scheduled_window_starts_and_ends_by_the_clock_for_non_staff_only() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let accountant = app.login("accountant@demo.tsumugi.jp").await;

    let start = Utc::now() + chrono::Duration::seconds(2);
    let end = start + chrono::Duration::seconds(2);
    let (status, created) = app
        .post(
            "/api/admin/maintenance/windows",
            Some(&admin),
            window_at(start, end, "定期メンテナンスを実施します。"),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["active"], false);
    assert!(created["id"].as_i64().is_some());

    // Scheduled, not started: nobody is blocked, and the public schedule names it.
    let (status, _) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["maintenance"]["id"], created["id"]);
    assert_eq!(schedule["maintenance"]["active"], false);
    assert_eq!(schedule["windows"].as_array().unwrap().len(), 1);
    assert!(schedule["now"].is_string());

    // At its start: 503 with the spec's body to creators and clients, not to staff.
    sleep_until(start).await;
    for token in [&creator, &client] {
        let (status, body) = app.get("/api/users/whoami", Some(token)).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(body["error"]["message"], "定期メンテナンスを実施します。");
        let served_start = chrono::DateTime::parse_from_rfc3339(
            body["error"]["start_datetime"].as_str().expect("start"),
        )
        .unwrap();
        let served_end = chrono::DateTime::parse_from_rfc3339(
            body["error"]["end_datetime"].as_str().expect("end"),
        )
        .unwrap();
        assert!(
            (served_start.with_timezone(&Utc) - start)
                .num_milliseconds()
                .abs()
                < 1
        );
        assert!(
            (served_end.with_timezone(&Utc) - end)
                .num_milliseconds()
                .abs()
                < 1
        );
    }
    let (status, _) = app.get("/api/v2/projects", Some(&creator)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    for token in [&admin, &accountant] {
        let (status, _) = app.get("/api/users/whoami", Some(token)).await;
        assert_eq!(status, StatusCode::OK, "staff keep working");
    }
    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["maintenance"]["active"], true);

    // After its end: served again, and the window has left the schedule.
    sleep_until(end).await;
    let (status, _) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["maintenance"], Value::Null);
    assert_eq!(schedule["windows"], json!([]));
}

#[tokio::test]
async fn the_schedule_lists_live_windows_in_order_and_cancels_or_ends_them() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let now = Utc::now();
    let hours = chrono::Duration::hours;

    let (_, later) = app
        .post(
            "/api/admin/maintenance/windows",
            Some(&admin),
            window_at(now + hours(48), now + hours(50), "後のメンテナンス"),
        )
        .await;
    let (_, sooner) = app
        .post(
            "/api/admin/maintenance/windows",
            Some(&admin),
            window_at(now + hours(3), now + hours(4), "先のメンテナンス"),
        )
        .await;
    let (_, schedule) = app.get("/api/maintenance", Some(&creator)).await;
    let messages: Vec<&str> = schedule["windows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages, ["先のメンテナンス", "後のメンテナンス"]);
    assert_eq!(
        schedule["maintenance"]["id"], sooner["id"],
        "the next one comes first"
    );

    // Cancelling an upcoming window removes it; a second cancel finds nothing.
    let path = format!("/api/admin/maintenance/windows/{}", sooner["id"]);
    let (status, _) = app.delete(&path, Some(&admin)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app.delete(&path, Some(&admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["windows"].as_array().unwrap().len(), 1);
    assert_eq!(schedule["maintenance"]["id"], later["id"]);

    // “Start now” beside a scheduled window; “cancel” on a running one ends it at once.
    let (status, started) = app
        .put(
            "/api/admin/maintenance",
            Some(&admin),
            json!({ "message": "緊急メンテナンス", "end_datetime": (now + hours(1)).to_rfc3339() }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    assert_eq!(started["maintenance"]["active"], true);
    assert_eq!(started["windows"].as_array().unwrap().len(), 2);
    let (status, _) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);

    // While it runs, “start now” again changes its message and end, not a second window.
    let (status, changed) = app
        .put(
            "/api/admin/maintenance",
            Some(&admin),
            json!({ "message": "緊急メンテナンス（延長）", "end_datetime": (now + hours(2)).to_rfc3339() }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["windows"].as_array().unwrap().len(), 2);
    assert_eq!(changed["maintenance"]["id"], started["maintenance"]["id"]);
    assert_eq!(
        changed["maintenance"]["message"],
        "緊急メンテナンス（延長）"
    );

    let running = format!(
        "/api/admin/maintenance/windows/{}",
        started["maintenance"]["id"]
    );
    let (status, _) = app.delete(&running, Some(&admin)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["windows"].as_array().unwrap().len(), 1);
    assert_eq!(
        schedule["maintenance"]["id"], later["id"],
        "the scheduled one stays"
    );

    // “End now” with nothing running leaves the schedule alone.
    let (status, _) = app.delete("/api/admin/maintenance", Some(&admin)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["maintenance"]["id"], later["id"]);
}

#[tokio::test]
async fn a_window_is_validated_before_it_is_scheduled() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let now = Utc::now();
    let hours = chrono::Duration::hours;
    let post = |body: Value| {
        let app = &app;
        let admin = admin.clone();
        async move {
            app.post("/api/admin/maintenance/windows", Some(&admin), body)
                .await
        }
    };

    let (status, body) = post(window_at(now + hours(2), now + hours(1), "逆順")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["rules"]["end_datetime"],
        json!(["after:start_datetime"])
    );

    let (status, body) = post(window_at(now - hours(3), now - hours(1), "過去")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["end_datetime"], json!(["after:now"]));

    let (status, body) = post(window_at(now + hours(1), now + hours(2), "  ")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["message"], json!(["required"]));

    let (status, body) = post(json!({ "end_datetime": (now + hours(2)).to_rfc3339() })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["message"], json!(["required"]));
    assert_eq!(
        body["error"]["rules"]["start_datetime"],
        json!(["required"]),
        "scheduling needs a start"
    );

    let long = "あ".repeat(501);
    let (status, body) = post(window_at(now + hours(1), now + hours(2), &long)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["message"], json!(["max:500"]));

    let (status, body) = post(json!({ "message": "m", "start_datetime": "明日", "end_datetime": "2026-13-01T00:00:00+09:00" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["start_datetime"], json!(["date"]));
    assert_eq!(body["error"]["rules"]["end_datetime"], json!(["date"]));

    // Two live windows never overlap.
    let (status, _) = post(window_at(now + hours(1), now + hours(3), "一つ目")).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = post(window_at(now + hours(2), now + hours(4), "重なり")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["start_datetime"], json!(["overlap"]));
    let (status, _) = post(window_at(now + hours(3), now + hours(4), "直後")).await;
    assert_eq!(status, StatusCode::CREATED, "back to back is fine");

    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["windows"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn only_admins_schedule_cancel_start_or_end_maintenance() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let now = Utc::now();
    let (status, scheduled) = app
        .post(
            "/api/admin/maintenance/windows",
            Some(&admin),
            window_at(
                now + chrono::Duration::hours(5),
                now + chrono::Duration::hours(6),
                "予定",
            ),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let cancel = format!("/api/admin/maintenance/windows/{}", scheduled["id"]);
    let body = window(60, 30);

    let calls: Vec<(Method, &str, Option<Value>)> = vec![
        (
            Method::POST,
            "/api/admin/maintenance/windows",
            Some(body.clone()),
        ),
        (Method::DELETE, cancel.as_str(), None),
        (Method::PUT, "/api/admin/maintenance", Some(body.clone())),
        (Method::DELETE, "/api/admin/maintenance", None),
    ];
    for mail in [
        "manager@demo.tsumugi.jp",
        "accountant@demo.tsumugi.jp",
        "creator@demo.tsumugi.jp",
        "editor@demo.tsumugi.jp",
        "client@demo.tsumugi.jp",
    ] {
        let token = app.login(mail).await;
        for (method, path, body) in &calls {
            let (status, _) = app
                .request(method.clone(), path, Some(&token), body.clone())
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{mail}: {method} {path}");
        }
    }
    for (method, path, body) in &calls {
        let (status, _) = app.request(method.clone(), path, None, body.clone()).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "anonymous: {method} {path}"
        );
    }

    // Nothing was changed by the refused calls.
    let (_, schedule) = app.get("/api/maintenance", None).await;
    assert_eq!(schedule["windows"].as_array().unwrap().len(), 1);
    assert_eq!(schedule["maintenance"]["id"], scheduled["id"]);
}

async fn redis_node(pool: &PgPool, prefix: &str) -> TestApp {
    let mut config = support::test_config(pool);
    config.redis_url = Some(support::redis_url());
    config.redis_prefix = prefix.to_string();
    TestApp::spawn_with(pool.clone(), config).await
}

/// Every `maintenance.changed` a socket receives within `span`.
async fn pushes_within(socket: &mut SioClient, span: Duration) -> Vec<Value> {
    let deadline = tokio::time::Instant::now() + span;
    let mut pushed = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return pushed;
        }
        match socket.next_event(left).await {
            Some(event) if event.name == "maintenance.changed" => pushed.push(event.data),
            Some(_) => {}
            None => return pushed,
        }
    }
}

#[tokio::test]
async fn two_nodes_push_each_boundary_of_a_window_exactly_once() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let node1 = redis_node(&pool, &prefix).await;
    let node2 = redis_node(&pool, &prefix).await;
    let tickers = [
        api::maintenance::ticker::spawn(node1.state.clone()),
        api::maintenance::ticker::spawn(node2.state.clone()),
    ];
    let creator = node2.login("creator@demo.tsumugi.jp").await;
    let mut socket = SioClient::connect(node2.addr, Some(&creator))
        .await
        .expect("connect to node 2");
    let admin = node1.login("admin@demo.tsumugi.jp").await;

    let start = Utc::now() + chrono::Duration::seconds(2);
    let end = start + chrono::Duration::seconds(2);
    let (status, _) = node1
        .post(
            "/api/admin/maintenance/windows",
            Some(&admin),
            window_at(start, end, "二台構成の定期メンテナンス"),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);

    // The schedule itself, then one push at the start and one at the end, from whichever
    // node claimed each boundary, and nothing more.
    let span = (end - Utc::now()).to_std().unwrap() + Duration::from_millis(1500);
    let pushed = pushes_within(&mut socket, span).await;
    let active: Vec<Value> = pushed
        .iter()
        .map(|p| p["maintenance"]["active"].clone())
        .collect();
    assert_eq!(
        active,
        [json!(false), json!(true), Value::Null],
        "pushes: {pushed:?}"
    );
    assert_eq!(
        pushed[1]["maintenance"]["message"],
        "二台構成の定期メンテナンス"
    );
    assert_eq!(pushed[2]["windows"], json!([]));

    // A restart does not repeat them: a fresh ticker finds nothing left to announce.
    assert!(
        !api::maintenance::ticker::announce_passed(&node2.state)
            .await
            .unwrap()
    );
    for ticker in tickers {
        ticker.abort();
    }
}
