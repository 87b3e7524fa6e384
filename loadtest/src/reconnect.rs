//! Clients that live through node restarts (issue 42's rolling restart and `kill -9` targets):
//! channel members that, like the web app's socket.io-client, reconnect when their socket
//! closes (through the load balancer, so onto another node), join their channel again, and catch
//! up over REST (`GET /api/channels/{id}/messages?after_id=` the newest message they hold, page
//! by page, with `recheck_after_id=` the newest they hold created `CATCH_UP_OVERLAP_MS` before it,
//! fetching any message of that look-back they lack, as `features/chat/store.ts` does), while a
//! sender POSTs to the channels at a fixed rate.
//!
//! Every member keeps a ledger of the messages it got, live or by catch-up, so the report says
//! what the product's promise is held to: none of the messages whose POST was answered is
//! missing for any member (`lost`), a push never arrives twice (`live_duplicates`: the web app
//! would merge it by id, but the hub must not send it twice), while a catch-up returning what was
//! also pushed (`catch_up_overlap`) is expected and merged by id. Each member also records how
//! long it was without a connection: from its socket closing to its channel joined again.
//!
//! The caller (`scripts/soak.sh rolling|kill9`) restarts nodes meanwhile: the run writes
//! `ready_file` once every member has joined and the sender runs, and stops sending when
//! `stop_file` appears (or after `duration`), then lets the members settle and reports.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{DateTime, FixedOffset};
use futures::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

use crate::client::{handshake, next_packet};
use crate::codec::{Packet, encode, with_event};
use crate::scenario::join_accepted;
use crate::stats::{Latency, new_histogram, summarize};

#[derive(Debug, Clone)]
pub struct ReconnectConfig {
    /// The load balancer: every connection and request goes through it.
    pub server: SocketAddr,
    pub first_channel: i64,
    pub channels: usize,
    pub members: usize,
    pub rate: f64,
    /// The longest the sender runs; `stop_file` ends it earlier.
    pub duration: Duration,
    /// Member i authenticates with `{token_prefix}{i}`, the sender with `{token_prefix}publisher`.
    pub token_prefix: String,
    pub sources: Vec<IpAddr>,
    /// Written once every member has joined and the sender has started.
    pub ready_file: Option<PathBuf>,
    /// The sender stops when this file exists.
    pub stop_file: Option<PathBuf>,
    /// After the sender stops: how long the members may take to reconnect and catch up.
    pub settle: Duration,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct ReconnectReport {
    pub clients: usize,
    pub channels: usize,
    pub rate: f64,
    /// How long the sender ran.
    pub seconds: f64,
    pub sent: u64,
    /// POSTs answered with an error or not at all.
    pub post_errors: u64,
    /// Of them, how many were stored all the same (a member received them).
    pub post_errors_delivered: u64,
    /// Member × message pairs owed: every member of the channel of every answered POST.
    pub expected: u64,
    /// Of `expected`, the pairs the member never received, live or by catch-up.
    pub lost: u64,
    /// Members missing at least one message.
    pub clients_with_losses: u64,
    /// The messages some member never received (at most 20, by the sender's number), each with
    /// its body as stored (`body_of`) and how many members miss it: to find them in the
    /// database and see what became of them.
    pub lost_messages: Vec<LostMessage>,
    /// A push that reached a member again after it had already been pushed to it.
    pub live_duplicates: u64,
    /// A message both pushed and returned by a catch-up (merged by id, as the web app does).
    pub catch_up_overlap: u64,
    /// A message returned by two catch-ups of one member (each starts after the newest id
    /// held, so this shows ids arriving out of order).
    pub catch_up_repeats: u64,
    /// Messages of a catch-up's look-back the member lacked and fetched: numbered before the
    /// newest it held, committed or pushed after a later one.
    pub caught_late: u64,
    pub reconnects: u64,
    pub clients_reconnected: u64,
    /// Connection attempts that failed (refused, handshake or join failed) before one held.
    pub failed_attempts: u64,
    pub catch_up_requests: u64,
    /// Catch-up requests answered with an error or not at all.
    pub catch_up_errors: u64,
    /// From a socket's close to its channel joined again, over every reconnection.
    pub without_connection: Latency,
    /// Members still without a connection when the report was made.
    pub still_disconnected: u64,
    pub post: Latency,
}

/// A message some members never received.
#[derive(Debug, Clone, Serialize)]
pub struct LostMessage {
    pub body: String,
    pub channel: usize,
    pub members: u64,
}

/// The run's text in a message body: the run and the message's number, so a member reads which
/// of the sender's POSTs it got (and ignores messages of earlier runs in the channel).
fn body_of(run: u64, seq: u64) -> String {
    format!("{run} {seq}")
}

fn read_body(body: &str, run: u64) -> Option<u64> {
    let (of_run, seq) = body.split_once(' ')?;
    (of_run.parse::<u64>().ok()? == run).then_some(())?;
    seq.parse().ok()
}

/// How a member got a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Via {
    Push,
    CatchUp,
}

