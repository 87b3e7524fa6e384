//! Comments anchored to a manuscript's text (issue 44, 校正): threads with replies, resolved and
//! reopened, deleted by their author; written by whoever may open the manuscript (own
//! permission or an editor link, checked again on every call); the body's rules; and each
//! change pushed to the manuscript's room.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::manuscripts::{
    ACCOUNTANT, CLIENT, CLIENT_B, CREATOR, EDITOR, MANAGER, issue, manuscript, message,
};
use crate::support::db;
use crate::support::{TestApp, user_id};
use api::manuscripts::comments::anchor;
use api::manuscripts::count::{Block, BlockKind};
use api::manuscripts::doc;

const WAIT: Duration = Duration::from_secs(5);

/// Writes two paragraphs into the manuscript (as its stored snapshot) and answers an anchor on
/// the second one: (start, end, its text), base64.
async fn anchored_text(pool: &PgPool, manuscript_id: i64) -> (String, String, String) {
    let blocks = ["はじめに", "校正してほしい一文です。"].map(|text| Block {
        kind: BlockKind::Paragraph,
        text: text.into(),
    });
    let state = doc::state_of(&blocks);
    sqlx::query("update manuscripts set snapshot = $2 where id = $1")
        .bind(manuscript_id)
        .bind(&state)
        .execute(pool)
        .await
        .unwrap();
    let (start, end, quote) = anchor::whole_block(&state, 1).expect("the second block");
    (BASE64.encode(start), BASE64.encode(end), quote)
}

fn comments_path(manuscript_id: i64) -> String {
    format!("/api/manuscripts/{manuscript_id}/comments")
}

async fn thread(
    app: &TestApp,
    token: &str,
    manuscript_id: i64,
    query: &str,
    body: &str,
    (start, end, quote): &(String, String, String),
) -> (StatusCode, Value) {
    app.post(
        &format!("{}{query}", comments_path(manuscript_id)),
        Some(token),
        json!({ "body": body, "anchor_start": start, "anchor_end": end, "quote": quote }),
    )
    .await
}

