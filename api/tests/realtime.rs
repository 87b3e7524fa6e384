//! The socket hub: handshake auth, revocation, channel membership, and fan-out across nodes
//! sharing Redis.

use crate::support;
use crate::support::db;

use std::time::Duration;

use chrono::Utc;
use reqwest::Method;
use serde_json::json;
use sqlx::PgPool;
use support::{TestApp, redis_url, sio::SioClient, test_config};

#[tokio::test]
async fn missing_bad_and_revoked_tokens_are_refused_at_connect() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    assert_eq!(
        SioClient::connect(app.addr, None).await.err().as_deref(),
        Some("token_missing")
    );
    assert_eq!(
        SioClient::connect(app.addr, Some("forged"))
            .await
            .err()
            .as_deref(),
        Some("token_invalid")
    );

    let token = app.login("creator@demo.tsumugi.jp").await;
    let mut live = SioClient::connect(app.addr, Some(&token))
        .await
        .expect("a live session connects");
    app.post("/api/users/logout", Some(&token), json!({})).await;
    assert!(
        live.closed_within(Duration::from_secs(3)).await,
        "logout closes the session's sockets"
    );
    assert_eq!(
        SioClient::connect(app.addr, Some(&token))
            .await
            .err()
            .as_deref(),
        Some("token_invalid")
    );
}

#[tokio::test]
async fn only_members_join_a_channel() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let channel_id: i64 = sqlx::query_scalar("select id from channels where name = 'デモ編集部'")
        .fetch_one(&pool)
        .await
        .unwrap();

    let creator = app.login("creator@demo.tsumugi.jp").await;
    let mut member = SioClient::connect(app.addr, Some(&creator)).await.unwrap();
    let ack = member
        .emit_with_ack(
            "channel:join",
            json!({ "channel_id": channel_id }),
            Duration::from_secs(3),
        )
        .await
        .unwrap();
    assert_eq!(ack["data"]["channel_id"], channel_id);

    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let mut outsider = SioClient::connect(app.addr, Some(&newbie)).await.unwrap();
    let ack = outsider
        .emit_with_ack(
            "channel:join",
            json!({ "channel_id": channel_id }),
            Duration::from_secs(3),
        )
        .await
        .unwrap();
    assert!(ack["error"]["message"].is_string(), "{ack}");
    let ack = outsider
        .emit_with_ack(
            "channel:join",
            json!({ "channel_id": 999_999 }),
            Duration::from_secs(3),
        )
        .await
        .unwrap();
    assert!(ack["error"]["message"].is_string());

    // Typing reaches the other joined member, never the outsider.
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let mut other = SioClient::connect(app.addr, Some(&editor)).await.unwrap();
    other
        .emit_with_ack(
            "channel:join",
            json!({ "channel_id": channel_id }),
            Duration::from_secs(3),
        )
        .await
        .unwrap();
    member
        .emit_with_ack(
            "typing",
            json!({ "channel_id": channel_id }),
            Duration::from_millis(300),
        )
        .await;
    let typing = other
        .expect_event("typing", Duration::from_secs(3))
        .await
        .expect("typing relayed");
    assert_eq!(typing["channel_id"], channel_id);
    assert!(
        outsider
            .expect_event("typing", Duration::from_millis(500))
            .await
            .is_none()
    );
}

async fn redis_node(pool: &PgPool, prefix: &str, revision: &str) -> TestApp {
    let mut config = test_config(pool);
    config.redis_url = Some(redis_url());
    config.redis_prefix = prefix.to_string();
    config.revision_no = Some(revision.to_string());
    TestApp::spawn_with(pool.clone(), config).await
}

#[tokio::test]
async fn maintenance_set_on_node_one_reaches_a_socket_on_node_two() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let node1 = redis_node(&pool, &prefix, "r1").await;
    let node2 = redis_node(&pool, &prefix, "r1").await;

    let creator = node2.login("creator@demo.tsumugi.jp").await;
    let mut socket = SioClient::connect(node2.addr, Some(&creator))
        .await
        .expect("connect to node 2");
    let admin = node1.login("admin@demo.tsumugi.jp").await;
    let start = Utc::now() - chrono::Duration::minutes(1);
    let body = json!({ "message": "二台構成のテスト", "start_datetime": start.to_rfc3339(), "end_datetime": (start + chrono::Duration::hours(1)).to_rfc3339() });
    let (status, _) = node1
        .request(
            Method::PUT,
            "/api/admin/maintenance",
            Some(&admin),
            Some(body),
        )
        .await;
    assert!(status.is_success());

    let pushed = socket
        .expect_event("maintenance.changed", Duration::from_secs(5))
        .await
        .expect("crossed Redis");
    assert_eq!(pushed["maintenance"]["message"], "二台構成のテスト");

    // Node 2 enforces the window node 1 set.
    let (status, _) = node2.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, reqwest::StatusCode::SERVICE_UNAVAILABLE);

    let (status, body) = node2.get("/api/health", None).await;
    assert_eq!(
        (status, body["status"].as_str()),
        (reqwest::StatusCode::OK, Some("ok"))
    );
}

