//! Two nodes fanning out through a Redis Cluster with sharded pub/sub (issue 42,
//! `docs/decisions/redis-cluster.md`): the three-shard cluster that `make test` starts
//! (`scripts/lib.sh` `ensure_redis_cluster`, named in `TEST_REDIS_CLUSTER_URL`). A message
//! crosses nodes whichever shard carries its channel, presence is shared, and when a shard's
//! primary dies and its replica takes over, a reader on the other node misses nothing once it
//! has caught up.

use crate::support;
use crate::support::db;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use api::config::Config;
use redis::{FromRedisValue, Value as RedisValue};
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use support::chat::{
    ChatStore, Seen, Talker, catch_up, forward, join, message_ids, post_message, redis_node_config,
};
use support::sio::{Next, SioClient};
use support::{GROUP, TestApp, channel_id, user_id};
use tokio::sync::mpsc;

/// The tests share one cluster and one of them takes a primary away: one at a time.
static CLUSTER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The longest any wait below polls for (never a measured bound: the figures are printed).
const PATIENCE: Duration = Duration::from_secs(30);

fn cluster_url() -> String {
    std::env::var("TEST_REDIS_CLUSTER_URL").unwrap_or_else(|_| {
        panic!(
            "TEST_REDIS_CLUSTER_URL is not set: these tests need the three-shard Redis Cluster \
             (`source scripts/lib.sh; ensure_redis_cluster` exports it; make test does this)"
        )
    })
}

/// A node on the cluster whose members may talk fast (`Talker` sends every 40 ms).
fn cluster_config(pool: &PgPool, prefix: &str) -> Config {
    let mut config = redis_node_config(pool, cluster_url(), prefix);
    config.redis_cluster = true;
    config
}

/// A connection to the first node of the cluster that answers (a killed one no longer does).
async fn admin() -> redis::aio::MultiplexedConnection {
    for url in cluster_url().split(',') {
        if let Ok(client) = redis::Client::open(url)
            && let Ok(Ok(conn)) = tokio::time::timeout(
                Duration::from_secs(1),
                client.get_multiplexed_async_connection(),
            )
            .await
        {
            return conn;
        }
    }
    panic!("no node of the Redis Cluster answers");
}

/// One slot range of `CLUSTER SLOTS`: its primary's port and how many replicas it has.
struct Range {
    first: u16,
    last: u16,
    primary: u16,
    replicas: usize,
}

async fn slot_map() -> Vec<Range> {
    let rows: Vec<Vec<RedisValue>> = redis::cmd("CLUSTER")
        .arg("SLOTS")
        .query_async(&mut admin().await)
        .await
        .unwrap();
    rows.into_iter()
        .map(|row| {
            let replicas = row.len() - 3;
            let mut row = row.into_iter();
            let first = i64::from_redis_value(row.next().unwrap()).unwrap() as u16;
            let last = i64::from_redis_value(row.next().unwrap()).unwrap() as u16;
            let node = Vec::<RedisValue>::from_redis_value(row.next().unwrap()).unwrap();
            let primary = i64::from_redis_value(node[1].clone()).unwrap() as u16;
            Range {
                first,
                last,
                primary,
                replicas,
            }
        })
        .collect()
}

/// The slot of the sharded channel that carries `room` (the cluster computes it).
async fn slot_of(prefix: &str, room: &str) -> u16 {
    redis::cmd("CLUSTER")
        .arg("KEYSLOT")
        .arg(realtime::sharded_channel(prefix, room))
        .query_async(&mut admin().await)
        .await
        .unwrap()
}

fn range_of(map: &[Range], slot: u16) -> &Range {
    map.iter()
        .find(|r| (r.first..=r.last).contains(&slot))
        .expect("every slot is served")
}

/// New group channels with the demo group's members until each primary carries one; per
/// primary's port, its channel and the slot of the channel's sharded channel.
async fn a_channel_on_each_shard(pool: &PgPool, prefix: &str) -> BTreeMap<u16, (i64, u16)> {
    let group = channel_id(pool, GROUP).await;
    let team_id: i64 = sqlx::query_scalar("select team_id from channels where id = $1")
        .bind(group)
        .fetch_one(pool)
        .await
        .unwrap();
    let map = slot_map().await;
    let shards = map
        .iter()
        .map(|r| r.primary)
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(shards.len(), 3, "the test cluster has three shards");
    let mut found = BTreeMap::new();
    for n in 0..200 {
        if found.len() == shards.len() {
            break;
        }
        let channel: i64 = sqlx::query_scalar(
            "insert into channels (team_id, name, channel_type) values ($1, $2, 'group') returning id",
        )
        .bind(team_id)
        .bind(format!("シャード {n}"))
        .fetch_one(pool)
        .await
        .unwrap();
        sqlx::query(
            "insert into channel_members (channel_id, user_id) \
             select $1, user_id from channel_members where channel_id = $2",
        )
        .bind(channel)
        .bind(group)
        .execute(pool)
        .await
        .unwrap();
        let slot = slot_of(prefix, &format!("channel:{channel}")).await;
        found
            .entry(range_of(&map, slot).primary)
            .or_insert((channel, slot));
    }
    assert_eq!(found.len(), 3, "channels landed on every shard");
    found
}

