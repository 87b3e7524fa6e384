//! Fan-out across nodes: every emit, room disconnect, channel-access change and signal is
//! published once on one Redis channel; every other node applies it to its own sockets (or runs
//! its signal listeners). A node applies its own operations directly and skips them when they
//! come back from Redis. One channel and one inbox task keep the order: what a node publishes
//! after a channel-access change is applied everywhere after it.
//!
//! On a Redis Cluster (`docs/decisions/redis-cluster.md`) the one channel becomes [`LANES`]
//! sharded channels spread evenly over the slots, and a room's messages take the lane of its
//! own slot, so rooms are hashed to shards; order holds per room, and a channel-access change
//! is still applied everywhere before what follows it, because `publish_applied` waits for
//! every node's acknowledgement.
//!
//! A message is `<node>\n<op>\n<room>\n<frame>`: room names and the JSON of a frame contain no
//! raw newline, and the frame — already the Socket.IO packet — is handed to the local sockets
//! without being decoded or copied. The node field carries the publish time too,
//! `<node>@<unix microseconds>`, from which a receiving node records the fan-out lag
//! (`tsumugi_fanout_lag_seconds`); a node of the previous release reads the whole field as a
//! node name (never its own, so it still applies the message, and [`node_of`] reads its
//! acknowledgements), so nodes of both releases share a cluster during a rolling upgrade.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::Notify;

use crate::redis_link::{COMMAND_TIMEOUT, Link};
use crate::redis_shards::{SLOTS, slot};
use crate::registry::Registry;
use crate::rooms::Room;
use crate::signals::Signals;
use crate::socket::Ending;

/// Messages from other nodes that may wait for this node's fan-out.
const INBOX: usize = 65_536;

/// Sharded channels of the hub on a Redis Cluster: each carries the rooms whose slots lie in
/// its sixty-fourth of the slot space, so three shards carry about a third each.
pub(crate) const LANES: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    /// Write the frame to the room's sockets.
    Emit,
    /// Disconnect the room's sockets (`41`).
    Disconnect,
    /// Run the node's listeners of the signal named in the room field (no frame).
    Signal,
    /// The user of the room field (`user:{id}`) keeps, of the channel rooms their sockets are
    /// in, only the channels the frame lists: `<request> <ids separated by commas>`; each node
    /// answers with an [`Op::Ack`] once it has applied it.
    KeepChannels,
    /// A node applied the request (the frame) of the node named in the room field.
    Ack,
}

impl Op {
    fn code(self) -> &'static str {
        match self {
            Op::Emit => "e",
            Op::Disconnect => "d",
            Op::Signal => "s",
            Op::KeepChannels => "k",
            Op::Ack => "a",
        }
    }
}

#[derive(Clone)]
pub(crate) struct Cluster {
    link: Link,
    channels: Arc<Channels>,
    node: String,
    acks: Arc<Acks>,
}

/// Where the hub's messages travel.
enum Channels {
    /// One Redis: every message on one channel.
    One(String),
    /// A Redis Cluster: one of [`LANES`] sharded channels per room.
    Lanes(Vec<String>),
}

impl Channels {
    fn of(&self, room: &str) -> &str {
        match self {
            Channels::One(channel) => channel,
            Channels::Lanes(lanes) => &lanes[lane_of(room)],
        }
    }
}

/// The lane of `room`: the one whose part of the slot space holds the room's slot.
fn lane_of(room: &str) -> usize {
    slot(room.as_bytes()) as usize * LANES / SLOTS
}

/// The names of the lanes under `prefix`: lane `i` is the first `{prefix}#hub#{n}` whose slot
/// lies in the `i`-th sixty-fourth of the slot space (every node computes the same names).
fn lane_names(prefix: &str) -> Vec<String> {
    let mut lanes: Vec<Option<String>> = vec![None; LANES];
    let mut missing = LANES;
    // A prefix with a hash tag puts every name in one slot: the search then ends unfinished
    // and the remaining lanes take plain numbered names (correct, only not spread).
    for n in 0..100_000u32 {
        if missing == 0 {
            break;
        }
        let name = format!("{prefix}#hub#{n}");
        let lane = lane_of(&name);
        if lanes[lane].is_none() {
            lanes[lane] = Some(name);
            missing -= 1;
        }
    }
    lanes
        .into_iter()
        .enumerate()
        .map(|(i, name)| name.unwrap_or_else(|| format!("{prefix}#hub#lane{i}")))
        .collect()
}

