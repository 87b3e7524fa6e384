//! `loadtest presence`: the issue-43 presence target on the hub-only server (`HUB_ONLY=1`,
//! whose presence goes to the channels a user's sockets joined). `clients` connect and join
//! rooms of `members`; once every one of them is away (the server runs with a short
//! `PRESENCE_AWAY_SECS`; the scenario waits `settle`), clients are made active one by one at
//! `rate` a second with `presence:active`, each once: the hub turns them online and their
//! room's members get `presence.updated`. The latency of each delivery is taken from the
//! intended moment of its client's event (coordinated omission shows as latency). `message_rate`
//! adds the usual `bench:publish` fan-out meanwhile. With `--pid` the server's CPU time over the
//! measured window is reported: run once with the server's `PRESENCE=0` and once without to
//! compare (the target: ≤ 5 % more).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::client::{EventHandler, Transport, ignore_events};
use crate::codec::{Event, Packet, encode};
use crate::scenario::{connect_many, join_rooms};
use crate::stats::{Latency, monotonic_ns, new_histogram, summarize};

#[derive(Debug, Clone)]
pub struct PresenceConfig {
    pub server: std::net::SocketAddr,
    pub clients: usize,
    pub members: usize,
    /// Clients made active per second.
    pub rate: f64,
    pub duration: Duration,
    /// Waited after the joins, for every client to be away (the server's away time and a tick).
    pub settle: Duration,
    /// Messages per second published into the rooms meanwhile (0: none).
    pub message_rate: f64,
    pub sources: Vec<std::net::IpAddr>,
    pub server_pid: Option<u32>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PresenceReport {
    pub clients: usize,
    pub members: usize,
    pub rate: f64,
    pub activated: u64,
    /// `presence.updated` (online, of an activated client) expected and received.
    pub expected: u64,
    pub received: u64,
    pub latency: Latency,
    pub messages_sent: u64,
    pub messages_received: u64,
    /// The server's user + system CPU over the measured window, and as cores.
    pub server_cpu_secs: f64,
    pub server_cores: f64,
}

/// `presence.updated`: the changes one room hears of at once.
#[derive(Deserialize)]
struct Updates {
    users: Vec<Update>,
}

#[derive(Deserialize)]
struct Update {
    user_id: i64,
    status: String,
}

/// User + system CPU time of a process, from /proc.
pub fn cpu_secs(pid: u32) -> anyhow::Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // Fields after the command name (which may hold spaces) start at field 3.
    let rest = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .ok_or_else(|| anyhow::anyhow!("unreadable /proc/{pid}/stat"))?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>()? + fields[12].parse::<u64>()?;
    // SAFETY: sysconf has no preconditions.
    let per_sec = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    Ok(ticks as f64 / per_sec)
}

pub async fn presence(config: PresenceConfig) -> anyhow::Result<PresenceReport> {
    let histogram = Arc::new(Mutex::new(new_histogram()));
    // When each client (by user id = index) was meant to become active; 0: not yet.
    let activated_at: Arc<Vec<AtomicU64>> =
        Arc::new((0..config.clients).map(|_| AtomicU64::new(0)).collect());
    let received = Arc::new(AtomicU64::new(0));
    let messages = Arc::new(AtomicU64::new(0));
    let handler: EventHandler = {
        let (histogram, activated_at, received, messages) = (
            histogram.clone(),
            activated_at.clone(),
            received.clone(),
            messages.clone(),
        );
        Arc::new(move |event: &Event<'_>| match event.name {
            "presence.updated" => {
                let now = monotonic_ns();
                let Some(updates) = event.first_arg::<Updates>() else {
                    return;
                };
                for update in updates.users {
                    let Some(at) = usize::try_from(update.user_id)
                        .ok()
                        .and_then(|i| activated_at.get(i))
                        .map(|at| at.load(Ordering::Relaxed))
                    else {
                        continue;
                    };
                    if at == 0 || update.status != "online" {
                        continue;
                    }
                    received.fetch_add(1, Ordering::Relaxed);
                    histogram
                        .lock()
                        .expect("histogram lock")
                        .saturating_record((now.saturating_sub(at) / 1000).max(1));
                }
            }
            "message.created" => {
                messages.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        })
    };
    let room_of = |i: usize| 1 + (i / config.members) as i64;
    let conns = connect_many(
        Transport::WebSocket,
        config.server,
        config.clients,
        0,
        &config.sources,
        handler,
    )
    .await?;
    join_rooms(&conns, room_of).await?;
    let publisher = connect_many(
        Transport::WebSocket,
        config.server,
        1,
        config.clients,
        &config.sources,
        ignore_events(),
    )
    .await?;
    tokio::time::sleep(config.settle).await;

    let cpu = |pid: Option<u32>| pid.and_then(|p| cpu_secs(p).ok()).unwrap_or(0.0);
    let cpu_start = cpu(config.server_pid);
    let window = Instant::now();
    let total =
        ((config.rate * config.duration.as_secs_f64()).round() as usize).min(config.clients);
    let rooms = config.clients.div_ceil(config.members);
    let messages_total = (config.message_rate * config.duration.as_secs_f64()).round() as u64;
    let start_ns = monotonic_ns() + 50_000_000;
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    // One schedule of both kinds of events, each at its intended moment.
    let mut schedule: Vec<(u64, Option<usize>)> = (0..total)
        .map(|n| ((n as f64 * 1e9 / config.rate) as u64, Some(n)))
        .chain((0..messages_total).map(|m| ((m as f64 * 1e9 / config.message_rate) as u64, None)))
        .collect();
    schedule.sort_unstable_by_key(|(at, _)| *at);
    // Clients are taken a room apart, so consecutive activations reach different rooms.
    let pick = |n: usize| (n % rooms) * config.members + (n / rooms) % config.members;
    let mut sent_messages = 0u64;
    for (offset, what) in schedule {
        tokio::time::sleep_until(start + Duration::from_nanos(offset)).await;
        match what {
            Some(n) => {
                let client = pick(n).min(config.clients - 1);
                activated_at[client].store(start_ns + offset, Ordering::Relaxed);
                conns[client].emit("presence:active", json!({}));
            }
            None => {
                let packet = Packet::Event {
                    ack: None,
                    name: "bench:publish".into(),
                    data: vec![json!({
                        "channel_id": 1 + (sent_messages % rooms as u64) as i64,
                        "payload": { "t": start_ns + offset, "seq": sent_messages },
                    })],
                };
                publisher[0].emit_raw(encode(&packet));
                sent_messages += 1;
            }
        }
    }
    let expected: u64 = (0..total)
        .map(|n| {
            let room = pick(n) / config.members;
            (config.clients - room * config.members).min(config.members) as u64
        })
        .sum();
    let deadline = Instant::now() + Duration::from_secs(5);
    while received.load(Ordering::Relaxed) < expected && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let seconds = window.elapsed().as_secs_f64();
    let server_cpu_secs = cpu(config.server_pid) - cpu_start;
    for conn in conns.iter().chain(publisher.iter()) {
        conn.close();
    }
    Ok(PresenceReport {
        clients: config.clients,
        members: config.members,
        rate: config.rate,
        activated: total as u64,
        expected,
        received: received.load(Ordering::Relaxed),
        latency: summarize(&histogram.lock().expect("histogram lock")),
        messages_sent: sent_messages,
        messages_received: messages.load(Ordering::Relaxed),
        server_cpu_secs,
        server_cores: server_cpu_secs / seconds.max(1e-9),
    })
}
