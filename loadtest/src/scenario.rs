//! Benchmark scenarios. Every server under test speaks the same tiny protocol: `auth.token` in
//! the handshake, `channel:join {channel_id}` (acked), `bench:publish {channel_id, payload}`
//! broadcast to the room as `message.created` with the payload.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::stream::{self, StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::client::{Conn, EventHandler, Transport, ignore_events};
use crate::codec::{Event, Packet, encode};
use crate::stats::{Latency, monotonic_ns, new_histogram, summarize};

const CONNECT_CONCURRENCY: usize = 256;
const ACK_TIMEOUT: Duration = Duration::from_secs(30);

#[derive(Debug, Clone)]
pub struct FanoutConfig {
    /// Where the members connect.
    pub server: SocketAddr,
    /// Where the publishers connect (another node, to measure the Redis hop).
    pub publish_server: SocketAddr,
    pub rooms: usize,
    pub members: usize,
    /// Messages per second, over all rooms.
    pub rate: f64,
    pub duration: Duration,
    pub payload_bytes: usize,
    /// Source addresses to spread connections over (127.0.0.x).
    pub sources: Vec<IpAddr>,
    /// Added to room numbers so concurrent runs do not share rooms.
    pub room_offset: i64,
    /// Every n-th member stops reading after joining (0: none); they are left out of the
    /// expected deliveries.
    pub slow_every: usize,
    /// The server's pid, to sample its memory during the run.
    pub server_pid: Option<u32>,
    /// How the members connect (the publishers always use WebSocket).
    pub transport: Transport,
}

#[derive(Debug, Clone, Serialize)]
pub struct FanoutReport {
    pub rooms: usize,
    pub members: usize,
    pub rate: f64,
    pub sent: u64,
    pub expected: u64,
    pub received: u64,
    pub lost: u64,
    pub deliveries_per_sec: f64,
    pub latency: Latency,
    pub connect_secs: f64,
    pub slow_members: usize,
    pub server_rss_start_bytes: u64,
    pub server_rss_max_bytes: u64,
    pub server_rss_end_bytes: u64,
}

fn source_for(sources: &[IpAddr], index: usize) -> Option<IpAddr> {
    (!sources.is_empty()).then(|| sources[index % sources.len()])
}

/// Joins client `i` to room `channel_of(i)`, all in parallel; fails if any join is refused.
pub async fn join_rooms(conns: &[Conn], channel_of: impl Fn(usize) -> i64) -> anyhow::Result<()> {
    stream::iter(conns.iter().enumerate())
        .map(|(i, conn)| {
            let channel_id = channel_of(i);
            async move {
                let ack = conn
                    .emit_with_ack(
                        "channel:join",
                        json!({ "channel_id": channel_id }),
                        ACK_TIMEOUT,
                    )
                    .await?;
                join_accepted(&ack)
            }
        })
        .buffer_unordered(CONNECT_CONCURRENCY)
        .try_collect::<Vec<()>>()
        .await?;
    Ok(())
}

/// Whether a `channel:join` ack accepted the join (`[{data: …}]`, not `[{error: …}]`).
pub(crate) fn join_accepted(ack: &[Value]) -> anyhow::Result<()> {
    anyhow::ensure!(
        ack.first().and_then(|a| a.get("data")).is_some(),
        "join refused: {ack:?}"
    );
    Ok(())
}

/// Connects `count` clients in parallel over `transport`, with tokens `bench-{offset+i}`.
pub async fn connect_many(
    transport: Transport,
    server: SocketAddr,
    count: usize,
    offset: usize,
    sources: &[IpAddr],
    handler: EventHandler,
) -> anyhow::Result<Vec<Conn>> {
    stream::iter(0..count)
        .map(|i| {
            let handler = handler.clone();
            let source = source_for(sources, offset + i);
            async move {
                let token = format!("bench-{}", offset + i);
                Conn::connect_over(transport, server, &token, source, handler).await
            }
        })
        .buffered(CONNECT_CONCURRENCY)
        .try_collect()
        .await
}

