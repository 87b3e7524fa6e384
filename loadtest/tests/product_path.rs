//! The product scenario on a small scale against a real Tsumugi over a fresh database: every
//! message POSTed through the REST path reaches every member of its channel, and the report
//! counts each delivery once. Timings are reported by `make bench`, never asserted here.

use std::time::Duration;

use loadtest::product::{ProductConfig, product};
use sqlx::PgPool;

/// `loadtest/product-seed.sql`, with psql's variables filled in as `scripts/bench.sh` passes them.
fn seed(channels: usize, members: usize) -> String {
    include_str!("../product-seed.sql")
        .replace(":channels", &channels.to_string())
        .replace(":members", &members.to_string())
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn every_posted_message_reaches_every_member_once(pool: PgPool) {
    let (channels, members) = (3, 7);
    sqlx::raw_sql(sqlx::AssertSqlSafe(seed(channels, members)))
        .execute(&pool)
        .await
        .expect("the benchmark's seed runs");
    let first_channel: i64 =
        sqlx::query_scalar("select min(id) from channels where name like 'bench-%'")
            .fetch_one(&pool)
            .await
            .unwrap();

    let data_dir = std::env::temp_dir().join(format!("tsumugi-product-{}", std::process::id()));
    let mut config = api::config::Config::for_tests(String::new(), data_dir.clone());
    // One publisher posts faster than a person may (`MESSAGE_LIMIT_*`): the scenario measures the
    // path, not the limit.
    config.message_limit.burst = 1_000_000;
    let (router, state) = api::build(config, pool).await.expect("build app");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let server = listener.local_addr().unwrap();
    tokio::spawn(api::serve(
        listener,
        router,
        state.config.server_config(),
        std::future::pending(),
    ));

    let report = product(ProductConfig {
        server,
        first_channel,
        channels,
        members,
        rate: 40.0,
        duration: Duration::from_secs(2),
        warmup: Duration::from_millis(500),
        token_prefix: "bench-token-".into(),
        idle: 5,
        sources: vec![],
    })
    .await
    .expect("the scenario runs");
    let _ = std::fs::remove_dir_all(data_dir);

    assert_eq!(report.sent, 100, "{report:?}");
    assert_eq!(report.post_errors, 0, "{report:?}");
    assert_eq!(report.expected, 100 * members as u64);
    assert_eq!(report.received, report.expected, "{report:?}");
    assert_eq!(report.lost, 0);
    // The warm-up's 20 messages are delivered but left out of the latencies.
    assert_eq!(report.last_member.count, 80, "{report:?}");
    assert_eq!(report.post.count, 80, "{report:?}");
    let completed: u64 = report.timeline.iter().map(|second| second.posts).sum();
    assert_eq!(completed, 100);
}
