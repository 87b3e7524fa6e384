//! The hub's Prometheus metrics, recorded through the `metrics` facade (the application
//! installs the recorder; without one every call here is a no-op). Hot paths count once per
//! delivery to a room, never once per frame; gauges are read when scraped
//! ([`Hub::sample_metrics`]).

use crate::hub::Hub;

/// Describes the hub's metrics to the installed recorder (the `# HELP` lines).
pub fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_gauge!(
        "tsumugi_sockets",
        "Socket.IO sockets connected to this node, by transport"
    );
    describe_gauge!(
        "tsumugi_rooms",
        "Rooms with at least one socket on this node"
    );
    describe_counter!(
        "tsumugi_deliveries_total",
        "Frames handed to this node's sockets (each event counts once per socket it reached)"
    );
    describe_counter!(
        "tsumugi_slow_consumer_disconnects_total",
        "Sockets closed because their client did not read its queued frames"
    );
    describe_gauge!(
        "tsumugi_redis_link_up",
        "1 while the fan-out link to Redis is connected (absent without REDIS_URL)"
    );
    describe_counter!(
        "tsumugi_redis_publish_errors_total",
        "Publishes to Redis dropped because the link was down or the publish failed"
    );
    describe_histogram!(
        "tsumugi_fanout_lag_seconds",
        Unit::Seconds,
        "Time from another node publishing a push to Redis to this node handing it to its sockets (wall clocks of both nodes)"
    );
}

/// `sockets` frames handed out by one delivery to a room.
pub(crate) fn delivered(sockets: usize) {
    if sockets > 0 {
        metrics::counter!("tsumugi_deliveries_total").increment(sockets as u64);
    }
}

/// A socket closed as a slow consumer.
pub(crate) fn slow_consumer() {
    metrics::counter!("tsumugi_slow_consumer_disconnects_total").increment(1);
}

/// A push from another node handed to this node's sockets `lag` after it was published.
pub(crate) fn fanout_lag(lag: std::time::Duration) {
    metrics::histogram!("tsumugi_fanout_lag_seconds").record(lag.as_secs_f64());
}

/// A publish to Redis that did not go out.
pub(crate) fn publish_failed() {
    metrics::counter!("tsumugi_redis_publish_errors_total").increment(1);
}

impl Hub {
    /// Sets the hub's gauges from the current state (called when `/metrics` is scraped).
    pub fn sample_metrics(&self) {
        let shared = &self.shared;
        // A long-polling session's socket sits behind the bridge like a WebSocket's
        // (`polling.rs`): the registry counts both.
        let polling = shared.polling.still_polling();
        metrics::gauge!("tsumugi_sockets", "transport" => "polling").set(polling as f64);
        metrics::gauge!("tsumugi_sockets", "transport" => "websocket")
            .set(shared.registry.len().saturating_sub(polling) as f64);
        metrics::gauge!("tsumugi_rooms").set(shared.registry.room_count() as f64);
        if let Some(cluster) = &shared.cluster {
            let up = if cluster.link().is_up() { 1.0 } else { 0.0 };
            metrics::gauge!("tsumugi_redis_link_up").set(up);
        }
    }
}
