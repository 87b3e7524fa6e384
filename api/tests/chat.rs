//! Teams, channels, messages, reactions, pins, unread counts and their live events.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{GROUP, MANAGEMENT, SINGLE, TestApp, channel_id, sio::SioClient, user_id};

const WAIT: Duration = Duration::from_secs(3);

async fn joined(app: &TestApp, token: &str, channel: i64) -> SioClient {
    let mut socket = SioClient::connect(app.addr, Some(token)).await.unwrap();
    let ack = socket
        .emit_with_ack("channel:join", json!({ "channel_id": channel }), WAIT)
        .await
        .unwrap();
    assert_eq!(ack["data"]["channel_id"], channel, "{ack}");
    socket
}

#[tokio::test]
async fn teams_are_grouped_and_scoped_by_role() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, teams) = app.get("/api/teams", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(teams["assigned"][0]["name"], "デモ編集部");
    assert_eq!(
        teams["assigned"][0]["unread_count"], 4,
        "three unread group messages and the one-to-one reply"
    );
    assert_eq!(teams["favorite"], json!([]));
    let team_id = teams["assigned"][0]["id"].as_i64().unwrap();

    let (status, team) = app
        .put(
            &format!("/api/teams/{team_id}/favorite"),
            Some(&creator),
            json!({ "is_favorite": true }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(team["is_favorite"], true);
    let (_, teams) = app.get("/api/teams", Some(&creator)).await;
    assert_eq!(teams["favorite"][0]["id"], team_id);
    assert_eq!(teams["assigned"], json!([]));

    // The newbie belongs to no team and cannot see or favour this one.
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let (_, teams) = app.get("/api/teams", Some(&newbie)).await;
    assert_eq!(
        teams,
        json!({ "favorite": [], "assigned": [], "other": [] })
    );
    let (status, _) = app
        .get(&format!("/api/teams/{team_id}/channels"), Some(&newbie))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put(
            &format!("/api/teams/{team_id}/favorite"),
            Some(&newbie),
            json!({ "is_favorite": true }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get("/api/teams/999999/channels", Some(&creator)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get("/api/teams", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The client sees its own client's team as "other"; staff see it too.
    let client = app.login("client@demo.tsumugi.jp").await;
    let (_, teams) = app.get("/api/teams", Some(&client)).await;
    let others: Vec<i64> = teams["other"]
        .as_array()
        .unwrap()
        .iter()
        .map(|team| team["id"].as_i64().unwrap())
        .collect();
    assert!(others.contains(&team_id), "{others:?}");

    // Leader teams: the editor leads this team, the creator leads none, managers see all.
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let (_, lead) = app.get("/api/teams/leader_teams", Some(&editor)).await;
    assert_eq!(lead["assigned"][0]["id"], team_id);
    let (_, lead) = app.get("/api/teams/leader_teams", Some(&creator)).await;
    assert_eq!(
        lead["favorite"].as_array().unwrap().len()
            + lead["assigned"].as_array().unwrap().len()
            + lead["other"].as_array().unwrap().len(),
        0
    );
}

#[tokio::test]
async fn channels_are_visible_to_members_and_management_to_staff() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (group, single, management) = (
        channel_id(&pool, GROUP).await,
        channel_id(&pool, SINGLE).await,
        channel_id(&pool, MANAGEMENT).await,
    );
    let team_id: i64 = sqlx::query_scalar("select team_id from channels where id = $1")
        .bind(group)
        .fetch_one(&pool)
        .await
        .unwrap();

    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (_, channels) = app
        .get(&format!("/api/teams/{team_id}/channels"), Some(&creator))
        .await;
    let ids: Vec<i64> = channels
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![group, single]);
    assert_eq!(channels[0]["unread_count"], 3);
    assert_eq!(channels[0]["member_count"], 4);

    let (status, _) = app
        .get(&format!("/api/channels/{management}"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .get(
            &format!("/api/channels/{management}/messages"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (status, channel) = app
        .get(&format!("/api/channels/{management}"), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(channel["channel_type"], "management");
    let (status, _) = app
        .get(&format!("/api/channels/{single}"), Some(&admin))
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "staff do not read other people's one-to-one channels"
    );

    let (status, members) = app
        .get(&format!("/api/channels/{group}/members"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = members
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["user_name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 4);
    assert!(names.contains(&"高橋 誠"));
    // Mention suggestions search the reading of a member's own name, never of a name not shown.
    let kana_of = |members: &Value, name: &str| {
        members
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["user_name"] == name)
            .unwrap()["name_kana"]
            .clone()
    };
    assert_eq!(kana_of(&members, "佐藤 健"), "サトウ ケン");
    sqlx::query(
        "update users set user_name = '筆名さとる' where mail_address = 'editor@demo.tsumugi.jp'",
    )
    .execute(&pool)
    .await
    .unwrap();
    let (_, members) = app
        .get(&format!("/api/channels/{group}/members"), Some(&creator))
        .await;
    assert_eq!(
        kana_of(&members, "筆名さとる"),
        "",
        "a pen name's legal reading stays private"
    );
    let (status, _) = app.get("/api/channels/999999", Some(&creator)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn message_history_pages_from_the_newest_and_catches_up_after_an_id() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, page0) = app
        .get(
            &format!("/api/channels/{group}/messages?page=0"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let messages = page0["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 50);
    assert_eq!(
        (
            page0["total"].as_i64(),
            page0["per_page"].as_i64(),
            page0["last_page"].as_i64()
        ),
        (Some(240), Some(50), Some(4))
    );
    let ids: Vec<i64> = messages.iter().map(|m| m["id"].as_i64().unwrap()).collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "oldest first within a page"
    );
    let newest = *ids.last().unwrap();
    assert_eq!(
        page0["unread_message_id"],
        newest - 2,
        "the creator has three unread"
    );
    assert_eq!(page0["unread_count"], 3, "and the page says how many");
    assert_eq!(page0["has_more"], true);

    let (_, page1) = app
        .get(
            &format!("/api/channels/{group}/messages?page=1"),
            Some(&creator),
        )
        .await;
    let last_of_page1 = page1["messages"].as_array().unwrap().last().unwrap()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(last_of_page1, ids[0] - 1);
    assert!(page1["messages"][0]["user"]["user_name"].is_string());

    let (_, caught_up) = app
        .get(
            &format!("/api/channels/{group}/messages?after_id={}", newest - 5),
            Some(&creator),
        )
        .await;
    let after: Vec<i64> = caught_up["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert_eq!(after, (newest - 4..=newest).collect::<Vec<_>>());
    assert_eq!(caught_up["has_more"], false);
    assert_eq!(caught_up["earlier"], json!([]), "no look-back asked for");

    // A look-back lists the numbers before `after_id` (a message committed after a later one is
    // fetched by the caller), not their messages.
    let (_, looked_back) = app
        .get(
            &format!(
                "/api/channels/{group}/messages?after_id={}&recheck_after_id={}",
                newest - 2,
                newest - 5
            ),
            Some(&creator),
        )
        .await;
    let ids_of = |page: &serde_json::Value, field: &str| -> Vec<i64> {
        page[field]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(ids_of(&looked_back, "messages"), [newest - 1, newest]);
    assert_eq!(
        ids_of(&looked_back, "earlier"),
        [newest - 4, newest - 3, newest - 2]
    );
    assert_eq!(looked_back["earlier"][0]["parent_id"], json!(null));
    assert!(looked_back["earlier"][0].get("body").is_none());

    let (status, _) = app
        .get(&format!("/api/channels/{group}/messages"), None)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_sent_message_is_pushed_once_even_when_sent_twice() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let mut editor_socket = joined(&app, &editor, group).await;

    let body = json!({ "body": "> 締め切りは金曜\n了解です。https://example.jp を参照します", "client_message_id": "c-1" });
    let (status, first) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            body.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    let (status, again) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            body,
        )
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a retry answers with the existing message"
    );
    assert_eq!(again["id"], first["id"]);

    let pushed = editor_socket
        .expect_event("message.created", WAIT)
        .await
        .expect("pushed");
    assert_eq!(pushed["id"], first["id"]);
    assert_eq!(pushed["user"]["user_name"], "山田 花子");
    assert!(
        editor_socket
            .expect_event("message.created", Duration::from_millis(500))
            .await
            .is_none(),
        "no duplicate push"
    );
    let count: i64 =
        sqlx::query_scalar("select count(*) from messages where client_message_id = 'c-1'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(count, 1);
}

#[tokio::test]
async fn message_validation_and_authorisation() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (group, management) = (
        channel_id(&pool, GROUP).await,
        channel_id(&pool, MANAGEMENT).await,
    );
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, body) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "  " }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["body"], json!(["required"]));
    let (_, body) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "あ".repeat(10_001) }),
        )
        .await;
    assert_eq!(body["error"]["rules"]["body"], json!(["max:10000"]));
    let (status, _) = app
        .post(
            &format!("/api/channels/{management}/messages"),
            Some(&creator),
            json!({ "body": "のぞき見" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, body) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "添付", "file_ids": [424242] }),
        )
        .await;
    assert_eq!(body["error"]["rules"]["file_ids"], json!(["exists"]));
    let written: i64 = sqlx::query_scalar("select count(*) from messages where body = '添付'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(written, 0, "nothing half-written");
}

#[tokio::test]
async fn edits_and_deletions_belong_to_the_author_or_staff_and_are_pushed() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let mut socket = joined(&app, &editor, group).await;
    let (_, message) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "下書き" }),
        )
        .await;
    let id = message["id"].as_i64().unwrap();
    let path = format!("/api/channels/{group}/messages/{id}");

    let (status, _) = app
        .put(&path, Some(&editor), json!({ "body": "乗っ取り" }))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, edited) = app
        .put(&path, Some(&creator), json!({ "body": "清書" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(edited["body"], "清書");
    let pushed = socket.expect_event("message.updated", WAIT).await.unwrap();
    assert_eq!(pushed["body"], "清書");

    let (status, _) = app.delete(&path, Some(&editor)).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "another creator may not delete"
    );
    let (status, _) = app.delete(&path, Some(&manager)).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "staff may");
    let pushed = socket.expect_event("message.deleted", WAIT).await.unwrap();
    assert_eq!(pushed, json!({ "id": id, "channel_id": group }));
    let (status, _) = app
        .put(&path, Some(&creator), json!({ "body": "復活" }))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn reactions_and_pins_are_pushed_with_their_state() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let mut socket = joined(&app, &editor, group).await;
    let (_, message) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "反応してください" }),
        )
        .await;
    let id = message["id"].as_i64().unwrap();
    socket.expect_event("message.created", WAIT).await.unwrap();

    let (_, reactions) = app.get("/api/reactions", Some(&creator)).await;
    let reaction_id = reactions[0]["id"].as_i64().unwrap();
    assert!(reactions[0]["path"].as_str().unwrap().ends_with(".svg"));
    let (status, changed) = app
        .post(
            &format!("/api/channels/{group}/messages/{id}/reactions"),
            Some(&creator),
            json!({ "reaction_id": reaction_id }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(changed["reactions"][0]["count"], 1);
    let pushed = socket.expect_event("reaction.added", WAIT).await.unwrap();
    assert_eq!(pushed["message_id"], id);
    assert_eq!(
        pushed["reactions"][0]["user_ids"],
        json!([user_id(&pool, "creator@demo.tsumugi.jp").await])
    );
    let (_, bad) = app
        .post(
            &format!("/api/channels/{group}/messages/{id}/reactions"),
            Some(&creator),
            json!({ "reaction_id": 9999 }),
        )
        .await;
    assert_eq!(bad["error"]["rules"]["reaction_id"], json!(["exists"]));

    let (status, _) = app
        .delete(
            &format!("/api/channels/{group}/messages/{id}/reactions/{reaction_id}"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let pushed = socket.expect_event("reaction.removed", WAIT).await.unwrap();
    assert_eq!(pushed["reactions"], json!([]));

    let (status, pinned) = app
        .post(
            &format!("/api/channels/{group}/pinned_messages"),
            Some(&creator),
            json!({ "message_id": id }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(pinned["message"]["is_pinned"], true);
    let pushed = socket.expect_event("pin.added", WAIT).await.unwrap();
    assert_eq!(pushed["message"]["id"], id);
    let (_, pins) = app
        .get(
            &format!("/api/channels/{group}/pinned_messages"),
            Some(&editor),
        )
        .await;
    assert_eq!(pins[0]["id"], id, "the newest pin comes first");
    assert_eq!(pins.as_array().unwrap().len(), 2, "plus the demo pin");
    let (status, _) = app
        .delete(
            &format!("/api/channels/{group}/pinned_messages/{id}"),
            Some(&editor),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        socket.expect_event("pin.removed", WAIT).await.unwrap(),
        json!({ "channel_id": group, "message_id": id })
    );
}

#[tokio::test]
async fn unread_counts_rise_with_others_messages_and_fall_on_read() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let unread_of = |summary: &Value| {
        summary["channels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["channel_id"] == group)
            .unwrap()["unread_count"]
            .as_i64()
            .unwrap()
    };
    let (_, before) = app.get("/api/channels/unread", Some(&editor)).await;
    assert_eq!(unread_of(&before), 0);
    let mut last = 0;
    for n in 0..2 {
        let (_, message) = app
            .post(
                &format!("/api/channels/{group}/messages"),
                Some(&creator),
                json!({ "body": format!("未読 {n}") }),
            )
            .await;
        last = message["id"].as_i64().unwrap();
    }
    let (_, after) = app.get("/api/channels/unread", Some(&editor)).await;
    assert_eq!(unread_of(&after), 2);
    assert_eq!(after["total"], 2);
    // The newest message when the count was taken: a client counting pushes meanwhile adds only newer ones.
    let newest = after["channels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["channel_id"] == group)
        .unwrap()["newest_message_id"]
        .clone();
    assert_eq!(newest, last);
    let (_, own) = app.get("/api/channels/unread", Some(&creator)).await;
    assert_eq!(unread_of(&own), 0, "sending reads everything before it");

    let mut editor_socket = SioClient::connect(app.addr, Some(&editor)).await.unwrap();
    let (status, read) = app
        .put(
            &format!("/api/channels/{group}/read"),
            Some(&editor),
            json!({ "message_id": last - 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read["unread_count"], 1);
    assert_eq!(
        editor_socket
            .expect_event("channel.read", WAIT)
            .await
            .unwrap()["unread_count"],
        1
    );
    app.put(
        &format!("/api/channels/{group}/read"),
        Some(&editor),
        json!({ "message_id": last }),
    )
    .await;
    let (_, read) = app
        .put(
            &format!("/api/channels/{group}/read"),
            Some(&editor),
            json!({ "message_id": 1 }),
        )
        .await;
    assert_eq!(
        (
            read["unread_count"].as_i64(),
            read["last_read_message_id"].as_i64()
        ),
        (Some(0), Some(last)),
        "never moves back"
    );
}

#[tokio::test]
async fn mentions_notify_members_live_and_notices_page_and_read() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let editor_id = user_id(&pool, "editor@demo.tsumugi.jp").await;
    let newbie_id = user_id(&pool, "newbie@demo.tsumugi.jp").await;
    let mut editor_socket = SioClient::connect(app.addr, Some(&editor)).await.unwrap();

    let body = format!("<@{editor_id}> さん、確認お願いします。<@{newbie_id}> さんにも");
    let (_, message) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": body }),
        )
        .await;
    assert_eq!(
        message["mentions"],
        json!([editor_id]),
        "only channel members are mentioned"
    );
    let pushed = editor_socket
        .expect_event("notice.created", WAIT)
        .await
        .expect("mention notice pushed");
    assert_eq!(pushed["notice"]["type"], "message");
    assert_eq!(pushed["notice"]["reference"]["channel_id"], group);
    assert_eq!(pushed["unread_count"], 1);
    assert!(
        pushed["notice"]["message"]
            .as_str()
            .unwrap()
            .contains("山田 花子")
    );
    let newbie_notices: i64 = sqlx::query_scalar("select count(*) from notices where user_id = $1")
        .bind(newbie_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(newbie_notices, 0);

    // 25 task notices for paging, inserted as the work flow would (instead of the seeded ones).
    sqlx::query("delete from notices where user_id = $1 and notice_type <> 'message'")
        .bind(editor_id)
        .execute(&pool)
        .await
        .unwrap();
    for n in 0..25 {
        sqlx::query(
            "insert into notices (user_id, notice_type, message) values ($1, 'order_task', $2)",
        )
        .bind(editor_id)
        .bind(format!("タスク {n} が発注されました"))
        .execute(&pool)
        .await
        .unwrap();
    }
    let (_, page1) = app
        .get("/api/v2/notices?type=task&page=1", Some(&editor))
        .await;
    assert_eq!(
        (
            page1["total"].as_i64(),
            page1["last_page"].as_i64(),
            page1["unread_count"].as_i64()
        ),
        (Some(25), Some(2), Some(25))
    );
    assert_eq!(
        page1["notices"][0]["message"], "タスク 24 が発注されました",
        "newest first"
    );
    let (_, page2) = app
        .get("/api/v2/notices?type=task&page=2", Some(&editor))
        .await;
    assert_eq!(page2["notices"].as_array().unwrap().len(), 5);
    // Past the last page: no notices, and the counts are still the inbox's.
    let (_, page3) = app
        .get("/api/v2/notices?type=task&page=3", Some(&editor))
        .await;
    assert_eq!(
        (
            page3["notices"].as_array().map(Vec::len),
            page3["total"].as_i64(),
            page3["unread_count"].as_i64()
        ),
        (Some(0), Some(25), Some(25))
    );
    let (_, messages) = app.get("/api/v2/notices?type=message", Some(&editor)).await;
    assert_eq!(messages["total"], 1);
    let (status, _) = app.get("/api/v2/notices?type=bogus", Some(&editor)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let notice_id = page1["notices"][0]["id"].as_i64().unwrap();
    let (status, notice) = app
        .request(
            Method::PUT,
            &format!("/api/v2/notices/{notice_id}/read"),
            Some(&editor),
            None,
        )
        .await;
    assert_eq!(
        (status, notice["is_read"].as_bool()),
        (StatusCode::OK, Some(true))
    );
    let (status, _) = app
        .request(
            Method::PUT,
            &format!("/api/v2/notices/{notice_id}/read"),
            Some(&creator),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "someone else's notice");

    let (_, read) = app
        .put(
            "/api/v2/notices/read",
            Some(&editor),
            json!({ "type": "task" }),
        )
        .await;
    assert_eq!(read["unread_count"], 0);
    let read_push = loop {
        let event = editor_socket
            .expect_event("notice.read", WAIT)
            .await
            .unwrap();
        if event["notice_id"].is_null() {
            break event;
        }
    };
    assert_eq!(read_push["group"], "task");
    let (_, messages) = app.get("/api/v2/notices?type=message", Some(&editor)).await;
    assert_eq!(
        messages["unread_count"], 1,
        "read-all of task notices leaves message notices alone"
    );
}

/// A plain message is one statement that checks who may write; where it may not, the answer is
/// the same as for any other message: missing 404, not a member (an observer is none) 403 even
/// with an invalid body, a disabled channel 422; staff write in a management channel they are
/// not members of.
#[tokio::test]
async fn a_plain_message_is_written_only_where_the_caller_may_write() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (group, management) = (
        channel_id(&pool, GROUP).await,
        channel_id(&pool, MANAGEMENT).await,
    );
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let count = |body: &'static str| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>("select count(*) from messages where body = $1")
                .bind(body)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let post = |channel: i64, token: String, body: Value| {
        let app = &app;
        async move {
            app.post(
                &format!("/api/channels/{channel}/messages"),
                Some(&token),
                body,
            )
            .await
        }
    };

    let (status, _) = post(987_654, creator.clone(), json!({ "body": "どこへ" })).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = post(management, creator.clone(), json!({ "body": "  " })).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "access is checked before the body"
    );

    let (status, body) = post(management, admin.clone(), json!({ "body": "スタッフより" })).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(count("スタッフより").await, 1);

    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    sqlx::query(
        "update channel_members set is_observer = true where channel_id = $1 and user_id = $2",
    )
    .bind(group)
    .bind(creator_id)
    .execute(&pool)
    .await
    .unwrap();
    let (status, _) = post(group, creator.clone(), json!({ "body": "見ているだけ" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(count("見ているだけ").await, 0);

    sqlx::query("update channels set status = 'inactive' where id = $1")
        .bind(management)
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = post(management, admin, json!({ "body": "閉じた部屋へ" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["message"],
        "このチャンネルは現在利用できません。"
    );
    assert_eq!(count("閉じた部屋へ").await, 0);
}

#[tokio::test]
async fn one_to_one_messages_notify_the_other_member() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let single = channel_id(&pool, SINGLE).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    app.post(
        &format!("/api/channels/{single}/messages"),
        Some(&creator),
        json!({ "body": "直接のご連絡です" }),
    )
    .await;
    let (_, notices) = app.get("/api/v2/notices?type=message", Some(&editor)).await;
    assert_eq!(notices["unread_count"], 1);
    let (_, read) = app
        .put(
            "/api/v2/notices/read",
            Some(&editor),
            json!({ "type": "message", "channel_id": single }),
        )
        .await;
    assert_eq!(read["unread_count"], 0);
}

#[tokio::test]
async fn a_message_posted_on_node_one_reaches_a_member_joined_on_node_two() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let mut nodes = Vec::new();
    for _ in 0..2 {
        let mut config = support::test_config(&pool);
        config.redis_url = Some(support::redis_url());
        config.redis_prefix = prefix.clone();
        nodes.push(TestApp::spawn_with(pool.clone(), config).await);
    }
    let group = channel_id(&pool, GROUP).await;
    let editor = nodes[1].login("editor@demo.tsumugi.jp").await;
    let newbie = nodes[1].login("newbie@demo.tsumugi.jp").await;
    let mut member = joined(&nodes[1], &editor, group).await;
    let mut outsider = SioClient::connect(nodes[1].addr, Some(&newbie))
        .await
        .unwrap();
    let creator = nodes[0].login("creator@demo.tsumugi.jp").await;
    let (_, sent) = nodes[0]
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "ノード越しに届きますか", "client_message_id": "x-node" }),
        )
        .await;
    let pushed = member
        .expect_event("message.created", Duration::from_secs(5))
        .await
        .expect("crossed Redis");
    assert_eq!(pushed["id"], sent["id"]);
    assert!(
        outsider
            .expect_event("message.created", Duration::from_millis(500))
            .await
            .is_none()
    );
}

/// A node whose send rate is small enough to reach in a test: 3 messages at once, then one a
/// minute (no token comes back while the test runs).
fn three_messages_config(pool: &PgPool) -> api::config::Config {
    let mut config = support::test_config(pool);
    config.message_limit = api::platform::limits::Rate {
        burst: 3,
        per_minute: 1,
    };
    config
}

async fn count(pool: &PgPool, sql: &'static str, id: i64) -> i64 {
    sqlx::query_scalar(sql)
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn messages_past_the_senders_rate_in_a_channel_get_429_and_nothing_is_written() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn_with(pool.clone(), three_messages_config(&pool)).await;
    let (single, group) = (
        channel_id(&pool, SINGLE).await,
        channel_id(&pool, GROUP).await,
    );
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let editor_id = user_id(&pool, "editor@demo.tsumugi.jp").await;
    let in_single = "select count(*) from messages where channel_id = $1";
    let editor_notices = "select count(*) from notices where user_id = $1";
    let (messages_before, notices_before) = (
        count(&pool, in_single, single).await,
        count(&pool, editor_notices, editor_id).await,
    );

    // A one-to-one channel (each message notifies the other member): the general path.
    let send = |channel: i64, token: String, n: usize| {
        let app = &app;
        async move {
            app.post(
                &format!("/api/channels/{channel}/messages"),
                Some(&token),
                json!({ "body": format!("連投 {n}") }),
            )
            .await
        }
    };
    for n in 0..3 {
        let (status, body) = send(single, creator.clone(), n).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let response = app
        .http
        .post(app.url(&format!("/api/channels/{single}/messages")))
        .bearer_auth(&creator)
        .json(&json!({ "body": "四通目" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after), "retry after {retry_after}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({ "error": { "message": "メッセージの送信が多すぎます。しばらくしてから再度お試しください。" } })
    );
    assert_eq!(
        count(&pool, in_single, single).await,
        messages_before + 3,
        "the refused message is not stored"
    );
    assert_eq!(
        count(&pool, editor_notices, editor_id).await,
        notices_before + 3,
        "and notifies nobody"
    );

    // The same sender in another channel (the one-statement path of a plain message) has its
    // own rate, and is held to it there too.
    for n in 0..3 {
        let (status, body) = send(group, creator.clone(), n).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (status, body) = send(group, creator.clone(), 3).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // Another member in the same channel is not affected.
    let (status, body) = send(group, editor.clone(), 0).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = send(single, editor.clone(), 0).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn the_send_rate_holds_across_nodes_sending_at_once() {
    let (pool, _db) = db::seeded().await;
    // Two nodes over one database and no Redis, as the embedded default runs: the rate lives in
    // PostgreSQL, so twelve messages sent at once through both take exactly three tokens.
    let node_a = TestApp::spawn_with(pool.clone(), three_messages_config(&pool)).await;
    let node_b = TestApp::spawn_with(pool.clone(), three_messages_config(&pool)).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = node_a.login("creator@demo.tsumugi.jp").await;
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let sends = (0..12).map(|n| {
        let node = if n % 2 == 0 { &node_a } else { &node_b };
        let token = creator.clone();
        async move {
            node.post(
                &format!("/api/channels/{group}/messages"),
                Some(&token),
                json!({ "body": format!("同時 {n}") }),
            )
            .await
            .0
        }
    });
    let statuses = futures::future::join_all(sends).await;
    let created = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!((created, refused), (3, 9), "{statuses:?}");
    let stored: i64 = sqlx::query_scalar(
        "select count(*) from messages where channel_id = $1 and user_id = $2 and body like '同時 %'",
    )
    .bind(group)
    .bind(creator_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(stored, 3);
}
