//! The full product path: REST `POST /api/channels/{id}/messages` (validated, persisted) and
//! the push of `message.created` to every member, with idle connections in the background.

use std::borrow::Cow;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::stream::{self, StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::client::{Conn, EventHandler, ignore_events};
use crate::codec::Event;
use crate::member;
use crate::stats::{Latency, monotonic_ns, new_histogram, summarize};

#[derive(Debug, Clone)]
pub struct ProductConfig {
    pub server: SocketAddr,
    pub first_channel: i64,
    pub channels: usize,
    pub members: usize,
    pub rate: f64,
    pub duration: Duration,
    /// Posted at the same rate before `duration`, and left out of the latencies: a fresh
    /// server's first seconds (pool and HTTP connections opening, first plans) are not the
    /// steady state this scenario measures. Their deliveries still count towards `lost`.
    pub warmup: Duration,
    /// Member i authenticates with `{token_prefix}{i}`; the publisher with
    /// `{token_prefix}publisher`.
    pub token_prefix: String,
    /// Extra connections that only sit there.
    pub idle: usize,
    pub sources: Vec<IpAddr>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ProductReport {
    pub channels: usize,
    pub members: usize,
    pub idle: usize,
    pub rate: f64,
    pub sent: u64,
    pub post_errors: u64,
    pub expected: u64,
    pub received: u64,
    pub lost: u64,
    /// From the intended POST time to the receipt by the last member of the channel.
    pub last_member: Latency,
    /// Second by second from the first POST (warm-up included): where a stall happened.
    pub timeline: Vec<Second>,
    /// When the first POST was due, in milliseconds since the Unix epoch: second `n` of the
    /// timeline starts `n` seconds later, so a slow second can be found in the server's and
    /// PostgreSQL's logs.
    pub started_unix_ms: u64,
    /// POST round trips.
    pub post: Latency,
}

/// One message's deliveries so far: how many members have it and the slowest of them. Every
/// delivery of the run passes here, from whichever thread read it, so it takes no lock.
#[derive(Default)]
struct Deliveries {
    members: AtomicU32,
    worst_ns: AtomicU64,
}

impl Deliveries {
    /// Counts one delivery that took `ns`; the delivery that completes `of` members returns
    /// the slowest of them.
    fn record(&self, ns: u64, of: u32) -> Option<u64> {
        self.worst_ns.fetch_max(ns, Ordering::Relaxed);
        // AcqRel: the last member's increment sees every earlier member's `fetch_max`.
        (self.members.fetch_add(1, Ordering::AcqRel) + 1 == of)
            .then(|| self.worst_ns.load(Ordering::Relaxed))
    }
}

/// A message's body: when it was due and its number, as plain text (no JSON inside the JSON,
/// so a member reads it straight out of the frame).
fn stamp(due_ns: u64, seq: u64) -> String {
    format!("{due_ns} {seq}")
}

fn read_stamp(body: &str) -> Option<(u64, u64)> {
    let (due_ns, seq) = body.split_once(' ')?;
    Some((due_ns.parse().ok()?, seq.parse().ok()?))
}

/// The one field of `message.created` the members read.
#[derive(Deserialize)]
struct Created<'a> {
    #[serde(borrow)]
    body: Cow<'a, str>,
}

/// One second of the run: how many POSTs were due, the slowest POST answer and the slowest
/// last-member delivery of the messages due in it.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Second {
    pub posts: u64,
    pub post_max_ms: f64,
    /// Where the slowest POST's time went on the server, when it sends `Server-Timing`
    /// (`SERVER_TIMING=1`); the rest of `post_max_ms` was spent before the server read the
    /// request or after it answered.
    pub post_max_server: Option<ServerTiming>,
    pub last_member_max_ms: f64,
}

/// A response's `Server-Timing`, in milliseconds: the time inside the API (`total`), and of it
/// waiting for a pool connection (`pool`), in database statements (`db`) and in realtime pushes
/// (`push`).
#[derive(Debug, Default, Clone, Copy, PartialEq, Serialize)]
pub struct ServerTiming {
    pub total_ms: f64,
    pub pool_ms: f64,
    pub db_ms: f64,
    pub push_ms: f64,
}