/// What one member got: per message of its channel (the sender's `seq`, of which this channel
/// has every `channels`-th), how often it was pushed and whether a catch-up returned it.
#[derive(Debug, Default)]
struct Ledger {
    /// Pushes so far per message (saturating), and bit 7 when a catch-up returned it.
    got: Vec<u8>,
    live_duplicates: u64,
    catch_up_overlap: u64,
    catch_up_repeats: u64,
    caught_late: u64,
    /// The messages held (id → created, Unix ms) from where the next catch-up starts on.
    held: BTreeMap<i64, i64>,
    reconnects: u64,
}

const CAUGHT_UP: u8 = 0x80;

/// How far before the newest message held a catch-up looks again (the web's
/// `CATCH_UP_OVERLAP_MS`, `docs/decisions/catch-up-overlap.md`).
const CATCH_UP_OVERLAP_MS: i64 = 5000;

impl Ledger {
    /// Notes that the member holds message `id`, created at `created_ms` (what is older than the
    /// look-back is forgotten now and then: 3,000 members share the generator's memory).
    fn hold(&mut self, id: i64, created_ms: i64) {
        self.held.insert(id, created_ms);
        if self.held.len() > 256 {
            self.catch_up_after();
        }
    }

    /// Where a catch-up starts, as the web's `catchUpAfter`: after the newest message held that
    /// was created `CATCH_UP_OVERLAP_MS` before the newest held (the oldest held if none was; 0
    /// when nothing is). What is older is forgotten.
    fn catch_up_after(&mut self) -> i64 {
        let Some((_, &newest_ms)) = self.held.last_key_value() else {
            return 0;
        };
        let limit = newest_ms - CATCH_UP_OVERLAP_MS;
        let start = self
            .held
            .iter()
            .rev()
            .find(|(_, created)| **created < limit)
            .or_else(|| self.held.first_key_value())
            .map_or(0, |(id, _)| *id);
        self.held = self.held.split_off(&start);
        start
    }

    /// The newest message id held.
    fn newest_id(&self) -> i64 {
        self.held.last_key_value().map_or(0, |(id, _)| *id)
    }

    /// Records message `slot` (its `seq / channels`); `true` when it is new to the member.
    fn record(&mut self, slot: usize, via: Via) -> bool {
        if self.got.len() <= slot {
            self.got.resize(slot + 1, 0);
        }
        let entry = &mut self.got[slot];
        let pushes = *entry & !CAUGHT_UP;
        let caught_up = *entry & CAUGHT_UP != 0;
        let new = pushes == 0 && !caught_up;
        match via {
            Via::Push => {
                if pushes > 0 {
                    self.live_duplicates += 1;
                } else if caught_up {
                    self.catch_up_overlap += 1;
                }
                *entry = (*entry & CAUGHT_UP) | (pushes + 1).min(0x7F);
            }
            Via::CatchUp => {
                if caught_up {
                    self.catch_up_repeats += 1;
                } else if pushes > 0 {
                    self.catch_up_overlap += 1;
                }
                *entry |= CAUGHT_UP;
            }
        }
        new
    }

