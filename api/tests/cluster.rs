//! Two nodes behind HAProxy (issue 42), configured as `make cluster` configures it
//! (`scripts/cluster/haproxy.cfg`, the example of `docs/operations.md`): a chat client connected
//! through the load balancer keeps its channel while the node it is on drains, and misses
//! nothing. HAProxy is Debian's package (`scripts/test.sh` installs it).

use crate::support;
use crate::support::db;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use reqwest::StatusCode;
use support::chat::{ChatStore, Talker, catch_up_at, join, message_ids, redis_node_config};
use support::sio::{Next, SioClient};
use support::{GROUP, TestApp, channel_id, redis_url};

/// HAProxy in front of `nodes`, with the configuration `make cluster` uses; stopped on drop.
struct LoadBalancer {
    addr: SocketAddr,
    _child: tokio::process::Child,
    _dir: TempDir,
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl LoadBalancer {
    async fn start(nodes: &[SocketAddr]) -> Self {
        let template =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/cluster/haproxy.cfg");
        let mut config = std::fs::read_to_string(&template).expect("scripts/cluster/haproxy.cfg");
        for (n, node) in nodes.iter().enumerate() {
            config.push_str(&format!(
                "    server node{n} {node} cookie node{n}\n    server node{n}-unchecked {node} backup no-check\n"
            ));
        }
        let dir =
            TempDir(std::env::temp_dir().join(format!("tsumugi-lb-{}", uuid::Uuid::new_v4())));
        std::fs::create_dir_all(&dir.0).unwrap();
        let path = dir.0.join("haproxy.cfg");
        std::fs::write(&path, config).unwrap();
        let addr = {
            let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap()
        };
        let child = tokio::process::Command::new(
            std::env::var("HAPROXY").unwrap_or_else(|_| "haproxy".into()),
        )
        .arg("-db")
        .arg("-f")
        .arg(&path)
        .env("LB_BIND", addr.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("haproxy runs (Debian's package haproxy; scripts/test.sh installs it)");
        let http = reqwest::Client::new();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let answer = http.get(format!("http://{addr}/api/ready")).send().await;
            if answer.is_ok_and(|r| r.status() == StatusCode::OK) {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "HAProxy did not come up"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        LoadBalancer {
            addr,
            _child: child,
            _dir: dir,
        }
    }
}

/// Reads the socket for `within`, merging the channel's messages: whether it closed.
async fn read(socket: &mut SioClient, store: &mut ChatStore, within: Duration) -> bool {
    let until = tokio::time::Instant::now() + within;
    loop {
        match socket
            .next(until.saturating_duration_since(tokio::time::Instant::now()))
            .await
        {
            Next::Event(event) if event.name == "message.created" => store.merge(&event.data, true),
            Next::Event(_) => {}
            Next::Timeout => return false,
            Next::Closed => return true,
        }
    }
}

#[tokio::test]
async fn a_client_behind_the_load_balancer_keeps_its_channel_while_its_node_drains() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let window = Duration::from_secs(1);
    let node = || {
        let mut config = redis_node_config(&pool, redis_url(), &prefix);
        config.drain_window = window;
        config.trust_proxy = 1;
        TestApp::spawn_draining(pool.clone(), config)
    };
    let mut nodes = [node().await, node().await];
    let lb = LoadBalancer::start(&[nodes[0].addr, nodes[1].addr]).await;
    let group = channel_id(&pool, GROUP).await;
    let reader = nodes[0].login("editor@demo.tsumugi.jp").await;
    let talker = nodes[0].login("creator@demo.tsumugi.jp").await;
    let baseline = message_ids(&pool, group, 0)
        .await
        .last()
        .copied()
        .unwrap_or(0);

    let mut socket = SioClient::connect(lb.addr, Some(&reader)).await.unwrap();
    join(&mut socket, group).await;
    let mut store = ChatStore::default();

    // A member keeps talking through the load balancer the whole time; every send must succeed.
    let talking = Talker::start(
        reqwest::Client::new(),
        lb.addr,
        talker.clone(),
        group,
        "ドレイン中",
    );

    assert!(!read(&mut socket, &mut store, Duration::from_millis(400)).await);
    assert!(store.live > 0, "live before the drain");

    // Drain the node the socket is on.
    let on = usize::from(nodes[1].state.hub.local_socket_count() == 1);
    assert_eq!(
        nodes[on].state.hub.local_socket_count(),
        1,
        "the socket is on one node"
    );
    let stopped = nodes[on].sigterm();
    let mut reconnects = 0;
    let mut closed = read(&mut socket, &mut store, window + Duration::from_secs(3)).await;
    assert!(closed, "the draining node told the socket to go");
    // As socket.io-client does: reconnect through the load balancer, join, catch up; again if
    // the new socket landed on the draining node before HAProxy took it out.
    while closed {
        reconnects += 1;
        assert!(reconnects <= 5, "the client found a node to stay on");
        socket = SioClient::connect(lb.addr, Some(&reader))
            .await
            .expect("reconnects through the load balancer");
        join(&mut socket, group).await;
        catch_up_at(
            &reqwest::Client::new(),
            lb.addr,
            &reader,
            group,
            store.newest(),
            &mut store,
        )
        .await;
        closed = read(&mut socket, &mut store, window + Duration::from_millis(500)).await;
    }
    tokio::time::timeout(Duration::from_secs(10), stopped)
        .await
        .expect("the drained node stops")
        .unwrap()
        .unwrap();
    assert_eq!(
        nodes[1 - on].state.hub.local_socket_count(),
        1,
        "the client is on the other node"
    );

    // The talk goes on through the remaining node; then every message must be there.
    assert!(!read(&mut socket, &mut store, Duration::from_millis(300)).await);
    let talked = talking.stop().await;
    let last = *talked.last().unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    while store.newest() < last && tokio::time::Instant::now() < deadline {
        if read(&mut socket, &mut store, Duration::from_millis(200)).await {
            break;
        }
    }
    let stored = message_ids(&pool, group, baseline).await;
    assert_eq!(
        store.ids_after(baseline),
        stored,
        "the reader holds exactly the stored messages"
    );
    assert!(talked.iter().all(|id| stored.contains(id)));
    println!(
        "drain behind HAProxy: {} messages, {} pushed and {} caught up, {} reconnects",
        stored.len(),
        store.live,
        store.caught_up,
        reconnects
    );
}