impl ServerTiming {
    /// Reads `total;dur=…, pool;dur=…, db;dur=…, push;dur=…`; `None` without a `total`.
    pub fn parse(header: &str) -> Option<ServerTiming> {
        let mut timing = ServerTiming::default();
        let mut total = None;
        for entry in header.split(',') {
            let Some((name, dur)) = entry.trim().split_once(";dur=") else {
                continue;
            };
            let Ok(ms) = dur.trim().parse::<f64>() else {
                continue;
            };
            match name {
                "total" => total = Some(ms),
                "pool" => timing.pool_ms = ms,
                "db" => timing.db_ms = ms,
                "push" => timing.push_ms = ms,
                _ => {}
            }
        }
        timing.total_ms = total?;
        Some(timing)
    }
}

fn note(timeline: &Mutex<Vec<Second>>, second: usize, f: impl FnOnce(&mut Second)) {
    let mut timeline = timeline.lock().expect("timeline lock");
    if timeline.len() <= second {
        timeline.resize(second + 1, Second::default());
    }
    f(&mut timeline[second]);
}

pub async fn product(config: ProductConfig) -> anyhow::Result<ProductReport> {
    let timeline = Arc::new(Mutex::new(Vec::<Second>::new()));
    let rate = config.rate;
    let second_of = move |seq: u64| (seq as f64 / rate) as usize;
    let members_total = config.channels * config.members;
    let last_member = Arc::new(Mutex::new(new_histogram()));
    let post_latency = Arc::new(Mutex::new(new_histogram()));
    let received = Arc::new(AtomicU64::new(0));
    let warmup_count = (config.rate * config.warmup.as_secs_f64()).round() as u64;
    let total = warmup_count + (config.rate * config.duration.as_secs_f64()).round() as u64;
    let deliveries: Arc<Vec<Deliveries>> =
        Arc::new((0..total).map(|_| Deliveries::default()).collect());
    let members_per_message = config.members as u32;
    let measured = move |seq: u64| seq >= warmup_count;

    let on_message: EventHandler = {
        let (last_member, received, deliveries, timeline) = (
            last_member.clone(),
            received.clone(),
            deliveries.clone(),
            timeline.clone(),
        );
        Arc::new(move |event: &Event<'_>| {
            if event.name != "message.created" {
                return;
            }
            let now = monotonic_ns();
            let Some((due_ns, seq)) = event
                .first_arg::<Created>()
                .and_then(|created| read_stamp(&created.body))
            else {
                return;
            };
            let Some(message) = deliveries.get(seq as usize) else {
                return;
            };
            received.fetch_add(1, Ordering::Relaxed);
            let Some(worst) = message.record(now.saturating_sub(due_ns), members_per_message)
            else {
                return;
            };
            note(&timeline, second_of(seq), |s| {
                s.last_member_max_ms = s.last_member_max_ms.max(worst as f64 / 1e6);
            });
            if measured(seq) {
                last_member
                    .lock()
                    .expect("histogram lock")
                    .saturating_record((worst / 1000).max(1));
            }
        })
    };
    let token_of =
        |index: usize| format!("{}{}", config.token_prefix, index % members_total.max(1));
    let source_of = |index: usize| {
        (!config.sources.is_empty()).then(|| config.sources[index % config.sources.len()])
    };
    let silent = ignore_events();
    let idle: Vec<Conn> = stream::iter(0..config.idle)
        .map(|i| {
            let (token, silent) = (token_of(i), silent.clone());
            async move { Conn::connect(config.server, &token, source_of(i), silent).await }
        })
        .buffered(256)
        .try_collect()
        .await?;
    // The members are read on a thread of their own at about the kernel's cost (`member`):
    // the generator shares the cores with what it measures.
    let members: Vec<member::Joined> = stream::iter(0..members_total)
        .map(|i| {
            let token = token_of(i);
            let channel_id = config.first_channel + (i / config.members) as i64;
            async move { member::join(config.server, &token, source_of(i), channel_id).await }
        })
        .buffered(256)
        .try_collect()
        .await?;
    let members = member::read(members, on_message)?;

    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()?;
    let publisher_token = format!("{}publisher", config.token_prefix);
    let interval_ns = (1e9 / config.rate) as u64;
    let start_ns = monotonic_ns() + 50_000_000;
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let started_unix_ms = (std::time::SystemTime::now() + Duration::from_millis(50))
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64);
    let post_errors = Arc::new(AtomicU64::new(0));
    let mut posts = Vec::with_capacity(total as usize);
    for seq in 0..total {
        tokio::time::sleep_until(start + Duration::from_nanos(seq * interval_ns)).await;
        let intended_ns = start_ns + seq * interval_ns;
        let channel_id = config.first_channel + (seq % config.channels as u64) as i64;
        let url = format!(
            "http://{}/api/channels/{channel_id}/messages",
            config.server
        );
        let body = json!({
            "body": stamp(intended_ns, seq),
            "client_message_id": format!("bench-{start_ns}-{seq}"),
        });
        let (http, token, post_latency, post_errors, timeline) = (
            http.clone(),
            publisher_token.clone(),
            post_latency.clone(),
            post_errors.clone(),
            timeline.clone(),
        );
        // Open loop: each POST runs on its own, so a slow answer never delays the schedule.
        posts.push(tokio::spawn(async move {
            let sent = Instant::now();
            let (ok, server) = match http.post(url).bearer_auth(token).json(&body).send().await {
                Ok(response) => (
                    response.status().is_success(),
                    response
                        .headers()
                        .get("server-timing")
                        .and_then(|v| v.to_str().ok())
                        .and_then(ServerTiming::parse),
                ),
                Err(_) => (false, None),
            };
            let took = sent.elapsed();
            let took_ms = took.as_secs_f64() * 1000.0;
            note(&timeline, second_of(seq), |s| {
                s.posts += 1;
                if took_ms > s.post_max_ms {
                    s.post_max_ms = took_ms;
                    s.post_max_server = server;
                }
            });
            if ok && measured(seq) {
                post_latency
                    .lock()
                    .expect("histogram lock")
                    .saturating_record((took.as_micros() as u64).max(1));
            } else if !ok {
                post_errors.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    for post in posts {
        let _ = post.await;
    }
    let expected = total * config.members as u64;
    let deadline = Instant::now() + Duration::from_secs(10);
    while received.load(Ordering::Relaxed) < expected && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let got = received.load(Ordering::Relaxed);
    members.stop()?;
    for conn in &idle {
        conn.close();
    }
    let report = ProductReport {
        channels: config.channels,
        members: config.members,
        idle: config.idle,
        rate: config.rate,
        sent: total,
        post_errors: post_errors.load(Ordering::Relaxed),
        expected,
        received: got,
        lost: expected.saturating_sub(got),
        last_member: summarize(&last_member.lock().expect("histogram lock")),
        post: summarize(&post_latency.lock().expect("histogram lock")),
        timeline: std::mem::take(&mut *timeline.lock().expect("timeline lock")),
        started_unix_ms,
    };
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_reads_back() {
        assert_eq!(read_stamp(&stamp(123_456_789, 42)), Some((123_456_789, 42)));
        assert_eq!(read_stamp("こんにちは"), None);
        assert_eq!(read_stamp("12 x"), None);
    }

    #[test]
    fn server_timing_reads_the_servers_header() {
        assert_eq!(
            ServerTiming::parse("total;dur=12.345, pool;dur=0.5, db;dur=2.001, push;dur=0.250"),
            Some(ServerTiming {
                total_ms: 12.345,
                pool_ms: 0.5,
                db_ms: 2.001,
                push_ms: 0.25
            })
        );
        // Entries in any order, unknown ones skipped; parts the server did not time are zero.
        assert_eq!(
            ServerTiming::parse("cache;desc=\"x\", db;dur=1.5, total;dur=3"),
            Some(ServerTiming {
                total_ms: 3.0,
                pool_ms: 0.0,
                db_ms: 1.5,
                push_ms: 0.0
            })
        );
        assert_eq!(ServerTiming::parse("db;dur=1.5"), None, "no total");
        assert_eq!(ServerTiming::parse(""), None);
    }

    #[test]
    fn the_last_member_reports_the_slowest_delivery_once() {
        let message = Deliveries::default();
        assert_eq!(message.record(5, 3), None);
        assert_eq!(message.record(9, 3), None);
        assert_eq!(message.record(2, 3), Some(9));
        assert_eq!(
            message.record(1, 3),
            None,
            "a duplicate is not a second last member"
        );
    }

    #[test]
    fn members_on_many_threads_complete_a_message_once() {
        let message = Arc::new(Deliveries::default());
        let completions = AtomicU32::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let (message, completions) = (message.clone(), &completions);
                scope.spawn(move || {
                    for member in 0..250u64 {
                        if let Some(worst) = message.record(thread * 1000 + member, 1000) {
                            assert_eq!(worst, 3249);
                            completions.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(completions.load(Ordering::Relaxed), 1);
    }
}
