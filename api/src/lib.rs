//! Tsumugi's server: configuration, REST API, domain rules and the composition root that
//! mounts the realtime hub. `main.rs` only calls `run`.

pub mod accounts;
pub mod assessments;
pub mod auth;
pub mod bank_accounts;
pub mod chat;
pub mod clients;
pub mod config;
pub mod creator_profile;
pub mod creators;
pub mod files;
pub mod guests;
pub mod information;
pub mod maintenance;
pub mod manuscripts;
pub mod master;
pub mod money;
pub mod notices;
pub mod offers;
pub mod platform;
pub mod seed;
pub mod state;
pub mod system;
pub mod users;
pub mod work;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use rand::RngCore;
use realtime::Hub;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use tokio::net::TcpListener;

use crate::auth::site_verify;
use crate::config::Config;
use crate::platform::app;
use crate::platform::mail::Mailer;
use crate::platform::read_pipeline::ReadPipeline;
use crate::platform::realtime_auth::{self, SessionAuthenticator};
use crate::state::AppState;
use crate::system::revision;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// Builds the state and the full router (REST, web app and socket.io) on an existing pool.
pub async fn build(config: Config, db: PgPool) -> anyhow::Result<(Router, AppState)> {
    if config.metrics_addr.is_some() {
        // Before the hub and the pool record anything.
        platform::metrics::install();
    }
    let secret = app_secret(&db, "site_verify").await?;
    let site_verifier: Arc<dyn site_verify::SiteVerifier> =
        Arc::from(site_verify::from_config(&config.site_verify, &secret));
    let manuscript_links =
        manuscripts::links::TokenKey::new(&app_secret(&db, "manuscript_links").await?);
    let hub_config = config.hub_config(false);
    let (layer, hub) = Hub::build(
        hub_config,
        Arc::new(SessionAuthenticator {
            db: db.clone(),
            manuscript_links: manuscript_links.clone(),
        }),
    )
    .await?;
    // A cluster's health is the hub's to tell (every primary answers), through `Hub::redis_answers`.
    let redis = match &config.redis_url {
        Some(_) if config.redis_cluster => None,
        Some(url) => {
            Some(redis::aio::ConnectionManager::new(redis::Client::open(url.as_str())?).await?)
        }
        None => None,
    };
    let mailer = Mailer::new(config.smtp_url.as_deref(), config.mail_dir())?;
    let revision_no = revision::resolve(config.revision_no.as_deref(), &config.web_dir);
    let maintenance = maintenance::cache::ScheduleCache::default();
    hub.on_signal(maintenance::cache::SIGNAL, {
        let maintenance = maintenance.clone();
        move || maintenance.invalidate()
    });
    let reads = ReadPipeline::new(&db, &config.database_url, config.database_read_connections)?;
    let sessions = auth::session_cache::SessionCache::default();
    hub.on_signal(auth::session_cache::SIGNAL, {
        let sessions = sessions.clone();
        move || sessions.invalidate()
    });
    chat::presence::announce_changes(&hub, db.clone());
    let storage = platform::storage::Storage::open(&config.storage)?;
    let upload_budget = files::uploads::budget::PartBudget::new(
        config.upload_part_memory,
        files::uploads::budget::WAIT,
    );
    let file_links = files::links::LinkSigner::new(&app_secret(&db, "file_links").await?);
    let state = AppState::new(state::Services {
        db,
        reads,
        hub,
        config: Arc::new(config),
        mailer,
        site_verifier,
        redis,
        revision_no: revision_no.into(),
        maintenance,
        sessions,
        storage,
        upload_budget,
        file_links,
        manuscript_links,
        node: platform::lifecycle::Lifecycle::default(),
    });
    let router = layer.mount(app::app(state.clone()));
    Ok((router, state))
}

/// A secret shared by every node, created by the first one.
async fn app_secret(db: &PgPool, name: &str) -> sqlx::Result<Vec<u8>> {
    let mut fresh = [0u8; 32];
    rand::rng().fill_bytes(&mut fresh);
    sqlx::query("insert into app_secrets (name, value) values ($1, $2) on conflict do nothing")
        .bind(name)
        .bind(&fresh[..])
        .execute(db)
        .await?;
    sqlx::query_scalar("select value from app_secrets where name = $1")
        .bind(name)
        .fetch_one(db)
        .await
}

/// Serves until `shutdown` resolves, with the peer address available to handlers: HTTP/1.1
/// through the hub's own server loop, which the WebSocket connections need
/// (`realtime::serve`), with the timeouts and connection caps of `server`
/// (`Config::server_config`).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    server: realtime::ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    realtime::serve(listener, router, server, shutdown).await
}

/// Serves until `signal` (SIGTERM in `run`), then drains: readiness answers 503 at once (the
/// load balancer takes the node out at its next check) and background jobs take no new work;
/// the sockets are closed with 1001 over `DRAIN_WINDOW_SECS`, each reconnecting to another
/// node at its own moment, while the node still answers requests; then it stops accepting,
/// lets the requests in flight finish and closes the sockets that came meanwhile.
pub async fn serve_with_drain(
    listener: TcpListener,
    router: Router,
    state: AppState,
    signal: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let server = state.config.server_config();
    let drain = {
        let state = state.clone();
        async move {
            signal.await;
            tracing::info!(window = ?state.config.drain_window, "draining");
            state.node.start_drain();
            state.hub.drain(state.config.drain_window).await;
        }
    };
    serve(listener, router, server, drain).await?;
    state.hub.close().await;
    Ok(())
}

