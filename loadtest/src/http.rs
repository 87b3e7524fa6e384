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
    /// The slowest answer among the requests due in each second of the measured run (ms), so a
    /// stall shows as the seconds it took.
    pub slowest_per_second_ms: Vec<f64>,
}

/// Keeps the slowest latency of each second (by when the request was due).
#[derive(Debug, Default)]
struct SlowestPerSecond(Vec<f64>);

impl SlowestPerSecond {
    fn note(&mut self, since_start: Duration, latency_ms: f64) {
        let second = since_start.as_secs() as usize;
        if self.0.len() <= second {
            self.0.resize(second + 1, 0.0);
        }
        self.0[second] = self.0[second].max(latency_ms);
    }
}

pub async fn http(config: HttpConfig) -> anyhow::Result<HttpReport> {
    anyhow::ensure!(config.rate > 0.0, "rate must be positive");
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .timeout(Duration::from_secs(30))
        .build()?;
    let histogram = Arc::new(Mutex::new(new_histogram()));
    let slowest = Arc::new(Mutex::new(SlowestPerSecond::default()));
    let errors = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let pace = Pace::new(config.rate, config.warmup + config.duration);
    let measured_from = pace.start() + config.warmup;
    let mut requests = JoinSet::new();
    let mut sent = 0u64;
    while let Some(due) = pace.wait_for(sent).await {
        sent += 1;
        let (client, histogram, slowest, errors) = (
            client.clone(),
            histogram.clone(),
            slowest.clone(),
            errors.clone(),
        );
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
                slowest
                    .lock()
                    .expect("slowest per second")
                    .note(due - measured_from, micros as f64 / 1000.0);
            }
        });
        while requests.try_join_next().is_some() {}
    }
    while requests.join_next().await.is_some() {}
    let latency = summarize(&histogram.lock().expect("histogram"));
    let slowest_per_second_ms = std::mem::take(&mut slowest.lock().expect("slowest per second").0);
    Ok(HttpReport {
        rate: config.rate,
        sent,
        errors: errors.load(std::sync::atomic::Ordering::Relaxed),
        latency,
        slowest_per_second_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    #[test]
    fn each_second_keeps_its_slowest_answer() {
        let mut slowest = SlowestPerSecond::default();
        slowest.note(Duration::from_millis(100), 3.0);
        slowest.note(Duration::from_millis(900), 7.5);
        slowest.note(Duration::from_millis(950), 2.0);
        slowest.note(Duration::from_millis(2_100), 4.0);
        assert_eq!(slowest.0, vec![7.5, 0.0, 4.0]);
    }

    /// A server that answers at once except in one window of the run, where it holds every
    /// answer for 400 ms: the report shows the stall in that second and only there (the margin
    /// is wide so that a busy test machine cannot blur it).
    #[tokio::test]
    async fn a_stall_shows_in_the_second_it_happened() {
        const STALL: Duration = Duration::from_millis(400);
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        let started = std::time::Instant::now();
        tokio::spawn(async move {
            loop {
                let (mut socket, _) = listener.accept().await.unwrap();
                tokio::spawn(async move {
                    let mut buffer = [0u8; 4096];
                    while let Ok(n) = socket.read(&mut buffer).await {
                        if n == 0 {
                            break;
                        }
                        let at = started.elapsed();
                        if at >= Duration::from_millis(1_200) && at < Duration::from_millis(1_500) {
                            tokio::time::sleep(STALL).await;
                        }
                        let answer = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";
                        if socket.write_all(answer).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        let report = http(HttpConfig {
            url,
            token: String::new(),
            rate: 50.0,
            duration: Duration::from_secs(3),
            warmup: Duration::ZERO,
        })
        .await
        .unwrap();
        assert_eq!(report.errors, 0);
        let slowest = &report.slowest_per_second_ms;
        assert_eq!(slowest.len(), 3, "{slowest:?}");
        let stall_ms = STALL.as_secs_f64() * 1000.0;
        assert!(slowest[1] >= stall_ms, "the stalled second: {slowest:?}");
        assert!(
            slowest[0] < stall_ms && slowest[2] < stall_ms,
            "{slowest:?}"
        );
    }
}
