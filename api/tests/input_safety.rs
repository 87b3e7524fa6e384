//! Input no handler can use is refused once, in the shared extractors and middleware: NUL in
//! any text, pages past the end of i64, signed ids, invisible-only text, oversized images, and
//! read markers pointing outside their channel. Each was a 500 or a silent 200 before.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{GROUP, MANAGEMENT, SINGLE, TestApp, channel_id, task_with_status};

fn rule_of<'a>(body: &'a Value, field: &str) -> Option<&'a str> {
    body["error"]["rules"][field][0].as_str()
}

#[tokio::test]
async fn nul_characters_in_bodies_and_queries_are_a_422_naming_the_field() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let group = channel_id(&pool, GROUP).await;

    let (status, body) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "こんにちは\u{0}" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "body"), Some("invalid_characters"));

    let (status, body) = app
        .post(
            "/api/v2/projects",
            Some(&client),
            json!({ "name": "a\u{0}", "media_id": 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "name"), Some("invalid_characters"));

    let (status, body) = app
        .post(
            "/api/offer_templates",
            Some(&app.login("manager@demo.tsumugi.jp").await),
            json!({ "name": "x", "body": ["ok", "b\u{0}"] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "body.1"), Some("invalid_characters"));

    let (status, body) = app
        .post(
            "/api/users/login",
            None,
            json!({ "mail_address": "creator@demo.tsumugi.jp\u{0}", "password": "x" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "mail_address"), Some("invalid_characters"));

    let (status, body) = app
        .get("/api/v2/projects?keyword=%E4%BA%AC%00", Some(&client))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "keyword"), Some("invalid_characters"));
}

#[tokio::test]
async fn pages_beyond_the_range_or_below_zero_are_a_422() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let group = channel_id(&pool, GROUP).await;
    let client_id = support::demo_client_id(&pool).await;
    for (path, token) in [
        ("/api/v2/projects".to_string(), &client),
        (format!("/api/channels/{group}/messages"), &creator),
        (format!("/api/channels/{group}/files"), &creator),
        ("/api/v2/notices".to_string(), &creator),
        (format!("/api/clients/{client_id}/deliveries"), &client),
    ] {
        for page in ["9223372036854775807", "-1"] {
            let (status, body) = app.get(&format!("{path}?page={page}"), Some(token)).await;
            assert_eq!(
                status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{path}?page={page}: {body}"
            );
            assert!(rule_of(&body, "page").is_some(), "{path}: {body}");
        }
        let (status, _) = app.get(&format!("{path}?page=2"), Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{path}?page=2");
    }
    // Not a number at all: a 422 in the error format, not axum's plain-text 400.
    let (status, body) = app.get("/api/v2/notices?page=abc", Some(&creator)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["error"]["message"].is_string());
}

#[tokio::test]
async fn signed_ids_are_not_found_and_images_have_a_size_limit() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let task = task_with_status(&pool, "doing").await;
    let (status, _) = app.get(&format!("/api/tasks/{task}"), Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    for path in [format!("/api/tasks/+{task}"), format!("/api/tasks/-{task}")] {
        let (status, body) = app.get(&path, Some(&creator)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
    }
    let (status, body) = app
        .get("/api/images/files/none.png?width=2147483648", None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "width"), Some("max:4096"));
}

#[tokio::test]
async fn invisible_only_messages_and_foreign_read_markers_are_refused() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let group = channel_id(&pool, GROUP).await;
    let single = channel_id(&pool, SINGLE).await;

    let (status, body) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "\u{200B}\u{3000} \u{FEFF}" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "body"), Some("required"));

    let other: i64 = sqlx::query_scalar("select max(id) from messages where channel_id = $1")
        .bind(single)
        .fetch_one(&pool)
        .await
        .unwrap();
    for message_id in [other, 9_223_372_036_854_775_807] {
        let (status, body) = app
            .put(
                &format!("/api/channels/{group}/read"),
                Some(&creator),
                json!({ "message_id": message_id }),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(rule_of(&body, "message_id"), Some("exists"));
    }
    let position: i64 = sqlx::query_scalar(
        "select last_read_message_id from channel_members where channel_id = $1 and user_id = (select id from users where mail_address = 'creator@demo.tsumugi.jp')",
    )
    .bind(group)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(position < other, "the position did not move: {position}");
}

