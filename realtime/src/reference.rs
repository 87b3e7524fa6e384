//! The handlers of the official suites' reference server (`../shared/conformance/README.md`),
//! served only by the conformance server (`ProtocolConfig::reference_handlers`): `auth` with
//! the connect's payload, `message` answered by `message-back` with the same arguments, and
//! `message-with-ack` acknowledged with its arguments.

use serde_json::Value;

/// The event sent right after the connect: `auth` with the connect's payload (`{}` if none).
pub(crate) fn on_connect(auth: &str) -> String {
    let auth = if auth.is_empty() { "{}" } else { auth };
    format!(r#"42["auth",{auth}]"#)
}

/// The answer to an event packet of the main namespace (`42…`), if it has one.
pub(crate) fn on_event(packet: &str) -> Option<String> {
    let rest = packet.strip_prefix("42")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (ack, json) = rest.split_at(digits);
    let mut args: Vec<Value> = serde_json::from_str(json).ok()?;
    match (args.first()?.as_str()?, ack) {
        ("message", _) => {
            args[0] = Value::from("message-back");
            Some(format!("42{}", Value::Array(args)))
        }
        ("message-with-ack", ack) if !ack.is_empty() => {
            args.remove(0);
            Some(format!("43{ack}{}", Value::Array(args)))
        }
        _ => None,
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
}
