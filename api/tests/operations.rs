//! Running a node for an operator (issue 42): the Prometheus metrics on their own address,
//! readiness, and the drain on SIGTERM (`api::serve_with_drain`, which `api::run` calls).

use crate::support;
use crate::support::db;

use std::net::SocketAddr;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use support::{GROUP, TestApp, channel_id, test_config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tracing_subscriber::Layer;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// The sum of the samples of `name` whose labels include every one of `labels`
/// (`route="/api/health"`); 0 when there is none.
fn sample(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.rsplit_once(' '))
        .filter(|(series, _)| {
            let (metric, rest) = series.split_once('{').unwrap_or((series, ""));
            metric == name && labels.iter().all(|label| rest.contains(label))
        })
        .map(|(_, value)| value.parse::<f64>().unwrap_or(0.0))
        .sum()
}

async fn scrape(http: &reqwest::Client, metrics: SocketAddr) -> String {
    let response = http
        .get(format!("http://{metrics}/metrics"))
        .send()
        .await
        .expect("the metrics listener answers");
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.unwrap()
}

#[tokio::test]
async fn metrics_expose_the_families_and_their_values_move() {
    let (pool, _db) = db::seeded().await;
    // The pool's wait events, as `main.rs` routes them (a test binary has no subscriber).
    let _ = tracing_subscriber::registry()
        .with(
            api::platform::metrics::PoolWaitLayer
                .with_filter(api::platform::metrics::pool_wait_filter()),
        )
        .try_init();
    let mut config = test_config(&pool);
    config.metrics_addr = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
    // The product's pool options (they turn on sqlx's acquire events), on the test database.
    let own_pool = api::pool_options(4)
        .connect_with((*pool.connect_options()).clone())
        .await
        .unwrap();
    let app = TestApp::spawn_with(own_pool, config).await;
    let metrics =
        api::platform::metrics::spawn(SocketAddr::from(([127, 0, 0, 1], 0)), app.state.clone())
            .await
            .unwrap();
    // Not on the public address.
    let (status, _) = app.get("/metrics", None).await;
    assert_ne!(status, StatusCode::OK);

    let group = channel_id(&pool, GROUP).await;
    let (_, mut reader) = app.live("editor@demo.tsumugi.jp").await;
    let joined = reader
        .emit_with_ack(
            "channel:join",
            json!({ "channel_id": group }),
            Duration::from_secs(3),
        )
        .await
        .expect("join ack");
    assert_eq!(joined["data"]["channel_id"], group, "{joined}");
    let talker = app.login("creator@demo.tsumugi.jp").await;

    let before = scrape(&app.http, metrics).await;
    for family in [
        "tsumugi_http_requests_total",
        "tsumugi_http_request_duration_seconds",
        "tsumugi_sockets",
        "tsumugi_db_pool_size",
        "tsumugi_db_pool_connections",
        "tsumugi_db_pool_wait_seconds",
    ] {
        assert!(
            before.contains(&format!("# TYPE {family} ")),
            "{family} is exposed:\n{before}"
        );
    }
    assert!(sample(&before, "tsumugi_sockets", &[r#"transport="websocket""#]) >= 1.0);
    assert_eq!(
        sample(&before, "tsumugi_db_pool_size", &[]),
        f64::from(app.state.config.database_pool_size)
    );

    let health = [r#"route="/api/health""#];
    let answered_before = sample(
        &before,
        "tsumugi_http_requests_total",
        &[health[0], r#"status="2xx""#, r#"method="GET""#],
    );
    let timed_before = sample(
        &before,
        "tsumugi_http_request_duration_seconds_count",
        &health,
    );
    let delivered_before = sample(&before, "tsumugi_deliveries_total", &[]);
    let waits_before = sample(&before, "tsumugi_db_pool_wait_seconds_count", &[]);

    for _ in 0..3 {
        let (status, _) = app.get("/api/health", None).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, sent) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&talker),
            json!({ "body": "計測のテスト", "client_message_id": "metrics-1" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    reader
        .expect_event("message.created", Duration::from_secs(3))
        .await
        .expect("the reader got the message");

    let after = scrape(&app.http, metrics).await;
    assert_eq!(
        sample(
            &after,
            "tsumugi_http_requests_total",
            &[health[0], r#"status="2xx""#, r#"method="GET""#]
        ) - answered_before,
        3.0,
        "each health request is counted under its route"
    );
    assert_eq!(
        sample(
            &after,
            "tsumugi_http_request_duration_seconds_count",
            &health
        ) - timed_before,
        3.0,
        "each health request lands in its route's histogram"
    );
    assert!(
        sample(
            &after,
            "tsumugi_http_request_duration_seconds_bucket",
            &[health[0], r#"le="+Inf""#]
        ) >= 3.0
    );
    assert!(
        sample(&after, "tsumugi_deliveries_total", &[]) > delivered_before,
        "the send was delivered"
    );
    assert!(
        sample(&after, "tsumugi_db_pool_wait_seconds_count", &[]) > waits_before,
        "the requests' pool waits are recorded"
    );
    assert!(
        sample(
            &after,
            "tsumugi_http_requests_total",
            &[
                r#"route="/api/channels/{channel_id}/messages""#,
                r#"method="POST""#
            ]
        ) >= 1.0,
        "the route is the matched template, not the path:\n{after}"
    );
}

/// Issue 42's publish-to-delivery lag across nodes: a push published by node A and handed to
/// node B's sockets lands in B's `tsumugi_fanout_lag_seconds` with the time between the two.
#[tokio::test]
async fn the_fanout_lag_histogram_moves_when_a_push_crosses_nodes() {
    let (pool, _db) = db::seeded().await;
    let prefix = format!("test-{}", uuid::Uuid::new_v4());
    let node_config = || {
        let mut config = support::chat::redis_node_config(&pool, support::redis_url(), &prefix);
        config.metrics_addr = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
        config
    };
    let node_a = TestApp::spawn_with(pool.clone(), node_config()).await;
    let node_b = TestApp::spawn_with(pool.clone(), node_config()).await;
    let metrics =
        api::platform::metrics::spawn(SocketAddr::from(([127, 0, 0, 1], 0)), node_b.state.clone())
            .await
            .unwrap();
    let group = channel_id(&pool, GROUP).await;
    let (_, mut reader) = node_b.live("editor@demo.tsumugi.jp").await;
    support::chat::join(&mut reader, group).await;
    let talker = node_a.login("creator@demo.tsumugi.jp").await;

    // The recorder is the process's: other tests' nodes may add to it meanwhile, never take.
    let before = scrape(&node_b.http, metrics).await;
    let count_before = sample(&before, "tsumugi_fanout_lag_seconds_count", &[]);
    let sent_at = std::time::Instant::now();
    let (status, sent) = node_a
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&talker),
            json!({ "body": "ノードをまたぐ遅れ", "client_message_id": "lag-1" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    reader
        .expect_event("message.created", Duration::from_secs(3))
        .await
        .expect("the push crossed from node A to node B");
    let crossed_within = sent_at.elapsed().as_secs_f64();

    let after = scrape(&node_b.http, metrics).await;
    assert!(
        after.contains("# TYPE tsumugi_fanout_lag_seconds histogram"),
        "the lag is a histogram with buckets:\n{after}"
    );
    let crossed = sample(&after, "tsumugi_fanout_lag_seconds_count", &[]) - count_before;
    assert!(crossed >= 1.0, "the crossing push is recorded:\n{after}");
    // In seconds, not micro- or milliseconds: a push on one machine crosses in well under
    // ten (other tests' nodes may add their own pushes to the sum meanwhile).
    let lag_sum = sample(&after, "tsumugi_fanout_lag_seconds_sum", &[])
        - sample(&before, "tsumugi_fanout_lag_seconds_sum", &[]);
    assert!(
        lag_sum > 0.0 && lag_sum / crossed < 10.0,
        "mean lag {} s of {crossed} pushes (this one within {crossed_within} s)",
        lag_sum / crossed
    );
}

#[tokio::test]
async fn ready_answers_only_while_the_node_serves() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let (status, body) = app.get("/api/ready", None).await;
    assert_eq!((status, &body["status"]), (StatusCode::OK, &json!("ready")));
    app.state.node.start_drain();
    let response = app.http.get(app.url("/api/ready")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers()["tsumugi-not-ready"], "draining");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body["error"]["message"],
        api::platform::error::MESSAGE_UNAVAILABLE
    );
    // Liveness is another question: the draining node is alive.
    let (status, _) = app.get("/api/health", None).await;
    assert_eq!(status, StatusCode::OK);
}

/// The status line of the answer on `stream`, read to its end.
async fn status_line(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn a_drain_turns_readiness_off_tells_sockets_to_reconnect_and_finishes_requests() {
    let (pool, _db) = db::seeded().await;
    let window = Duration::from_millis(1200);
    let mut config = test_config(&pool);
    config.drain_window = window;
    let mut node = TestApp::spawn_draining(pool, config).await;
    let addr = node.addr;
    let http = reqwest::Client::new();
    let ready = |http: reqwest::Client| async move {
        http.get(format!("http://{addr}/api/ready"))
            .send()
            .await
            .map(|r| r.status())
    };
    assert_eq!(ready(http.clone()).await.unwrap(), StatusCode::OK);
    let token = node.login("editor@demo.tsumugi.jp").await;
    let mut sockets = Vec::new();
    for _ in 0..3 {
        sockets.push(
            support::sio::SioClient::connect(addr, Some(&token))
                .await
                .unwrap(),
        );
    }
    // A request in flight: its header and half its body are sent before the signal.
    let body = json!({ "mail_address": "nobody@example.jp", "password": "x" }).to_string();
    let mut in_flight = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/users/login HTTP/1.1\r\nhost: node\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    let (first, rest) = body.split_at(body.len() / 2);
    in_flight.write_all(head.as_bytes()).await.unwrap();
    in_flight.write_all(first.as_bytes()).await.unwrap();

    let signalled = tokio::time::Instant::now();
    let serving = node.sigterm();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(
        ready(http.clone()).await.unwrap(),
        StatusCode::SERVICE_UNAVAILABLE,
        "readiness turns off at once, while the node still answers"
    );

    // Every socket is closed with 1001 Going Away (socket.io-client reconnects by itself),
    // spread over the window rather than all at once.
    let mut closed_at = Vec::new();
    for socket in &mut sockets {
        let code = socket.close_code(window + Duration::from_secs(2)).await;
        assert_eq!(code, Some(1001), "the socket is told to go elsewhere");
        closed_at.push(signalled.elapsed());
    }
    assert!(
        closed_at
            .iter()
            .all(|at| *at <= window + Duration::from_millis(500)),
        "closed within the window: {closed_at:?}"
    );

    // The request in flight outlives the window and is answered.
    tokio::time::sleep(window.saturating_sub(signalled.elapsed()) + Duration::from_millis(200))
        .await;
    in_flight.write_all(rest.as_bytes()).await.unwrap();
    let answered = status_line(&mut in_flight).await;
    assert!(
        answered.starts_with("HTTP/1.1 4"),
        "the request in flight got its answer: {answered:?}"
    );
    tokio::time::timeout(Duration::from_secs(5), serving)
        .await
        .expect("the drain ends")
        .unwrap()
        .unwrap();
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "the drained node accepts nothing more"
    );
    assert!(
        !node.state.node.pause(Duration::from_millis(1)).await,
        "background jobs stop"
    );
}

/// The binary with `LOG_FORMAT=json`: every line it writes is one JSON object, a request's
/// lines carry the request id it was sent with (echoed in the answer), and SIGTERM ends the
/// process with 0.
#[tokio::test]
async fn json_logs_carry_the_request_id_and_sigterm_exits_cleanly() {
    let (pool, _db) = db::seeded().await;
    use tokio::io::AsyncBufReadExt;
    let database = pool.connect_options().get_database().unwrap().to_owned();
    let base = std::env::var("DATABASE_URL").expect("DATABASE_URL");
    let url = format!("{}/{database}", base.rsplit_once('/').unwrap().0);
    let data_dir = std::env::temp_dir().join(format!("tsumugi-log-{}", uuid::Uuid::new_v4()));
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_tsumugi"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", url)
        .env("HOST", "127.0.0.1")
        .env("PORT", "0")
        .env("DATA_DIR", &data_dir)
        .env("LOG_FORMAT", "json")
        .env("RUST_LOG", "info,tower_http=debug,sqlx=warn")
        .env("DRAIN_WINDOW_SECS", "0")
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("tsumugi starts");
    let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    let address = loop {
        let line = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
            .await
            .expect("the node starts within a minute")
            .unwrap()
            .expect("the node keeps running");
        let event: serde_json::Value = serde_json::from_str(&line)
            .unwrap_or_else(|_| panic!("a log line is one JSON object: {line}"));
        let listening = event["fields"]["message"] == "tsumugi is listening";
        let address = event["fields"]["address"].as_str().map(str::to_owned);
        seen.push(event);
        if listening {
            break address.expect("the address is logged");
        }
    };
    let response = reqwest::Client::new()
        .get(format!("http://{address}/api/ready"))
        .header("x-request-id", "log-test-42")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["x-request-id"], "log-test-42");
    let answered = reqwest::Client::new()
        .get(format!("http://{address}/api/health"))
        .send()
        .await
        .unwrap();
    let generated = answered.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(generated.len(), 36, "a UUID is generated: {generated}");

    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().unwrap().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    while let Ok(Some(line)) = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
        .await
        .expect("the node stops within its drain")
    {
        seen.push(
            serde_json::from_str(&line)
                .unwrap_or_else(|_| panic!("a log line is one JSON object: {line}")),
        );
    }
    let exit = tokio::time::timeout(Duration::from_secs(10), child.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(exit.success(), "SIGTERM ends the node with 0: {exit:?}");
    let _ = std::fs::remove_dir_all(&data_dir);
    for id in ["log-test-42", generated.as_str()] {
        assert!(
            seen.iter().any(|event| event["span"]["request_id"] == id),
            "a line of the request carries {id}: {seen:#?}"
        );
    }
    assert!(
        seen.iter()
            .any(|event| event["fields"]["message"] == "stopped")
    );
}
