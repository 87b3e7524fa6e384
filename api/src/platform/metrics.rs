//! Prometheus metrics (`METRICS_ADDR`; unset: no recorder, no middleware, nothing counted).
//! Every name is listed in the README's "Metrics" section and the alert rules of
//! `docs/operations.md` use them. The text is rendered by `metrics-exporter-prometheus` and
//! served on its own listener by our own server loop, so `/metrics` is never reachable
//! through the public address.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Instant;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::Context;

use crate::state::AppState;

/// Latency buckets (seconds) of every `_seconds` histogram: from a cached read to the request
/// time limit.
const BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the process-wide recorder once (later calls answer the same handle). Metrics
/// recorded before it are lost, so `api::build` calls it first when `METRICS_ADDR` is set.
pub fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
                .expect("the buckets are not empty")
                .build_recorder();
            let handle = recorder.handle();
            if let Err(error) = metrics::set_global_recorder(recorder) {
                tracing::warn!(%error, "a metrics recorder was installed already");
            }
            describe();
            handle
        })
        .clone()
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        "tsumugi_http_requests_total",
        "HTTP requests answered, by matched route, method and status class"
    );
    describe_histogram!(
        "tsumugi_http_request_duration_seconds",
        Unit::Seconds,
        "Time to answer an HTTP request (headers ready), by matched route"
    );
    describe_gauge!(
        "tsumugi_db_pool_size",
        "Connections the node's PostgreSQL pool may open (DATABASE_POOL_SIZE)"
    );
    describe_gauge!(
        "tsumugi_db_pool_connections",
        "Open connections of the node's PostgreSQL pool, by state (in_use, idle)"
    );
    describe_histogram!(
        "tsumugi_db_pool_wait_seconds",
        Unit::Seconds,
        "Time a query waited for a pool connection"
    );
    describe_counter!(
        "tsumugi_upload_bytes_received_total",
        "Bytes of uploaded files received"
    );
    describe_counter!(
        "tsumugi_download_bytes_total",
        "Bytes of stored files answered (by Content-Length)"
    );
    describe_counter!("tsumugi_scans_total", "Virus scans of uploads, by verdict");
    describe_counter!(
        "tsumugi_upload_part_budget_busy_total",
        "Upload requests that ended with 503 because the node's part memory budget stayed spent"
    );
    describe_gauge!(
        "tsumugi_uploads_active",
        "Upload bodies being received by this node"
    );
    describe_counter!("tsumugi_job_runs_total", "Background job runs, by job");
    describe_counter!(
        "tsumugi_job_failures_total",
        "Background job runs that failed, by job"
    );
    describe_gauge!(
        "tsumugi_job_last_success_timestamp_seconds",
        Unit::Seconds,
        "When each background job last ran without an error (Unix time)"
    );
    describe_gauge!(
        "tsumugi_node_ready",
        "1 while the node answers /api/ready with 200 (not starting, not draining)"
    );
    realtime::metrics::describe();
}

/// The `/metrics` route, with the gauges read at scrape time.
pub fn router(state: AppState, handle: PrometheusHandle) -> Router {
    Router::new()
        .route("/metrics", get(render))
        .with_state((state, handle))
}

async fn render(State((state, handle)): State<(AppState, PrometheusHandle)>) -> Response {
    sample(&state);
    handle.run_upkeep();
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        handle.render(),
    )
        .into_response()
}

/// Gauges that are cheaper to read when scraped than to keep up to date.
fn sample(state: &AppState) {
    let size = state.db.size();
    let idle = state.db.num_idle() as u32;
    metrics::gauge!("tsumugi_db_pool_size").set(f64::from(state.config.database_pool_size));
    metrics::gauge!("tsumugi_db_pool_connections", "state" => "idle").set(f64::from(idle));
    metrics::gauge!("tsumugi_db_pool_connections", "state" => "in_use")
        .set(f64::from(size.saturating_sub(idle)));
    let ready = state.node.phase() == crate::platform::lifecycle::Phase::Ready;
    metrics::gauge!("tsumugi_node_ready").set(if ready { 1.0 } else { 0.0 });
    state.hub.sample_metrics();
}