    fn has(&self, slot: usize) -> bool {
        self.got.get(slot).is_some_and(|entry| *entry != 0)
    }
}

/// What every member shares with the run while it goes.
struct Shared {
    run: u64,
    channels: usize,
    /// Member × message pairs received at least once.
    received: AtomicU64,
    connected: AtomicUsize,
    reconnects: AtomicU64,
    clients_reconnected: AtomicU64,
    failed_attempts: AtomicU64,
    catch_up_requests: AtomicU64,
    catch_up_errors: AtomicU64,
    /// Microseconds without a connection, per reconnection.
    gaps: Mutex<hdrhistogram::Histogram<u64>>,
}

/// One member: its channel (index and id), token and source address.
struct Member {
    channel: usize,
    channel_id: i64,
    token: String,
    source: Option<IpAddr>,
}

/// The `message.created` fields a member reads.
#[derive(Deserialize)]
struct Created<'a> {
    id: i64,
    #[serde(borrow)]
    body: Cow<'a, str>,
    created_at: DateTime<FixedOffset>,
}

#[derive(Deserialize)]
struct CatchUpPage {
    messages: Vec<CaughtUp>,
    has_more: bool,
    /// The look-back's numbers (absent from a node of an older release).
    #[serde(default)]
    earlier: Vec<Known>,
}

#[derive(Deserialize)]
struct Known {
    id: i64,
}

#[derive(Deserialize)]
struct CaughtUp {
    id: i64,
    body: String,
    created_at: DateTime<FixedOffset>,
}

/// socket.io-client's reconnection delay (`reconnectionDelay` 1 s doubling per attempt,
/// `randomizationFactor` 0.5, `reconnectionDelayMax` 5 s as the web app sets it): `attempt`
/// counts from 0, `unit` is a random number in [0, 1).
fn reconnection_delay(attempt: u32, unit: f64) -> Duration {
    let base = 1000.0 * 2f64.powi(attempt.min(16) as i32);
    let deviation = (unit * 0.5 * base).floor();
    let ms = if (unit * 10.0).floor() as u64 & 1 == 0 {
        base - deviation
    } else {
        base + deviation
    };
    Duration::from_millis(ms.min(5000.0) as u64)
}

/// A small xorshift generator: the members' jitter needs no more.
struct Jitter(u64);

