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

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::watch;
use tower::Service;

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

/// Serves `router` on `listener` until `shutdown` resolves, then lets the requests in flight
/// finish (upgraded WebSockets are the hub's to close). Handlers can read the peer's address
/// as `ConnectInfo<SocketAddr>`. Nagle's algorithm is off on every connection: a pushed event
/// is a small frame that must leave at once, not wait for the previous frame's ACK.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let (stop, stopping) = watch::channel(false);
    let (done, _) = watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) if is_connection_error(&error) => continue,
            Err(error) => {
                // Out of file descriptors, most likely: wait for some to be closed.
                tracing::error!(%error, "accept failed");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY could not be set");
        }
        tokio::spawn(serve_connection(
            stream,
            peer,
            router.clone(),
            stopping.clone(),
            done.subscribe(),
        ));
    }
    drop(listener);
    stop.send_replace(true);
    done.closed().await;
    Ok(())
}

/// One connection's requests; `_open` is held until the connection is done.
async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    router: Router,
    mut stopping: watch::Receiver<bool>,
    _open: watch::Receiver<()>,
) {
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        router.clone().call(request)
    });
    let connection = hyper::server::conn::http1::Builder::new()
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
