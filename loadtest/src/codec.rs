//! The wire format: Engine.IO v4 packets carrying Socket.IO v5 packets, text only (JSON).
//!
//! Engine.IO: `0` open, `1` close, `2` ping, `3` pong, `4` message, `6` noop.
//! Socket.IO inside `4`: `0` connect, `1` disconnect, `2` event, `3` ack, `4` connect error;
//! an optional ack id follows the type, then the JSON body (`42` + `[event, data]`).

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub enum Packet {
    Open(Value),
    Close,
    Ping,
    Pong,
    Noop,
    Connect(Value),
    Disconnect,
    Event {
        ack: Option<u64>,
        name: String,
        data: Vec<Value>,
    },
    Ack {
        id: u64,
        data: Vec<Value>,
    },
    ConnectError(Value),
}

#[derive(Debug, PartialEq, Eq)]
pub struct DecodeError(pub String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot decode packet: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

pub fn encode(packet: &Packet) -> String {
    match packet {
        Packet::Open(v) => format!("0{v}"),
        Packet::Close => "1".into(),
        Packet::Ping => "2".into(),
        Packet::Pong => "3".into(),
        Packet::Noop => "6".into(),
        Packet::Connect(v) if v.is_null() => "40".into(),
        Packet::Connect(v) => format!("40{v}"),
        Packet::Disconnect => "41".into(),
        Packet::Event { ack, name, data } => {
            let mut array = Vec::with_capacity(data.len() + 1);
            array.push(Value::String(name.clone()));
            array.extend(data.iter().cloned());
            let id = ack.map(|a| a.to_string()).unwrap_or_default();
            format!("42{id}{}", Value::Array(array))
        }
        Packet::Ack { id, data } => format!("43{id}{}", Value::Array(data.clone())),
        Packet::ConnectError(v) => format!("44{v}"),
    }
}

fn json(text: &str) -> Result<Value, DecodeError> {
    serde_json::from_str(text).map_err(|e| DecodeError(e.to_string()))
}

/// Splits a leading decimal ack id from the JSON body.
fn ack_and_body(rest: &str) -> (Option<u64>, &str) {
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        (None, rest)
    } else {
        (rest[..digits].parse().ok(), &rest[digits..])
    }
}

pub fn decode(text: &str) -> Result<Packet, DecodeError> {
    let mut chars = text.chars();
    match chars.next() {
        Some('0') => Ok(Packet::Open(json(&text[1..])?)),
        Some('1') => Ok(Packet::Close),
        Some('2') => Ok(Packet::Ping),
        Some('3') => Ok(Packet::Pong),
        Some('6') => Ok(Packet::Noop),
        Some('4') => decode_socket(&text[1..]),
        _ => Err(DecodeError(format!("unknown engine.io packet {text:.20}"))),
    }
}

fn decode_socket(text: &str) -> Result<Packet, DecodeError> {
    let kind = text
        .chars()
        .next()
        .ok_or_else(|| DecodeError("empty socket.io packet".into()))?;
    let rest = &text[1..];
    // A namespace other than "/" would be written `/nsp,`; this client only uses "/".
    let rest = if rest.starts_with('/') {
        rest.split_once(',').map(|(_, r)| r).unwrap_or("")
    } else {
        rest
    };
    match kind {
        '0' => Ok(Packet::Connect(if rest.is_empty() {
            Value::Null
        } else {
            json(rest)?
        })),
        '1' => Ok(Packet::Disconnect),
        '2' => {
            let (ack, body) = ack_and_body(rest);
            let Value::Array(mut items) = json(body)? else {
                return Err(DecodeError("event is not an array".into()));
            };
            if items.is_empty() {
                return Err(DecodeError("event without a name".into()));
            }
            let Value::String(name) = items.remove(0) else {
                return Err(DecodeError("event name is not a string".into()));
            };
            Ok(Packet::Event {
                ack,
                name,
                data: items,
            })
        }
        '3' => {
            let (id, body) = ack_and_body(rest);
            let id = id.ok_or_else(|| DecodeError("ack without id".into()))?;
            let Value::Array(data) = json(body)? else {
                return Err(DecodeError("ack is not an array".into()));
            };
            Ok(Packet::Ack { id, data })
        }
        '4' => Ok(Packet::ConnectError(json(rest)?)),
        other => Err(DecodeError(format!(
            "unknown socket.io packet type {other}"
        ))),
    }
}

/// An event as it arrived: its name, and the packet's JSON array (`["name", arg, …]`) left
/// unparsed, so a handler on the hot path deserializes only the fields it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event<'a> {
    pub name: &'a str,
    array: &'a str,
}

impl<'a> Event<'a> {
    /// The first argument as `T`, borrowing from the frame where `T` does; `None` when there is
    /// none or it has another shape.
    pub fn first_arg<T: Deserialize<'a>>(&self) -> Option<T> {
        serde_json::from_str::<FirstArg<T>>(self.array)
            .ok()
            .map(|arg| arg.0)
    }
}