#[tokio::test]
async fn threads_take_replies_and_are_resolved_reopened_and_deleted_by_their_author() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let anchor = anchored_text(&pool, manuscript_id).await;
    let client = app.login(CLIENT).await;
    let creator = app.login(CREATOR).await;
    let path = comments_path(manuscript_id);

    let (status, root) = thread(
        &app,
        &client,
        manuscript_id,
        "",
        "  表現を柔らかく  ",
        &anchor,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{root}");
    assert_eq!(root["body"], "表現を柔らかく", "trimmed");
    assert_eq!(root["quote"], "校正してほしい一文です。");
    assert_eq!(root["anchor"]["start"], anchor.0.as_str());
    assert_eq!(root["anchor"]["end"], anchor.1.as_str());
    assert_eq!(root["author_id"], user_id(&pool, CLIENT).await);
    assert!(root["author_name"].as_str().is_some_and(|n| !n.is_empty()));
    assert_eq!(root["parent_id"], Value::Null);
    assert_eq!(root["resolved_at"], Value::Null);
    assert_eq!(root["can_delete"], true);
    assert_eq!(root["deleted"], false);
    let root_id = root["id"].as_i64().unwrap();

    let (status, reply) = app
        .post(
            &path,
            Some(&creator),
            json!({ "body": "直しました", "parent_id": root_id }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{reply}");
    assert_eq!(reply["parent_id"], root_id);
    assert_eq!(
        reply["anchor"],
        Value::Null,
        "a reply has no anchor of its own"
    );
    assert_eq!(reply["quote"], "");
    // A reply to a reply joins the thread.
    let (status, nested) = app
        .post(
            &path,
            Some(&client),
            json!({ "body": "ありがとうございます", "parent_id": reply["id"] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{nested}");
    assert_eq!(nested["parent_id"], root_id);

    let (status, list) = app.get(&path, Some(&creator)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let ids: Vec<i64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            root_id,
            reply["id"].as_i64().unwrap(),
            nested["id"].as_i64().unwrap()
        ]
    );
    let can_delete: Vec<bool> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["can_delete"].as_bool().unwrap())
        .collect();
    assert_eq!(
        can_delete,
        [false, true, false],
        "the creator deletes only their reply"
    );

    // Resolving: anyone who may comment; a reply is not resolved by itself.
    let resolve = format!("{path}/{root_id}/resolve");
    let (status, resolved) = app.post(&resolve, Some(&creator), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{resolved}");
    assert!(resolved["resolved_at"].is_string());
    assert!(resolved["resolved_by_name"].is_string());
    let (status, again) = app.post(&resolve, Some(&client), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        again["resolved_at"], resolved["resolved_at"],
        "the first resolution stays"
    );
    assert_eq!(again["resolved_by_name"], resolved["resolved_by_name"]);
    let (status, body) = app
        .post(
            &format!("{path}/{}/resolve", reply["id"]),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(message(&body), "返信ではなくスレッドを解決してください");
    let (status, reopened) = app.delete(&resolve, Some(&client)).await;
    assert_eq!(status, StatusCode::OK, "{reopened}");
    assert_eq!(reopened["resolved_at"], Value::Null);
    assert_eq!(reopened["resolved_by_name"], Value::Null);

    // Deleting: one's own only; a deleted root takes its replies out of the list.
    let (status, _) = app
        .delete(&format!("{path}/{root_id}"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let manager = app.login(MANAGER).await;
    let (status, _) = app
        .delete(&format!("{path}/{root_id}"), Some(&manager))
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "not even a manager's to delete"
    );
    let (status, _) = app
        .delete(&format!("{path}/{root_id}"), Some(&client))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app
        .delete(&format!("{path}/{root_id}"), Some(&client))
        .await;
    assert_eq!(
        status,
        StatusCode::NO_CONTENT,
        "deleting again changes nothing"
    );
    let (_, list) = app.get(&path, Some(&creator)).await;
    assert_eq!(list, json!([]), "the thread went with its root");
    let (status, _) = app.post(&resolve, Some(&creator), json!({})).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "a deleted thread is not resolved"
    );
    let (status, body) = app
        .post(
            &path,
            Some(&creator),
            json!({ "body": "遅れて返信", "parent_id": root_id }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["parent_id"], json!(["exists"]));
}

#[tokio::test]
async fn whoever_may_open_the_manuscript_comments_and_a_refused_link_may_not() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let anchor = anchored_text(&pool, manuscript_id).await;
    let path = comments_path(manuscript_id);

    for (mail, expected) in [
        (CREATOR, StatusCode::CREATED),
        (MANAGER, StatusCode::CREATED),
        (EDITOR, StatusCode::CREATED),
        (CLIENT, StatusCode::CREATED),
        (CLIENT_B, StatusCode::NOT_FOUND),
        (ACCOUNTANT, StatusCode::NOT_FOUND),
        ("writer01@demo.tsumugi.jp", StatusCode::NOT_FOUND),
    ] {
        let token = app.login(mail).await;
        let (status, body) = thread(&app, &token, manuscript_id, "", "確認", &anchor).await;
        assert_eq!(status, expected, "{mail}: {body}");
        let (status, _) = app.get(&path, Some(&token)).await;
        let read = if expected == StatusCode::CREATED {
            StatusCode::OK
        } else {
            expected
        };
        assert_eq!(status, read, "{mail} lists");
    }
    assert_eq!(app.get(&path, None).await.0, StatusCode::UNAUTHORIZED);
    let (status, _) = app
        .get(
            "/api/manuscripts/999999999/comments",
            Some(&app.login(MANAGER).await),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Through a comment-only link the client (and even a manager, narrowed) comments.
    let creator = app.login(CREATOR).await;
    let (status, link) = issue(&app, &creator, manuscript_id, "comment", 2).await;
    assert_eq!(status, StatusCode::CREATED, "{link}");
    let query = format!("?token={}", link["token"].as_str().unwrap());
    let client = app.login(CLIENT).await;
    let (status, body) = thread(&app, &client, manuscript_id, &query, "リンクから", &anchor).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let manager = app.login(MANAGER).await;
    let (status, body) = thread(&app, &manager, manuscript_id, &query, "リンクから", &anchor).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, _) = app.get(&format!("{path}{query}"), Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    // A link never lets in someone with no access of their own.
    let stranger = app.login(CLIENT_B).await;
    let (status, _) = thread(&app, &stranger, manuscript_id, &query, "x", &anchor).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Revoked: refused with the spec's message, whatever the holder's own permission.
    let (status, _) = app
        .delete(
            &format!("/api/manuscripts/{manuscript_id}/links/{}", link["id"]),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    for token in [&client, &manager] {
        let (status, body) =
            thread(&app, token, manuscript_id, &query, "取り消し後", &anchor).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(&body), "無効なURLです");
        let (status, _) = app.get(&format!("{path}{query}"), Some(token)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    // A malformed or empty token is refused too; a link of another manuscript is invalid here.
    for query in ["?token=x.y.z", "?token="] {
        let (status, body) = thread(&app, &client, manuscript_id, query, "x", &anchor).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_eq!(message(&body), "無効なURLです");
    }
    let (_, other) = manuscript(&app, &pool).await;
    let (_, other_link) = issue(&app, &creator, other, "comment", 2).await;
    let query = format!("?token={}", other_link["token"].as_str().unwrap());
    let (status, _) = thread(&app, &client, manuscript_id, &query, "x", &anchor).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_comment_body_and_anchor_follow_their_rules() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let anchor = anchored_text(&pool, manuscript_id).await;
    let client = app.login(CLIENT).await;
    let path = comments_path(manuscript_id);

    let too_long = "あ".repeat(2001);
    for (body, rule) in [
        ("", "required"),
        (" \u{3000}\u{200B}", "required"),
        (too_long.as_str(), "max:2000"),
    ] {
        let (status, answer) = thread(&app, &client, manuscript_id, "", body, &anchor).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["error"]["rules"]["body"], json!([rule]), "{answer}");
        assert!(!message(&answer).is_empty());
    }
    let (status, answer) = thread(
        &app,
        &client,
        manuscript_id,
        "",
        &"あ".repeat(2000),
        &anchor,
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "2000 characters are allowed: {answer}"
    );

    // A thread needs both ends of its anchor, each an encoded relative position.
    let (status, answer) = app
        .post(&path, Some(&client), json!({ "body": "位置なし" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["error"]["rules"]["anchor_start"],
        json!(["required"])
    );
    assert_eq!(answer["error"]["rules"]["anchor_end"], json!(["required"]));
    let (status, answer) = app
        .post(
            &path,
            Some(&client),
            json!({ "body": "壊れた位置", "anchor_start": "not base64!", "anchor_end": BASE64.encode([0xff; 3]) }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["error"]["rules"]["anchor_start"],
        json!(["relative_position"])
    );
    assert_eq!(
        answer["error"]["rules"]["anchor_end"],
        json!(["relative_position"])
    );
    let long_quote = (anchor.0.clone(), anchor.1.clone(), "あ".repeat(1001));
    let (status, answer) = thread(&app, &client, manuscript_id, "", "長い引用", &long_quote).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"]["rules"]["quote"], json!(["max:1000"]));
    // A reply names a comment of this manuscript.
    let (status, answer) = app
        .post(
            &path,
            Some(&client),
            json!({ "body": "返信", "parent_id": 999999999 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"]["rules"]["parent_id"], json!(["exists"]));
    let (_, list) = app.get(&path, Some(&client)).await;
    assert_eq!(
        list.as_array().unwrap().len(),
        1,
        "only the valid one was stored"
    );
}

#[tokio::test]
async fn every_change_reaches_the_sockets_in_the_manuscript_room() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let anchor = anchored_text(&pool, manuscript_id).await;
    let (_, mut writer) = app.live(CREATOR).await;
    let ack = crate::support::manuscripts::join(&mut writer, manuscript_id, None, "").await;
    assert_eq!(ack["data"]["permission"], "edit", "{ack}");
    // The client has not opened the editor: not in the room.
    let (_, mut elsewhere) = app.live(CLIENT).await;

    let client = app.login(CLIENT).await;
    let (status, root) = thread(&app, &client, manuscript_id, "", "ここを直して", &anchor).await;
    assert_eq!(status, StatusCode::CREATED);
    let pushed = writer
        .expect_event("manuscript_comment.changed", WAIT)
        .await
        .expect("the new thread is pushed");
    assert_eq!(pushed["id"], root["id"]);
    assert_eq!(pushed["manuscript_id"], manuscript_id);
    assert_eq!(pushed["body"], "ここを直して");
    assert_eq!(pushed["anchor"], root["anchor"]);
    assert!(
        pushed.get("can_delete").is_none(),
        "the record, not one reader's view"
    );

    let root_id = root["id"].as_i64().unwrap();
    let (status, _) = app
        .post(
            &format!("{}/{root_id}/resolve", comments_path(manuscript_id)),
            Some(&client),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let pushed = writer
        .expect_event("manuscript_comment.changed", WAIT)
        .await
        .expect("the resolution is pushed");
    assert_eq!(pushed["id"], root_id);
    assert!(pushed["resolved_at"].is_string());

    let (status, _) = app
        .delete(
            &format!("{}/{root_id}", comments_path(manuscript_id)),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let pushed = writer
        .expect_event("manuscript_comment.changed", WAIT)
        .await
        .expect("the deletion is pushed");
    assert_eq!(pushed["deleted"], true);
    assert_eq!(pushed["body"], "", "a deleted body is not pushed");

    assert!(
        elsewhere
            .expect_event("manuscript_comment.changed", Duration::from_millis(300))
            .await
            .is_none(),
        "only the manuscript's room hears it"
    );
}
