//! Message search (`GET /api/messages/search`): one- and two-character Japanese words, width and
//! kana folding, AND of words, paging, only channels the caller may read now, deleted and
//! edited messages, and opening a hit in its context (`?around_id=`).

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{GROUP, MANAGEMENT, TestApp, channel_id, user_id};

async fn search(app: &TestApp, token: &str, query: &str) -> Value {
    let (status, body) = app
        .get(&format!("/api/messages/search?{query}"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The bodies of the hits, newest first.
fn bodies(results: &Value) -> Vec<String> {
    results["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["message"]["body"].as_str().unwrap().to_owned())
        .collect()
}

fn keyword(words: &str) -> String {
    format!("keyword={}", api::platform::text::percent_encode(words))
}

async fn post(app: &TestApp, token: &str, channel: i64, body: &str) -> i64 {
    let (status, message) = app
        .post(
            &format!("/api/channels/{channel}/messages"),
            Some(token),
            json!({ "body": body }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{message}");
    message["id"].as_i64().unwrap()
}

/// Inserts messages directly (a fixture: the send rate is not what these tests are about).
async fn insert(pool: &PgPool, channel: i64, author: i64, bodies: &[String]) -> Vec<i64> {
    sqlx::query_scalar(
        "insert into messages (channel_id, user_id, body) select $1, $2, unnest($3::text[]) returning id",
    )
    .bind(channel)
    .bind(author)
    .bind(bodies)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_server_folds_query_words_as_the_database_folds_messages() {
    let (pool, _db) = db::seeded().await;
    for text in [
        "ＡＢＣ１２３ｻｲｽﾞ",
        "デザイン・ヴァイオリン・ヵヶ",
        "PDFとＰＤＦ",
        "㈱テスト　全角スペース",
        "ｶﾞｷﾞｸﾞ",
    ] {
        let stored: String = sqlx::query_scalar("select chat_search_fold($1)")
            .bind(text)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(api::chat::search::fold::fold(text), stored, "{text}");
    }
}

#[tokio::test]
async fn one_and_two_kanji_kana_and_width_variants_are_found_and_words_are_anded() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let eel = post(&app, &creator, group, "鰻の表紙、鯖缶の納期は来週です").await;
    let viola = post(
        &app,
        &creator,
        group,
        "ヴィオラの写真をＸＹＺ１２３で送ります",
    )
    .await;
    let half = post(&app, &creator, group, "ﾄﾘﾐﾝｸﾞ済みの鯖缶").await;

    let one = search(&app, &editor, &keyword("鰻")).await;
    assert_eq!(bodies(&one), vec!["鰻の表紙、鯖缶の納期は来週です"]);
    assert_eq!(one["total"], 1);
    let hit = &one["messages"][0];
    assert_eq!(hit["channel"]["id"], group);
    assert_eq!(hit["channel"]["name"], GROUP);
    assert!(hit["team"]["name"].is_string());
    assert_eq!(hit["excerpt"][0], json!({ "text": "鰻", "is_hit": true }));
    assert_eq!(
        hit["excerpt"][1],
        json!({ "text": "の表紙、鯖缶の納期は来週です", "is_hit": false })
    );

    let two = search(&app, &editor, &keyword("鯖缶")).await;
    let ids: Vec<i64> = two["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["message"]["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![half, eel], "newest first");

    // Hiragana finds katakana, full-width finds half-width and the other way round; case folds.
    let kana = search(&app, &editor, &keyword("ゔぃおら xyz123")).await;
    assert_eq!(kana["messages"][0]["message"]["id"], viola);
    assert_eq!(kana["total"], 1);
    let marked: Vec<&str> = kana["messages"][0]["excerpt"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|part| part["is_hit"] == true)
        .map(|part| part["text"].as_str().unwrap())
        .collect();
    assert_eq!(marked, vec!["ヴィオラ", "ＸＹＺ１２３"]);
    let width = search(&app, &editor, &keyword("トリミング")).await;
    assert_eq!(width["messages"][0]["message"]["id"], half);

    // Every word must match (full-width space separates too); pairs apart do not make a word.
    let both = search(&app, &editor, &keyword("鯖缶　来週")).await;
    assert_eq!(both["total"], 1);
    assert_eq!(both["messages"][0]["message"]["id"], eel);
    let none = search(&app, &editor, &keyword("鯖缶 ヴィオラ")).await;
    assert_eq!(none["total"], 0);
    let apart = search(&app, &editor, &keyword("表紙缶")).await;
    assert_eq!(apart["total"], 0, "「表紙」 and 「紙缶」 are not in order");

    // Filters: the author, the channel, Tokyo days.
    let by_editor = search(
        &app,
        &editor,
        &format!(
            "{}&user_id={}",
            keyword("鯖缶"),
            user_id(&pool, "editor@demo.tsumugi.jp").await
        ),
    )
    .await;
    assert_eq!(by_editor["total"], 0);
    let today = api::platform::clock::tokyo_today();
    let dated = search(
        &app,
        &editor,
        &format!(
            "{}&from={today}&to={today}&channel_id={group}",
            keyword("鯖缶")
        ),
    )
    .await;
    assert_eq!(dated["total"], 2);
    let yesterday = today.pred_opt().unwrap();
    let before = search(
        &app,
        &editor,
        &format!("{}&to={yesterday}", keyword("鯖缶")),
    )
    .await;
    assert_eq!(before["total"], 0);

    let blank = search(&app, &editor, &keyword("　 ")).await;
    assert_eq!(blank["total"], 0);
    let (status, _) = app
        .get(&format!("/api/messages/search?{}", keyword("鰻")), None)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn hits_are_paged_twenty_at_a_time_newest_first() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let bodies: Vec<String> = (1..=25).map(|n| format!("鱒の件 その{n}")).collect();
    let ids = insert(&pool, group, creator_id, &bodies).await;
    let editor = app.login("editor@demo.tsumugi.jp").await;

    let first = search(&app, &editor, &keyword("鱒")).await;
    assert_eq!(
        (
            &first["current_page"],
            &first["last_page"],
            &first["per_page"],
            &first["total"]
        ),
        (&json!(1), &json!(2), &json!(20), &json!(25))
    );
    assert_eq!(first["messages"][0]["message"]["id"], ids[24]);
    assert_eq!(first["messages"].as_array().unwrap().len(), 20);
    let second = search(&app, &editor, &format!("{}&page=2", keyword("鱒"))).await;
    let rest: Vec<i64> = second["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|hit| hit["message"]["id"].as_i64().unwrap())
        .collect();
    assert_eq!(rest, ids[..5].iter().rev().copied().collect::<Vec<_>>());
}

#[tokio::test]
async fn only_channels_the_caller_may_read_now_are_searched() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let management = channel_id(&pool, MANAGEMENT).await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let client_b = app.login("client-b@demo.tsumugi.jp").await;
    post(&app, &manager, management, "鮪の相談（スタッフのみ）").await;
    post(&app, &manager, group, "鮪の写真です").await;

    // Staff read management channels; a creator never joined it.
    assert_eq!(search(&app, &manager, &keyword("鮪")).await["total"], 2);
    assert_eq!(
        bodies(&search(&app, &creator, &keyword("鮪")).await),
        vec!["鮪の写真です"]
    );
    // Another company's client is in neither channel, and naming one does not open it.
    assert_eq!(search(&app, &client_b, &keyword("鮪")).await["total"], 0);
    let named = search(
        &app,
        &client_b,
        &format!("{}&channel_id={group}", keyword("鮪")),
    )
    .await;
    assert_eq!(named["total"], 0);

    // Once the creator leaves the channel, its messages are no longer theirs to find.
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    sqlx::query("delete from channel_members where channel_id = $1 and user_id = $2")
        .bind(group)
        .bind(creator_id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(search(&app, &creator, &keyword("鮪")).await["total"], 0);
}

#[tokio::test]
async fn edits_are_found_by_their_new_words_and_deleted_messages_never() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let id = post(&app, &creator, group, "鰹の原稿").await;
    let path = format!("/api/channels/{group}/messages/{id}");
    assert_eq!(search(&app, &editor, &keyword("鰹")).await["total"], 1);

    let (status, _) = app
        .put(&path, Some(&creator), json!({ "body": "鰆の原稿" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(search(&app, &editor, &keyword("鰹")).await["total"], 0);
    let edited = search(&app, &editor, &keyword("鰆")).await;
    assert_eq!(bodies(&edited), vec!["鰆の原稿"]);

    let (status, _) = app.delete(&path, Some(&creator)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(search(&app, &editor, &keyword("鰆")).await["total"], 0);
}

#[tokio::test]
async fn a_hit_opens_on_the_history_page_that_holds_it() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let target = insert(&pool, group, creator_id, &["鮎の初稿".to_owned()]).await[0];
    let newer: Vec<String> = (1..=60).map(|n| format!("続き{n}")).collect();
    insert(&pool, group, creator_id, &newer).await;
    let editor = app.login("editor@demo.tsumugi.jp").await;

    let (status, page) = app
        .get(
            &format!("/api/channels/{group}/messages?around_id={target}"),
            Some(&editor),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        page["current_page"], 1,
        "60 newer messages fill page 0 and 10 of page 1"
    );
    let ids: Vec<i64> = page["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_i64().unwrap())
        .collect();
    assert!(ids.contains(&target), "{ids:?}");

    // Another channel's message, or none, is not there to open.
    let management = channel_id(&pool, MANAGEMENT).await;
    let elsewhere = insert(&pool, management, creator_id, &["別".to_owned()]).await[0];
    let (status, _) = app
        .get(
            &format!("/api/channels/{group}/messages?around_id={elsewhere}"),
            Some(&editor),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
