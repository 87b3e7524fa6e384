//! The HTTP server under the whole product: HTTP/1.1 through `hyper` directly, with upgrades.
//!
//! The hub needs it: a WebSocket handshake is answered by `connection::handshake`, which takes
//! the upgraded connection back as the `TcpStream` it is so that any task may write frames to
//! it. `axum::serve` (through hyper-util's version-sniffing builder) wraps every connection in
//! a private type that cannot be taken back. Browsers speak HTTP/2 only over TLS, which ends in
//! front of the nodes, so nothing is lost.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::time::Duration;

use std::sync::Arc;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{Request, header};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::watch;
use tower::Service;

use crate::admission::{ConnectionSlot, Gate, Refusal};

/// How many finished TCP handshakes may wait for `accept`. After a node restarts, thousands of
/// browsers reconnect at once; tokio's default of 128 (the standard library's) overflowed then:
/// the kernel dropped handshakes, answered with SYN cookies and reset some of them. The kernel
/// caps it at `net.core.somaxconn` (4,096 by default since Linux 5.4).
pub const ACCEPT_BACKLOG: u32 = 4096;

/// A listener on `address` with [`ACCEPT_BACKLOG`] (and `SO_REUSEADDR`, as
/// `TcpListener::bind` sets it, so a restarted node can bind while old connections linger).
pub fn listen(address: SocketAddr) -> io::Result<TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(ACCEPT_BACKLOG)
}

/// How the server treats connections (`api::config::Config::server_config` reads them from the
/// environment).
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// How long a connection has to send a complete request header, counted from its opening
    /// or from the end of its previous answer: hyper starts the timer as soon as it waits for a
    /// request, so this is also how long a kept-alive connection may sit idle.
    pub header_read_timeout: Duration,
    /// Open connections in all (upgraded WebSockets included); `0`: no cap.
    pub max_connections: usize,
    /// Open connections per TCP peer address; `0`: no cap. Behind a proxy the peer is the proxy.
    pub max_connections_per_address: usize,
}

/// The default header read timeout (`HEADER_READ_TIMEOUT_SECONDS`).
pub const DEFAULT_HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The default cap of connections per peer address (`MAX_CONNECTIONS_PER_ADDRESS`) when no
/// proxy is trusted: a browser keeps a few connections and one WebSocket per tab, so this
/// leaves room for an office behind one address.
pub const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS: usize = 1024;

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            header_read_timeout: DEFAULT_HEADER_READ_TIMEOUT,
            max_connections: crate::admission::default_max_connections(),
            max_connections_per_address: DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
        }
    }
}

/// Serves `router` on `listener` until `shutdown` resolves, then lets the requests in flight
/// finish (upgraded WebSockets are the hub's to close). Handlers can read the peer's address
/// as `ConnectInfo<SocketAddr>`. Nagle's algorithm is off on every connection: a pushed event
/// is a small frame that must leave at once, not wait for the previous frame's ACK.
/// Connections beyond `config`'s caps are answered 503 and closed as they are accepted.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    serve_from(listener, router, config, shutdown).await
}

/// Where connections come from: the listener, or in tests one whose `accept` fails on purpose.
trait Acceptor: Send {
    fn accept(&mut self) -> impl Future<Output = io::Result<(TcpStream, SocketAddr)>> + Send;
}

impl Acceptor for TcpListener {
    fn accept(&mut self) -> impl Future<Output = io::Result<(TcpStream, SocketAddr)>> + Send {
        TcpListener::accept(self)
    }
}

async fn serve_from(
    mut incoming: impl Acceptor,
    router: Router,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let (stop, stopping) = watch::channel(false);
    let (done, _) = watch::channel(());
    let gate = Gate::new(config.max_connections, config.max_connections_per_address);
    let mut backoff = Backoff::default();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = incoming.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) if is_connection_error(&error) => continue,
            Err(error) => {
                // Out of file descriptors, most likely: the kernel keeps the connections
                // waiting in the queue; try again a little later, not in a loop.
                let pause = backoff.failed(&error);
                tokio::select! {
                    () = tokio::time::sleep(pause) => continue,
                    () = &mut shutdown => break,
                }
            }
        };
        backoff.succeeded();
        let slot = match gate.admit(peer.ip()) {
            Ok(slot) => Arc::new(slot),
            Err(refusal) => {
                refuse(&stream, peer, refusal);
                continue;
            }
        };
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY could not be set");
        }
        tokio::spawn(serve_connection(
            stream,
            peer,
            slot,
            router.clone(),
            config.header_read_timeout,
            stopping.clone(),
            done.subscribe(),
        ));
    }
    drop(incoming);
    stop.send_replace(true);
    done.closed().await;
    Ok(())
}

