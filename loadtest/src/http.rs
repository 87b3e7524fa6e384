//! `loadtest http`: GET requests at a fixed rate, open loop. Each request's latency counts from
//! the moment it was due, not from when it was sent, so a server that falls behind shows it in
//! the percentiles instead of slowing the generator down (coordinated omission).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use tokio::task::JoinSet;

use crate::pace::Pace;
use crate::stats::{Latency, new_histogram, summarize};

pub struct HttpConfig {
    pub url: String,
    /// Sent as `Authorization: Bearer …` when not empty.
    pub token: String,
    pub rate: f64,
    pub duration: Duration,
    /// Sent at the same rate before measuring, not recorded.
    pub warmup: Duration,
}

#[derive(Debug, Serialize)]
pub struct HttpReport {
    pub rate: f64,
    pub sent: u64,
    /// Answers other than 200 and transport errors, warm-up included.
    pub errors: u64,
    pub latency: Latency,
}

pub async fn http(config: HttpConfig) -> anyhow::Result<HttpReport> {
    anyhow::ensure!(config.rate > 0.0, "rate must be positive");
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .timeout(Duration::from_secs(30))
        .build()?;
    let histogram = Arc::new(Mutex::new(new_histogram()));
    let errors = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let pace = Pace::new(config.rate, config.warmup + config.duration);
    let measured_from = pace.start() + config.warmup;
    let mut requests = JoinSet::new();
    let mut sent = 0u64;
    while let Some(due) = pace.wait_for(sent).await {
        sent += 1;
        let (client, histogram, errors) = (client.clone(), histogram.clone(), errors.clone());
        let mut request = client.get(&config.url);
        if !config.token.is_empty() {
            request = request.bearer_auth(&config.token);
        }
        requests.spawn(async move {
            let ok = match request.send().await {
                Ok(response) => response.status().is_success() && response.bytes().await.is_ok(),
                Err(_) => false,
            };
            if !ok {
                errors.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            } else if due >= measured_from {
                let micros = due.elapsed().as_micros().max(1) as u64;
                histogram
                    .lock()
                    .expect("histogram")
                    .saturating_record(micros);
            }
        });
        while requests.try_join_next().is_some() {}
    }
    while requests.join_next().await.is_some() {}
    let latency = summarize(&histogram.lock().expect("histogram"));
    Ok(HttpReport {
        rate: config.rate,
        sent,
        errors: errors.load(std::sync::atomic::Ordering::Relaxed),
        latency,
    })
}
