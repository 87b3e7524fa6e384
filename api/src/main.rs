//! The `tsumugi` binary: configuration from the environment, then `api::run`.

use tracing_subscriber::EnvFilter;

/// An allocator with per-thread caches: glibc malloc/free were about 12 % of the server's
/// samples under REST load (loadtest/results/hub-tuning.md, round seven).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,tower_http=warn,sqlx=warn")),
        )
        .init();
    if std::env::var("HUB_ONLY").is_ok_and(|v| v == "1") {
        // The benchmark hub needs no database; DATABASE_URL may be absent.
        let mut config = api::config::Config::for_tests(String::new(), "data".into());
        config.host = std::env::var("HOST")
            .ok()
            .and_then(|h| h.parse().ok())
            .unwrap_or(config.host);
        config.port = std::env::var("PORT")
            .ok()
            .and_then(|p| p.parse().ok())
            .unwrap_or(8090);
        config.redis_url = std::env::var("REDIS_URL").ok().filter(|v| !v.is_empty());
        config.redis_prefix = std::env::var("REDIS_PREFIX").unwrap_or_else(|_| "bench".into());
        config.socket_read_buffer = std::env::var("SOCKET_READ_BUFFER")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(api::config::DEFAULT_SOCKET_READ_BUFFER);
        config.socket_busy_gap = api::config::busy_gap()?;
        return api::run_hub_only(config).await;
    }
    let config = api::config::Config::from_env()?;
    tracing::info!(?config, "starting");
    api::run(config).await
}