/// The most a connection's read buffer holds (a request's head must fit in it). hyper's own
/// default lets it grow to about 400 KiB while a large body streams in, and a body chunk keeps
/// its buffer alive while the handler stores it, so 50 uploads at once held some 40 MiB in read
/// buffers alone (`make bench-files`); 64 KiB reads still move a body at gigabytes a second.
pub const READ_BUFFER_BYTES: usize = 64 * 1024;

/// The answer to a connection over a cap; the connection is closed after it.
const SERVICE_UNAVAILABLE: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\
    retry-after: 1\r\ncontent-length: 0\r\n\r\n";

/// Answers 503 if the kernel takes it at once (it does on a fresh connection), then closes.
fn refuse(stream: &TcpStream, peer: SocketAddr, refusal: Refusal) {
    tracing::debug!(%peer, ?refusal, "connection refused over a cap");
    let _ = stream.try_write(SERVICE_UNAVAILABLE);
}

/// The pause after a failed `accept`: 10 ms, doubling up to a second while it keeps failing.
/// The first failure of a run is logged, and how many there were once `accept` works again.
#[derive(Default)]
struct Backoff {
    failures: u32,
}

const BACKOFF_FIRST: Duration = Duration::from_millis(10);
const BACKOFF_MAX: Duration = Duration::from_secs(1);

impl Backoff {
    fn failed(&mut self, error: &io::Error) -> Duration {
        if self.failures == 0 {
            tracing::error!(%error, "accept failed; retrying with a pause until it works again");
        }
        let pause = BACKOFF_FIRST
            .saturating_mul(1 << self.failures.min(7))
            .min(BACKOFF_MAX);
        self.failures = self.failures.saturating_add(1);
        pause
    }

    fn succeeded(&mut self) {
        if self.failures > 0 {
            tracing::warn!(failures = self.failures, "accept works again");
            self.failures = 0;
        }
    }
}

