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
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => {}
        ["storage", "migrate"] => {
            // Only DATA_DIR, STORAGE_URL and AWS_*: no database is needed.
            let data_dir = api::config::data_dir_from_env();
            let target = api::config::storage_from_env(&data_dir)?;
            let report = api::storage_migrate(&data_dir, &target).await?;
            println!(
                "copied {} objects ({} bytes), skipped {} already there, failed {}",
                report.copied, report.bytes, report.skipped, report.failed
            );
            if report.failed > 0 {
                std::process::exit(1);
            }
            return Ok(());
        }
        _ => anyhow::bail!(
            "usage: tsumugi (serves, configured from the environment)\n       tsumugi storage migrate (copies DATA_DIR/files into STORAGE_URL)"
        ),
    }
    if std::env::var("HUB_ONLY").is_ok_and(|v| v == "1") {
        // The benchmark hub needs no database; DATABASE_URL may be absent.
        let config = api::config::Config::hub_only_from_env()?;
        return api::run_hub_only(config).await;
    }
    let config = api::config::Config::from_env()?;
    tracing::info!(?config, "starting");
    api::run(config).await
}
