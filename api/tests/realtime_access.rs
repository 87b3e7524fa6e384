//! Losing read access to a channel takes the user's sockets out of its room on every node
//! before the change's answer returns (issue 39, item 1): two nodes share Redis, the member's
//! socket is on one node and the change is made through REST on the other.

use crate::support;
use crate::support::db;

use std::time::Duration;

use serde_json::{Value, json};
use sqlx::PgPool;
use support::sio::{Next, SioClient};
use support::{TestApp, channel_id, redis_url, test_config, user_id};

const ACK: Duration = Duration::from_secs(3);
/// How long a socket is watched for something it must not get, once a witness in the same room
/// on the same node has had it (the node applies Redis messages in order, so by then the
/// frame would already have been queued for the evicted socket too).
const QUIET: Duration = Duration::from_millis(400);

async fn node(pool: &PgPool, prefix: &str) -> TestApp {
    let mut config = test_config(pool);
    config.redis_url = Some(redis_url());
    config.redis_prefix = prefix.to_string();
    TestApp::spawn_with(pool.clone(), config).await
}

/// Two nodes of one deployment: one database, one Redis prefix.
async fn two_nodes(pool: &PgPool) -> (TestApp, TestApp) {
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    (node(pool, &prefix).await, node(pool, &prefix).await)
}

async fn joined(app: &TestApp, token: &str, channel_id: i64) -> SioClient {
    let mut socket = SioClient::connect(app.addr, Some(token)).await.unwrap();
    let ack = socket
        .emit_with_ack("channel:join", json!({ "channel_id": channel_id }), ACK)
        .await
        .expect("join answered");
    assert_eq!(ack["data"]["channel_id"], channel_id, "{ack}");
    socket
}