impl Jitter {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Opens the member's socket through `server`, authenticates and joins its channel.
async fn connect_and_join(
    server: SocketAddr,
    member: &Member,
) -> anyhow::Result<WebSocketStream<TcpStream>> {
    let mut ws = handshake(server, &member.token, member.source).await?;
    let join = Packet::Event {
        ack: Some(1),
        name: "channel:join".into(),
        data: vec![json!({ "channel_id": member.channel_id })],
    };
    ws.send(Message::text(encode(&join))).await?;
    loop {
        // Pushes before the ack are not this member's yet: the catch-up that follows has them.
        match next_packet(&mut ws).await? {
            Packet::Ack { id: 1, data } => {
                join_accepted(&data)?;
                return Ok(ws);
            }
            Packet::Ping => ws.send(Message::text("3")).await?,
            _ => {}
        }
    }
}

/// Everything after the newest message the member holds, page by page, into its ledger, and
/// any message of the look-back before it (`Ledger::catch_up_after`) that it lacks.
async fn catch_up(
    http: &reqwest::Client,
    server: SocketAddr,
    member: &Member,
    shared: &Shared,
    ledger: &mut Ledger,
) -> anyhow::Result<()> {
    let mut after = ledger.newest_id();
    let mut recheck = Some(ledger.catch_up_after());
    loop {
        let mut url = format!(
            "http://{server}/api/channels/{}/messages?after_id={after}",
            member.channel_id
        );
        if let Some(from) = recheck {
            url.push_str(&format!("&recheck_after_id={from}"));
        }
        let page: CatchUpPage = get_json(http, &url, member, shared).await?;
        for message in &page.messages {
            caught_up(shared, member, ledger, message);
        }
        if recheck.take().is_some() {
            for known in &page.earlier {
                if ledger.held.contains_key(&known.id) {
                    continue;
                }
                let url = format!(
                    "http://{server}/api/channels/{}/messages/{}",
                    member.channel_id, known.id
                );
                let message: CaughtUp = get_json(http, &url, member, shared).await?;
                if caught_up(shared, member, ledger, &message) {
                    ledger.caught_late += 1;
                }
            }
        }
        match page.messages.last() {
            Some(last) if page.has_more => after = last.id,
            _ => return Ok(()),
        }
    }
}

/// Records a message a catch-up returned; `true` when the member did not have it.
fn caught_up(shared: &Shared, member: &Member, ledger: &mut Ledger, message: &CaughtUp) -> bool {
    let created_ms = message.created_at.timestamp_millis();
    record(
        shared,
        member,
        ledger,
        message.id,
        &message.body,
        created_ms,
        Via::CatchUp,
    )
}

/// One catch-up request (counted, and counted as failed when it is).
async fn get_json<T: serde::de::DeserializeOwned>(
    http: &reqwest::Client,
    url: &str,
    member: &Member,
    shared: &Shared,
) -> anyhow::Result<T> {
    shared.catch_up_requests.fetch_add(1, Ordering::Relaxed);
    async {
        let response = http
            .get(url)
            .bearer_auth(&member.token)
            .send()
            .await?
            .error_for_status()?;
        anyhow::Ok(response.json().await?)
    }
    .await
    .inspect_err(|_| {
        shared.catch_up_errors.fetch_add(1, Ordering::Relaxed);
    })
}

/// Records a message the member got; `true` when it is one of the run's it did not have.
fn record(
    shared: &Shared,
    member: &Member,
    ledger: &mut Ledger,
    id: i64,
    body: &str,
    created_ms: i64,
    via: Via,
) -> bool {
    ledger.hold(id, created_ms);
    // Another run's message counts only for where catch-ups start.
    let Some(seq) = read_body(body, shared.run) else {
        return false;
    };
    if seq as usize % shared.channels != member.channel {
        return false;
    }
    let new = ledger.record(seq as usize / shared.channels, via);
    if new {
        shared.received.fetch_add(1, Ordering::Relaxed);
    }
    new
}

/// Until the run says stop (the watch's guard is not held across the caller's awaits).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await.map(|_| ());
}