/// The sharded channel that carries `room`'s messages on a Redis Cluster under `prefix` (for
/// operators and tests: `CLUSTER KEYSLOT` of it says which shard carries the room).
pub fn sharded_channel(prefix: &str, room: &str) -> String {
    lane_names(prefix).swap_remove(lane_of(room))
}

/// This node's requests waiting for the other nodes to say they applied them.
#[derive(Default)]
struct Acks {
    next: AtomicU64,
    /// Acknowledgements received so far, per request.
    received: Mutex<HashMap<u64, usize>>,
    arrived: Notify,
}

impl Acks {
    fn received(&self) -> std::sync::MutexGuard<'_, HashMap<u64, usize>> {
        self.received.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// One decoded message.
#[derive(Debug, PartialEq)]
struct Message {
    node: String,
    /// When the node published it, in microseconds since the Unix epoch (`None` from a node
    /// of a release before the stamp).
    published_us: Option<u64>,
    op: Op,
    room: String,
    frame: String,
}

/// Now, in microseconds since the Unix epoch: the nodes' wall clocks are what a publish stamp
/// and its receipt compare (`docs/operations.md` on clocks of different machines).
fn unix_micros() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_micros() as u64)
}

/// The node named by a node field, without its publish stamp.
fn node_of(field: &str) -> &str {
    field.split_once('@').map_or(field, |(node, _)| node)
}

/// The time from `published_us` to now; a stamp from a clock ahead of ours counts as no time.
fn lag_since(published_us: u64) -> Duration {
    Duration::from_micros(unix_micros().saturating_sub(published_us))
}

impl Cluster {
    /// Joins the cluster on `link` under `prefix` and starts applying other nodes' messages to
    /// `registry` and `signals` (until the registry is dropped).
    pub(crate) async fn join(
        link: Link,
        prefix: &str,
        registry: Weak<Registry>,
        signals: Weak<Signals>,
    ) -> Self {
        let channels = match &link {
            Link::One(_) => Channels::One(format!("{prefix}#hub")),
            Link::Sharded(_) => Channels::Lanes(lane_names(prefix)),
        };
        let mut inbox = match (&link, &channels) {
            (Link::Sharded(link), Channels::Lanes(lanes)) => link.subscribe(lanes, INBOX).await,
            (Link::One(link), channels) => link.subscribe(channels.of(""), INBOX).await,
            (Link::Sharded(link), channels) => {
                link.subscribe(&[channels.of("").to_string()], INBOX).await
            }
        };
        let cluster = Cluster {
            link,
            channels: Arc::new(channels),
            node: crate::wire::new_sid(),
            acks: Arc::default(),
        };
        let this = cluster.clone();
        tokio::spawn(async move {
            while let Some((_, payload)) = inbox.recv().await {
                let (Some(registry), Some(signals)) = (registry.upgrade(), signals.upgrade())
                else {
                    return;
                };
                match decode(payload) {
                    Some(message) if message.node != this.node => {
                        this.receive(&registry, &signals, message)
                    }
                    Some(_) => {}
                    None => tracing::warn!("unreadable hub message from redis"),
                }
            }
        });
        cluster
    }

    /// Applies another node's message, and acknowledges a channel-access change once applied.
    fn receive(&self, registry: &Registry, signals: &Signals, message: Message) {
        match message.op {
            Op::Ack => {
                if node_of(&message.room) == self.node {
                    self.acknowledged(&message.frame);
                }
            }
            Op::KeepChannels => {
                apply(registry, signals, &message);
                let request = message
                    .frame
                    .split(' ')
                    .next()
                    .unwrap_or_default()
                    .to_string();
                let cluster = self.clone();
                tokio::spawn(async move {
                    cluster.publish(Op::Ack, &message.node, &request).await;
                });
            }
            Op::Emit => {
                apply(registry, signals, &message);
                if let Some(published_us) = message.published_us {
                    crate::metrics::fanout_lag(lag_since(published_us));
                }
            }
            _ => apply(registry, signals, &message),
        }
    }

