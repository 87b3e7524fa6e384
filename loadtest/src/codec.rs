//! The wire format: Engine.IO v4 packets carrying Socket.IO v5 packets, text only (JSON).
//!
//! Engine.IO: `0` open, `1` close, `2` ping, `3` pong, `4` message, `6` noop.
//! Socket.IO inside `4`: `0` connect, `1` disconnect, `2` event, `3` ack, `4` connect error;
//! an optional ack id follows the type, then the JSON body (`42` + `[event, data]`).

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
    fn rejects_malformed_packets() {
        assert!(decode("").is_err());
        assert!(decode("9").is_err());
        assert!(decode("42{\"not\":\"array\"}").is_err());
        assert!(decode("43[]").is_err(), "ack needs an id");
        assert!(decode("42[]").is_err(), "event needs a name");
    }
}
