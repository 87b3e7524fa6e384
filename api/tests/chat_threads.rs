//! Threads: replies (`parent_id`), their count and last repliers on the parent (pushed live as
//! `message.updated`), the replies list, notices to the thread's participants, and catch-up.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{GROUP, MANAGEMENT, TestApp, channel_id, sio::SioClient};

const WAIT: Duration = Duration::from_secs(3);

async fn send(app: &TestApp, token: &str, channel: i64, body: Value) -> (StatusCode, Value) {
    app.post(
        &format!("/api/channels/{channel}/messages"),
        Some(token),
        body,
    )
    .await
}

async fn sent(app: &TestApp, token: &str, channel: i64, body: Value) -> i64 {
    let (status, message) = send(app, token, channel, body).await;
    assert_eq!(status, StatusCode::CREATED, "{message}");
    message["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_reply_is_counted_on_its_parent_live_and_stays_out_of_the_history_pages() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let mut socket = SioClient::connect(app.addr, Some(&editor)).await.unwrap();
    socket
        .emit_with_ack("channel:join", json!({ "channel_id": group }), WAIT)
        .await
        .unwrap();
    let parent = sent(&app, &creator, group, json!({ "body": "表紙案です" })).await;
    socket.expect_event("message.created", WAIT).await.unwrap();

    let reply = sent(
        &app,
        &editor,
        group,
        json!({ "body": "二案目が好きです", "parent_id": parent }),
    )
    .await;
    let created = socket.expect_event("message.created", WAIT).await.unwrap();
    assert_eq!(
        (created["id"].as_i64(), created["parent_id"].as_i64()),
        (Some(reply), Some(parent))
    );
    let updated = socket.expect_event("message.updated", WAIT).await.unwrap();
    assert_eq!(updated["id"], parent);
    assert_eq!(updated["reply_count"], 1);
    assert_eq!(updated["last_repliers"][0]["user_name"], "佐藤 健");

    sent(
        &app,
        &creator,
        group,
        json!({ "body": "了解です", "parent_id": parent }),
    )
    .await;
    socket.expect_event("message.created", WAIT).await.unwrap();
    let updated = socket.expect_event("message.updated", WAIT).await.unwrap();
    assert_eq!(updated["reply_count"], 2);
    let repliers: Vec<&str> = updated["last_repliers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["user_name"].as_str().unwrap())
        .collect();
    assert_eq!(repliers, vec!["山田 花子", "佐藤 健"], "the latest first");

    // The history page shows the parent with its count, not the replies.
    let (_, page) = app
        .get(&format!("/api/channels/{group}/messages"), Some(&editor))
        .await;
    let messages = page["messages"].as_array().unwrap();
    assert_eq!(messages.last().unwrap()["id"], parent);
    assert_eq!(messages.last().unwrap()["reply_count"], 2);
    assert!(messages.iter().all(|m| m["parent_id"].is_null()));

    let (status, replies) = app
        .get(
            &format!("/api/channels/{group}/messages/{parent}/replies"),
            Some(&editor),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let bodies: Vec<&str> = replies
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["body"].as_str().unwrap())
        .collect();
    assert_eq!(bodies, vec!["二案目が好きです", "了解です"]);
    // One message, a reply included: a notice of it opens its thread from `parent_id`.
    let (status, one) = app
        .get(
            &format!("/api/channels/{group}/messages/{reply}"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{one}");
    assert_eq!(
        (one["body"].as_str(), one["parent_id"].as_i64()),
        (Some("二案目が好きです"), Some(parent))
    );

    // A reply answers a live top-level message of the same channel only.
    let (status, body) = send(
        &app,
        &editor,
        group,
        json!({ "body": "入れ子", "parent_id": reply }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["parent_id"], json!(["exists"]));
    let management = channel_id(&pool, MANAGEMENT).await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let elsewhere = sent(&app, &manager, management, json!({ "body": "スタッフ" })).await;
    let (status, _) = send(
        &app,
        &editor,
        group,
        json!({ "body": "よそ", "parent_id": elsewhere }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = app
        .get(
            &format!("/api/channels/{group}/messages/{elsewhere}/replies"),
            Some(&editor),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .get(
            &format!("/api/channels/{group}/messages/{elsewhere}"),
            Some(&editor),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another channel's message");
    let client_b = app.login("client-b@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(
            &format!("/api/channels/{group}/messages/{parent}/replies"),
            Some(&client_b),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "not their channel");
    let (status, _) = app
        .delete(
            &format!("/api/channels/{group}/messages/{reply}"),
            Some(&editor),
        )
        .await;
    assert!(status.is_success(), "{status}");
    let (status, _) = app
        .get(
            &format!("/api/channels/{group}/messages/{reply}"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a deleted message is gone");
}

#[tokio::test]
async fn replying_notifies_the_threads_participants_but_not_the_replier() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let parent = sent(&app, &creator, group, json!({ "body": "校正の相談" })).await;

    let first = sent(
        &app,
        &editor,
        group,
        json!({ "body": "見ます", "parent_id": parent }),
    )
    .await;
    let second = sent(
        &app,
        &manager,
        group,
        json!({ "body": "私も", "parent_id": parent }),
    )
    .await;
    let notified = |message_id: i64| {
        let pool = pool.clone();
        async move {
            let rows: Vec<(String, String, String)> = sqlx::query_as(
                "select u.mail_address, n.notice_type, n.message from notices n join users u on u.id = n.user_id
                  where n.message_id = $1 order by u.mail_address",
            )
            .bind(message_id)
            .fetch_all(&pool)
            .await
            .unwrap();
            rows
        }
    };
    let to_first = notified(first).await;
    assert_eq!(to_first.len(), 1, "{to_first:?}");
    assert_eq!(to_first[0].0, "creator@demo.tsumugi.jp");
    assert_eq!(to_first[0].1, "message");
    assert!(
        to_first[0].2.contains("スレッドに返信しました"),
        "{}",
        to_first[0].2
    );
    let to_second: Vec<String> = notified(second).await.into_iter().map(|r| r.0).collect();
    assert_eq!(
        to_second,
        vec!["creator@demo.tsumugi.jp", "editor@demo.tsumugi.jp"]
    );
}

#[tokio::test]
async fn catch_up_after_a_reconnect_includes_replies() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let parent = sent(&app, &creator, group, json!({ "body": "入稿しました" })).await;
    let reply = sent(
        &app,
        &editor,
        group,
        json!({ "body": "確認します", "parent_id": parent }),
    )
    .await;
    let (_, caught_up) = app
        .get(
            &format!("/api/channels/{group}/messages?after_id={}", parent - 1),
            Some(&editor),
        )
        .await;
    let ids: Vec<i64> = caught_up["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![parent, reply]);
    assert_eq!(caught_up["messages"][1]["parent_id"], parent);
    assert_eq!(caught_up["messages"][0]["reply_count"], 1);

    // A reply leaves the channel's unread count alone (the parent's author got a notice).
    let (_, channel) = app
        .get(&format!("/api/channels/{group}"), Some(&creator))
        .await;
    assert_eq!(channel["unread_count"], 0, "{channel}");
}
