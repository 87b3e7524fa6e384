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

/// The changes one `presence.updated` lists: (user, status, sequence) in order.
fn changes(data: &Value) -> Vec<(i64, String, u64)> {
    let users = data["users"]
        .as_array()
        .expect("presence.updated lists users");
    users
        .iter()
        .map(|u| {
            let status = u["status"].as_str().unwrap().to_string();
            (
                u["user_id"].as_i64().unwrap(),
                status,
                u["seq"].as_u64().unwrap(),
            )
        })
        .collect()
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
                let changes = changes(&event.data);
                let found = changes
                    .iter()
                    .any(|(who, what, _)| *who == user && what == status);
                seen.extend(changes.into_iter().map(|(who, what, _)| (who, what)));
                if found {
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
    listed_with_seq(app, token, channel_id)
        .await
        .into_iter()
        .map(|(id, status, _)| (id, status))
        .collect()
}

/// The states and sequences `GET /channels/{id}/presence` lists.
async fn listed_with_seq(app: &TestApp, token: &str, channel_id: i64) -> Vec<(i64, String, u64)> {
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
                u["seq"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// What a browser keeps of `user`'s pushes taken in `order`: the state of the greatest sequence.
fn kept<'a>(order: impl IntoIterator<Item = &'a (String, u64)>) -> Option<&'a (String, u64)> {
    order
        .into_iter()
        .fold(None, |kept: Option<&(String, u64)>, push| match kept {
            Some(k) if k.1 >= push.1 => Some(k),
            _ => Some(push),
        })
}

/// A user's one socket moves between two nodes again and again, the new one opening as the old
/// one closes: each node announces the change its own write made, so the watcher gets
/// pushes from both nodes, which may arrive in either order. Their sequences are the order in
/// which Redis ran the writes: sorted by it the states alternate, the greatest says what is
/// true, the REST answer has the same state and sequence, and whatever order the pushes arrive
/// in, keeping the greatest sequence ends on the truth.
#[sqlx::test(migrator = "api::MIGRATOR")]
async fn pushes_from_two_nodes_carry_an_order_and_the_greatest_sequence_is_the_state(pool: PgPool) {
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let nodes = [node(&pool, &prefix).await, node(&pool, &prefix).await];
    let group = channel_id(&pool, GROUP).await;
    let editor = user_id(&pool, "editor@demo.tsumugi.jp").await;
    let watcher = nodes[1].login("client@demo.tsumugi.jp").await;
    let editor_token = nodes[0].login("editor@demo.tsumugi.jp").await;
    let mut watching = socket(&nodes[1], &watcher).await;
    join(&mut watching, group).await;

    let mut current = socket(&nodes[0], &editor_token).await;
    let mut seen = Vec::new();
    assert!(
        told(&mut watching, editor, "online", WAIT, &mut seen)
            .await
            .is_some()
    );
    const MOVES: usize = 8;
    for round in 0..MOVES {
        let to = &nodes[(round + 1) % 2];
        // The old socket goes (its node writes offline) as the new one connects (the other
        // node writes online).
        drop(current);
        current = socket(to, &editor_token).await;
        // Give both announcements time to be published before the next move.
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    // Every push about the editor, in the order they arrived.
    let mut pushes: Vec<(String, u64)> = Vec::new();
    while let Next::Event(event) = watching.next(Duration::from_millis(500)).await {
        if event.name == "presence.updated" {
            let about_editor = changes(&event.data).into_iter().filter(|c| c.0 == editor);
            pushes.extend(about_editor.map(|(_, status, seq)| (status, seq)));
        }
    }

    let now = listed_with_seq(&nodes[1], &watcher, group).await;
    let (_, status, seq) = now.iter().find(|(id, ..)| *id == editor).unwrap().clone();
    assert_eq!(
        status, "online",
        "the editor has a socket all along: {pushes:?}"
    );
    assert!(!pushes.is_empty(), "the moves were announced");
    let mut by_seq = pushes.clone();
    by_seq.sort_by_key(|(_, seq)| *seq);
    by_seq.dedup_by_key(|(_, seq)| *seq);
    assert_eq!(by_seq.len(), pushes.len(), "each change once: {pushes:?}");
    assert!(
        by_seq.windows(2).all(|w| w[0].0 != w[1].0),
        "in the order of their sequences each push moves the state: {by_seq:?}"
    );
    if let Some(greatest) = by_seq.last() {
        assert_eq!(greatest, &(status.clone(), seq), "{pushes:?}");
    }
    for order in [pushes.clone(), pushes.iter().rev().cloned().collect()] {
        let kept = kept(&order).map(|(status, _)| status.as_str());
        assert!(
            kept.is_none() || kept == Some("online"),
            "kept {kept:?} from {order:?}"
        );
    }
    let crossed = pushes.windows(2).filter(|w| w[0].1 > w[1].1).count();
    eprintln!(
        "presence order: {} pushes over {MOVES} moves, {crossed} arrived after a later one",
        pushes.len()
    );

    // The last socket closes: offline, with a greater sequence than anything before.
    drop(current);
    let mut seen = Vec::new();
    assert!(
        told(&mut watching, editor, "offline", WAIT, &mut seen)
            .await
            .is_some()
    );
    let now = listed_with_seq(&nodes[1], &watcher, group).await;
    let (_, status, last) = now.iter().find(|(id, ..)| *id == editor).unwrap().clone();
    assert_eq!(status, "offline");
    assert!(last > seq, "{last} > {seq}");
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
    assert!(now.contains(&(editor, "offline".into())), "{now:?}");
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
            heard.extend(changes(&event.data).into_iter().map(|(who, _, _)| who));
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

/// Joins every channel the caller is a member of, as the web app does on connect.
async fn join_member_channels(app: &TestApp, token: &str, socket: &mut SioClient) {
    let (_, unread) = app.get("/api/channels/unread", Some(token)).await;
    for channel in unread["channels"].as_array().unwrap() {
        join(socket, channel["channel_id"].as_i64().unwrap()).await;
    }
}

/// Reads every `presence.updated` about `user` that `socket` gets until it is quiet for
/// `quiet`: the statuses, in order.
async fn heard_about(socket: &mut SioClient, user: i64, quiet: Duration) -> Vec<String> {
    let mut heard = Vec::new();
    while let Next::Event(event) = socket.next(quiet).await {
        if event.name == "presence.updated" {
            let about_user = changes(&event.data).into_iter().filter(|c| c.0 == user);
            heard.extend(about_user.map(|(_, status, _)| status));
        }
    }
    heard
}

/// A team's member list shows its working members' dots: whoever sees the team (its company,
/// staff, a creator working in it) hears their changes in their own rooms and may ask for their
/// states; another company or a creator outside the team neither hears nor may ask (403); a
/// member who is taken off the team stops hearing at the next change, with no room to leave.
#[sqlx::test(migrator = "api::MIGRATOR")]
async fn a_teams_members_presence_reaches_who_sees_the_team_and_no_one_else(pool: PgPool) {
    let app = node(&pool, &format!("test-{}", uuid::Uuid::new_v4())).await;
    let client_a = support::demo_client_id(&pool).await;
    let media: i64 =
        sqlx::query_scalar("select id from media where client_id = $1 order by id limit 1")
            .bind(client_a)
            .fetch_one(&pool)
            .await
            .unwrap();
    let team: i64 = sqlx::query_scalar(
        "insert into teams (name, client_id, media_id) values ('在席テスト班', $1, $2) returning id",
    )
    .bind(client_a)
    .bind(media)
    .fetch_one(&pool)
    .await
    .unwrap();
    // The team has no channel: what its members hear of each other comes through the team.
    let [worker, colleague] = [
        user_id(&pool, "writer04@demo.tsumugi.jp").await,
        user_id(&pool, "creator@demo.tsumugi.jp").await,
    ];
    for member in [worker, colleague] {
        sqlx::query(
            "insert into team_members (team_id, user_id, status) values ($1, $2, 'assignable')",
        )
        .bind(team)
        .bind(member)
        .execute(&pool)
        .await
        .unwrap();
    }
    let shared: i64 = sqlx::query_scalar(
        "select count(*) from channel_members a join channel_members b using (channel_id)
          where a.user_id = $1 and b.user_id = $2",
    )
    .bind(worker)
    .bind(colleague)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(shared, 0, "the two share no channel");

    let (company, mut company_live) = app.live("client@demo.tsumugi.jp").await;
    let (colleague_token, mut colleague_live) = app.live("creator@demo.tsumugi.jp").await;
    let (other_company, mut other_company_live) = app.live("client-b@demo.tsumugi.jp").await;
    let (outside_creator, mut outside_creator_live) = app.live("editor@demo.tsumugi.jp").await;
    let worker_token = app.login("writer04@demo.tsumugi.jp").await;
    // Everyone's sockets are in their channels' rooms too, as in the web app (the company's user
    // shares a channel with the worker and hears them there, once).
    join_member_channels(&app, &company, &mut company_live).await;
    join_member_channels(&app, &colleague_token, &mut colleague_live).await;
    join_member_channels(&app, &other_company, &mut other_company_live).await;
    join_member_channels(&app, &outside_creator, &mut outside_creator_live).await;

    let worker_socket = socket(&app, &worker_token).await;
    let mut seen = Vec::new();
    for live in [&mut company_live, &mut colleague_live] {
        assert!(
            told(live, worker, "online", WAIT, &mut seen)
                .await
                .is_some(),
            "{seen:?}"
        );
    }
    let path = format!("/api/teams/{team}/presence");
    for token in [&company, &colleague_token] {
        let (status, body) = app.get(&path, Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let users = body["users"].as_array().unwrap();
        let theirs = users
            .iter()
            .find(|u| u["user_id"] == worker)
            .expect("the worker is listed");
        assert_eq!(theirs["status"], "online");
        assert!(theirs["seq"].as_u64().unwrap() > 0);
        assert!(users.iter().any(|u| u["user_id"] == colleague));
    }
    for token in [&other_company, &outside_creator] {
        let (status, _) = app.get(&path, Some(token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }

    // The colleague is taken off the team (the product's way: the company ends their place).
    let (status, body) = app
        .put(
            &format!("/api/clients/media/{media}/teams/{team}/members/{colleague}"),
            Some(&company),
            json!({ "status": "left" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    drop(worker_socket);
    assert!(
        told(&mut company_live, worker, "offline", WAIT, &mut seen)
            .await
            .is_some()
    );
    let quiet = Duration::from_millis(300);
    assert_eq!(
        heard_about(&mut colleague_live, worker, quiet).await,
        Vec::<String>::new(),
        "taken off the team, the colleague hears nothing more"
    );
    let (status, _) = app.get(&path, Some(&colleague_token)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for live in [&mut other_company_live, &mut outside_creator_live] {
        assert_eq!(
            heard_about(live, worker, quiet).await,
            Vec::<String>::new(),
            "outsiders hear nothing of the team"
        );
    }
}

/// Who hears a team's presence is computed with the team rule written with the viewer as a
/// column (`push_team_viewers`); it must say exactly what the caller's rule
/// (`push_visible_teams`) says, for every demo user and team.
#[tokio::test]
async fn the_team_audience_rule_agrees_with_the_callers_team_rule() {
    use api::auth::role::Role;
    use api::auth::session::Caller;
    use api::chat::channels::access::{SqlQuery, push_team_viewers, push_visible_teams};
    use std::collections::HashSet;

    let (pool, _db) = support::db::seeded().await;
    let mut q = SqlQuery::new("select u.id, t.id from users u cross join teams t where ");
    push_team_viewers(&mut q);
    let by_column: HashSet<(i64, i64)> = q
        .build_query_as::<(i64, i64)>()
        .fetch_all(&pool)
        .await
        .unwrap()
        .into_iter()
        .collect();
    let users: Vec<(i64, String, Option<i64>)> =
        sqlx::query_as("select id, role, client_id from users")
            .fetch_all(&pool)
            .await
            .unwrap();
    let mut by_caller = HashSet::new();
    let mut roles = HashSet::new();
    for (user_id, role, client_id) in users {
        let caller = Caller {
            user_id,
            role: Role::from_db(&role).unwrap(),
            session_id: uuid::Uuid::nil(),
            client_id,
        };
        roles.insert(role);
        let mut q = SqlQuery::new("select t.id from teams t where ");
        push_visible_teams(&mut q, &caller);
        for team in q
            .build_query_scalar::<i64>()
            .fetch_all(&pool)
            .await
            .unwrap()
        {
            by_caller.insert((user_id, team));
        }
    }
    assert_eq!(roles.len(), 6, "every role is compared: {roles:?}");
    assert!(!by_caller.is_empty());
    assert_eq!(by_column, by_caller);
}
