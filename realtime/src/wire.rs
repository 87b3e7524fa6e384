//! The Engine.IO v4 / Socket.IO v5 packets the hub speaks, in WebSocket text frames (long-polling
//! sessions reach the same code through the bridge of `polling.rs`).
//!
//! An Engine.IO packet is one digit of type and its data: `0` open, `1` close, `2` ping,
//! `3` pong, `4` message, `6` noop. A Socket.IO packet travels in a message: one digit of type
//! (`0` connect, `1` disconnect, `2` event, `3` ack, `4` connect error, `5`/`6` binary), an
//! optional `/namespace,`, an optional ack id, then JSON — so `42["typing",{…}]` is an event
//! and `4212["channel:join",{…}]` one that asks for acknowledgement 12.

use std::time::Duration;

use serde::Serialize;
use serde_json::Value;

/// How often the server pings each socket.
pub const PING_INTERVAL: Duration = Duration::from_secs(25);
/// How long a pong may take before the socket counts as gone.
pub const PING_TIMEOUT: Duration = Duration::from_secs(20);
/// Largest frame a client may send (its events are a few hundred bytes).
pub const MAX_PAYLOAD: usize = 100_000;
/// How long a client has to connect to the namespace after the WebSocket opened.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(45);

/// The protocol's timings and limits, announced to each client in the open packet. The
/// product uses the defaults (the constants above); the conformance server
/// (`examples/conformance.rs`) the reference server's short ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProtocolConfig {
    /// How often the server pings each socket.
    pub ping_interval: Duration,
    /// How long after a ping the pong may come before the socket counts as gone.
    pub ping_timeout: Duration,
    /// Largest message a client may send.
    pub max_payload: usize,
    /// How long a client has to connect to the namespace after the WebSocket opened.
    pub connect_timeout: Duration,
    /// Serve the official suites' reference handlers (`auth`, `message`, `message-with-ack`)
    /// instead of the product's, and `/engine.io/` as an Engine.IO echo: the conformance
    /// server's setting (`examples/conformance.rs`), never the product's.
    pub reference_handlers: bool,
}

impl Default for ProtocolConfig {
    fn default() -> Self {
        ProtocolConfig {
            ping_interval: PING_INTERVAL,
            ping_timeout: PING_TIMEOUT,
            max_payload: MAX_PAYLOAD,
            connect_timeout: CONNECT_TIMEOUT,
            reference_handlers: false,
        }
    }
}

/// The engine.io ping.
pub const PING: &str = "2";
/// The server-side Socket.IO disconnect of the main namespace: the client does not reconnect.
pub const DISCONNECT: &str = "41";

/// What a client sent, borrowed from its frame.
#[derive(Debug, PartialEq)]
pub enum Inbound<'a> {
    Pong,
    /// A client's ping: Engine.IO v4 pings from the server only.
    Ping,
    /// The engine.io close: the client is leaving.
    Close,
    /// `40`: connect to `namespace` with the JSON `auth` (empty when none was sent).
    Connect {
        namespace: &'a str,
        auth: &'a str,
    },
    /// `41`: the client leaves the namespace.
    Disconnect,
    /// `42`: an event, with the ack id when the client waits for an answer.
    Event {
        ack: Option<u64>,
        event: Event,
    },
    /// Packets the hub has no use for (noop, an upgrade with none under way, acks of server
    /// events, which it never asks for).
    Ignored,
}

/// An event's name and first argument.
#[derive(Debug, PartialEq)]
pub struct Event {
    pub name: String,
    pub data: Value,
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("empty packet")]
    Empty,
    #[error("unknown packet type")]
    UnknownType,
    #[error("binary packets are not supported")]
    Binary,
    #[error("event packets are JSON arrays starting with a name")]
    BadEvent,
    #[error("a connect's payload is a JSON object or nothing")]
    BadConnect,
    #[error("a disconnect carries no payload")]
    BadDisconnect,
    #[error("namespace `{0}` does not exist")]
    Namespace(String),
}

impl<'a> Inbound<'a> {
    pub fn parse(text: &'a str) -> Result<Self, WireError> {
        let mut chars = text.chars();
        match chars.next().ok_or(WireError::Empty)? {
            '1' => Ok(Inbound::Close),
            '2' => Ok(Inbound::Ping),
            '3' => Ok(Inbound::Pong),
            // As the reference server: a client's open, an upgrade outside an upgrade, a noop.
            '0' | '5' | '6' => Ok(Inbound::Ignored),
            '4' => Self::parse_socket(&text[1..]),
            _ => Err(WireError::UnknownType),
        }
    }

