//! Fan-out across nodes: every emit, room disconnect, channel-access change and signal is
//! published once on one Redis channel; every other node applies it to its own sockets (or runs
//! its signal listeners). A node applies its own operations directly and skips them when they
//! come back from Redis. One channel and one inbox task keep the order: what a node publishes
//! after a channel-access change is applied everywhere after it.
//!
//! A message is `<node>\n<op>\n<room>\n<frame>`: room names and the JSON of a frame contain no
//! raw newline, and the frame — already the Socket.IO packet — is handed to the local sockets
//! without being decoded or copied.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

use tokio::sync::Notify;

use crate::redis_link::{COMMAND_TIMEOUT, RedisLink};
use crate::registry::Registry;
use crate::rooms::Room;
use crate::signals::Signals;
use crate::socket::Ending;

/// Messages from other nodes that may wait for this node's fan-out.
const INBOX: usize = 65_536;

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
    link: RedisLink,
    channel: String,
    node: String,
    acks: Arc<Acks>,
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
    op: Op,
    room: String,
    frame: String,
}

impl Cluster {
    /// Joins the cluster on `link` under `prefix` and starts applying other nodes' messages to
    /// `registry` and `signals` (until the registry is dropped).
    pub(crate) async fn join(
        link: RedisLink,
        prefix: &str,
        registry: Weak<Registry>,
        signals: Weak<Signals>,
    ) -> Self {
        let cluster = Cluster {
            link,
            channel: format!("{prefix}#hub"),
            node: crate::wire::new_sid(),
            acks: Arc::default(),
        };
        let mut inbox = cluster.link.subscribe(&cluster.channel, INBOX).await;
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
                if message.room == self.node {
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
        let mut payload = Vec::with_capacity(self.node.len() + room.len() + frame.len() + 5);
        for part in [self.node.as_str(), op.code(), room] {
            payload.extend_from_slice(part.as_bytes());
            payload.push(b'\n');
        }
        payload.extend_from_slice(frame.as_bytes());
        self.link.publish(&self.channel, payload).await
    }

    /// This node's name in the cluster.
    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    pub(crate) fn link(&self) -> &RedisLink {
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
    let node = fields.pop()?;
    Some(Message {
        node,
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
        assert_eq!(decode(b"n1\ne".to_vec()), None, "truncated");
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