/// How long a request waits for a database connection (the pool's or the read pipeline's)
/// before it answers 503.
pub const DATABASE_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// A connection idle longer than this is pinged before it is handed out.
const PING_IDLE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// The pool every node uses. While PostgreSQL is away (a restart, a failover) a request waits
/// at most `acquire_timeout` for a connection and then answers 503; a connection that sat
/// idle is pinged before use, so the pool heals by itself when the database is back. One in
/// steady use is not: pinging before every query doubled the round trips of a REST read.
pub fn pool_options(max_connections: u32) -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(max_connections)
        // Every acquire's wait as a debug event, which `platform::metrics::PoolWaitLayer` turns
        // into `tsumugi_db_pool_wait_seconds` (the log's own filter keeps it out of the log).
        .acquire_time_level(log::LevelFilter::Debug)
        .acquire_timeout(DATABASE_WAIT)
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= PING_IDLE_AFTER {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        })
}

/// The whole start-up: pool, migrations, demo data, hub, release announcement, serving.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let db = pool_options(config.database_pool_size)
        .connect(&config.database_url)
        .await?;
    MIGRATOR.run(&db).await?;
    if let Some(dir) = &config.master_data_dir
        && master::db::import_if_new(&db, dir).await?
    {
        tracing::info!(dir = %dir.display(), "master data imported");
    }
    if config.seed_demo && seed::seed_demo_if_empty(&db).await? {
        tracing::info!("demo data seeded");
    }
    let address = SocketAddr::new(config.host, config.port);
    let (router, state) = build(config, db).await?;
    revision::announce(&state.db, &state.hub, &state.revision_no).await?;
    let jobs = [
        assessments::job::spawn_scheduler(state.clone()),
        maintenance::ticker::spawn(state.clone()),
        information::scheduler::spawn(state.clone()),
        files::uploads::spawn_expiry(state.clone()),
        notices::mails::spawn_delivery(state.clone()),
        system::housekeeping::spawn(state.clone()),
    ];
    if let Some(address) = state.config.metrics_addr {
        let bound = platform::metrics::spawn(address, state.clone()).await?;
        tracing::info!(address = %bound, "metrics at /metrics");
    }
    let listener = realtime::listen(address)?;
    tracing::info!(address = %listener.local_addr()?, revision_no = %state.revision_no, "tsumugi is listening");
    state.node.mark_ready();
    serve_with_drain(listener, router, state.clone(), shutdown_signal()).await?;
    // A job's run in progress finishes (its pause ends with the drain); none waits longer.
    let jobs_done = futures::future::join_all(jobs);
    if tokio::time::timeout(JOBS_FINISH, jobs_done).await.is_err() {
        tracing::warn!("a background job was still running at exit");
    }
    tracing::info!("stopped");
    Ok(())
}

/// How long a stopping node waits for a background job's run in progress.
const JOBS_FINISH: std::time::Duration = std::time::Duration::from_secs(10);

/// `tsumugi storage migrate`: copies the local store (`DATA_DIR/files`) into the configured
/// S3-compatible store (`STORAGE_URL`), skipping what is there already.
pub async fn storage_migrate(
    data_dir: &std::path::Path,
    target: &platform::storage::StorageConfig,
) -> anyhow::Result<platform::storage::CopyReport> {
    use platform::storage::{Storage, StorageConfig};
    let StorageConfig::S3(_) = target else {
        anyhow::bail!(
            "STORAGE_URL must name the S3-compatible store to migrate into (s3://bucket[/prefix])"
        );
    };
    let from = Storage::open(&StorageConfig::Local(config::local_files_dir(data_dir)))?;
    let to = Storage::open(target)?;
    tracing::info!(from = ?from, to = ?to, "migrating stored files");
    platform::storage::copy_all(&from, &to).await
}

/// Hub-only benchmark mode (`HUB_ONLY=1`): socket.io and `/api/health`, no database; any
/// `bench-*` token connects and may join any room. Used to compare the hub with Node.
pub async fn run_hub_only(config: Config) -> anyhow::Result<()> {
    let router = build_hub_only(&config).await?;
    let listener = realtime::listen(SocketAddr::new(config.host, config.port))?;
    tracing::info!(address = %listener.local_addr()?, "hub-only benchmark mode");
    serve(listener, router, config.server_config(), shutdown_signal()).await?;
    Ok(())
}

/// The hub-only router (socket.io with `bench:publish`, and `/api/health`).
pub async fn build_hub_only(config: &Config) -> anyhow::Result<Router> {
    let hub_config = config.hub_config(true);
    let (layer, hub) = Hub::build(hub_config, Arc::new(realtime_auth::BenchAuthenticator)).await?;
    chat::presence::announce_joined(&hub);
    let router = Router::new().route(
        "/api/health",
        axum::routing::get(|| async { axum::Json(serde_json::json!({ "status": "ok" })) }),
    );
    Ok(layer.mount(router))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
