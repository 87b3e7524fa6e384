//! Notice mails honour each member's mail frequencies: immediately (a mail per notice, as soon
//! as the delivery loop runs), daily (one digest per member at the digest hour, exactly once
//! across nodes) or none — for chat messages, task notices and information posts.

use crate::support;
use crate::support::db;

use std::time::Duration;

use api::notices::mails::{deliver_due, next_digest_at};
use api::notices::{NewNotice, NoticeReference, NoticeType};
use chrono::Utc;
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;
use support::{SINGLE, TestApp, channel_id, mails, user_id};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const EDITOR: &str = "editor@demo.tsumugi.jp";

/// The mails written so far to one address.
fn mails_to(app: &TestApp, address: &str) -> Vec<String> {
    mails(app)
        .into_iter()
        .filter(|m| {
            m.lines()
                .any(|l| l.starts_with("To:") && l.contains(address))
        })
        .collect()
}

/// The decoded Subject header of a stored mail (lettre writes it as RFC 2047 encoded words).
fn subject_of(mail: &str) -> String {
    use base64::Engine;
    let mut header = String::new();
    let mut in_subject = false;
    for line in mail.lines() {
        if let Some(rest) = line.strip_prefix("Subject:") {
            in_subject = true;
            header.push_str(rest);
        } else if in_subject && line.starts_with([' ', '\t']) {
            header.push_str(line);
        } else if in_subject {
            break;
        }
    }
    let mut bytes = Vec::new();
    for word in header.split_whitespace() {
        match word
            .strip_prefix("=?utf-8?b?")
            .or_else(|| word.strip_prefix("=?UTF-8?B?"))
            .and_then(|w| w.strip_suffix("?="))
        {
            Some(encoded) => bytes.extend(
                base64::engine::general_purpose::STANDARD
                    .decode(encoded)
                    .expect("a base64 encoded word"),
            ),
            None => bytes.extend(word.as_bytes()),
        }
    }
    String::from_utf8(bytes).expect("a UTF-8 subject")
}

