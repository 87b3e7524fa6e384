//! A short real run: the generator against Tsumugi's hub and against the Node baseline, with
//! a few hundred clients for a few seconds. Timings are reported by `make bench`, never
//! asserted here; what must hold is that nothing is lost.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

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

#[tokio::test]
async fn tsumugi_hub_delivers_every_message() {
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

    let report = fanout(scenario(addr)).await.unwrap();
    assert_eq!(report.expected, 300 * 75);
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

#[tokio::test]
async fn node_baseline_delivers_every_message() {
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
        .stdout(Stdio::null())
        .spawn()
        .expect("node runs the baseline (npm ci installs its packages)");
    let _baseline = Baseline(child);
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    wait_until_listening(addr).await;

    let report = fanout(scenario(addr)).await.unwrap();
    assert_eq!(report.lost, 0, "{report:?}");
    assert_eq!(report.received, 300 * 75);
}
