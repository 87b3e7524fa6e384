//! The `tsumugi` binary: configuration from the environment, then `api::run`.

use tracing_subscriber::EnvFilter;

/// An allocator with per-thread caches: glibc malloc/free were about 12 % of the server's
/// samples under REST load (`docs/decisions/mimalloc-allocator.md`).
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
        let config = api::config::Config::hub_only_from_env()?;
        return api::run_hub_only(config).await;
    }
    let config = api::config::Config::from_env()?;
    tracing::info!(?config, "starting");
    api::run(config).await
}
