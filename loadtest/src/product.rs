//! The full product path: REST `POST /api/channels/{id}/messages` (validated, persisted) and
//! the push of `message.created` to every member, with idle connections in the background.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::stream::{self, StreamExt, TryStreamExt};
use serde::Serialize;
use serde_json::{Value, json};

use crate::client::{Conn, EventHandler};
use crate::scenario::join_rooms;
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
    /// Member i authenticates with `{token_prefix}{i}`; the publisher with `{token_prefix}publisher`.
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
    /// POST round trips.
    pub post: Latency,
}

struct Deliveries {
    by_seq: HashMap<u64, (usize, u64)>,
}

/// One second of the run: how many POSTs were due, the slowest POST answer and the slowest
/// last-member delivery of the messages due in it.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Second {
    pub posts: u64,
    pub post_max_ms: f64,
    pub last_member_max_ms: f64,
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
    let deliveries = Arc::new(Mutex::new(Deliveries {
        by_seq: HashMap::new(),
    }));
    let members_per_message = config.members;
    let warmup_count = (config.rate * config.warmup.as_secs_f64()).round() as u64;
    let measured = move |seq: u64| seq >= warmup_count;

    let on_message: EventHandler = {
        let (last_member, received, deliveries, timeline) = (
            last_member.clone(),
            received.clone(),
            deliveries.clone(),
            timeline.clone(),
        );
        Arc::new(move |name: &str, data: &[Value]| {
            if name != "message.created" {
                return;
            }
            let now = monotonic_ns();
            let Some(body) = data
                .first()
                .and_then(|m| m.get("body"))
                .and_then(Value::as_str)
            else {
                return;
            };
            let Ok(stamp) = serde_json::from_str::<Value>(body) else {
                return;
            };
            let (Some(t), Some(seq)) = (
                stamp.get("t").and_then(Value::as_u64),
                stamp.get("seq").and_then(Value::as_u64),
            ) else {
                return;
            };
            received.fetch_add(1, Ordering::Relaxed);
            let mut deliveries = deliveries.lock().expect("deliveries lock");
            let entry = deliveries.by_seq.entry(seq).or_insert((0, 0));
            entry.0 += 1;
            entry.1 = entry.1.max(now.saturating_sub(t));
            if entry.0 == members_per_message {
                let worst = entry.1;
                deliveries.by_seq.remove(&seq);
                note(&timeline, second_of(seq), |s| {
                    s.last_member_max_ms = s.last_member_max_ms.max(worst as f64 / 1e6);
                });
                if !measured(seq) {
                    return;
                }
                last_member
                    .lock()
                    .expect("histogram lock")
                    .saturating_record((worst / 1000).max(1));
            }
        })
    };
    let silent: EventHandler = Arc::new(|_: &str, _: &[Value]| {});

    let connect = |index: usize, handler: EventHandler| {
        let token = format!("{}{}", config.token_prefix, index % members_total.max(1));
        let source =
            (!config.sources.is_empty()).then(|| config.sources[index % config.sources.len()]);
        async move { Conn::connect(config.server, &token, source, handler).await }
    };
    let _idle: Vec<Conn> = stream::iter(0..config.idle)
        .map(|i| connect(i, silent.clone()))
        .buffered(256)
        .try_collect()
        .await?;
    let members: Vec<Conn> = stream::iter(0..members_total)
        .map(|i| connect(i, on_message.clone()))
        .buffered(256)
        .try_collect()
        .await?;
    join_rooms(&members, |i| {
        config.first_channel + (i / config.members) as i64
    })
    .await?;

    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()?;
    let publisher_token = format!("{}publisher", config.token_prefix);
    let total = warmup_count + (config.rate * config.duration.as_secs_f64()).round() as u64;
    let interval_ns = (1e9 / config.rate) as u64;
    let start_ns = monotonic_ns() + 50_000_000;
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
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
        let body = json!({ "body": json!({ "t": intended_ns, "seq": seq }).to_string(), "client_message_id": format!("bench-{start_ns}-{seq}") });
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
            let ok = http
                .post(url)
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .map(|r| r.status().is_success())
                .unwrap_or(false);
            let took = sent.elapsed();
            note(&timeline, second_of(seq), |s| {
                s.posts += 1;
                s.post_max_ms = s.post_max_ms.max(took.as_secs_f64() * 1000.0);
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
    for conn in members.iter().chain(_idle.iter()) {
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
    };
    Ok(report)
}
