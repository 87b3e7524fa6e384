//! The handlers of the official suites' reference server (`../shared/conformance/README.md`),
//! served only by the conformance server (`ProtocolConfig::reference_handlers`): `auth` with
//! the connect's payload, `message` answered by `message-back` with the same arguments, and
//! `message-with-ack` acknowledged with its arguments — in the main namespace and in `/custom`,
//! with binary attachments (`45`/`46` and the binary frames after them) echoed. The product's
//! sockets carry none of this: their task holds an empty `Option<Box<Session>>`.

use bytes::Bytes;
use serde_json::Value;

use crate::websocket;
use crate::wire::{self, is_json_object, split_namespace};

/// The reference server's second namespace.
pub(crate) const CUSTOM: &str = "/custom";

/// The event sent right after the connect: `auth` with the connect's payload (`{}` if none).
pub(crate) fn on_connect(auth: &str) -> String {
    on_connect_in("/", auth)
}

fn on_connect_in(namespace: &str, auth: &str) -> String {
    let auth = if auth.is_empty() { "{}" } else { auth };
    format!(r#"42{}["auth",{auth}]"#, prefix(namespace))
}

/// The connect answer in `namespace` and the greeting that follows it a moment later.
pub(crate) fn connected_in(namespace: &str, auth: &str) -> (Bytes, Bytes) {
    let sid = serde_json::json!({ "sid": wire::new_sid() });
    (
        websocket::text(&format!("40{}{sid}", prefix(namespace))),
        websocket::text(&on_connect_in(namespace, auth)),
    )
}

/// `/name,` for a namespace other than the main one.
fn prefix(namespace: &str) -> String {
    if namespace == "/" {
        String::new()
    } else {
        format!("{namespace},")
    }
}

/// The answer to an event packet of the main namespace (`42…`), if it has one.
pub(crate) fn on_event(packet: &str) -> Option<String> {
    answer("/", None, packet.strip_prefix("42")?)
}

/// The answer to an event (`body`: the ack id, then the JSON array) in `namespace`, with
/// `attachments` binary attachments when it came as a binary event (`45`).
fn answer(namespace: &str, attachments: Option<usize>, body: &str) -> Option<String> {
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let (ack, json) = body.split_at(digits);
    let mut args: Vec<Value> = serde_json::from_str(json).ok()?;
    let head = |kind: char| {
        let count = attachments.map(|n| format!("{n}-")).unwrap_or_default();
        format!("4{kind}{count}{}", prefix(namespace))
    };
    match (args.first()?.as_str()?, ack) {
        ("message", _) => {
            args[0] = Value::from("message-back");
            let kind = if attachments.is_some() { '5' } else { '2' };
            Some(format!("{}{}", head(kind), Value::Array(args)))
        }
        ("message-with-ack", ack) if !ack.is_empty() => {
            args.remove(0);
            let kind = if attachments.is_some() { '6' } else { '3' };
            Some(format!("{}{ack}{}", head(kind), Value::Array(args)))
        }
        _ => None,
    }
}

/// What a conformance socket keeps beyond the product's: the namespaces it is in and the
/// binary attachments still to echo.
#[derive(Debug, Default)]
pub(crate) struct Session {
    main: bool,
    custom: bool,
    attachments: usize,
}

/// What the reference handlers make of a packet.
#[derive(Debug, PartialEq)]
pub(crate) enum Handled {
    /// Frames to send now, and a greeting to send a moment later.
    Answer(Vec<Bytes>, Option<Bytes>),
    /// Not theirs: served as the product serves it.
    Pass,
}

impl Session {
    /// A session connected to the main namespace, or to `/custom` only.
    pub(crate) fn connected(custom: bool) -> Box<Session> {
        Box::new(Session {
            main: !custom,
            custom,
            attachments: 0,
        })
    }

    /// A text packet of the connected socket.
    pub(crate) fn on_text(&mut self, text: &str) -> Handled {
        let Some(rest) = text.strip_prefix('4') else {
            return Handled::Pass;
        };
        let Some(&kind) = rest.as_bytes().first() else {
            return Handled::Pass;
        };
        let mut body = &rest[1..];
        let mut attachments = None;
        if kind == b'5' {
            let digits = body.bytes().take_while(u8::is_ascii_digit).count();
            let Some(after) = body[digits..].strip_prefix('-') else {
                return Handled::Pass;
            };
            attachments = body[..digits].parse().ok();
            body = after;
        }
        let (namespace, body) = split_namespace(body);
        let joined = match namespace {
            "/" => self.main,
            CUSTOM => self.custom,
            _ => return Handled::Pass,
        };
        let answered = |answer: Option<String>| {
            Handled::Answer(
                answer.iter().map(|text| websocket::text(text)).collect(),
                None,
            )
        };
        match kind {
            b'0' if !joined && (body.is_empty() || is_json_object(body)) => {
                if namespace == "/" {
                    self.main = true;
                } else {
                    self.custom = true;
                }
                let (connected, greeting) = connected_in(namespace, body);
                Handled::Answer(vec![connected], Some(greeting))
            }
            b'1' if joined && namespace == CUSTOM && body.is_empty() => {
                self.custom = false;
                Handled::Answer(Vec::new(), None)
            }
            b'2' if joined && namespace == CUSTOM => answered(answer(namespace, None, body)),
            b'5' if joined => match attachments {
                Some(count) => {
                    self.attachments = count;
                    answered(answer(namespace, attachments, body))
                }
                None => Handled::Pass,
            },
            _ => Handled::Pass,
        }
    }

    /// A binary frame: echoed while it is an attachment of the last binary event.
    pub(crate) fn on_binary(&mut self, bytes: &[u8]) -> Option<Bytes> {
        if self.attachments == 0 {
            return None;
        }
        self.attachments -= 1;
        Some(websocket::binary(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_as_the_suites_expect() {
        assert_eq!(on_connect(""), r#"42["auth",{}]"#);
        assert_eq!(
            on_connect(r#"{"token":"123"}"#),
            r#"42["auth",{"token":"123"}]"#
        );
        assert_eq!(
            on_event(r#"42["message",1,"2",{"3":[true]}]"#).as_deref(),
            Some(r#"42["message-back",1,"2",{"3":[true]}]"#)
        );
        assert_eq!(
            on_event(r#"42456["message-with-ack",1,"2",{"3":[false]}]"#).as_deref(),
            Some(r#"43456[1,"2",{"3":[false]}]"#)
        );
        assert_eq!(on_event(r#"42["other"]"#), None);
    }

    fn texts(handled: Handled) -> Vec<String> {
        let Handled::Answer(frames, greeting) = handled else {
            panic!("not answered");
        };
        frames
            .iter()
            .chain(greeting.iter())
            .map(|frame| match websocket::server_frame(frame) {
                Some((websocket::ServerFrame::Text(text), _)) => {
                    String::from_utf8(text.to_vec()).unwrap()
                }
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn the_custom_namespace_and_binary_events_are_answered() {
        let mut session = Session::connected(false);
        let connect = texts(session.on_text(r#"40/custom,{"token":"abc"}"#));
        assert!(
            connect[0].starts_with(r#"40/custom,{"sid":"#),
            "{connect:?}"
        );
        assert_eq!(connect[1], r#"42/custom,["auth",{"token":"abc"}]"#);
        assert_eq!(
            texts(session.on_text(r#"42/custom,["message",1]"#)),
            [r#"42/custom,["message-back",1]"#]
        );
        assert_eq!(
            session.on_text("41/custom"),
            Handled::Answer(Vec::new(), None)
        );
        // Left: its events are the product's to refuse; the main namespace's too.
        assert_eq!(session.on_text(r#"42/custom,["message",1]"#), Handled::Pass);
        assert_eq!(session.on_text(r#"42["message",1]"#), Handled::Pass);
        assert_eq!(
            texts(session.on_text(
                r#"452-789["message-with-ack",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#
            )),
            [r#"462-789[{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]"#]
        );
        assert_eq!(session.on_binary(&[1]), Some(websocket::binary(&[1])));
        assert_eq!(session.on_binary(&[2]), Some(websocket::binary(&[2])));
        assert_eq!(session.on_binary(&[3]), None);
        assert_eq!(session.on_text("40/random"), Handled::Pass);
    }
}
