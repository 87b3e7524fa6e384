//! The `tsumugi` binary: configuration from the environment, then `api::run`.

use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,tower_http=warn,sqlx=warn")),
        )
        .init();
    let config = api::config::Config::from_env()?;
    tracing::info!(?config, "starting");
    api::run(config).await
}