/// The intended send time a fan-out payload carries (its `seq` and padding are skipped).
#[derive(Deserialize)]
struct SentAt {
    t: u64,
}

pub async fn fanout(config: FanoutConfig) -> anyhow::Result<FanoutReport> {
    let histogram = Arc::new(Mutex::new(new_histogram()));
    let received = Arc::new(AtomicU64::new(0));
    let on_message: EventHandler = {
        let histogram = histogram.clone();
        let received = received.clone();
        Arc::new(move |event: &Event<'_>| {
            if event.name != "message.created" {
                return;
            }
            let now = monotonic_ns();
            if let Some(SentAt { t: sent_at }) = event.first_arg() {
                let micros = now.saturating_sub(sent_at) / 1000;
                histogram
                    .lock()
                    .expect("histogram lock")
                    .saturating_record(micros.max(1));
            }
            received.fetch_add(1, Ordering::Relaxed);
        })
    };

    let connect_started = Instant::now();
    let subscriber_count = config.rooms * config.members;
    let subscribers = connect_many(
        config.transport,
        config.server,
        subscriber_count,
        0,
        &config.sources,
        on_message,
    )
    .await?;
    join_rooms(&subscribers, |i| {
        config.room_offset + (i / config.members) as i64
    })
    .await?;
    let is_slow =
        |i: usize| config.slow_every > 0 && i % config.slow_every == config.slow_every - 1;
    let slow_members = (0..subscriber_count).filter(|i| is_slow(*i)).count();
    for (i, conn) in subscribers.iter().enumerate() {
        if is_slow(i) {
            conn.stall();
        }
    }
    let publisher_count = config.rooms.clamp(1, 32);
    let publishers = connect_many(
        Transport::WebSocket,
        config.publish_server,
        publisher_count,
        subscriber_count,
        &config.sources,
        ignore_events(),
    )
    .await?;
    let connect_secs = connect_started.elapsed().as_secs_f64();

    let padding = "x".repeat(config.payload_bytes);
    let total = (config.rate * config.duration.as_secs_f64()).round() as u64;
    let interval_ns = (1e9 / config.rate) as u64;
    let start_ns = monotonic_ns() + 50_000_000;
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let sending_started = Instant::now();
    let rss = |pid: Option<u32>| pid.and_then(|p| rss_bytes(p).ok()).unwrap_or(0);
    let rss_start = rss(config.server_pid);
    let rss_max = Arc::new(AtomicU64::new(rss_start));
    let sampler = config.server_pid.map(|pid| {
        let rss_max = rss_max.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(500)).await;
                rss_max.fetch_max(rss(Some(pid)), Ordering::Relaxed);
            }
        })
    });
    for seq in 0..total {
        // The intended send time goes into the payload, so a late send counts as latency
        // (coordinated omission is not hidden by the generator falling behind).
        let intended_ns = start_ns + seq * interval_ns;
        tokio::time::sleep_until(start + Duration::from_nanos(seq * interval_ns)).await;
        let room = (seq % config.rooms as u64) as i64 + config.room_offset;
        let packet = Packet::Event {
            ack: None,
            name: "bench:publish".into(),
            data: vec![
                json!({ "channel_id": room, "payload": { "t": intended_ns, "seq": seq, "pad": padding } }),
            ],
        };
        publishers[(seq as usize) % publishers.len()].emit_raw(encode(&packet));
    }
    let expected =
        total * config.members as u64 - total / config.rooms as u64 * slow_members as u64;
    let deadline = Instant::now() + Duration::from_secs(5);
    while received.load(Ordering::Relaxed) < expected && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let elapsed = sending_started.elapsed().as_secs_f64();
    let got = received.load(Ordering::Relaxed);
    for conn in subscribers.iter().chain(publishers.iter()) {
        conn.close();
    }
    if let Some(sampler) = sampler {
        sampler.abort();
    }
    let latency = summarize(&histogram.lock().expect("histogram lock"));
    Ok(FanoutReport {
        rooms: config.rooms,
        members: config.members,
        rate: config.rate,
        sent: total,
        expected,
        received: got,
        lost: expected.saturating_sub(got),
        deliveries_per_sec: got as f64 / elapsed.max(1e-9),
        latency,
        connect_secs,
        slow_members,
        server_rss_start_bytes: rss_start,
        server_rss_max_bytes: rss_max.load(Ordering::Relaxed),
        server_rss_end_bytes: rss(config.server_pid),
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct StormReport {
    pub clients: usize,
    pub rooms: usize,
    /// From dropping every client to the last one being back in its room.
    pub recovery_secs: f64,
    pub failed: usize,
}

/// Connects `clients` members into rooms of 100, drops them all at once, and measures how long
/// until every one has reconnected and rejoined its room.
pub async fn storm(
    server: SocketAddr,
    clients: usize,
    sources: &[IpAddr],
) -> anyhow::Result<StormReport> {
    let silent: EventHandler = ignore_events();
    let join_all = |conns: Vec<Conn>| async move {
        stream::iter(conns.into_iter().enumerate())
            .map(|(i, conn)| async move {
                conn.emit_with_ack(
                    "channel:join",
                    json!({ "channel_id": 1 + (i / 100) as i64 }),
                    ACK_TIMEOUT,
                )
                .await
                .map(|_| conn)
            })
            .buffer_unordered(CONNECT_CONCURRENCY)
            .collect::<Vec<_>>()
            .await
    };
    let first = connect_many(
        Transport::WebSocket,
        server,
        clients,
        0,
        sources,
        silent.clone(),
    )
    .await?;
    let first: Vec<Conn> = join_all(first)
        .await
        .into_iter()
        .collect::<Result<_, _>>()?;
    let dropped_at = Instant::now();
    for conn in &first {
        conn.close();
    }
    let again = stream::iter(0..clients)
        .map(|i| {
            let handler = silent.clone();
            let source = source_for(sources, i);
            async move { Conn::connect(server, &format!("bench-{i}"), source, handler).await }
        })
        .buffer_unordered(CONNECT_CONCURRENCY)
        .collect::<Vec<_>>()
        .await;
    let mut failed = again.iter().filter(|r| r.is_err()).count();
    let back: Vec<Conn> = again.into_iter().filter_map(Result::ok).collect();
    let joined = join_all(back).await;
    failed += joined.iter().filter(|r| r.is_err()).count();
    let recovery_secs = dropped_at.elapsed().as_secs_f64();
    for conn in joined.into_iter().flatten() {
        conn.close();
    }
    Ok(StormReport {
        clients,
        rooms: clients.div_ceil(100),
        recovery_secs,
        failed,
    })
}

#[derive(Debug, Clone, Serialize)]
pub struct IdleReport {
    pub connections: usize,
    pub server_rss_bytes: u64,
}

/// Resident memory of a process, from /proc.
pub fn rss_bytes(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse::<u64>().ok())
        .ok_or_else(|| anyhow::anyhow!("no VmRSS for {pid}"))?;
    Ok(kb * 1024)
}

/// Holds `connections` idle clients for `hold`, then reads the server's memory.
pub async fn idle(
    server: SocketAddr,
    connections: usize,
    server_pid: u32,
    sources: &[IpAddr],
    offset: usize,
    hold: Duration,
    ready_file: Option<&std::path::Path>,
) -> anyhow::Result<IdleReport> {
    let conns = connect_many(
        Transport::WebSocket,
        server,
        connections,
        offset,
        sources,
        ignore_events(),
    )
    .await?;
    // Tells a caller that reads the server's memory itself that every client is connected.
    if let Some(path) = ready_file {
        std::fs::write(path, connections.to_string())?;
    }
    tokio::time::sleep(hold).await;
    // Without a pid the caller reads the memory itself (several generator processes).
    let server_rss_bytes = if server_pid == 0 {
        0
    } else {
        rss_bytes(server_pid)?
    };
    for conn in &conns {
        conn.close();
    }
    Ok(IdleReport {
        connections,
        server_rss_bytes,
    })
}
