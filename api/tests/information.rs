//! Information posts: role gating and validation of every endpoint, audience filtering, the
//! scheduler publishing each due post exactly once across nodes and restarts, the live push to
//! the audience only, and whoami's new-information flag.

use crate::support;
use crate::support::db;

use std::collections::BTreeMap;
use std::time::Duration;

use api::information::scheduler;
use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, redis_url, rules_on, sio::SioClient, test_config};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const EDITOR: &str = "editor@demo.tsumugi.jp";
const CLIENT: &str = "client@demo.tsumugi.jp";
const MANAGER: &str = "manager@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";
const ADMIN: &str = "admin@demo.tsumugi.jp";
const EVERY_ROLE: [&str; 6] = [CREATOR, EDITOR, CLIENT, MANAGER, ACCOUNTANT, ADMIN];

fn is_staff_writer(mail: &str) -> bool {
    mail == MANAGER || mail == ADMIN
}

fn titles(body: &Value) -> Vec<String> {
    body["information"]
        .as_array()
        .unwrap_or_else(|| panic!("an information list: {body}"))
        .iter()
        .map(|i| i["title"].as_str().unwrap().to_string())
        .collect()
}

async fn post(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    app.post("/api/information", Some(token), body).await
}

/// A post whose start is in the future (the scheduler leaves it alone until then).
async fn schedule(app: &TestApp, admin: &str, title: &str, audience: &[&str], in_secs: i64) -> i64 {
    let start = Utc::now() + chrono::Duration::seconds(in_secs);
    let (status, body) = post(
        app,
        admin,
        json!({ "title": title, "body": "本文", "audience_roles": audience, "scheduled_start_date": start.to_rfc3339() }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_i64().unwrap()
}

/// Makes a scheduled post due now, as if its start had come.
async fn make_due(pool: &PgPool, id: i64) {
    sqlx::query("update information_posts set scheduled_start_date = now() - interval '1 second' where id = $1")
        .bind(id)
        .execute(pool)
        .await
        .unwrap();
}

async fn new_information(app: &TestApp, token: &str) -> bool {
    let (status, me) = app.get("/api/users/whoami", Some(token)).await;
    assert_eq!(status, StatusCode::OK);
    me["is_exists_new_information"].as_bool().unwrap()
}

#[tokio::test]
async fn every_endpoint_checks_the_callers_role() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    for (method, path) in [
        (reqwest::Method::GET, "/api/information"),
        (reqwest::Method::GET, "/api/information/latest"),
        (reqwest::Method::PUT, "/api/information/seen"),
        (reqwest::Method::POST, "/api/information"),
        (reqwest::Method::DELETE, "/api/information/1"),
    ] {
        let (status, _) = app
            .request(method.clone(), path, None, Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}");
    }
    let admin = app.login(ADMIN).await;
    for mail in EVERY_ROLE {
        let token = app.login(mail).await;
        let (status, list) = app.get("/api/information", Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{mail} lists");
        assert!(!titles(&list).is_empty(), "{mail} sees the demo posts");
        let (status, _) = app.get("/api/information/latest", Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{mail} reads the latest");
        let (status, me) = app
            .put("/api/information/seen", Some(&token), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{mail} marks seen");
        assert_eq!(me["is_exists_new_information"], false);

        let (status, created) = post(
            &app,
            &token,
            json!({ "title": format!("{mail} のお知らせ"), "body": "本文", "scheduled_start_date": (Utc::now() + chrono::Duration::hours(1)).to_rfc3339() }),
        )
        .await;
        let id = if is_staff_writer(mail) {
            assert_eq!(status, StatusCode::CREATED, "{mail} posts: {created}");
            assert_eq!(created["is_published"], false);
            created["id"].as_i64().unwrap()
        } else {
            assert_eq!(status, StatusCode::FORBIDDEN, "{mail} may not post");
            schedule(&app, &admin, "管理者の予約", &[], 3600).await
        };
        let (status, _) = app
            .delete(&format!("/api/information/{id}"), Some(&token))
            .await;
        if is_staff_writer(mail) {
            assert_eq!(status, StatusCode::NO_CONTENT, "{mail} deletes");
            let (status, _) = app
                .delete(&format!("/api/information/{id}"), Some(&token))
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "a deleted post is gone");
            let (status, _) = app.delete("/api/information/999999", Some(&token)).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        } else {
            assert_eq!(status, StatusCode::FORBIDDEN, "{mail} may not delete");
        }
    }
}

#[tokio::test]
async fn bad_posts_are_refused_with_rules() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let manager = app.login(MANAGER).await;
    let cases = [
        (json!({ "body": "本文" }), "title", "required"),
        (
            json!({ "title": "　", "body": "本文" }),
            "title",
            "required",
        ),
        (
            json!({ "title": "あ".repeat(101), "body": "本文" }),
            "title",
            "max:100",
        ),
        (json!({ "title": "件名" }), "body", "required_without:url"),
        (
            json!({ "title": "件名", "body": " ", "url": "" }),
            "url",
            "required_without:body",
        ),
        (
            json!({ "title": "件名", "url": "ftp://example.jp/a" }),
            "url",
            "url",
        ),
        (
            json!({ "title": "件名", "url": "javascript:alert(1)" }),
            "url",
            "url",
        ),
        (
            json!({ "title": "件名", "body": "あ".repeat(5001) }),
            "body",
            "max:5000",
        ),
        (
            json!({ "title": "件名", "body": "本文", "audience_roles": ["general", "tsumugi_admin"] }),
            "audience_roles",
            "in:general,editor_assistant,client,manager,accountant,admin",
        ),
        (
            json!({ "title": "件名", "body": "本文", "scheduled_start_date": "来週" }),
            "scheduled_start_date",
            "date",
        ),
        (
            json!({ "title": "件名", "body": "本文", "scheduled_start_date": (Utc::now() - chrono::Duration::hours(1)).to_rfc3339() }),
            "scheduled_start_date",
            "after_or_equal:now",
        ),
    ];
    for (body, field, rule) in cases {
        let (status, answer) = post(&app, &manager, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(answer["error"]["message"], "入力内容に誤りがあります。");
        assert!(
            rules_on(&answer, field).contains(&rule.to_string()),
            "{body}: {answer}"
        );
    }
    let count: i64 =
        sqlx::query_scalar("select count(*) from information_posts where title = '件名'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(count, 0, "nothing refused was stored");

    // A start a few minutes ago (the form's default, submitted later) is taken as now; an URL
    // alone is enough; naming a role twice names it once.
    let (status, created) = post(
        &app,
        &manager,
        json!({ "title": "外部リンクのお知らせ", "url": "https://tsumugi.jp/news/1", "audience_roles": ["client", "client"],
                "scheduled_start_date": (Utc::now() - chrono::Duration::minutes(3)).to_rfc3339() }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(
        created["is_published"], true,
        "due at once: published before the answer"
    );
    assert_eq!(created["audience_roles"], json!(["client"]));
    assert_eq!(created["body"], Value::Null);
}

#[tokio::test]
async fn members_see_only_live_posts_of_their_audience() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login(ADMIN).await;
    let creator = app.login(CREATOR).await;
    let client = app.login(CLIENT).await;
    let accountant = app.login(ACCOUNTANT).await;
    let manager = app.login(MANAGER).await;

    for (title, audience) in [
        ("全員へのお知らせ", json!([])),
        ("クライアント様へ", json!(["client"])),
        ("クリエイターと経理へ", json!(["general", "accountant"])),
    ] {
        let (status, body) = post(
            &app,
            &admin,
            json!({ "title": title, "body": "本文", "audience_roles": audience }),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let future = schedule(&app, &admin, "来月の予定", &[], 3600).await;
    let deleted = schedule(&app, &admin, "取り消したお知らせ", &[], 0).await;
    make_due(&pool, deleted).await;
    scheduler::publish_due(&app.state).await.unwrap();
    app.delete(&format!("/api/information/{deleted}"), Some(&admin))
        .await;

    let (_, list) = app.get("/api/information", Some(&creator)).await;
    let seen = titles(&list);
    assert_eq!(
        seen[..2],
        ["クリエイターと経理へ", "全員へのお知らせ"],
        "newest first: {seen:?}"
    );
    assert!(!seen.contains(&"クライアント様へ".to_string()));
    assert!(!seen.contains(&"来月の予定".to_string()), "not started yet");
    assert!(!seen.contains(&"取り消したお知らせ".to_string()));
    let item = &list["information"][0];
    let keys: Vec<&str> = item
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        ["body", "id", "scheduled_start_date", "title", "url"],
        "{item}"
    );
    for key in ["current_page", "last_page", "per_page", "total"] {
        assert!(list[key].is_i64(), "{key}: {list}");
    }
    assert_eq!(list["base_url"], "/information");
    // The demo posts: two for everyone and one for creators, plus today's two.
    assert_eq!(list["total"], 5);

    let (_, list) = app.get("/api/information", Some(&client)).await;
    let seen = titles(&list);
    assert!(seen.contains(&"クライアント様へ".to_string()));
    assert!(!seen.contains(&"クリエイターと経理へ".to_string()));
    let (_, list) = app.get("/api/information", Some(&accountant)).await;
    assert!(titles(&list).contains(&"クリエイターと経理へ".to_string()));

    // Staff managing posts see scheduled ones too, marked; other roles asking get their list.
    let (_, list) = app
        .get("/api/information?include_scheduled=1", Some(&manager))
        .await;
    let all = titles(&list);
    assert_eq!(all[0], "来月の予定");
    assert_eq!(list["information"][0]["is_published"], false);
    assert_eq!(list["information"][0]["id"], future);
    assert_eq!(list["information"][1]["is_published"], true);
    assert!(all.contains(&"クライアント様へ".to_string()));
    assert!(!all.contains(&"取り消したお知らせ".to_string()));
    let (_, list) = app
        .get("/api/information?include_scheduled=1", Some(&creator))
        .await;
    assert!(!titles(&list).contains(&"来月の予定".to_string()));
    assert!(list["information"][0].get("is_published").is_none());

    // Paging: 20 a page.
    for n in 0..20 {
        post(
            &app,
            &admin,
            json!({ "title": format!("お知らせ{n}"), "body": "本文" }),
        )
        .await;
    }
    let (_, page2) = app.get("/api/information?page=2", Some(&creator)).await;
    assert_eq!(page2["current_page"], 2);
    assert_eq!(page2["last_page"], 2);
    assert_eq!(page2["total"], 25);
    assert_eq!(titles(&page2).len(), 5);
    let (status, _) = app.get("/api/information?page=-1", Some(&creator)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// A node sharing the database and Redis with the others of a test.
async fn node(pool: &PgPool, prefix: &str) -> TestApp {
    let mut config = test_config(pool);
    config.redis_url = Some(redis_url());
    config.redis_prefix = prefix.to_string();
    TestApp::spawn_with(pool.clone(), config).await
}

/// Every `information.published` a socket receives within `within`, by post id.
async fn published_events(socket: &mut SioClient, within: Duration) -> BTreeMap<i64, usize> {
    let mut seen = BTreeMap::new();
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match socket.expect_event("information.published", left).await {
            Some(data) => *seen.entry(data["id"].as_i64().unwrap()).or_insert(0) += 1,
            None => return seen,
        }
    }
}

#[tokio::test]
async fn two_nodes_publish_each_due_post_exactly_once_and_a_restart_repeats_none() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let node1 = node(&pool, &prefix).await;
    let node2 = node(&pool, &prefix).await;
    let admin = node1.login(ADMIN).await;
    let (_, mut creator_socket) = node2.live(CREATOR).await;

    // Racing calls: five due posts, both nodes publishing at the same time, several rounds.
    let mut ids = Vec::new();
    for n in 0..5 {
        let id = schedule(&node1, &admin, &format!("同時公開{n}"), &[], 3600).await;
        make_due(&pool, id).await;
        ids.push(id);
    }
    let mut published: Vec<i64> = Vec::new();
    for _ in 0..3 {
        let (a, b) = tokio::join!(
            scheduler::publish_due(&node1.state),
            scheduler::publish_due(&node2.state)
        );
        published.extend(a.unwrap().iter().map(|p| p.id));
        published.extend(b.unwrap().iter().map(|p| p.id));
    }
    published.sort();
    assert_eq!(published, ids, "each post published by exactly one call");

    // The scheduler loops of both nodes: a post due a second from now goes live once.
    let loops = [
        scheduler::spawn(node1.state.clone()),
        scheduler::spawn(node2.state.clone()),
    ];
    let timed = schedule(&node1, &admin, "1秒後に公開", &[], 1).await;
    let events = published_events(&mut creator_socket, Duration::from_secs(4)).await;
    for handle in &loops {
        handle.abort();
    }
    let mut expected: BTreeMap<i64, usize> = ids.iter().map(|id| (*id, 1)).collect();
    expected.insert(timed, 1);
    assert_eq!(
        events, expected,
        "one push per post, whichever node published it"
    );
    let stamps: Vec<(i64, Option<chrono::DateTime<Utc>>)> = sqlx::query_as(
        "select id, published_at from information_posts where title like '同時公開%' or title = '1秒後に公開' order by id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(stamps.iter().all(|(_, at)| at.is_some()));

    // A restart: a new node over the same database finds nothing left to publish.
    drop(node1);
    drop(node2);
    let restarted = node(&pool, &prefix).await;
    let (_, mut socket) = restarted.live(CREATOR).await;
    assert!(
        scheduler::publish_due(&restarted.state)
            .await
            .unwrap()
            .is_empty()
    );
    let handle = scheduler::spawn(restarted.state.clone());
    assert!(
        published_events(&mut socket, Duration::from_millis(2500))
            .await
            .is_empty(),
        "nothing is pushed again"
    );
    handle.abort();
    let after: Vec<(i64, Option<chrono::DateTime<Utc>>)> = sqlx::query_as(
        "select id, published_at from information_posts where title like '同時公開%' or title = '1秒後に公開' order by id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(after, stamps, "publication times unchanged");

    // A post scheduled before the restart and due after it is not lost.
    let pending = schedule(&restarted, &admin, "再起動をまたぐ", &[], 3600).await;
    drop(restarted);
    make_due(&pool, pending).await;
    let again = node(&pool, &prefix).await;
    let done = scheduler::publish_due(&again.state).await.unwrap();
    assert_eq!(done.iter().map(|p| p.id).collect::<Vec<_>>(), vec![pending]);
}

#[tokio::test]
async fn a_published_post_reaches_its_audience_and_nobody_else() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login(ADMIN).await;
    let (_, mut client) = app.live(CLIENT).await;
    let (_, mut creator) = app.live(CREATOR).await;
    let (_, mut editor) = app.live(EDITOR).await;
    let (_, mut manager) = app.live(MANAGER).await;

    let id = schedule(
        &app,
        &admin,
        "クリエイターの皆さまへ",
        &["general", "editor_assistant"],
        3600,
    )
    .await;
    make_due(&pool, id).await;
    scheduler::publish_due(&app.state).await.unwrap();
    for socket in [&mut creator, &mut editor] {
        let event = socket
            .expect_event("information.published", Duration::from_secs(3))
            .await
            .expect("the audience is told");
        assert_eq!(event["id"], id);
        assert_eq!(event["title"], "クリエイターの皆さまへ");
        assert_eq!(event["body"], "本文");
        assert!(event["scheduled_start_date"].is_string());
        assert!(event.get("audience_roles").is_none());
    }
    for socket in [&mut client, &mut manager] {
        assert!(
            socket
                .expect_event("information.published", Duration::from_millis(500))
                .await
                .is_none(),
            "outside the audience"
        );
    }

    // A post for everyone reaches every role.
    let (_, body) = post(
        &app,
        &admin,
        json!({ "title": "全員へ", "url": "https://tsumugi.jp/news/2" }),
    )
    .await;
    for socket in [&mut client, &mut creator, &mut editor, &mut manager] {
        let event = socket
            .expect_event("information.published", Duration::from_secs(3))
            .await
            .expect("everyone is told");
        assert_eq!(event["id"], body["id"]);
        assert_eq!(event["url"], "https://tsumugi.jp/news/2");
    }
}

#[tokio::test]
async fn whoami_says_there_is_news_until_the_dialog_is_closed() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login(ADMIN).await;
    let creator = app.login(CREATOR).await;
    let client = app.login(CLIENT).await;
    assert!(
        !new_information(&app, &creator).await,
        "demo posts are seen"
    );
    let (_, latest) = app.get("/api/information/latest", Some(&creator)).await;
    assert_eq!(latest["information"], json!([]));

    // Scheduled, not started: nothing new yet.
    let id = schedule(&app, &admin, "新機能のお知らせ", &["general"], 3600).await;
    assert!(!new_information(&app, &creator).await);
    make_due(&pool, id).await;
    scheduler::publish_due(&app.state).await.unwrap();
    assert!(
        new_information(&app, &creator).await,
        "published for creators"
    );
    assert!(!new_information(&app, &client).await, "not for clients");
    let (_, latest) = app.get("/api/information/latest", Some(&creator)).await;
    assert_eq!(titles(&latest), ["新機能のお知らせ"]);

    // Closing the dialog in one tab: the flag goes, and the other tabs hear it.
    let mut other_tab = SioClient::connect(app.addr, Some(&creator)).await.unwrap();
    let (status, me) = app
        .put("/api/information/seen", Some(&creator), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["is_exists_new_information"], false);
    let pushed = other_tab
        .expect_event("user.updated", Duration::from_secs(3))
        .await
        .expect("the other tabs learn it");
    assert_eq!(pushed["is_exists_new_information"], false);
    assert!(!new_information(&app, &creator).await);
    let (_, latest) = app.get("/api/information/latest", Some(&creator)).await;
    assert_eq!(latest["information"], json!([]));

    // A post deleted after publication is no longer news.
    let id = schedule(&app, &admin, "誤って公開", &[], 3600).await;
    make_due(&pool, id).await;
    scheduler::publish_due(&app.state).await.unwrap();
    assert!(new_information(&app, &creator).await);
    app.delete(&format!("/api/information/{id}"), Some(&admin))
        .await;
    assert!(!new_information(&app, &creator).await);

    // Six unseen posts: the dialog gets the newest five.
    for n in 0..6 {
        post(
            &app,
            &admin,
            json!({ "title": format!("連続{n}"), "body": "本文" }),
        )
        .await;
    }
    let (_, latest) = app.get("/api/information/latest", Some(&creator)).await;
    assert_eq!(
        titles(&latest),
        ["連続5", "連続4", "連続3", "連続2", "連続1"]
    );
    app.put("/api/information/seen", Some(&creator), json!({}))
        .await;
    assert!(!new_information(&app, &creator).await);
}
