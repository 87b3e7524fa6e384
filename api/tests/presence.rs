//! Who is online, over two nodes sharing PostgreSQL and Redis (issue 43): a member's state
//! reaches the other members of their channels on the other node, stays online while one of
//! their sockets lives on any node, and goes offline within the expiry when the node holding
//! their only socket dies without a word; someone who shares no channel hears nothing and may
//! not ask.

use crate::support;

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::sio::{Next, SioClient};
use support::{GROUP, TestApp, channel_id, redis_url, test_config, user_id};

const WAIT: Duration = Duration::from_secs(3);
/// The nodes' heartbeat expiry in these tests (the product's is 20 s).
const EXPIRY: Duration = Duration::from_millis(600);

async fn node(pool: &PgPool, prefix: &str) -> TestApp {
    let mut config = test_config(pool);
    config.redis_url = Some(redis_url());
    config.redis_prefix = prefix.to_string();
    config.presence.expiry = EXPIRY;
    TestApp::spawn_with(pool.clone(), config).await
}

async fn socket(app: &TestApp, token: &str) -> SioClient {
    SioClient::connect(app.addr, Some(token)).await.unwrap()
}

async fn join(socket: &mut SioClient, channel_id: i64) -> Value {
    socket
        .emit_with_ack("channel:join", json!({ "channel_id": channel_id }), WAIT)
        .await
        .expect("join answered")
}

/// Reads `socket` until `presence.updated` says `user` is `status`; every presence event seen
/// on the way is added to `seen`. `None` when it did not come within `within`.
async fn told(
    socket: &mut SioClient,
    user: i64,
    status: &str,
    within: Duration,
    seen: &mut Vec<(i64, String)>,
) -> Option<Duration> {
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match socket.next(left).await {
            Next::Event(event) if event.name == "presence.updated" => {
                let who = event.data["user_id"].as_i64().unwrap();
                let what = event.data["status"].as_str().unwrap().to_string();
                seen.push((who, what.clone()));
                if who == user && what == status {
                    return Some(started.elapsed());
                }
            }
            Next::Event(_) => {}
            Next::Timeout | Next::Closed => return None,
        }
    }
}

/// The states `GET /channels/{id}/presence` lists, by user.
async fn listed(app: &TestApp, token: &str, channel_id: i64) -> Vec<(i64, String)> {
    let (status, body) = app
        .get(&format!("/api/channels/{channel_id}/presence"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["user_id"].as_i64().unwrap(),
                u["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn presence_crosses_nodes_and_a_dead_nodes_users_go_offline_within_the_expiry(pool: PgPool) {
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let node_a = node(&pool, &prefix).await;
    let node_b = node(&pool, &prefix).await;
    let group = channel_id(&pool, GROUP).await;
    let editor = user_id(&pool, "editor@demo.tsumugi.jp").await;
    // (The manager shares no channel with the outsider; the client does, in 特集班.)
    let manager = user_id(&pool, "manager@demo.tsumugi.jp").await;
    let [watcher, editor_token, manager_token, outsider] = [
        "client@demo.tsumugi.jp",
        "editor@demo.tsumugi.jp",
        "manager@demo.tsumugi.jp",
        "writer04@demo.tsumugi.jp",
    ]
    .map(|mail| node_b.login(mail));
    let (watcher, editor_token, manager_token, outsider) =
        tokio::join!(watcher, editor_token, manager_token, outsider);

    // A member of the channel watches from node B; someone of another team joins every channel
    // they may read, as the web app does, and is refused this one.
    let mut watching = socket(&node_b, &watcher).await;
    assert_eq!(
        join(&mut watching, group).await["data"]["channel_id"],
        group
    );
    let mut outside = socket(&node_b, &outsider).await;
    let (_, unread) = node_b.get("/api/channels/unread", Some(&outsider)).await;
    let theirs: Vec<i64> = unread["channels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["channel_id"].as_i64().unwrap())
        .collect();
    assert!(!theirs.is_empty() && !theirs.contains(&group));
    for channel in theirs {
        join(&mut outside, channel).await;
    }
    assert!(join(&mut outside, group).await["error"].is_object());

    // The editor connects to node A only, the manager to both nodes.
    let mut seen = Vec::new();
    let started = Instant::now();
    let _editor_a = socket(&node_a, &editor_token).await;
    let crossed = told(&mut watching, editor, "online", WAIT, &mut seen).await;
    assert!(
        crossed.is_some(),
        "node B's member hears node A's connect: {seen:?}"
    );
    let _manager_a = socket(&node_a, &manager_token).await;
    let manager_b = socket(&node_b, &manager_token).await;
    assert!(
        told(&mut watching, manager, "online", WAIT, &mut seen)
            .await
            .is_some()
    );
    let now = listed(&node_b, &watcher, group).await;
    assert!(now.contains(&(editor, "online".into())), "{now:?}");
    assert!(now.contains(&(manager, "online".into())), "{now:?}");
    let online_ms = started.elapsed().as_millis();

    // Node A dies: no heartbeat, nothing removed, its sockets gone.
    let dead_hub = node_a.state.hub.clone();
    dead_hub.halt_presence();
    drop(node_a);
    dead_hub.close().await;
    let died = Instant::now();
    let mut seen = Vec::new();
    let offline = told(&mut watching, editor, "offline", EXPIRY * 5, &mut seen).await;
    let offline_after = died.elapsed();
    assert!(
        offline.is_some(),
        "the editor goes offline once node A's heartbeat lapsed: {seen:?}"
    );
    assert!(offline_after < EXPIRY * 3, "{offline_after:?}");
    // The manager still has a socket on node B: online all along.
    let now = listed(&node_b, &watcher, group).await;
    assert!(!now.iter().any(|(id, _)| *id == editor), "{now:?}");
    assert!(now.contains(&(manager, "online".into())), "{now:?}");
    assert!(
        !seen.contains(&(manager, "offline".into())),
        "a user with a socket on a live node stays online: {seen:?}"
    );

    // Its last socket closes: offline at once.
    drop(manager_b);
    assert!(
        told(&mut watching, manager, "offline", WAIT, &mut seen)
            .await
            .is_some()
    );

    // The outsider heard none of it, and may not ask.
    let mut heard = Vec::new();
    while let Next::Event(event) = outside.next(Duration::from_millis(100)).await {
        if event.name == "presence.updated" {
            heard.push(event.data["user_id"].as_i64().unwrap());
        }
    }
    assert!(
        !heard.contains(&editor) && !heard.contains(&manager),
        "{heard:?}"
    );
    let (status, _) = node_b
        .get(&format!("/api/channels/{group}/presence"), Some(&outsider))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    eprintln!(
        "presence: online across nodes in {online_ms} ms; offline {} ms after the node died (expiry {} ms)",
        offline_after.as_millis(),
        EXPIRY.as_millis()
    );
}