#[tokio::test]
async fn a_node_starting_a_new_release_tells_sockets_on_the_other_nodes() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let old = redis_node(&pool, &prefix, "release-1").await;
    api::system::revision::announce(&old.state.db, &old.state.hub, "release-1")
        .await
        .unwrap();
    let creator = old.login("creator@demo.tsumugi.jp").await;
    let mut socket = SioClient::connect(old.addr, Some(&creator)).await.unwrap();

    // A second node of the same release says nothing.
    let same = redis_node(&pool, &prefix, "release-1").await;
    assert!(
        !api::system::revision::announce(&same.state.db, &same.state.hub, "release-1")
            .await
            .unwrap()
    );
    assert!(
        socket
            .expect_event("version.bumped", Duration::from_millis(500))
            .await
            .is_none()
    );

    let new = redis_node(&pool, &prefix, "release-2").await;
    assert!(
        api::system::revision::announce(&new.state.db, &new.state.hub, "release-2")
            .await
            .unwrap()
    );
    let bumped = socket
        .expect_event("version.bumped", Duration::from_secs(5))
        .await
        .expect("bump crossed Redis");
    assert_eq!(bumped["revision_no"], "release-2");
}

#[tokio::test]
async fn events_to_one_user_reach_all_their_sockets_on_every_node_and_nobody_else() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let node1 = redis_node(&pool, &prefix, "r").await;
    let node2 = redis_node(&pool, &prefix, "r").await;
    let creator = node1.login("creator@demo.tsumugi.jp").await;
    let editor = node1.login("editor@demo.tsumugi.jp").await;
    let mut on_node1 = SioClient::connect(node1.addr, Some(&creator))
        .await
        .unwrap();
    let mut on_node2 = SioClient::connect(node2.addr, Some(&creator))
        .await
        .unwrap();
    let mut someone_else = SioClient::connect(node2.addr, Some(&editor)).await.unwrap();
    let creator_id: i64 =
        sqlx::query_scalar("select id from users where mail_address = 'creator@demo.tsumugi.jp'")
            .fetch_one(&pool)
            .await
            .unwrap();

    node1
        .state
        .hub
        .publish(
            realtime::Room::User(creator_id),
            realtime::EventName::NoticeCreated,
            &json!({ "id": 1 }),
        )
        .await
        .unwrap();
    assert_eq!(
        on_node1
            .expect_event("notice.created", Duration::from_secs(3))
            .await,
        Some(json!({ "id": 1 }))
    );
    assert_eq!(
        on_node2
            .expect_event("notice.created", Duration::from_secs(3))
            .await,
        Some(json!({ "id": 1 }))
    );
    assert!(
        someone_else
            .expect_event("notice.created", Duration::from_millis(500))
            .await
            .is_none()
    );
}

#[tokio::test]
async fn a_session_revoked_on_one_node_is_refused_by_another_that_had_it_cached() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let node1 = redis_node(&pool, &prefix, "r1").await;
    let node2 = redis_node(&pool, &prefix, "r1").await;
    let token = node1.login("creator@demo.tsumugi.jp").await;
    // Node 2 looks the session up and keeps it for a second.
    let (status, _) = node2.get("/api/users/whoami", Some(&token)).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    let cached_at = std::time::Instant::now();
    let (status, _) = node1
        .post("/api/users/logout", Some(&token), json!({}))
        .await;
    assert_eq!(status, reqwest::StatusCode::NO_CONTENT);
    // The hub's signal reaches node 2 through Redis well before its entry would go stale.
    let refused = loop {
        let (status, _) = node2.get("/api/users/whoami", Some(&token)).await;
        if status == reqwest::StatusCode::UNAUTHORIZED {
            break cached_at.elapsed();
        }
        assert!(
            cached_at.elapsed() < Duration::from_millis(900),
            "node 2 still serves the revoked session"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert!(refused < api::auth::session_cache::FRESH_FOR, "{refused:?}");
}