async fn set_frequencies(app: &TestApp, mail: &str, message: &str, task: &str, information: &str) {
    let token = app.login(mail).await;
    let (status, body) = app
        .put(
            "/api/users/me/mail_frequencies",
            Some(&token),
            json!({ "message": message, "task": task, "information": information }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The editor writes to the creator in their one-to-one channel: a message notice for the creator.
async fn message_to_creator(app: &TestApp, pool: &PgPool, editor: &str, text: &str) {
    let channel = channel_id(pool, SINGLE).await;
    let (status, body) = app
        .post(
            &format!("/api/channels/{channel}/messages"),
            Some(editor),
            json!({ "body": text }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

/// A task notice, written the way every domain writes one (in its transaction).
async fn task_notice(pool: &PgPool, user_id: i64, message: &str) {
    let mut tx = pool.begin().await.unwrap();
    api::notices::insert(
        &mut tx,
        &NewNotice {
            user_id,
            notice_type: NoticeType::OrderTask,
            message: message.into(),
            reference: NoticeReference {
                task_id: Some(42),
                ..Default::default()
            },
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn immediately_mails_each_notice_at_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let editor = app.login(EDITOR).await;
    let creator_id = user_id(&pool, CREATOR).await;
    // The defaults: every kind immediately.
    message_to_creator(&app, &pool, &editor, "原稿を確認しました").await;
    task_notice(&pool, creator_id, "新しいタスクが発注されました").await;
    assert!(
        mails_to(&app, CREATOR).is_empty(),
        "sent by the delivery loop, not inline"
    );

    // The delivery loop, as every node runs it.
    let handle = api::notices::mails::spawn_delivery(app.state.clone());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while mails_to(&app, CREATOR).len() < 2 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    handle.abort();
    let sent = mails_to(&app, CREATOR);
    assert_eq!(sent.len(), 2, "{sent:?}");
    let subjects: Vec<String> = sent.iter().map(|m| subject_of(m)).collect();
    assert!(
        subjects.contains(&"【Tsumugi】メッセージのお知らせ".to_string()),
        "{subjects:?}"
    );
    assert!(
        subjects.contains(&"【Tsumugi】タスクのお知らせ".to_string()),
        "{subjects:?}"
    );
    let message = sent
        .iter()
        .find(|m| m.contains("からメッセージが届きました"))
        .expect("the message mail");
    assert!(message.contains("山田 花子 様"), "{message}");
    assert!(
        message.contains("佐藤 健さんからメッセージが届きました"),
        "{message}"
    );
    let channel = channel_id(&pool, SINGLE).await;
    assert!(
        message.contains(&format!("/channels/{channel}")),
        "links to the channel: {message}"
    );
    assert!(
        message.contains("/user/edit/mail_frequencies"),
        "says where to change it"
    );
    let task = sent
        .iter()
        .find(|m| m.contains("新しいタスクが発注されました"))
        .expect("the task mail");
    assert!(task.contains("/tasks/42"));

    // Sent once: nothing is left for later passes.
    assert_eq!(
        deliver_due(&app.state, Utc::now() + chrono::Duration::days(2))
            .await
            .unwrap(),
        0
    );
    assert_eq!(mails_to(&app, CREATOR).len(), 2);
}

#[tokio::test]
async fn daily_collects_the_days_notices_into_one_digest_sent_once_across_nodes() {
    let (pool, _db) = db::seeded().await;
    let node1 = TestApp::spawn(pool.clone()).await;
    let node2 = TestApp::spawn_with(pool.clone(), support::test_config(&pool)).await;
    set_frequencies(&node1, CREATOR, "daily", "daily", "immediately").await;
    let editor = node1.login(EDITOR).await;
    let creator_id = user_id(&pool, CREATOR).await;
    message_to_creator(&node1, &pool, &editor, "一通目").await;
    message_to_creator(&node1, &pool, &editor, "二通目").await;
    task_notice(&pool, creator_id, "検収が完了しました").await;

    let now = Utc::now();
    assert_eq!(
        deliver_due(&node1.state, now).await.unwrap(),
        0,
        "not before the digest hour"
    );
    assert!(mails_to(&node1, CREATOR).is_empty());

    // The digest hour: both nodes' loops run at once; one digest goes out.
    let digest_time = next_digest_at(now);
    let (a, b) = tokio::join!(
        deliver_due(&node1.state, digest_time),
        deliver_due(&node2.state, digest_time)
    );
    assert_eq!(a.unwrap() + b.unwrap(), 1, "one mail between the two nodes");
    let sent: Vec<String> = mails_to(&node1, CREATOR)
        .into_iter()
        .chain(mails_to(&node2, CREATOR))
        .collect();
    assert_eq!(sent.len(), 1, "{sent:?}");
    let digest = &sent[0];
    assert!(
        subject_of(digest).contains("のお知らせまとめ（3件）"),
        "{}",
        subject_of(digest)
    );
    assert!(
        digest.contains("前回のまとめ以降のお知らせが3件あります。"),
        "{digest}"
    );
    assert!(digest.contains("■ メッセージ（2件）"), "{digest}");
    assert!(digest.contains("■ タスク（1件）"), "{digest}");
    assert!(digest.contains("検収が完了しました"));

    // Later passes (and a restarted node) find it sent.
    let node3 = TestApp::spawn_with(pool.clone(), support::test_config(&pool)).await;
    assert_eq!(
        deliver_due(&node3.state, digest_time + chrono::Duration::days(1))
            .await
            .unwrap(),
        0
    );
    // Tomorrow's notices make tomorrow's digest.
    message_to_creator(&node1, &pool, &editor, "三通目").await;
    assert_eq!(
        deliver_due(&node3.state, next_digest_at(Utc::now()))
            .await
            .unwrap(),
        1
    );
    let tomorrow = mails_to(&node3, CREATOR);
    assert_eq!(tomorrow.len(), 1);
    assert!(subject_of(&tomorrow[0]).ends_with("（1件）"));
    assert!(tomorrow[0].contains("佐藤 健さんからメッセージが届きました"));
}

#[tokio::test]
async fn none_mails_nothing() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    set_frequencies(&app, CREATOR, "none", "none", "none").await;
    let editor = app.login(EDITOR).await;
    let creator_id = user_id(&pool, CREATOR).await;
    let before: i64 = sqlx::query_scalar("select coalesce(max(id), 0) from notices")
        .fetch_one(&pool)
        .await
        .unwrap();
    message_to_creator(&app, &pool, &editor, "届かないはずのメール").await;
    task_notice(&pool, creator_id, "タスクのお知らせ").await;
    // The notices themselves still exist (the bell and the envelope show them).
    let notices: i64 =
        sqlx::query_scalar("select count(*) from notices where user_id = $1 and id > $2")
            .bind(creator_id)
            .bind(before)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(notices, 2);
    let queued: i64 = sqlx::query_scalar("select count(*) from notice_mails where user_id = $1")
        .bind(creator_id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(queued, 0);
    deliver_due(&app.state, Utc::now() + chrono::Duration::days(2))
        .await
        .unwrap();
    assert!(mails_to(&app, CREATOR).is_empty());
}

#[tokio::test]
async fn a_published_post_is_mailed_to_its_audience_by_their_information_frequency() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    set_frequencies(&app, CREATOR, "immediately", "immediately", "daily").await;
    set_frequencies(&app, EDITOR, "immediately", "immediately", "none").await;
    // writer01 keeps the default (immediately); the client is outside the audience.
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (status, body) = app
        .post(
            "/api/information",
            Some(&admin),
            json!({ "title": "報酬お支払い日の変更について", "body": "今月のお支払いは28日です。", "audience_roles": ["general", "editor_assistant"] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    deliver_due(&app.state, Utc::now()).await.unwrap();
    let writer = mails_to(&app, "writer01@demo.tsumugi.jp");
    assert_eq!(writer.len(), 1, "immediately");
    assert_eq!(
        subject_of(&writer[0]),
        "【Tsumugi】お知らせ：報酬お支払い日の変更について"
    );
    assert!(writer[0].contains("今月のお支払いは28日です。"));
    assert!(writer[0].contains("/information"));
    assert!(mails_to(&app, CREATOR).is_empty(), "daily waits");
    assert!(mails_to(&app, EDITOR).is_empty(), "none");
    assert!(
        mails_to(&app, "client@demo.tsumugi.jp").is_empty(),
        "outside the audience"
    );

    deliver_due(&app.state, next_digest_at(Utc::now()))
        .await
        .unwrap();
    let creator = mails_to(&app, CREATOR);
    assert_eq!(creator.len(), 1);
    assert!(
        creator[0].contains("■ 運営からのお知らせ（1件）"),
        "{}",
        creator[0]
    );
    assert!(creator[0].contains("報酬お支払い日の変更について"));
    assert!(mails_to(&app, EDITOR).is_empty());
    assert!(mails_to(&app, "client@demo.tsumugi.jp").is_empty());
}