    fn parse_socket(text: &'a str) -> Result<Self, WireError> {
        let kind = text.chars().next().ok_or(WireError::Empty)?;
        // (`kind` may be any character: the rest starts after all of its bytes.)
        let (namespace, rest) = split_namespace(&text[kind.len_utf8()..]);
        match kind {
            '0' if rest.is_empty() || is_json_object(rest) => Ok(Inbound::Connect {
                namespace,
                auth: rest,
            }),
            '0' => Err(WireError::BadConnect),
            _ if namespace != "/" => Err(WireError::Namespace(namespace.to_string())),
            '1' if rest.is_empty() => Ok(Inbound::Disconnect),
            '1' => Err(WireError::BadDisconnect),
            '2' => {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let ack = match digits {
                    0 => None,
                    _ => Some(rest[..digits].parse().map_err(|_| WireError::BadEvent)?),
                };
                let event = parse_event(&rest[digits..])?;
                Ok(Inbound::Event { ack, event })
            }
            '3' => Ok(Inbound::Ignored),
            '5' | '6' => Err(WireError::Binary),
            _ => Err(WireError::UnknownType),
        }
    }
}

/// `/name,rest` or `/name` (the reference parser reads a namespace up to a comma or the end),
/// else the main namespace.
pub(crate) fn split_namespace(text: &str) -> (&str, &str) {
    if !text.starts_with('/') {
        return ("/", text);
    }
    match text.find(',') {
        Some(comma) => (&text[..comma], &text[comma + 1..]),
        None => (text, ""),
    }
}

pub(crate) fn is_json_object(json: &str) -> bool {
    serde_json::from_str::<serde_json::Map<String, Value>>(json).is_ok()
}

fn parse_event(json: &str) -> Result<Event, WireError> {
    let array: Vec<Value> = serde_json::from_str(json).map_err(|_| WireError::BadEvent)?;
    let mut items = array.into_iter();
    let Some(Value::String(name)) = items.next() else {
        return Err(WireError::BadEvent);
    };
    Ok(Event {
        name,
        data: items.next().unwrap_or(Value::Null),
    })
}

/// The engine.io open packet: the session id and the heartbeat the client must keep.
pub fn open(sid: &str, protocol: &ProtocolConfig) -> String {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Open<'a> {
        sid: &'a str,
        upgrades: [&'a str; 0],
        ping_interval: u128,
        ping_timeout: u128,
        max_payload: usize,
    }
    let open = Open {
        sid,
        upgrades: [],
        ping_interval: protocol.ping_interval.as_millis(),
        ping_timeout: protocol.ping_timeout.as_millis(),
        max_payload: protocol.max_payload,
    };
    format!(
        "0{}",
        serde_json::to_string(&open).expect("plain fields serialize")
    )
}

/// The answer to a successful `40`.
pub fn connected(sid: &str) -> String {
    format!("40{}", serde_json::json!({ "sid": sid }))
}

/// A refused connect; the message reaches the client's `connect_error`.
pub fn connect_error(namespace: &str, message: &str) -> String {
    let body = serde_json::json!({ "message": message });
    if namespace == "/" {
        format!("44{body}")
    } else {
        format!("44{namespace},{body}")
    }
}

/// An event for the main namespace.
pub fn event<T: Serialize + ?Sized>(name: &str, data: &T) -> Result<String, serde_json::Error> {
    let mut packet = String::with_capacity(64);
    packet.push_str("42[");
    packet.push_str(&serde_json::to_string(name)?);
    packet.push(',');
    packet.push_str(&serde_json::to_string(data)?);
    packet.push(']');
    Ok(packet)
}

/// The acknowledgement `id` of a client's event.
pub fn ack(id: u64, data: &Value) -> String {
    format!("43{id}[{data}]")
}

