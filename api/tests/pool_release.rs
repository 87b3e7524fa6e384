//! The connection pool's release (`vendor/sqlx-core`, see `vendor/README.md`): a connection
//! whose query ran to completion goes back to the pool without another round trip, and one
//! that a dropped transaction, stream or future left mid-way is made ready before anyone gets
//! it again. Counted on the wire: a proxy in front of PostgreSQL counts the frontend's `Sync`
//! messages, one per extended-protocol query and one per `ping`.

use crate::support::db;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures::TryStreamExt;
use sqlx::postgres::PgConnectOptions;
use sqlx::{PgPool, Row};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// PostgreSQL's frontend `Sync` message type.
const SYNC: u8 = b'S';
/// The startup message's protocol version (3.0); an `SSLRequest` or `GSSENCRequest` comes
/// before it with other codes, and none of them has a type byte.
const PROTOCOL_3: u32 = 196_608;

/// A TCP proxy to PostgreSQL that counts the `Sync` messages its clients send.
async fn counting_proxy(upstream: (String, u16)) -> (u16, Arc<AtomicU64>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let syncs = Arc::new(AtomicU64::new(0));
    let counter = syncs.clone();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let server = TcpStream::connect((upstream.0.as_str(), upstream.1))
                .await
                .unwrap();
            let (client_read, client_write) = client.into_split();
            let (mut server_read, server_write) = server.into_split();
            tokio::spawn(frontend(client_read, server_write, counter.clone()));
            tokio::spawn(async move {
                let mut client_write = client_write;
                let _ = tokio::io::copy(&mut server_read, &mut client_write).await;
            });
        }
    });
    (port, syncs)
}

/// Forwards one client's messages to the server, counting `Sync`s once the startup is done.
async fn frontend(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    syncs: Arc<AtomicU64>,
) -> std::io::Result<()> {
    let mut started = false;
    loop {
        let mut head = [0u8; 5];
        let head_len = if started { 5 } else { 4 };
        from.read_exact(&mut head[..head_len]).await?;
        let (kind, length) = if started {
            (
                Some(head[0]),
                u32::from_be_bytes(head[1..5].try_into().unwrap()),
            )
        } else {
            (None, u32::from_be_bytes(head[..4].try_into().unwrap()))
        };
        let mut body = vec![0u8; length as usize - 4];
        from.read_exact(&mut body).await?;
        match kind {
            Some(SYNC) => {
                syncs.fetch_add(1, Ordering::SeqCst);
            }
            Some(_) => {}
            None => started = body.len() >= 4 && body[..4] == PROTOCOL_3.to_be_bytes(),
        }
        to.write_all(&head[..head_len]).await?;
        to.write_all(&body).await?;
    }
}

/// A pool of one connection through the proxy, configured as the server's own pool is.
async fn pool_through_proxy(pool: &PgPool) -> (PgPool, Arc<AtomicU64>) {
    let options: PgConnectOptions = (*pool.connect_options()).clone();
    let (port, syncs) = counting_proxy((options.get_host().to_string(), options.get_port())).await;
    let proxied = api::pool_options(1)
        .connect_with(options.host("127.0.0.1").port(port))
        .await
        .unwrap();
    (proxied, syncs)
}

/// Waits until the released connection is back in the pool (release runs in a task).
async fn settled(pool: &PgPool) {
    for _ in 0..200 {
        if pool.num_idle() == 1 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the connection did not come back to the pool");
}

#[tokio::test]
async fn a_completed_query_returns_its_connection_without_another_round_trip() {
    let (pool, _db) = db::seeded().await;
    let (proxied, syncs) = pool_through_proxy(&pool).await;
    // The first run of a statement prepares it (a round trip of its own); count the rest.
    let one: i32 = sqlx::query_scalar("select $1")
        .bind(1)
        .fetch_one(&proxied)
        .await
        .unwrap();
    assert_eq!(one, 1);
    settled(&proxied).await;
    let before = syncs.load(Ordering::SeqCst);
    for n in 0..20 {
        let got: i32 = sqlx::query_scalar("select $1")
            .bind(n)
            .fetch_one(&proxied)
            .await
            .unwrap();
        assert_eq!(got, n);
        settled(&proxied).await;
    }
    assert_eq!(
        syncs.load(Ordering::SeqCst) - before,
        20,
        "one Sync per query: no ping when the connection is released"
    );
}

#[tokio::test]
async fn a_connection_left_mid_way_is_ready_before_it_is_used_again() {
    let (pool, _db) = db::seeded().await;
    let (proxied, _) = pool_through_proxy(&pool).await;
    sqlx::query("create table release_probe (n int)")
        .execute(&proxied)
        .await
        .unwrap();

    // A transaction dropped without commit: rolled back, nothing of it stays.
    {
        let mut tx = proxied.begin().await.unwrap();
        sqlx::query("insert into release_probe values (1)")
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    settled(&proxied).await;
    let row = sqlx::query(
        "select count(*) as n, pg_current_xact_id_if_assigned() is null as own_transaction from release_probe",
    )
    .fetch_one(&proxied)
    .await
    .unwrap();
    assert_eq!(
        row.get::<i64, _>("n"),
        0,
        "the dropped transaction was rolled back"
    );
    assert!(
        row.get::<bool, _>("own_transaction"),
        "not inside the old transaction"
    );

    // A stream dropped after its first row of many: the rest is read off before reuse.
    {
        let mut rows =
            sqlx::query_scalar::<_, i32>("select generate_series(1, 50000)").fetch(&proxied);
        assert_eq!(rows.try_next().await.unwrap(), Some(1));
    }
    settled(&proxied).await;
    let answer: String = sqlx::query_scalar("select 'next'")
        .fetch_one(&proxied)
        .await
        .unwrap();
    assert_eq!(answer, "next");

    // A query whose future was dropped while the server was still working on it.
    let cancelled = tokio::time::timeout(
        Duration::from_millis(20),
        sqlx::query("select pg_sleep(0.3)").execute(&proxied),
    )
    .await;
    assert!(cancelled.is_err(), "the sleep outlasts the timeout");
    settled(&proxied).await;
    let answer: i32 = sqlx::query_scalar("select 42")
        .fetch_one(&proxied)
        .await
        .unwrap();
    assert_eq!(answer, 42);
}
