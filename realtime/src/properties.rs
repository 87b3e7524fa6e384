//! Property tests of what faces the network: the frame decoder and the packet parser are fed
//! random bytes, mutated frame sequences and mutated packets. They must never panic, never
//! hold more than the largest message allowed, close only with codes RFC 6455 allows, and read
//! valid input exactly (issue 41).
//!
//! `cargo test` runs each property `PROPTEST_CASES` times (proptest's variable; 256 when
//! unset, a few seconds); `make soak` (`scripts/soak.sh realtime`) runs many more.

use proptest::prelude::*;
use proptest::test_runner::Config;

use super::testing::client_frame;
use super::*;
use crate::wire::Inbound;

/// The codes the decoder may close with, and only codes a close frame may carry.
fn check_close_code(code: u16) {
    assert!(close_code_allowed(code), "{code} may not be sent");
}

/// Feeds `bytes` in chunks of the given sizes (cycled) and reads everything out after each;
/// checks the decoder's bounds all along. The messages read and the error that ended it.
fn feed(max: usize, bytes: &[u8], chunks: &[usize]) -> (Vec<Incoming>, Option<FrameError>) {
    let mut decoder = Decoder::new(max, &[]);
    let mut out = Vec::new();
    let mut rest = bytes;
    let mut sizes = chunks.iter().cycle();
    while !rest.is_empty() {
        let size = (*sizes.next().unwrap_or(&1)).clamp(1, rest.len());
        decoder.buffer().extend_from_slice(&rest[..size]);
        rest = &rest[size..];
        loop {
            match decoder.next() {
                Ok(Some(incoming)) => {
                    match &incoming {
                        Incoming::Close(Some(code)) => check_close_code(*code),
                        Incoming::Text(text) => assert!(text.len() <= max),
                        Incoming::Binary(bytes) => assert!(bytes.len() <= max),
                        _ => {}
                    }
                    out.push(incoming);
                }
                Ok(None) => break,
                Err(error) => {
                    check_close_code(error.close_code());
                    return (out, Some(error));
                }
            }
            assert!(
                decoder.partial.capacity() <= max,
                "fragments held past the limit"
            );
        }
        assert!(
            decoder.partial.capacity() <= max,
            "fragments held past the limit"
        );
        // What is left is at most one frame not yet whole: a header and a payload in bounds.
        assert!(
            decoder.buffer.len() < 14 + max,
            "{} bytes held",
            decoder.buffer.len()
        );
    }
    (out, None)
}

/// A client frame: FIN bit, opcode and payload.
#[derive(Debug, Clone)]
struct Spec {
    fin: bool,
    opcode: u8,
    payload: Vec<u8>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        any::<bool>(),
        prop_oneof![
            4 => Just(TEXT),
            2 => Just(CONTINUATION),
            1 => Just(BINARY),
            1 => Just(PING),
            1 => Just(PONG),
            1 => Just(CLOSE),
            1 => 0u8..16,
        ],
        prop_oneof![
            3 => "[ -~あ紡]{0,40}".prop_map(String::into_bytes),
            1 => proptest::collection::vec(any::<u8>(), 0..300),
        ],
    )
        .prop_map(|(fin, opcode, payload)| Spec {
            fin,
            opcode,
            payload,
        })
}

fn encode(specs: &[Spec]) -> Vec<u8> {
    specs
        .iter()
        .flat_map(|s| client_frame(u8::from(s.fin) << 7 | s.opcode, &s.payload))
        .collect()
}

/// A text message split into fragments (with pings between them), as a client may send it.
fn fragmented() -> impl Strategy<Value = (String, Vec<usize>, Vec<bool>)> {
    (
        "[ -~あ紡ぐ\n]{0,200}",
        proptest::collection::vec(1usize..50, 1..8),
        proptest::collection::vec(any::<bool>(), 8),
    )
}