#[tokio::test]
async fn staff_mark_a_management_channel_read_without_becoming_members() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let management = channel_id(&pool, MANAGEMENT).await;
    let (status, channel) = app
        .get(&format!("/api/channels/{management}"), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(channel["unread_count"], 2);
    let (_, messages) = app
        .get(
            &format!("/api/channels/{management}/messages"),
            Some(&admin),
        )
        .await;
    let newest = messages["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .max()
        .unwrap();
    let (status, read) = app
        .put(
            &format!("/api/channels/{management}/read"),
            Some(&admin),
            json!({ "message_id": newest }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["unread_count"], 0);
    let (_, channel) = app
        .get(&format!("/api/channels/{management}"), Some(&admin))
        .await;
    assert_eq!(channel["unread_count"], 0);
    assert_eq!(channel["member_count"], 2, "an observer is not a member");
    let (_, members) = app
        .get(&format!("/api/channels/{management}/members"), Some(&admin))
        .await;
    assert!(
        members
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["user_name"] != "渡辺 裕子"),
        "{members}"
    );
    // Still no access to a group channel the admin is not a member of.
    let group = channel_id(&pool, GROUP).await;
    let (status, _) = app
        .put(
            &format!("/api/channels/{group}/read"),
            Some(&admin),
            json!({ "message_id": newest }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_task_without_a_delivery_cannot_be_inspected() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let task = task_with_status(&pool, "under_acceptance").await;
    sqlx::query("delete from deliveries where task_id = $1")
        .bind(task)
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = app
        .put(
            &format!("/api/tasks/{task}/inspection"),
            Some(&client),
            json!({ "result": "accepted" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rule_of(&body, "delivery"), Some("required"));
    let (_, shown) = app.get(&format!("/api/tasks/{task}"), Some(&client)).await;
    assert_eq!(shown["status"], "under_acceptance", "nothing was written");
}

#[tokio::test]
async fn the_demo_data_is_what_the_real_flow_would_have_written() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let undelivered: i64 = sqlx::query_scalar(
        "select count(*) from tasks t where t.status in ('under_acceptance', 'done')
           and not exists (select 1 from deliveries d where d.task_id = t.id)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(undelivered, 0, "every delivered task has its delivery");

    let client = app.login("client@demo.tsumugi.jp").await;
    let client_id = support::demo_client_id(&pool).await;
    let (_, counts) = app
        .get(
            &format!("/api/clients/{client_id}/important_information/counts"),
            Some(&client),
        )
        .await;
    let (_, deliveries) = app
        .get(
            &format!("/api/clients/{client_id}/deliveries"),
            Some(&client),
        )
        .await;
    let awaiting = deliveries["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["task_status"] == "under_acceptance")
        .count();
    assert_eq!(
        counts["under_acceptance_task_count"].as_u64().unwrap() as usize,
        awaiting,
        "the header's 未検収 matches the deliveries list: {counts} {deliveries}"
    );
    assert!(awaiting > 0);

    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (_, bell) = app.get("/api/v2/notices?type=task", Some(&creator)).await;
    assert!(
        bell["unread_count"].as_i64().unwrap() >= 1,
        "the open offer is on the bell: {bell}"
    );
    let (_, envelope) = app
        .get("/api/v2/notices?type=message", Some(&creator))
        .await;
    assert!(
        envelope["unread_count"].as_i64().unwrap() >= 1,
        "the unread one-to-one message is in the envelope: {envelope}"
    );
}