/// The media team 「特集班」: (media id, team id, its `all` channel).
async fn feature_team(pool: &PgPool) -> (i64, i64, i64) {
    sqlx::query_as(
        "select t.media_id, t.id, c.id from teams t join channels c on c.team_id = t.id and c.channel_type = 'all'
          where t.name = '特集班'",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

/// Whether `socket` gets an event named `name` (anything else is skipped) within `within`;
/// `false` as well when the socket was closed.
async fn gets(socket: &mut SioClient, name: &str, within: Duration) -> bool {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match socket.next(left).await {
            Next::Event(event) if event.name == name => return true,
            Next::Event(_) => {}
            Next::Timeout | Next::Closed => return false,
        }
    }
}

/// Reads what has come, until nothing more comes for a moment.
async fn drain(socket: &mut SioClient) {
    while let Next::Event(_) = socket.next(Duration::from_millis(200)).await {}
}

/// After the change that took `lost`'s access away has answered: a message posted on `post_on`
/// by `poster` reaches the `witness` (in the same room, on the same node as `lost`) and not
/// `lost`; a `typing` sent by `lost` reaches nobody.
async fn lost_the_room(
    post_on: &TestApp,
    poster: &str,
    channel_id: i64,
    witness: &mut SioClient,
    lost: &mut SioClient,
) {
    hears(post_on, poster, channel_id, witness, lost, false).await;
}

/// The socket is in the room to begin with: a message reaches it and its typing is relayed.
async fn in_the_room(
    post_on: &TestApp,
    poster: &str,
    channel_id: i64,
    witness: &mut SioClient,
    member: &mut SioClient,
) {
    hears(post_on, poster, channel_id, witness, member, true).await;
}

/// A message posted on `post_on` by `poster` reaches the `witness`; whether it reaches `socket`
/// and whether `socket`'s `typing` reaches the witness is `in_room`.
async fn hears(
    post_on: &TestApp,
    poster: &str,
    channel_id: i64,
    witness: &mut SioClient,
    socket: &mut SioClient,
    in_room: bool,
) {
    let (status, body) = post_on
        .post(
            &format!("/api/channels/{channel_id}/messages"),
            Some(poster),
            json!({ "body": format!("在室 {in_room} のときのメッセージ") }),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert!(
        gets(witness, "message.created", ACK).await,
        "the witness gets the message"
    );
    let within = if in_room { ACK } else { QUIET };
    assert_eq!(
        gets(socket, "message.created", within).await,
        in_room,
        "whether the socket gets the channel's messages"
    );
    socket
        .emit("typing", json!({ "channel_id": channel_id }))
        .await;
    assert_eq!(
        gets(witness, "typing", within).await,
        in_room,
        "whether the socket's typing is relayed into the room"
    );
}

#[tokio::test]
async fn a_member_the_client_ends_leaves_the_room_on_every_node() {
    let (pool, _db) = db::seeded().await;
    let (node1, node2) = two_nodes(&pool).await;
    let (media_id, team_id, channel_id) = feature_team(&pool).await;
    let writer_id = user_id(&pool, "writer04@demo.tsumugi.jp").await;
    let client = node1.login("client@demo.tsumugi.jp").await;
    let writer = node2.login("writer04@demo.tsumugi.jp").await;
    let mut member = joined(&node2, &writer, channel_id).await;
    let mut witness = joined(&node2, &client, channel_id).await;
    in_the_room(&node1, &client, channel_id, &mut witness, &mut member).await;

    let (status, body) = node1
        .put(
            &format!("/api/clients/media/{media_id}/teams/{team_id}/members/{writer_id}"),
            Some(&client),
            json!({ "status": "left" }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // Posted on the evicted socket's own node, which delivers it there without Redis: node 2
    // has applied the change before node 1 answered.
    lost_the_room(&node2, &client, channel_id, &mut witness, &mut member).await;

    // Joining again is refused, as for anyone who is not a member.
    let ack = member
        .emit_with_ack("channel:join", json!({ "channel_id": channel_id }), ACK)
        .await
        .unwrap();
    assert!(ack["error"]["message"].is_string(), "{ack}");
}

#[tokio::test]
async fn a_creator_who_leaves_the_team_leaves_the_room_on_every_node() {
    let (pool, _db) = db::seeded().await;
    let (node1, node2) = two_nodes(&pool).await;
    let (_, team_id, channel_id) = feature_team(&pool).await;
    let client = node1.login("client@demo.tsumugi.jp").await;
    let writer_on_node1 = node1.login("writer04@demo.tsumugi.jp").await;
    let writer_on_node2 = node2.login("writer04@demo.tsumugi.jp").await;
    // Two of the writer's sockets: one on each node.
    let mut here = joined(&node1, &writer_on_node1, channel_id).await;
    let mut there = joined(&node2, &writer_on_node2, channel_id).await;
    let mut witness1 = joined(&node1, &client, channel_id).await;
    let mut witness2 = joined(&node2, &client, channel_id).await;
    in_the_room(&node1, &client, channel_id, &mut witness2, &mut there).await;
    assert!(gets(&mut here, "message.created", ACK).await);

    let (status, body) = node1
        .put(
            &format!("/api/teams/{team_id}/offer"),
            Some(&writer_on_node1),
            json!({ "answer": "leave" }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    lost_the_room(&node1, &client, channel_id, &mut witness2, &mut there).await;
    // (the first witness has had the events above: start it afresh)
    drain(&mut witness1).await;
    lost_the_room(&node1, &client, channel_id, &mut witness1, &mut here).await;
}

/// An admin's change to an account (made on node 1) takes the account's socket on node 2 out
/// of `channel`, where `witness` stays.
async fn account_change_leaves_the_room(
    pool: &PgPool,
    channel: &str,
    (member_mail, witness_mail): (&str, &str),
    change: impl Fn(i64) -> (String, Value),
) {
    let (node1, node2) = two_nodes(pool).await;
    let channel_id = channel_id(pool, channel).await;
    let admin = node1.login("admin@demo.tsumugi.jp").await;
    let poster = node1.login(witness_mail).await;
    let member_token = node2.login(member_mail).await;
    let mut member = joined(&node2, &member_token, channel_id).await;
    let mut witness = joined(&node2, &poster, channel_id).await;
    in_the_room(&node1, &poster, channel_id, &mut witness, &mut member).await;

    let (path, body) = change(user_id(pool, member_mail).await);
    let (status, body) = node1.put(&path, Some(&admin), body).await;
    assert_eq!(status, 200, "{body}");
    lost_the_room(&node1, &poster, channel_id, &mut witness, &mut member).await;
}

#[tokio::test]
async fn a_suspended_account_leaves_the_room_on_every_node() {
    let (pool, _db) = db::seeded().await;
    account_change_leaves_the_room(
        &pool,
        "デモ編集部",
        ("creator@demo.tsumugi.jp", "editor@demo.tsumugi.jp"),
        |id| {
            (
                format!("/api/admin/users/{id}/left"),
                json!({ "status": "banned", "reason": "確認のため" }),
            )
        },
    )
    .await;
}

/// Staff read management channels without being members; the accountant is not one.
#[tokio::test]
async fn staff_made_a_creator_leaves_the_management_room_on_every_node() {
    let (pool, _db) = db::seeded().await;
    account_change_leaves_the_room(
        &pool,
        "スタッフ連絡",
        ("accountant@demo.tsumugi.jp", "manager@demo.tsumugi.jp"),
        |id| {
            (
                format!("/api/users/{id}/role"),
                json!({ "role_type": "general" }),
            )
        },
    )
    .await;
}

/// What the hub does is what the rule says, not what the write paths list: a membership taken
/// away by any write (here straight in the database, as a future path might) is applied by
/// the one call every path makes.
#[tokio::test]
async fn access_changed_recomputes_the_rooms_from_the_membership_rule() {
    let (pool, _db) = db::seeded().await;
    let (node1, node2) = two_nodes(&pool).await;
    let other_channel = channel_id(&pool, "山田 花子・佐藤 健").await;
    let channel_id = channel_id(&pool, "デモ編集部").await;
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let editor = node1.login("editor@demo.tsumugi.jp").await;
    let creator = node2.login("creator@demo.tsumugi.jp").await;
    let mut member = joined(&node2, &creator, channel_id).await;
    member
        .emit_with_ack("channel:join", json!({ "channel_id": other_channel }), ACK)
        .await
        .unwrap();
    let mut witness = joined(&node2, &editor, channel_id).await;
    witness
        .emit_with_ack("channel:join", json!({ "channel_id": other_channel }), ACK)
        .await
        .unwrap();

    sqlx::query("delete from channel_members where channel_id = $1 and user_id = $2")
        .bind(channel_id)
        .bind(creator_id)
        .execute(&pool)
        .await
        .unwrap();
    api::platform::realtime_auth::channel_access_changed(
        &node1.state.db,
        &node1.state.hub,
        &[creator_id],
    )
    .await;
    lost_the_room(&node1, &editor, channel_id, &mut witness, &mut member).await;

    // The channel the creator still reads keeps them.
    in_the_room(&node1, &editor, other_channel, &mut witness, &mut member).await;
}

/// An eviction a node missed (its link to the other nodes was down when it was published)
/// cannot let `typing` through: the right is checked again as the typing goes out, and the
/// socket leaves the room then.
#[tokio::test]
async fn typing_is_checked_against_the_rule_when_it_is_relayed() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let channel_id = channel_id(&pool, "デモ編集部").await;
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let mut member = joined(&app, &creator, channel_id).await;
    let mut witness = joined(&app, &editor, channel_id).await;

    // Taken away with no eviction published.
    sqlx::query("delete from channel_members where channel_id = $1 and user_id = $2")
        .bind(channel_id)
        .bind(creator_id)
        .execute(&pool)
        .await
        .unwrap();
    member
        .emit("typing", json!({ "channel_id": channel_id }))
        .await;
    assert!(!gets(&mut witness, "typing", QUIET).await, "typing relayed");
    // The refused typing took the socket out of the room.
    lost_the_room(&app, &editor, channel_id, &mut witness, &mut member).await;
}