/// A fresh random session id (engine.io and socket.io sids are opaque to clients).
pub fn new_sid() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut rng = rand::rng();
    (0..20)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn reads_what_socket_io_client_sends() {
        assert_eq!(Inbound::parse("3"), Ok(Inbound::Pong));
        assert_eq!(Inbound::parse("1"), Ok(Inbound::Close));
        assert_eq!(
            Inbound::parse(r#"40{"token":"t"}"#),
            Ok(Inbound::Connect {
                namespace: "/",
                auth: r#"{"token":"t"}"#
            })
        );
        assert_eq!(
            Inbound::parse("40"),
            Ok(Inbound::Connect {
                namespace: "/",
                auth: ""
            })
        );
        assert_eq!(
            Inbound::parse("40/admin,{}"),
            Ok(Inbound::Connect {
                namespace: "/admin",
                auth: "{}"
            })
        );
        assert_eq!(Inbound::parse("41"), Ok(Inbound::Disconnect));
        assert_eq!(
            Inbound::parse(r#"4212["channel:join",{"channel_id":3}]"#),
            Ok(Inbound::Event {
                ack: Some(12),
                event: Event {
                    name: "channel:join".into(),
                    data: json!({ "channel_id": 3 })
                }
            })
        );
        assert_eq!(
            Inbound::parse(r#"42["typing"]"#),
            Ok(Inbound::Event {
                ack: None,
                event: Event {
                    name: "typing".into(),
                    data: Value::Null
                }
            })
        );
    }

    #[test]
    fn refuses_what_it_cannot_serve() {
        assert_eq!(Inbound::parse(""), Err(WireError::Empty));
        assert_eq!(Inbound::parse("9"), Err(WireError::UnknownType));
        assert_eq!(Inbound::parse("42{}"), Err(WireError::BadEvent));
        assert_eq!(Inbound::parse("42[1,2]"), Err(WireError::BadEvent));
        assert_eq!(Inbound::parse("42[]"), Err(WireError::BadEvent));
        assert_eq!(
            Inbound::parse(r#"451-["upload",{"_placeholder":true,"num":0}]"#),
            Err(WireError::Binary)
        );
        assert_eq!(
            Inbound::parse(r#"42/admin,["x"]"#),
            Err(WireError::Namespace("/admin".into()))
        );
        assert_eq!(
            Inbound::parse(r#"4299999999999999999999["x"]"#),
            Err(WireError::BadEvent),
            "an ack id beyond u64"
        );
    }

    /// Deviations from the reference server found by the official suites (issue 41).
    #[test]
    fn namespaces_are_read_up_to_a_comma_or_the_end() {
        assert_eq!(
            Inbound::parse("40/random"),
            Ok(Inbound::Connect {
                namespace: "/random",
                auth: ""
            })
        );
        assert_eq!(
            Inbound::parse("41/custom"),
            Err(WireError::Namespace("/custom".into())),
            "not the main namespace's disconnect"
        );
        assert_eq!(
            Inbound::parse("40/custom,"),
            Ok(Inbound::Connect {
                namespace: "/custom",
                auth: ""
            })
        );
    }

    #[test]
    fn packets_the_reference_server_refuses_are_refused() {
        assert_eq!(Inbound::parse("40{bad"), Err(WireError::BadConnect));
        assert_eq!(Inbound::parse(r#"40"token""#), Err(WireError::BadConnect));
        assert_eq!(Inbound::parse("40/x,[1]"), Err(WireError::BadConnect));
        assert_eq!(Inbound::parse("41{}"), Err(WireError::BadDisconnect));
        assert_eq!(Inbound::parse("4abc"), Err(WireError::UnknownType));
        // Found by the property tests: a multi-byte packet type once panicked the socket's task.
        assert_eq!(Inbound::parse("4あ"), Err(WireError::UnknownType));
        assert_eq!(Inbound::parse("2"), Ok(Inbound::Ping));
        // Tolerated as the reference server does: an upgrade with none under way, a noop.
        assert_eq!(Inbound::parse("5"), Ok(Inbound::Ignored));
        assert_eq!(Inbound::parse("6"), Ok(Inbound::Ignored));
    }

    #[test]
    fn writes_what_socket_io_client_reads() {
        let open: Value =
            serde_json::from_str(&open("abc", &ProtocolConfig::default())[1..]).unwrap();
        assert_eq!(
            open,
            json!({ "sid": "abc", "upgrades": [], "pingInterval": 25000, "pingTimeout": 20000, "maxPayload": 100000 })
        );
        let short = ProtocolConfig {
            ping_interval: Duration::from_millis(300),
            ping_timeout: Duration::from_millis(200),
            max_payload: 1_000_000,
            connect_timeout: Duration::from_secs(1),
            reference_handlers: false,
        };
        let short_open: Value = serde_json::from_str(&super::open("abc", &short)[1..]).unwrap();
        assert_eq!(
            short_open,
            json!({ "sid": "abc", "upgrades": [], "pingInterval": 300, "pingTimeout": 200, "maxPayload": 1000000 })
        );
        assert_eq!(connected("s1"), r#"40{"sid":"s1"}"#);
        assert_eq!(
            connect_error("/", "token_invalid"),
            r#"44{"message":"token_invalid"}"#
        );
        assert_eq!(connect_error("/admin", "x"), r#"44/admin,{"message":"x"}"#);
        assert_eq!(
            event("message:created", &json!({ "id": 1, "body": "改行\n" })).unwrap(),
            r#"42["message:created",{"body":"改行\n","id":1}]"#
        );
        assert_eq!(ack(7, &json!({ "data": 1 })), r#"437[{"data":1}]"#);
        let sid = new_sid();
        assert_eq!(sid.len(), 20);
        assert_ne!(sid, new_sid());
    }
}
