//! The node's connections (issue 39, item 3): a header that never ends and an idle kept-alive
//! connection are closed after the configured header timeout, a TCP peer holds at most its cap
//! of connections (an upgraded WebSocket keeps its place), and a client address at most its
//! cap of Socket.IO sockets, read through the trusted proxy. Bounds are checked, never timings.

use crate::support::db;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::support::{TestApp, test_config};

/// Far longer than any timeout under test: what is not closed within it is held.
const BOUND: Duration = Duration::from_secs(15);

/// Reads until the server closes (a reset counts); `None` if the connection is still open
/// after `BOUND`.
async fn until_closed(stream: &mut TcpStream) -> Option<String> {
    let mut received = Vec::new();
    let closed = tokio::time::timeout(BOUND, async {
        let mut buffer = [0u8; 1024];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    closed
        .ok()
        .map(|()| String::from_utf8_lossy(&received).into_owned())
}

/// Sends `request` and returns the answer's status line ("" when the connection was closed).
async fn status_line(stream: &mut TcpStream, request: &str) -> String {
    if stream.write_all(request.as_bytes()).await.is_err() {
        return String::new();
    }
    let mut buffer = vec![0u8; 4096];
    let n = tokio::time::timeout(BOUND, stream.read(&mut buffer))
        .await
        .expect("an answer or a close")
        .unwrap_or(0);
    let answer = String::from_utf8_lossy(&buffer[..n]);
    answer.lines().next().unwrap_or_default().to_string()
}

const HEALTH: &str = "GET /api/health HTTP/1.1\r\nhost: node\r\n\r\n";

/// A WebSocket opening handshake of `/socket.io/`, through a proxy that forwarded `forwarded`.
fn socket_handshake(forwarded: Option<&str>) -> String {
    let forwarded = forwarded
        .map(|f| format!("x-forwarded-for: {f}\r\n"))
        .unwrap_or_default();
    format!(
        "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nhost: node\r\n\
         connection: Upgrade\r\nupgrade: websocket\r\nsec-websocket-version: 13\r\n\
         sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n{forwarded}\r\n"
    )
}

async fn connect(addr: SocketAddr) -> TcpStream {
    TcpStream::connect(addr).await.expect("connect")
}

#[tokio::test]
async fn a_header_that_never_ends_is_closed_after_the_configured_timeout() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.header_read_timeout = Duration::from_secs(1);
    let app = TestApp::spawn_with(pool, config).await;

    let mut partial = connect(app.addr).await;
    partial
        .write_all(b"GET /api/health HTTP/1.1\r\nhost: node\r\nx-slow: ")
        .await
        .unwrap();
    let answer = until_closed(&mut partial)
        .await
        .expect("a connection whose header never ends is closed");
    assert!(!answer.contains(" 200 "), "{answer}");

    // A kept-alive connection is served, then closed once it sits idle.
    let mut kept = connect(app.addr).await;
    assert_eq!(status_line(&mut kept, HEALTH).await, "HTTP/1.1 200 OK");
    assert!(
        until_closed(&mut kept).await.is_some(),
        "an idle kept-alive connection is closed"
    );
}

#[tokio::test]
async fn a_peer_holds_at_most_its_cap_of_connections_websockets_included() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.max_connections_per_address = 2;
    let app = TestApp::spawn_with(pool, config).await;

    let mut socket = connect(app.addr).await;
    assert_eq!(
        status_line(&mut socket, &socket_handshake(None)).await,
        "HTTP/1.1 101 Switching Protocols"
    );
    let mut kept = connect(app.addr).await;
    assert_eq!(status_line(&mut kept, HEALTH).await, "HTTP/1.1 200 OK");

    let mut third = connect(app.addr).await;
    let refused = until_closed(&mut third)
        .await
        .expect("the connection over the cap is closed");
    assert!(
        refused.is_empty() || refused.starts_with("HTTP/1.1 503"),
        "{refused}"
    );
    assert_eq!(
        status_line(&mut kept, HEALTH).await,
        "HTTP/1.1 200 OK",
        "the admitted connections are served"
    );

    // The WebSocket held its place; closed, it gives it back.
    drop(socket);
    let mut served = false;
    for _ in 0..100 {
        let mut again = connect(app.addr).await;
        if status_line(&mut again, HEALTH).await == "HTTP/1.1 200 OK" {
            served = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(served, "the closed WebSocket's place is free again");
}

#[tokio::test]
async fn sockets_are_capped_per_client_address_behind_the_trusted_proxy() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.trust_proxy = 1;
    config.max_sockets_per_client = 2;
    let app = TestApp::spawn_with(pool, config).await;
    let open = |forwarded: &'static str| async move {
        let mut stream = connect(app.addr).await;
        let status = status_line(&mut stream, &socket_handshake(Some(forwarded))).await;
        (status, stream)
    };

    let (first, _a) = open("1.1.1.1, 203.0.113.7").await;
    let (second, _b) = open("2.2.2.2, 203.0.113.7").await;
    assert_eq!(first, "HTTP/1.1 101 Switching Protocols");
    assert_eq!(second, "HTTP/1.1 101 Switching Protocols");
    // A new leftmost entry is the client's own word: the same client, over its cap.
    let (third, _c) = open("3.3.3.3, 203.0.113.7").await;
    assert_eq!(third, "HTTP/1.1 429 Too Many Requests");
    // Another client behind the same proxy is not.
    let (other, _d) = open("203.0.113.8").await;
    assert_eq!(other, "HTTP/1.1 101 Switching Protocols");
}
