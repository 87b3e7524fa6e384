//! The `tsumugi` binary: configuration from the environment, then `api::run`.

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// An allocator with per-thread caches: glibc malloc/free were about 12 % of the server's
/// samples under REST load (`docs/decisions/mimalloc-allocator.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    without_transparent_huge_pages();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve())
}

/// mimalloc asks for transparent huge pages on its arena, and a 2 MiB page stays resident while
/// any block in it lives (`docs/decisions/mimalloc-allocator.md`). Asked before the runtime
/// starts, so that every page of the arena is an ordinary one.
fn without_transparent_huge_pages() {
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and touches none of our memory.
    if unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) } != 0 {
        eprintln!(
            "transparent huge pages stay allowed: {}",
            std::io::Error::last_os_error()
        );
    }
}

async fn serve() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args == ["openapi"] {
        // No configuration, database or log: the document alone, on stdout (scripts/gen-wire.sh).
        print!("{}", api::platform::openapi::document_json());
        return Ok(());
    }
    init_logging()?;
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
            "usage: tsumugi (serves, configured from the environment)\n       tsumugi storage migrate (copies DATA_DIR/files into STORAGE_URL)\n       tsumugi openapi (prints the OpenAPI document, with the pushed events)"
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

/// The log: human-readable lines, or one JSON object per line with `LOG_FORMAT=json` (each
/// request's events carry its span, and so its `request_id`). Beside it, and not filtered by
/// `RUST_LOG`, the layer that turns sqlx's acquire events into the pool wait histogram.
fn init_logging() -> anyhow::Result<()> {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,tower_http=warn,sqlx=warn"));
    let log = match std::env::var("LOG_FORMAT").as_deref() {
        Ok("json") => tracing_subscriber::fmt::layer()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .boxed(),
        Ok("text") | Err(_) => tracing_subscriber::fmt::layer().boxed(),
        Ok(other) => anyhow::bail!("LOG_FORMAT must be text or json, not {other}"),
    };
    tracing_subscriber::registry()
        .with(log.with_filter(filter))
        .with(
            api::platform::metrics::PoolWaitLayer
                .with_filter(api::platform::metrics::pool_wait_filter()),
        )
        .init();
    Ok(())
}