fn config() -> Config {
    Config {
        // No regression files in the tree; a failure prints its minimal input.
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_bytes_never_break_the_decoder(
        max in 1usize..2_000,
        bytes in proptest::collection::vec(any::<u8>(), 0..4_000),
        chunks in proptest::collection::vec(1usize..600, 1..6),
    ) {
        feed(max, &bytes, &chunks);
    }

    #[test]
    fn mutated_frame_sequences_never_break_the_decoder(
        max in 1usize..1_000,
        specs in proptest::collection::vec(spec(), 1..12),
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in any::<prop::sample::Index>(),
        chunks in proptest::collection::vec(1usize..64, 1..4),
    ) {
        let mut bytes = encode(&specs);
        for (at, value) in &flips {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = *value;
            }
        }
        let keep = cut.index(bytes.len() + 1);
        bytes.truncate(keep.max(bytes.len() / 2));
        feed(max, &bytes, &chunks);
    }

    #[test]
    fn a_fragmented_text_reads_back_whole((text, cuts, pings) in fragmented()) {
        let bytes = text.as_bytes();
        let mut frames = Vec::new();
        let mut start = 0;
        for (i, cut) in cuts.iter().enumerate() {
            let end = (start + cut).min(bytes.len());
            let opcode = if i == 0 { TEXT } else { CONTINUATION };
            let last = end == bytes.len() || i + 1 == cuts.len();
            let end = if last { bytes.len() } else { end };
            frames.extend(client_frame(u8::from(last) << 7 | opcode, &bytes[start..end]));
            if !last && pings[i % pings.len()] {
                frames.extend(client_frame(FIN | PING, b"p"));
            }
            start = end;
            if last {
                break;
            }
        }
        let (out, error) = feed(1_000, &frames, &[7]);
        prop_assert_eq!(error, None);
        prop_assert_eq!(out.last(), Some(&Incoming::Text(text.clone())));
    }

    #[test]
    fn fragmented_bytes_are_refused_exactly_when_the_whole_is_not_utf8(
        bytes in proptest::collection::vec(
            prop_oneof![3 => 0x20u8..0x7f, 1 => 0x80u8..0xff, 1 => Just(0xe3), 1 => Just(0x81)],
            1..120,
        ),
        cuts in proptest::collection::vec(1usize..20, 1..8),
    ) {
        let mut frames = Vec::new();
        let mut start = 0usize;
        for (i, cut) in cuts.iter().chain(std::iter::once(&usize::MAX)).enumerate() {
            let end = start.saturating_add(*cut).min(bytes.len());
            let last = end == bytes.len();
            let opcode = if i == 0 { TEXT } else { CONTINUATION };
            frames.extend(client_frame(u8::from(last) << 7 | opcode, &bytes[start..end]));
            start = end;
            if last {
                break;
            }
        }
        let (out, error) = feed(1_000, &frames, &[5]);
        match String::from_utf8(bytes) {
            Ok(text) => {
                prop_assert_eq!(error, None);
                prop_assert_eq!(out, vec![Incoming::Text(text)]);
            }
            Err(_) => {
                prop_assert_eq!(error, Some(FrameError::NotUtf8));
                prop_assert!(out.is_empty());
            }
        }
    }

    #[test]
    fn random_packets_never_break_the_parser(text in "\\PC{0,80}") {
        let _ = Inbound::parse(&text);
    }

    #[test]
    fn mutated_packets_never_break_the_parser(
        base in prop_oneof![
            Just(r#"40{"token":"t"}"#),
            Just("40/custom,{}"),
            Just("41"),
            Just(r#"4212["channel:join",{"channel_id":3}]"#),
            Just(r#"42/admin,7["typing",{"channel_id":1}]"#),
            Just(r#"451-["upload",{"_placeholder":true,"num":0}]"#),
            Just("3"),
        ],
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<char>()), 0..4),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut chars: Vec<char> = base.chars().collect();
        for (at, c) in &edits {
            let i = at.index(chars.len());
            chars[i] = *c;
        }
        chars.truncate(cut.index(chars.len() + 1));
        let text: String = chars.into_iter().collect();
        if let Ok(Inbound::Connect { namespace, auth }) = Inbound::parse(&text) {
            prop_assert!(namespace.starts_with('/'));
            prop_assert!(auth.is_empty() || serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(auth).is_ok());
        }
    }
}