    fn acknowledged(&self, request: &str) {
        let Ok(request) = request.parse::<u64>() else {
            return;
        };
        if let Some(count) = self.acks.received().get_mut(&request) {
            *count += 1;
            self.acks.arrived.notify_waiters();
        }
    }

    /// Publishes an operation that carries a request (a channel-access change) and waits until
    /// every other node subscribed when Redis took it (PUBLISH answers how many) has applied
    /// it, or [`COMMAND_TIMEOUT`] has passed.
    pub(crate) async fn publish_applied(&self, op: Op, room: &str, frame: &str) {
        let request = self.acks.next.fetch_add(1, Ordering::Relaxed);
        self.acks.received().insert(request, 0);
        let receivers = self.publish(op, room, &format!("{request} {frame}")).await;
        // This node is one of the subscribers.
        let others = receivers.unwrap_or(0).saturating_sub(1);
        let deadline = tokio::time::Instant::now() + COMMAND_TIMEOUT;
        loop {
            let arrived = self.acks.arrived.notified();
            tokio::pin!(arrived);
            arrived.as_mut().enable();
            let acknowledged = self.acks.received().get(&request).copied().unwrap_or(0);
            if acknowledged >= others {
                break;
            }
            if tokio::time::timeout_at(deadline, arrived).await.is_err() {
                tracing::warn!(
                    room,
                    acknowledged,
                    nodes = others,
                    "not every node acknowledged a channel-access change in time"
                );
                break;
            }
        }
        self.acks.received().remove(&request);
    }

    /// Publishes; answers how many subscribers (nodes, this one included) Redis handed the
    /// message to, `None` while the link is down.
    pub(crate) async fn publish(&self, op: Op, room: &str, frame: &str) -> Option<usize> {
        let node = format!("{}@{}", self.node, unix_micros());
        let mut payload = Vec::with_capacity(node.len() + room.len() + frame.len() + 5);
        for part in [node.as_str(), op.code(), room] {
            payload.extend_from_slice(part.as_bytes());
            payload.push(b'\n');
        }
        payload.extend_from_slice(frame.as_bytes());
        let channel = self.channels.of(room);
        match &self.link {
            Link::One(link) => link.publish(channel, payload).await,
            Link::Sharded(link) => link.publish(channel, payload).await,
        }
    }

    /// This node's name in the cluster.
    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    pub(crate) fn link(&self) -> &Link {
        &self.link
    }
}

fn apply(registry: &Registry, signals: &Signals, message: &Message) {
    match message.op {
        Op::Emit => {
            registry.deliver(&message.room, &message.frame, None);
        }
        Op::Disconnect => registry.end(&message.room, Ending::Disconnect),
        Op::Signal => signals.raise(&message.room),
        Op::Ack => {}
        Op::KeepChannels => match (
            Room::user_in(&message.room),
            message
                .frame
                .split_once(' ')
                .and_then(|(_, ids)| channel_ids(ids)),
        ) {
            (Some(user_id), Some(readable)) => {
                registry
                    .drop_channels(user_id, |channel| readable.binary_search(&channel).is_err());
            }
            _ => tracing::warn!(room = message.room, "unreadable channel access change"),
        },
    }
}

/// The frame of [`Op::KeepChannels`]: channel ids separated by commas.
pub(crate) fn channel_list(channel_ids: &[i64]) -> String {
    let ids: Vec<String> = channel_ids.iter().map(i64::to_string).collect();
    ids.join(",")
}

/// The ids of a [`channel_list`], sorted; `None` when one is not a number.
fn channel_ids(frame: &str) -> Option<Vec<i64>> {
    let mut ids = frame
        .split(',')
        .filter(|id| !id.is_empty())
        .map(|id| id.parse().ok())
        .collect::<Option<Vec<i64>>>()?;
    ids.sort_unstable();
    Some(ids)
}