/// Serves `/metrics` on `address` until the process ends.
pub async fn spawn(address: SocketAddr, state: AppState) -> std::io::Result<SocketAddr> {
    let listener = realtime::listen(address)?;
    let bound = listener.local_addr()?;
    let router = router(state, install());
    tokio::spawn(async move {
        let config = realtime::ServerConfig {
            max_connections: 64,
            ..realtime::ServerConfig::default()
        };
        if let Err(error) = realtime::serve(listener, router, config, std::future::pending()).await
        {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok(bound)
}

/// Middleware: counts each answered request by matched route (`unmatched` for the web app's
/// files and not-found paths, so the label's values stay bounded), method and status class,
/// and records its latency in the route's histogram.
pub async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |path| path.as_str().to_owned());
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let class = match response.status().as_u16() {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    };
    metrics::histogram!("tsumugi_http_request_duration_seconds", "route" => route.clone())
        .record(started.elapsed().as_secs_f64());
    metrics::counter!("tsumugi_http_requests_total", "route" => route, "method" => method, "status" => class)
        .increment(1);
    response
}

/// Bytes of uploaded files received (a whole upload, or a resumable upload's part).
pub fn upload_received(bytes: u64) {
    metrics::counter!("tsumugi_upload_bytes_received_total").increment(bytes);
}

/// An upload request gave up waiting for the part memory budget (`files::uploads::budget`).
pub fn upload_part_budget_busy() {
    metrics::counter!("tsumugi_upload_part_budget_busy_total").increment(1);
}

/// Bytes of stored files answered (by their `Content-Length`).
pub fn download_answered(bytes: u64) {
    metrics::counter!("tsumugi_download_bytes_total").increment(bytes);
}

/// A scan's outcome: `clean`, `infected` or `failed`.
pub fn scanned(verdict: &'static str) {
    metrics::counter!("tsumugi_scans_total", "verdict" => verdict).increment(1);
}

/// Counts an upload body being received in `tsumugi_uploads_active` while it lives.
pub struct ActiveUpload(());

impl ActiveUpload {
    pub fn start() -> Self {
        metrics::gauge!("tsumugi_uploads_active").increment(1.0);
        ActiveUpload(())
    }
}

impl Drop for ActiveUpload {
    fn drop(&mut self) {
        metrics::gauge!("tsumugi_uploads_active").decrement(1.0);
    }
}

/// One background job run: counted, a failure counted, a success's time kept.
pub fn job_ran(job: &'static str, ok: bool) {
    metrics::counter!("tsumugi_job_runs_total", "job" => job).increment(1);
    if ok {
        let now = crate::platform::clock::now().timestamp() as f64;
        metrics::gauge!("tsumugi_job_last_success_timestamp_seconds", "job" => job).set(now);
    } else {
        metrics::counter!("tsumugi_job_failures_total", "job" => job).increment(1);
    }
}

/// The pool's wait time, from the event sqlx emits on every acquire (enabled at debug level by
/// `api::pool_options`): a tracing layer that only looks at that one event, installed by
/// `main.rs` beside the log's own layer so the log's filter does not hide the event from it.
pub struct PoolWaitLayer;

/// The target of sqlx's acquire events.
pub const POOL_ACQUIRE_TARGET: &str = "sqlx::pool::acquire";

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for PoolWaitLayer {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if event.metadata().target() != POOL_ACQUIRE_TARGET {
            return;
        }
        struct Waited(Option<f64>);
        impl Visit for Waited {
            fn record_f64(&mut self, field: &Field, value: f64) {
                if field.name() == "acquired_after_secs" {
                    self.0 = Some(value);
                }
            }
            fn record_debug(&mut self, _: &Field, _: &dyn std::fmt::Debug) {}
        }
        let mut waited = Waited(None);
        event.record(&mut waited);
        if let Some(seconds) = waited.0 {
            metrics::histogram!("tsumugi_db_pool_wait_seconds").record(seconds);
        }
    }
}

/// The filter of [`PoolWaitLayer`]: sqlx's acquire events only.
pub fn pool_wait_filter() -> tracing_subscriber::filter::Targets {
    tracing_subscriber::filter::Targets::new()
        .with_target(POOL_ACQUIRE_TARGET, tracing::Level::DEBUG)
}