/// Two nodes on the cluster (the cluster held for this test alone) and a channel on each shard.
struct Nodes {
    _cluster: tokio::sync::MutexGuard<'static, ()>,
    pool: PgPool,
    _db: db::TestDb,
    node_a: TestApp,
    node_b: TestApp,
    channels: BTreeMap<u16, (i64, u16)>,
}

impl Nodes {
    async fn start() -> Self {
        let _cluster = CLUSTER.lock().await;
        let (pool, _db) = db::seeded().await;
        let prefix = format!("test-{}", uuid::Uuid::new_v4());
        let node_a = TestApp::spawn_with(pool.clone(), cluster_config(&pool, &prefix)).await;
        let node_b = TestApp::spawn_with(pool.clone(), cluster_config(&pool, &prefix)).await;
        let channels = a_channel_on_each_shard(&pool, &prefix).await;
        Nodes {
            _cluster,
            pool,
            _db,
            node_a,
            node_b,
            channels,
        }
    }
}

/// Reads `socket` until an event satisfies `wanted`; whether one came within [`PATIENCE`].
async fn until(socket: &mut SioClient, mut wanted: impl FnMut(&str, &Value) -> bool) -> bool {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match socket.next(left).await {
            Next::Event(event) if wanted(&event.name, &event.data) => return true,
            Next::Event(_) => {}
            Next::Timeout | Next::Closed => return false,
        }
    }
}

/// Posts `text` to `channel` through `node` (it must be accepted); whether `socket` hears that
/// message pushed within [`PATIENCE`].
async fn posted_and_heard(
    node: &TestApp,
    token: &str,
    channel: i64,
    text: &str,
    socket: &mut SioClient,
) -> bool {
    let (status, sent) = post_message(&node.http, node.addr, token, channel, text, text)
        .await
        .unwrap();
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    let id = sent["id"].as_i64();
    until(socket, |name, data| {
        name == "message.created" && data["id"].as_i64() == id
    })
    .await
}

#[tokio::test]
async fn a_message_crosses_nodes_through_every_shard_and_presence_is_shared() {
    let Nodes {
        _cluster,
        pool,
        _db,
        node_a,
        node_b,
        channels,
    } = Nodes::start().await;
    let group = channel_id(&pool, GROUP).await;

    let (status, _) = node_a.get("/api/ready", None).await;
    assert_eq!(status, StatusCode::OK, "a node on the cluster is ready");

    // The reader on node B, in every channel; the writer comes online on node A.
    let reader = node_b.login("editor@demo.tsumugi.jp").await;
    let mut socket = SioClient::connect(node_b.addr, Some(&reader))
        .await
        .unwrap();
    join(&mut socket, group).await;
    for (channel, _) in channels.values() {
        join(&mut socket, *channel).await;
    }
    let writer = node_a.login("creator@demo.tsumugi.jp").await;
    let creator = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let _writer_socket = SioClient::connect(node_a.addr, Some(&writer))
        .await
        .unwrap();
    assert!(
        until(&mut socket, |name, data| name == "presence.updated"
            && data["users"].as_array().is_some_and(|users| users
                .iter()
                .any(
                    |u| u["user_id"].as_i64() == Some(creator) && u["status"] == "online"
                )))
        .await,
        "the writer's socket on node A is announced to the reader on node B"
    );
    let (status, listed) = node_b
        .get(&format!("/api/channels/{group}/presence"), Some(&reader))
        .await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert!(
        listed["users"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u["user_id"].as_i64() == Some(creator) && u["status"] == "online"),
        "node B reads the writer's state from the cluster: {listed}"
    );

    // A message in each channel, each carried by another shard, crosses from A to B.
    for (primary, (channel, slot)) in &channels {
        assert!(
            posted_and_heard(
                &node_a,
                &writer,
                *channel,
                &format!("shard-{primary}"),
                &mut socket
            )
            .await,
            "a message in channel {channel} (slot {slot}, primary :{primary}) reaches node B"
        );
    }
    // And back from B to A, through the shard of the last channel.
    let (channel, _) = *channels.values().next_back().unwrap();
    let mut writer_socket = _writer_socket;
    join(&mut writer_socket, channel).await;
    assert!(
        posted_and_heard(&node_b, &reader, channel, "back", &mut writer_socket).await,
        "B → A crosses too"
    );
}

