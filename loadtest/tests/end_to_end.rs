//! A short real run: the generator against Tsumugi's hub and against the Node baseline, with
//! a few hundred clients for a few seconds. Timings are reported by `make bench`, never
//! asserted here; what must hold is that nothing is lost.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use loadtest::client::Transport;
use loadtest::scenario::{FanoutConfig, fanout};

fn scenario(server: SocketAddr) -> FanoutConfig {
    FanoutConfig {
        server,
        publish_server: server,
        rooms: 4,
        members: 75,
        rate: 100.0,
        duration: Duration::from_secs(3),
        payload_bytes: 200,
        sources: vec![],
        room_offset: 1,
        slow_every: 0,
        server_pid: None,
        transport: Transport::WebSocket,
    }
}

async fn wait_until_listening(addr: SocketAddr) {
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("nothing listens on {addr}");
}

async fn tsumugi_hub() -> SocketAddr {
    let mut config = api::config::Config::for_tests(String::new(), std::env::temp_dir());
    config.socket_buffer = 1024;
    let router = api::build_hub_only(&config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(api::serve(
        listener,
        router,
        config.server_config(),
        std::future::pending(),
    ));
    addr
}

#[tokio::test]
async fn tsumugi_hub_delivers_every_message() {
    let report = fanout(scenario(tsumugi_hub().await)).await.unwrap();
    assert_eq!(report.expected, 300 * 75);
    assert_eq!(report.lost, 0, "{report:?}");
    assert_eq!(report.latency.count, report.expected);
}

/// Members on long-polling (the publishers stay on WebSocket): what a member behind a proxy
/// that refuses WebSocket gets.
fn polling_scenario(server: SocketAddr) -> FanoutConfig {
    FanoutConfig {
        rooms: 2,
        members: 50,
        duration: Duration::from_secs(2),
        transport: Transport::Polling,
        ..scenario(server)
    }
}

#[tokio::test]
async fn tsumugi_hub_delivers_every_message_to_polling_members() {
    let report = fanout(polling_scenario(tsumugi_hub().await)).await.unwrap();
    assert_eq!(report.expected, 200 * 50);
    assert_eq!(report.lost, 0, "{report:?}");
    assert_eq!(report.latency.count, report.expected);
}

struct Baseline(Child);

impl Drop for Baseline {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The Node baseline on a free port, with long-polling admitted when `polling`.
async fn node_baseline(polling: bool) -> (Baseline, SocketAddr) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("baseline-node");
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let child = Command::new("node")
        .arg("server.js")
        .current_dir(&dir)
        .env("PORT", port.to_string())
        .env_remove("REDIS_URL")
        .env(
            "TRANSPORTS",
            if polling {
                "polling,websocket"
            } else {
                "websocket"
            },
        )
        .stdout(Stdio::null())
        .spawn()
        .expect("node runs the baseline (npm ci installs its packages)");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    wait_until_listening(addr).await;
    (Baseline(child), addr)
}

#[tokio::test]
async fn node_baseline_delivers_every_message() {
    let (_baseline, addr) = node_baseline(false).await;
    let report = fanout(scenario(addr)).await.unwrap();
    assert_eq!(report.lost, 0, "{report:?}");
    assert_eq!(report.received, 300 * 75);
}

#[tokio::test]
async fn node_baseline_delivers_every_message_to_polling_members() {
    let (_baseline, addr) = node_baseline(true).await;
    let report = fanout(polling_scenario(addr)).await.unwrap();
    assert_eq!(report.lost, 0, "{report:?}");
    assert_eq!(report.received, 200 * 50);
}