/// Reads an event without building the packet: an event in the default namespace that asks
/// for no ack (`42["name",…]`), which is everything a server pushes. The name is cut out of
/// the text, so a name with an escape in it returns `None` (then `decode` reads it).
pub fn event(text: &str) -> Option<Event<'_>> {
    let array = text.strip_prefix("42")?;
    let rest = array.strip_prefix("[\"")?;
    let name = &rest[..rest.find('"')?];
    (!name.contains('\\')).then_some(Event { name, array })
}

/// Calls `f` with the packet's event, read by `event` when it can be and by `decode` when not
/// (an escaped name); other packets are returned for the caller.
pub fn with_event(text: &str, f: impl FnOnce(&Event<'_>)) -> Result<Option<Packet>, DecodeError> {
    if let Some(event) = event(text) {
        f(&event);
        return Ok(None);
    }
    match decode(text)? {
        Packet::Event {
            ack: None,
            name,
            data,
        } => {
            let mut items = vec![Value::String(name.clone())];
            items.extend(data);
            let array = Value::Array(items).to_string();
            f(&Event {
                name: &name,
                array: &array,
            });
            Ok(None)
        }
        other => Ok(Some(other)),
    }
}

/// The second element of an event array, the rest skipped unread.
struct FirstArg<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for FirstArg<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ArgVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ArgVisitor<T> {
            type Value = FirstArg<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an event array with an argument")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                seq.next_element::<IgnoredAny>()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let arg = seq
                    .next_element::<T>()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(FirstArg(arg))
            }
        }
        deserializer.deserialize_seq(ArgVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_packet_round_trips() {
        let packets = vec![
            Packet::Open(json!({ "sid": "abc", "pingInterval": 25000 })),
            Packet::Close,
            Packet::Ping,
            Packet::Pong,
            Packet::Noop,
            Packet::Connect(json!({ "token": "t" })),
            Packet::Connect(Value::Null),
            Packet::Disconnect,
            Packet::Event {
                ack: None,
                name: "message.created".into(),
                data: vec![json!({ "id": 1, "body": "こんにちは" })],
            },
            Packet::Event {
                ack: Some(12),
                name: "channel:join".into(),
                data: vec![json!({ "channel_id": 3 })],
            },
            Packet::Ack {
                id: 12,
                data: vec![json!({ "data": { "channel_id": 3 } })],
            },
            Packet::ConnectError(json!({ "message": "token_invalid" })),
        ];
        for packet in packets {
            assert_eq!(
                decode(&encode(&packet)).unwrap(),
                packet,
                "{}",
                encode(&packet)
            );
        }
    }

    #[test]
    fn decodes_what_servers_send() {
        assert_eq!(
            decode("42[\"typing\",{\"channel_id\":1}]").unwrap(),
            Packet::Event {
                ack: None,
                name: "typing".into(),
                data: vec![json!({ "channel_id": 1 })]
            }
        );
        assert_eq!(
            decode("431[{\"error\":{\"message\":\"x\"}}]").unwrap(),
            Packet::Ack {
                id: 1,
                data: vec![json!({ "error": { "message": "x" } })]
            }
        );
        assert_eq!(
            decode("40{\"sid\":\"s1\"}").unwrap(),
            Packet::Connect(json!({ "sid": "s1" }))
        );
        assert_eq!(decode("2").unwrap(), Packet::Ping);
        assert_eq!(encode(&Packet::Pong), "3");
    }

    #[test]
    fn pushed_events_are_read_without_building_the_packet() {
        #[derive(Debug, Deserialize)]
        struct Created<'a> {
            #[serde(borrow)]
            body: std::borrow::Cow<'a, str>,
        }
        let text = r#"42["message.created",{"id":7,"user":{"user_name":"ベンチ"},"body":"12 3"},{"more":[1]}]"#;
        let pushed = event(text).unwrap();
        assert_eq!(pushed.name, "message.created");
        let created: Created = pushed.first_arg().unwrap();
        assert_eq!(created.body, "12 3");
        assert!(matches!(created.body, std::borrow::Cow::Borrowed(_)));
        assert_eq!(
            pushed.first_arg::<u64>(),
            None,
            "an argument of another shape"
        );
        assert_eq!(event(r#"42["typing"]"#).unwrap().first_arg::<Value>(), None);
        assert_eq!(
            event(r#"421["typing",{}]"#),
            None,
            "an event that wants an ack"
        );
        assert_eq!(event(r#"43[{"data":1}]"#), None);
    }

    #[test]
    fn an_escaped_event_name_is_read_by_decode() {
        let mut seen = None;
        let rest = with_event(r#"42["a\"b",{"n":1}]"#, |e| {
            seen = Some((e.name.to_string(), e.first_arg::<Value>()));
        });
        assert_eq!(rest, Ok(None));
        assert_eq!(seen, Some(("a\"b".to_string(), Some(json!({ "n": 1 })))));
        assert_eq!(
            with_event("2", |_| panic!("a ping is no event")),
            Ok(Some(Packet::Ping))
        );
        assert!(with_event("42{}", |_| {}).is_err());
    }

    #[test]
    fn rejects_malformed_packets() {
        assert!(decode("").is_err());
        assert!(decode("9").is_err());
        assert!(decode("42{\"not\":\"array\"}").is_err());
        assert!(decode("43[]").is_err(), "ack needs an id");
        assert!(decode("42[]").is_err(), "event needs a name");
    }
}