/// Merges what the socket delivered so far; notes the latest `hub.resync`.
fn drain(
    inbox: &mut mpsc::UnboundedReceiver<Seen>,
    store: &mut ChatStore,
    resync: &mut Option<String>,
) {
    while let Ok(seen) = inbox.try_recv() {
        match seen {
            Seen::Message(message, _) => store.merge(&message, true),
            Seen::Resync(since, _) => *resync = Some(since),
        }
    }
}

#[tokio::test]
async fn losing_a_shards_primary_loses_no_message_for_a_reader_that_catches_up() {
    let Nodes {
        _cluster,
        pool,
        _db,
        node_a,
        node_b,
        channels,
    } = Nodes::start().await;
    let map = slot_map().await;
    // A shard whose primary has a replica to take over.
    let (&primary, &(channel, slot)) = channels
        .iter()
        .find(|(_, (_, slot))| range_of(&map, *slot).replicas > 0)
        .expect("a primary with a replica (restart the test cluster after a failover test)");

    let reader = node_b.login("editor@demo.tsumugi.jp").await;
    let mut socket = SioClient::connect(node_b.addr, Some(&reader))
        .await
        .unwrap();
    join(&mut socket, channel).await;
    let mut inbox = forward(socket);
    let mut store = ChatStore::default();
    let mut resync: Option<String> = None;
    let writer = node_a.login("creator@demo.tsumugi.jp").await;
    let talker = Talker::start(
        node_a.http.clone(),
        node_a.addr,
        writer,
        channel,
        "failover",
    );
    let started = Instant::now();
    while store.live < 3 && started.elapsed() < PATIENCE {
        tokio::time::sleep(Duration::from_millis(20)).await;
        drain(&mut inbox, &mut store, &mut resync);
    }
    assert!(store.live >= 3, "messages cross before the failover");

    // The primary dies without a word.
    let info: String = redis::cmd("INFO")
        .arg("server")
        .query_async(
            &mut redis::Client::open(format!("redis://127.0.0.1:{primary}"))
                .unwrap()
                .get_multiplexed_async_connection()
                .await
                .unwrap(),
        )
        .await
        .unwrap();
    let pid = info
        .lines()
        .find_map(|line| line.strip_prefix("process_id:"))
        .expect("process_id")
        .trim()
        .to_string();
    let killed_at = Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-9", &pid])
        .status()
        .unwrap();
    assert!(killed.success(), "kill -9 {pid}");

    // Its replica takes over; node B notices, subscribes again and tells its sockets to
    // catch up.
    let mut promoted = None;
    while promoted.is_none() && killed_at.elapsed() < PATIENCE {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = range_of(&slot_map().await, slot).primary;
        promoted = (now != primary).then_some(now);
    }
    let promoted = promoted.expect("the replica took over");
    let failed_over = killed_at.elapsed();
    while resync.is_none() && killed_at.elapsed() < PATIENCE {
        tokio::time::sleep(Duration::from_millis(20)).await;
        drain(&mut inbox, &mut store, &mut resync);
    }
    let since = resync.clone().expect("hub.resync after the failover");
    let resynced = killed_at.elapsed();

    // Messages cross again, live, through the promoted primary.
    let live_before = store.live;
    let again = Instant::now();
    while store.live < live_before + 3 && again.elapsed() < PATIENCE {
        tokio::time::sleep(Duration::from_millis(20)).await;
        drain(&mut inbox, &mut store, &mut resync);
    }
    assert!(
        store.live >= live_before + 3,
        "messages cross again after the failover"
    );
    let sent = talker.stop().await;

    // The reader catches up as the web app does on hub.resync, then holds every message once.
    catch_up(
        &node_b,
        &reader,
        channel,
        store.newest_before(&since),
        &mut store,
    )
    .await;
    drain(&mut inbox, &mut store, &mut resync);
    let stored = message_ids(&pool, channel, 0).await;
    assert_eq!(stored, sent, "every send was stored once");
    assert_eq!(
        store.ids_after(0),
        stored,
        "the reader holds every message once after catching up"
    );
    println!(
        "redis cluster failover: primary :{primary} killed, :{promoted} serves slot {slot} after \
         {} ms; hub.resync on node B after {} ms; {} messages sent, {} pushed live, {} by catch-up",
        failed_over.as_millis(),
        resynced.as_millis(),
        sent.len(),
        store.live,
        store.caught_up
    );
}