/// One connection's requests; `_open` is held until the connection is done, `slot` until the
/// connection or the WebSocket it was upgraded to is.
async fn serve_connection(
    stream: TcpStream,
    peer: SocketAddr,
    slot: Arc<ConnectionSlot>,
    router: Router,
    header_read_timeout: Duration,
    mut stopping: watch::Receiver<bool>,
    _open: watch::Receiver<()>,
) {
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        if request.headers().contains_key(header::UPGRADE) {
            request.extensions_mut().insert(slot.clone());
        }
        router.clone().call(request)
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout)
        .max_buf_size(READ_BUFFER_BYTES)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    let mut connection = std::pin::pin!(connection);
    let mut draining = false;
    loop {
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    tracing::trace!(%error, "connection ended with an error");
                }
                return;
            }
            _ = stopping.wait_for(|stop| *stop), if !draining => {
                draining = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Errors of one incoming connection (not of the listener): skip it and go on.
fn is_connection_error(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

#[cfg(test)]
mod tests {
    use std::os::fd::AsRawFd;

    use super::*;

    /// The accept queue's length the kernel holds for a listening socket: Linux reports it as
    /// `tcpi_sacked` of `TCP_INFO` (and the queue's current length as `tcpi_unacked`).
    fn accept_backlog(listener: &TcpListener) -> u32 {
        let mut info: libc::tcp_info = unsafe { std::mem::zeroed() };
        let mut len = std::mem::size_of::<libc::tcp_info>() as libc::socklen_t;
        // SAFETY: `info` is a writable tcp_info and `len` its size, as getsockopt expects.
        let rc = unsafe {
            libc::getsockopt(
                listener.as_raw_fd(),
                libc::IPPROTO_TCP,
                libc::TCP_INFO,
                (&raw mut info).cast(),
                &mut len,
            )
        };
        assert_eq!(
            rc,
            0,
            "getsockopt(TCP_INFO): {}",
            io::Error::last_os_error()
        );
        info.tcpi_sacked
    }

    fn somaxconn() -> u32 {
        std::fs::read_to_string("/proc/sys/net/core/somaxconn")
            .expect("somaxconn is readable")
            .trim()
            .parse()
            .expect("somaxconn is a number")
    }

    const REQUEST: &[u8] = b"GET / HTTP/1.1\r\nhost: node\r\n\r\n";

    /// One request on a kept-alive connection: the answer's status line.
    async fn ask(stream: &mut TcpStream) -> String {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        stream.write_all(REQUEST).await.unwrap();
        let mut buffer = vec![0u8; 1024];
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer))
            .await
            .expect("an answer")
            .unwrap();
        String::from_utf8_lossy(&buffer[..n])
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    }

    /// A listener whose first `failures` accepts fail with EMFILE; when each accept was asked.
    struct Exhausted {
        listener: TcpListener,
        failures: usize,
        asked: Arc<std::sync::Mutex<Vec<std::time::Instant>>>,
    }

    impl Acceptor for Exhausted {
        fn accept(&mut self) -> impl Future<Output = io::Result<(TcpStream, SocketAddr)>> + Send {
            self.asked.lock().unwrap().push(std::time::Instant::now());
            let fail = self.failures > 0;
            self.failures = self.failures.saturating_sub(1);
            let listener = &self.listener;
            async move {
                if fail {
                    Err(io::Error::from_raw_os_error(libc::EMFILE))
                } else {
                    listener.accept().await
                }
            }
        }
    }

    #[tokio::test]
    async fn accept_errors_back_off_and_the_loop_keeps_accepting() {
        let listener = listen("127.0.0.1:0".parse().unwrap()).unwrap();
        let address = listener.local_addr().unwrap();
        let asked = Arc::new(std::sync::Mutex::new(Vec::new()));
        let exhausted = Exhausted {
            listener,
            failures: 5,
            asked: asked.clone(),
        };
        let router = Router::new().route("/", axum::routing::get(|| async { "ok" }));
        tokio::spawn(serve_from(
            exhausted,
            router,
            ServerConfig::default(),
            std::future::pending(),
        ));
        // Waiting in the queue while accept fails, then served.
        let mut client = TcpStream::connect(address).await.unwrap();
        assert_eq!(ask(&mut client).await, "HTTP/1.1 200 OK");
        let mut second = TcpStream::connect(address).await.unwrap();
        assert_eq!(ask(&mut second).await, "HTTP/1.1 200 OK");
        let asked = asked.lock().unwrap().clone();
        // Five failures, the two connections and the accept now waiting: nothing spun.
        assert_eq!(asked.len(), 8, "accept was asked {} times", asked.len());
        // Each failure was followed by a pause, doubling from BACKOFF_FIRST.
        for (n, pair) in asked.windows(2).take(5).enumerate() {
            let least = BACKOFF_FIRST * (1 << n);
            assert!(
                pair[1] - pair[0] >= least,
                "pause {n} shorter than {least:?}"
            );
        }
    }

    #[test]
    fn the_backoff_doubles_up_to_a_second_and_resets() {
        let mut backoff = Backoff::default();
        let error = io::Error::from_raw_os_error(libc::EMFILE);
        let pauses: Vec<_> = (0..10).map(|_| backoff.failed(&error)).collect();
        assert_eq!(pauses[0], BACKOFF_FIRST);
        assert_eq!(pauses[1], BACKOFF_FIRST * 2);
        assert!(pauses.iter().all(|pause| *pause <= BACKOFF_MAX));
        assert_eq!(pauses[9], BACKOFF_MAX);
        backoff.succeeded();
        assert_eq!(backoff.failed(&error), BACKOFF_FIRST);
    }

    #[tokio::test]
    async fn listens_with_the_longer_accept_queue() {
        let listener = listen("127.0.0.1:0".parse().unwrap()).unwrap();
        let expected = ACCEPT_BACKLOG.min(somaxconn());
        assert_eq!(accept_backlog(&listener), expected);
        // What tokio's own bind gives, so the test tells the two apart.
        let plain = TcpListener::bind("127.0.0.1:0").await.unwrap();
        assert_eq!(accept_backlog(&plain), 128.min(somaxconn()));
    }

    #[tokio::test]
    async fn a_listener_takes_connections_and_rebinds_a_lingering_port() {
        let listener = listen("127.0.0.1:0".parse().unwrap()).unwrap();
        let address = listener.local_addr().unwrap();
        let client = tokio::net::TcpStream::connect(address).await.unwrap();
        let (server_side, _) = listener.accept().await.unwrap();
        // The server closes first, so its side lingers in TIME_WAIT.
        drop(server_side);
        drop(client);
        drop(listener);
        listen(address).expect("the port binds again while a closed connection lingers");
    }
}