/// One member's life: connected, reading, and after each close reconnected (with
/// socket.io-client's delays), joined and caught up, until `stop` turns true.
async fn live(
    server: SocketAddr,
    member: Member,
    first: WebSocketStream<TcpStream>,
    http: reqwest::Client,
    shared: Arc<Shared>,
    mut stop: watch::Receiver<bool>,
    seed: u64,
) -> Ledger {
    let mut ledger = Ledger::default();
    let mut jitter = Jitter(seed | 1);
    let mut ws = Some(first);
    let mut closed_at: Option<Instant> = None;
    loop {
        let mut socket = match ws.take() {
            Some(socket) => socket,
            None => {
                let mut attempt = 0;
                loop {
                    let delay = reconnection_delay(attempt, jitter.unit());
                    tokio::select! {
                        _ = tokio::time::sleep(delay) => {}
                        _ = stopped(&mut stop) => return ledger,
                    }
                    match connect_and_join(server, &member).await {
                        Ok(socket) => break socket,
                        Err(error) => {
                            tracing::debug!(%error, "reconnection failed");
                            shared.failed_attempts.fetch_add(1, Ordering::Relaxed);
                            attempt += 1;
                        }
                    }
                }
            }
        };
        if let Some(at) = closed_at.take() {
            let gap = at.elapsed();
            shared.reconnects.fetch_add(1, Ordering::Relaxed);
            if ledger.reconnects == 0 {
                shared.clients_reconnected.fetch_add(1, Ordering::Relaxed);
            }
            ledger.reconnects += 1;
            shared
                .gaps
                .lock()
                .expect("gaps lock")
                .saturating_record((gap.as_micros() as u64).max(1));
            // As the web app: joined first, then everything after the newest message held;
            // a failed catch-up is tried again (and counted) after a short pause.
            for _ in 0..5 {
                if catch_up(&http, server, &member, &shared, &mut ledger)
                    .await
                    .is_ok()
                {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
        shared.connected.fetch_add(1, Ordering::Relaxed);
        let ended = loop {
            tokio::select! {
                incoming = socket.next() => {
                    let text = match incoming {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break false,
                        Some(Ok(_)) => continue,
                    };
                    let packet = with_event(&text, |event| {
                        if event.name == "message.created"
                            && let Some(created) = event.first_arg::<Created>()
                        {
                            let created_ms = created.created_at.timestamp_millis();
                            record(&shared, &member, &mut ledger, created.id, &created.body, created_ms, Via::Push);
                        }
                    });
                    match packet {
                        Ok(Some(Packet::Ping))
                            if socket.send(Message::text("3")).await.is_err() => break false,
                        Ok(Some(Packet::Disconnect | Packet::Close)) => break false,
                        _ => {}
                    }
                }
                _ = stopped(&mut stop) => break true,
            }
        };
        shared.connected.fetch_sub(1, Ordering::Relaxed);
        if ended {
            let _ = socket.close(None).await;
            return ledger;
        }
        closed_at = Some(Instant::now());
    }
}

pub async fn reconnect(config: ReconnectConfig) -> anyhow::Result<ReconnectReport> {
    let clients = config.channels * config.members;
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_micros() as u64;
    let shared = Arc::new(Shared {
        run,
        channels: config.channels,
        received: AtomicU64::new(0),
        connected: AtomicUsize::new(0),
        reconnects: AtomicU64::new(0),
        clients_reconnected: AtomicU64::new(0),
        failed_attempts: AtomicU64::new(0),
        catch_up_requests: AtomicU64::new(0),
        catch_up_errors: AtomicU64::new(0),
        gaps: Mutex::new(new_histogram()),
    });
    let member_of = |i: usize| Member {
        channel: i / config.members,
        channel_id: config.first_channel + (i / config.members) as i64,
        token: format!("{}{i}", config.token_prefix),
        source: (!config.sources.is_empty()).then(|| config.sources[i % config.sources.len()]),
    };
    let sockets: Vec<WebSocketStream<TcpStream>> = futures::stream::iter(0..clients)
        .map(|i| {
            let member = member_of(i);
            async move {
                connect_and_join(config.server, &member)
                    .await
                    .with_context(|| format!("member {i}"))
            }
        })
        .buffered(128)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .timeout(Duration::from_secs(30))
        .build()?;
    let (stop_members, stopped) = watch::channel(false);
    let members: Vec<_> = sockets
        .into_iter()
        .enumerate()
        .map(|(i, socket)| {
            tokio::spawn(live(
                config.server,
                member_of(i),
                socket,
                http.clone(),
                shared.clone(),
                stopped.clone(),
                run ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            ))
        })
        .collect();

    // The sender: open loop at `rate`, each POST on its own.
    let publisher = format!("{}publisher", config.token_prefix);
    let interval = Duration::from_secs_f64(1.0 / config.rate);
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let post_latency = Arc::new(Mutex::new(new_histogram()));
    let mut posts = Vec::new();
    let mut seq = 0u64;
    let mut ready_written = config.ready_file.is_none();
    loop {
        let due = start + interval.mul_f64(seq as f64);
        tokio::time::sleep_until(due).await;
        if due.duration_since(start) >= config.duration
            || config.stop_file.as_ref().is_some_and(|path| path.exists())
        {
            break;
        }
        if !ready_written && due.duration_since(start) >= Duration::from_secs(1) {
            if let Some(path) = &config.ready_file {
                std::fs::write(path, clients.to_string())?;
            }
            ready_written = true;
        }
        let channel_id = config.first_channel + (seq % config.channels as u64) as i64;
        let request = http
            .post(format!(
                "http://{}/api/channels/{channel_id}/messages",
                config.server
            ))
            .bearer_auth(&publisher)
            .json(&json!({
                "body": body_of(run, seq),
                "client_message_id": format!("soak-{run}-{seq}"),
            }));
        let post_latency = post_latency.clone();
        posts.push(tokio::spawn(async move {
            let sent = Instant::now();
            let ok = matches!(request.send().await, Ok(response) if response.status().is_success());
            if ok {
                post_latency
                    .lock()
                    .expect("histogram lock")
                    .saturating_record((sent.elapsed().as_micros() as u64).max(1));
            }
            ok
        }));
        seq += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut acknowledged = Vec::with_capacity(posts.len());
    for post in posts {
        acknowledged.push(post.await.unwrap_or(false));
    }
    let sent = acknowledged.len() as u64;
    let owed = |seq: usize| acknowledged[seq];
    let expected: u64 = (0..acknowledged.len())
        .filter(|&seq| owed(seq))
        .map(|seq| {
            let channel = seq % config.channels;
            // Members of the last channels exist only when `clients` covers them.
            clients
                .saturating_sub(channel * config.members)
                .min(config.members) as u64
        })
        .sum();

    // The members settle: everyone connected again and nothing more arriving for two seconds,
    // or everything owed received, or `settle` over.
    let settle_until = Instant::now() + config.settle;
    let mut last = (shared.received.load(Ordering::Relaxed), Instant::now());
    while Instant::now() < settle_until {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let received = shared.received.load(Ordering::Relaxed);
        if received >= expected && shared.connected.load(Ordering::Relaxed) == clients {
            break;
        }
        if received != last.0 {
            last = (received, Instant::now());
        } else if last.1.elapsed() > Duration::from_secs(2)
            && shared.connected.load(Ordering::Relaxed) == clients
        {
            break;
        }
    }
    let still_disconnected = clients.saturating_sub(shared.connected.load(Ordering::Relaxed));
    let _ = stop_members.send(true);
    let mut report = ReconnectReport {
        clients,
        channels: config.channels,
        rate: config.rate,
        seconds,
        sent,
        post_errors: acknowledged.iter().filter(|ok| !**ok).count() as u64,
        expected,
        still_disconnected: still_disconnected as u64,
        reconnects: shared.reconnects.load(Ordering::Relaxed),
        failed_attempts: shared.failed_attempts.load(Ordering::Relaxed),
        catch_up_requests: shared.catch_up_requests.load(Ordering::Relaxed),
        catch_up_errors: shared.catch_up_errors.load(Ordering::Relaxed),
        without_connection: summarize(&shared.gaps.lock().expect("gaps lock")),
        post: summarize(&post_latency.lock().expect("histogram lock")),
        ..ReconnectReport::default()
    };
    let mut unacknowledged_delivered = vec![false; acknowledged.len()];
    let mut missing = std::collections::BTreeMap::<usize, u64>::new();
    for (i, member) in members.into_iter().enumerate() {
        let ledger = member.await?;
        let channel = i / config.members;
        let mut lost = 0;
        for seq in (channel..acknowledged.len()).step_by(config.channels) {
            let has = ledger.has(seq / config.channels);
            if owed(seq) && !has {
                lost += 1;
                *missing.entry(seq).or_default() += 1;
            } else if !owed(seq) && has {
                unacknowledged_delivered[seq] = true;
            }
        }
        report.lost += lost;
        report.clients_with_losses += u64::from(lost > 0);
        report.live_duplicates += ledger.live_duplicates;
        report.catch_up_overlap += ledger.catch_up_overlap;
        report.catch_up_repeats += ledger.catch_up_repeats;
        report.caught_late += ledger.caught_late;
    }
    report.lost_messages = missing
        .into_iter()
        .take(20)
        .map(|(seq, members)| LostMessage {
            body: body_of(run, seq as u64),
            channel: seq % config.channels,
            members,
        })
        .collect();
    report.post_errors_delivered = unacknowledged_delivered.iter().filter(|d| **d).count() as u64;
    report.clients_reconnected = shared.clients_reconnected.load(Ordering::Relaxed);
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_reads_back_only_in_its_own_run() {
        assert_eq!(read_body(&body_of(17, 42), 17), Some(42));
        assert_eq!(read_body(&body_of(16, 42), 17), None, "an earlier run");
        assert_eq!(read_body("こんにちは", 17), None);
    }

    #[test]
    fn the_ledger_tells_duplicates_from_catch_up_overlap() {
        let mut ledger = Ledger::default();
        assert!(ledger.record(0, Via::Push));
        assert!(!ledger.record(0, Via::Push), "pushed twice");
        assert_eq!(ledger.live_duplicates, 1);
        // Pushed, then returned by the catch-up after a reconnection: merged, not a duplicate.
        assert!(ledger.record(1, Via::Push));
        assert!(!ledger.record(1, Via::CatchUp));
        // Caught up first, then pushed (the join came before the catch-up).
        assert!(ledger.record(2, Via::CatchUp));
        assert!(!ledger.record(2, Via::Push));
        assert_eq!(ledger.catch_up_overlap, 2);
        assert_eq!(ledger.live_duplicates, 1);
        assert!(!ledger.record(2, Via::CatchUp));
        assert_eq!(ledger.catch_up_repeats, 1);
        assert!(ledger.has(0) && ledger.has(2) && !ledger.has(3) && !ledger.has(99));
        // Many pushes of one message saturate instead of wrapping into the catch-up bit.
        for _ in 0..300 {
            ledger.record(5, Via::Push);
        }
        assert_eq!(ledger.got[5] & CAUGHT_UP, 0);
        assert_eq!(ledger.live_duplicates, 1 + 299);
    }

    #[test]
    fn a_catch_up_looks_back_from_the_newest_message_held() {
        let mut ledger = Ledger::default();
        assert_eq!(ledger.catch_up_after(), 0, "nothing held");
        ledger.hold(20, 100_000);
        ledger.hold(22, 101_000);
        assert_eq!(
            ledger.catch_up_after(),
            20,
            "all within the overlap: the oldest held"
        );
        ledger.hold(30, 104_000);
        ledger.hold(31, 106_500);
        // 106.5 s - 5 s = 101.5 s: 22 is the newest created before then (21 may still come).
        assert_eq!(ledger.catch_up_after(), 22);
        assert_eq!(
            ledger.held.keys().copied().collect::<Vec<_>>(),
            [22, 30, 31],
            "older ids forgotten"
        );
        // Out of order: 29 arrives after 31 (committed later); the start does not go back.
        ledger.hold(29, 103_900);
        ledger.hold(40, 120_000);
        assert_eq!(ledger.catch_up_after(), 31);
        assert_eq!(ledger.newest_id(), 40);
    }

    #[test]
    fn reconnection_delays_follow_socket_io_client() {
        for unit in [0.0, 0.05, 0.15, 0.5, 0.95, 0.999] {
            let first = reconnection_delay(0, unit);
            assert!(
                (Duration::from_millis(500)..=Duration::from_millis(1500)).contains(&first),
                "{first:?}"
            );
            assert!(reconnection_delay(1, unit) >= Duration::from_secs(1));
            assert!(
                reconnection_delay(10, unit) <= Duration::from_secs(5),
                "the web's maximum"
            );
        }
        assert_eq!(reconnection_delay(0, 0.0), Duration::from_secs(1));
        let mut jitter = Jitter(7);
        assert!(
            (0..1000)
                .map(|_| jitter.unit())
                .all(|u| (0.0..1.0).contains(&u))
        );
    }
}
