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
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::Service;

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
