//! What the search benchmarks share (`search_bench`, `message_search_bench`): their options,
//! timing one GET at a time after a warm-up, percentiles and the machine's load.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Requests sent before timing starts.
pub const WARM_UP: usize = 20;

/// `--name value` pairs of the command line.
pub struct Options(HashMap<String, String>);

pub fn args() -> Options {
    let mut raw = std::env::args().skip(1);
    let mut options = HashMap::new();
    while let Some(key) = raw.next() {
        if let Some(name) = key.strip_prefix("--") {
            options.insert(name.to_string(), raw.next().unwrap_or_default());
        }
    }
    Options(options)
}

impl Options {
    /// `--name`'s text, or `default`.
    pub fn text(&self, name: &str, default: &str) -> String {
        self.0.get(name).cloned().unwrap_or_else(|| default.into())
    }

    /// `--name`'s text; an error naming the option when it is missing.
    pub fn required(&self, name: &str) -> anyhow::Result<String> {
        self.0
            .get(name)
            .cloned()
            .ok_or_else(|| anyhow::anyhow!("--{name} is required"))
    }

    /// `--name` as a number, or `default` when it is missing or not one.
    pub fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> T {
        self.0
            .get(name)
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }
}

pub fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].as_secs_f64() * 1000.0
}

pub struct Measured {
    /// The answer's `total`.
    pub total: i64,
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
    pub max: f64,
}

/// Times `url` (`WARM_UP` requests first, then `iterations` measured), one request at a time,
/// with `token` as the bearer; every answer must be a success.
pub async fn measure(
    http: &reqwest::Client,
    url: &str,
    token: &str,
    iterations: usize,
) -> anyhow::Result<Measured> {
    let mut total = 0;
    let mut times = Vec::with_capacity(iterations);
    for i in 0..WARM_UP + iterations {
        let started = Instant::now();
        let response = http.get(url).bearer_auth(token).send().await?;
        let status = response.status();
        let body: serde_json::Value = response.json().await?;
        let elapsed = started.elapsed();
        anyhow::ensure!(status.is_success(), "{url}: {status} {body}");
        total = body["total"].as_i64().unwrap_or_default();
        if i >= WARM_UP {
            times.push(elapsed);
        }
    }
    times.sort();
    Ok(Measured {
        total,
        p50: percentile(&times, 0.50),
        p95: percentile(&times, 0.95),
        p99: percentile(&times, 0.99),
        max: times
            .last()
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or_default(),
    })
}

/// The 1-minute load average (Linux), to say how busy the machine was.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "unknown".into())
}

/// The report's verdict line on the worst typical query's p99 against `target_ms`.
pub fn verdict(worst_p99: f64, target_ms: f64) -> String {
    if worst_p99 <= target_ms {
        format!(
            "Every typical query's p99 is within the {target_ms} ms target (worst {worst_p99:.2} ms)."
        )
    } else {
        format!("**Over the {target_ms} ms target**: worst typical p99 {worst_p99:.2} ms.")
    }
}