fn decode(mut payload: Vec<u8>) -> Option<Message> {
    let mut fields = Vec::with_capacity(3);
    let mut start = 0;
    for _ in 0..3 {
        let end = start + payload[start..].iter().position(|b| *b == b'\n')?;
        fields.push(std::str::from_utf8(&payload[start..end]).ok()?.to_string());
        start = end + 1;
    }
    let op = match fields[1].as_str() {
        "e" => Op::Emit,
        "d" => Op::Disconnect,
        "s" => Op::Signal,
        "k" => Op::KeepChannels,
        "a" => Op::Ack,
        _ => return None,
    };
    let frame = String::from_utf8(payload.split_off(start)).ok()?;
    let room = fields.pop()?;
    fields.pop();
    let field = fields.pop()?;
    let (node, published_us) = match field.split_once('@') {
        Some((node, stamp)) => (node.to_string(), stamp.parse().ok()),
        None => (field, None),
    };
    Some(Message {
        node,
        published_us,
        op,
        room,
        frame,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_back_as_written() {
        let payload = b"n1\ne\nchannel:3\n42[\"a\",\"b\\nc\"]".to_vec();
        assert_eq!(
            decode(payload),
            Some(Message {
                node: "n1".into(),
                published_us: None,
                op: Op::Emit,
                room: "channel:3".into(),
                frame: "42[\"a\",\"b\\nc\"]".into(),
            })
        );
        assert_eq!(
            decode(b"n1\nd\nsession:x\n".to_vec()).unwrap().op,
            Op::Disconnect
        );
        assert_eq!(
            decode(b"n1\ns\nmaintenance\n".to_vec()).unwrap().op,
            Op::Signal
        );
        assert_eq!(
            decode(b"n1\nk\nuser:7\n5 3,12".to_vec()).unwrap().op,
            Op::KeepChannels
        );
        assert_eq!(decode(b"n1\nx\nall\n".to_vec()), None, "unknown op");
        let stamped = decode(b"n1@1700000000123456\ne\nchannel:3\n42[]".to_vec()).unwrap();
        assert_eq!(
            (stamped.node.as_str(), stamped.published_us),
            ("n1", Some(1_700_000_000_123_456))
        );
        assert_eq!(decode(b"n1\ne".to_vec()), None, "truncated");
    }

    #[test]
    fn a_stamped_node_field_names_its_node_for_either_release() {
        // A node of the previous release acknowledges to the whole field it read.
        assert_eq!(node_of("n1@1700000000123456"), "n1");
        assert_eq!(node_of("n1"), "n1");
        // The stamp is now; a later receipt measures the time since.
        let stamp = unix_micros();
        assert!(lag_since(stamp) < Duration::from_secs(1));
        assert_eq!(lag_since(u64::MAX), Duration::ZERO, "a clock ahead of ours");
        assert!(lag_since(stamp - 2_000_000) >= Duration::from_secs(2));
    }

    #[test]
    fn lanes_spread_over_the_slot_space_and_a_room_keeps_its_lane() {
        let lanes = lane_names("tsumugi");
        assert_eq!(lanes.len(), LANES);
        for (i, lane) in lanes.iter().enumerate() {
            assert_eq!(lane_of(lane), i, "{lane} lies in its own part of the slots");
        }
        assert_eq!(
            lane_names("tsumugi"),
            lanes,
            "every node computes the same names"
        );
        // Three even shards (as `redis-cli --cluster create` splits them) carry a third each.
        let per_shard = |shard: usize| {
            lanes
                .iter()
                .filter(|lane| slot(lane.as_bytes()) as usize * 3 / SLOTS == shard)
                .count()
        };
        assert!((0..3).all(|shard| (20..=23).contains(&per_shard(shard))));
        // Rooms spread too: a thousand channel rooms use every lane.
        let used: std::collections::HashSet<usize> = (0..1000)
            .map(|id| lane_of(&format!("channel:{id}")))
            .collect();
        assert_eq!(used.len(), LANES);
        assert_eq!(lane_of("channel:7"), lane_of("channel:7"));
        // A prefix with a hash tag still gets distinct names.
        let tagged = lane_names("{t}");
        assert_eq!(
            tagged
                .iter()
                .collect::<std::collections::HashSet<_>>()
                .len(),
            LANES
        );
    }

    #[test]
    fn channel_lists_read_back_sorted() {
        assert_eq!(
            channel_ids(&channel_list(&[12, 3, 7])),
            Some(vec![3, 7, 12])
        );
        assert_eq!(channel_ids(&channel_list(&[])), Some(vec![]));
        assert_eq!(channel_ids("3,x"), None);
    }
}
