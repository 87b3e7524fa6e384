//! RFC 6455 as the hub's server side needs it: the answer to the opening handshake, frames out
//! (unmasked, never fragmented) and the client's frames in (masked, possibly fragmented, with
//! control frames between the fragments). No extensions are negotiated, so the reserved bits
//! must be clear.
//!
//! The hub writes each frame itself, straight from whoever has it (see `socket.rs`), so the
//! codec is plain functions over byte buffers: a room's event is framed once and the same
//! `Bytes` goes to every member.

use base64::Engine;
use bytes::{BufMut, Bytes, BytesMut};
use sha1::{Digest, Sha1};

const ACCEPT_GUID: &[u8] = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

const FIN: u8 = 0x80;
const RESERVED: u8 = 0x70;
const MASKED: u8 = 0x80;

const CONTINUATION: u8 = 0x0;
const TEXT: u8 = 0x1;
const BINARY: u8 = 0x2;
const CLOSE: u8 = 0x8;
const PING: u8 = 0x9;
const PONG: u8 = 0xA;

/// Close codes (RFC 6455 §7.4.1).
pub(crate) const CLOSE_NORMAL: u16 = 1000;
pub(crate) const CLOSE_GOING_AWAY: u16 = 1001;
const CLOSE_PROTOCOL_ERROR: u16 = 1002;
const CLOSE_NOT_UTF8: u16 = 1007;
/// What the server sends for a packet the Engine.IO / Socket.IO protocol forbids (the frame
/// itself was fine): RFC 6455's generic "policy violation".
pub(crate) const CLOSE_POLICY: u16 = 1008;
const CLOSE_TOO_BIG: u16 = 1009;

/// Whether `code` may travel in a close frame (RFC 6455 §7.4: 1004–1006 and 1015 are reserved
/// or must never be sent, 1016–2999 are unassigned protocol codes, below 1000 and from 5000 up
/// are not codes at all; 1012–1014 are registered with IANA).
pub(crate) fn close_code_allowed(code: u16) -> bool {
    matches!(code, 1000..=1003 | 1007..=1014 | 3000..=4999)
}

/// `Sec-WebSocket-Accept` for the client's `Sec-WebSocket-Key`.
pub(crate) fn accept_key(key: &[u8]) -> String {
    let mut sha = Sha1::new();
    sha.update(key);
    sha.update(ACCEPT_GUID);
    base64::engine::general_purpose::STANDARD.encode(sha.finalize())
}

/// A text message as one frame.
pub(crate) fn text(payload: &str) -> Bytes {
    frame(TEXT, payload.as_bytes())
}

/// A binary message as one frame (only the conformance server's echo sends them).
pub(crate) fn binary(payload: &[u8]) -> Bytes {
    frame(BINARY, payload)
}

/// A close frame with `code` (none: an empty close).
pub(crate) fn close(code: Option<u16>) -> Bytes {
    match code {
        Some(code) => frame(CLOSE, &code.to_be_bytes()),
        None => frame(CLOSE, &[]),
    }
}

fn pong(payload: &[u8]) -> Bytes {
    frame(PONG, payload)
}

fn frame(opcode: u8, payload: &[u8]) -> Bytes {
    let mut out = BytesMut::with_capacity(payload.len() + 10);
    out.put_u8(FIN | opcode);
    match payload.len() {
        len @ 0..=125 => out.put_u8(len as u8),
        len @ 126..=0xFFFF => {
            out.put_u8(126);
            out.put_u16(len as u16);
        }
        len => {
            out.put_u8(127);
            out.put_u64(len as u64);
        }
    }
    out.extend_from_slice(payload);
    out.freeze()
}

/// A message as a client's frame, masked with the zero key (the long-polling bridge writes
/// what a polling client posted into its session's socket this way: `polling.rs`).
pub(crate) fn client_message(binary: bool, payload: &[u8]) -> Bytes {
    let mut out = BytesMut::with_capacity(payload.len() + 14);
    out.put_u8(FIN | if binary { BINARY } else { TEXT });
    match payload.len() {
        len @ 0..=125 => out.put_u8(MASKED | len as u8),
        len @ 126..=0xFFFF => {
            out.put_u8(MASKED | 126);
            out.put_u16(len as u16);
        }
        len => {
            out.put_u8(MASKED | 127);
            out.put_u64(len as u64);
        }
    }
    out.put_u32(0);
    out.extend_from_slice(payload);
    out.freeze()
}

/// A frame the server wrote (unmasked, never fragmented), as the long-polling bridge reads it
/// back: what it carries and its length in `bytes`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ServerFrame<'a> {
    Text(&'a [u8]),
    Binary(&'a [u8]),
    /// A close, with its code if it has one.
    Close(Option<u16>),
    /// Anything else (the server's pongs).
    Other,
}

/// The first whole frame the server wrote at the front of `bytes` and its length; `None`
/// until all of it is there.
pub(crate) fn server_frame(bytes: &[u8]) -> Option<(ServerFrame<'_>, usize)> {
    let (&first, &second) = (bytes.first()?, bytes.get(1)?);
    let (len, start): (usize, usize) = match second & 0x7F {
        126 => (
            u16::from_be_bytes([*bytes.get(2)?, *bytes.get(3)?]) as usize,
            4,
        ),
        127 => (
            u64::from_be_bytes(bytes.get(2..10)?.try_into().ok()?) as usize,
            10,
        ),
        len => (len as usize, 2),
    };
    let payload = bytes.get(start..start.checked_add(len)?)?;
    let frame = match first & 0x0F {
        TEXT => ServerFrame::Text(payload),
        BINARY => ServerFrame::Binary(payload),
        CLOSE => ServerFrame::Close(
            payload
                .get(..2)
                .map(|code| u16::from_be_bytes([code[0], code[1]])),
        ),
        _ => ServerFrame::Other,
    };
    Some((frame, start + len))
}

/// What a client's frames amount to.
#[derive(Debug, PartialEq)]
pub(crate) enum Incoming {
    /// A whole text message.
    Text(String),
    /// A whole binary message (the hub's clients send none; the hub sets them aside).
    Binary(Vec<u8>),
    /// A control frame the server must answer with these bytes (the pong to a ping).
    Answer(Bytes),
    /// The client's close, with its code when it gave one; the server answers with a close.
    Close(Option<u16>),
}

/// Why a client's frames cannot be read; the connection ends with a close of `close_code`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum FrameError {
    #[error("a client frame was not masked")]
    Unmasked,
    #[error("reserved bits set with no extension negotiated")]
    Reserved,
    #[error("unknown opcode {0:#x}")]
    Opcode(u8),
    #[error("a control frame was fragmented or longer than 125 bytes")]
    BadControl,
    #[error("a continuation without a message, or a new message inside one")]
    BadFragment,
    #[error("a message longer than the limit")]
    TooBig,
    #[error("a text message or close reason that is not UTF-8")]
    NotUtf8,
    #[error("a close frame with a one-byte payload")]
    CloseLength,
    #[error("a close frame with the code {0}, which may not be sent")]
    CloseCode(u16),
}

impl FrameError {
    pub(crate) fn close_code(&self) -> u16 {
        match self {
            FrameError::TooBig => CLOSE_TOO_BIG,
            FrameError::NotUtf8 => CLOSE_NOT_UTF8,
            _ => CLOSE_PROTOCOL_ERROR,
        }
    }
}

/// The client's side of one connection: bytes read go into [`Decoder::buffer`], whole
/// messages come out of [`Decoder::next`]. An idle connection holds no buffer at all.
pub(crate) struct Decoder {
    buffer: Vec<u8>,
    /// The fragments of a message not yet finished, and whether it is text.
    partial: Vec<u8>,
    partial_text: Option<bool>,
    /// How much of `partial` is known to be UTF-8 (a text message is checked fragment by
    /// fragment, so a bad one is refused at its first bad byte rather than at its end).
    partial_valid: usize,
    max_message: usize,
}

/// A frame's header, read from the front of the buffer.
struct Header {
    fin: bool,
    opcode: u8,
    mask: [u8; 4],
    /// Where the payload starts and how long it is.
    start: usize,
    len: usize,
}

impl Decoder {
    pub(crate) fn new(max_message: usize, already_read: &[u8]) -> Self {
        Decoder {
            buffer: already_read.to_vec(),
            partial: Vec::new(),
            partial_text: None,
            partial_valid: 0,
            max_message,
        }
    }

    /// Where the connection's reads go.
    pub(crate) fn buffer(&mut self) -> &mut Vec<u8> {
        &mut self.buffer
    }

    /// The next whole message or control frame, `None` until more bytes are read.
    pub(crate) fn next(&mut self) -> Result<Option<Incoming>, FrameError> {
        loop {
            let Some(header) = self.header()? else {
                return Ok(None);
            };
            let end = header.start + header.len;
            if self.buffer.len() < end {
                return Ok(None);
            }
            let mut payload = self.buffer[header.start..end].to_vec();
            unmask(&mut payload, header.mask);
            self.consume(end);
            if let Some(incoming) = self.take(header.fin, header.opcode, payload)? {
                return Ok(Some(incoming));
            }
        }
    }

    fn header(&self) -> Result<Option<Header>, FrameError> {
        let bytes = &self.buffer[..];
        if bytes.len() < 2 {
            return Ok(None);
        }
        let (first, second) = (bytes[0], bytes[1]);
        if first & RESERVED != 0 {
            return Err(FrameError::Reserved);
        }
        if second & MASKED == 0 {
            return Err(FrameError::Unmasked);
        }
        let fin = first & FIN != 0;
        let opcode = first & 0x0F;
        let (len, mut start) = match second & 0x7F {
            126 if bytes.len() >= 4 => (u16::from_be_bytes([bytes[2], bytes[3]]) as u64, 4),
            127 if bytes.len() >= 10 => (
                u64::from_be_bytes(bytes[2..10].try_into().expect("8 bytes")),
                10,
            ),
            126 | 127 => return Ok(None),
            len => (len as u64, 2),
        };
        if opcode >= CLOSE && (!fin || len > 125) {
            return Err(FrameError::BadControl);
        }
        if len > self.max_message as u64 {
            return Err(FrameError::TooBig);
        }
        if bytes.len() < start + 4 {
            return Ok(None);
        }
        let mask = bytes[start..start + 4].try_into().expect("4 bytes");
        start += 4;
        Ok(Some(Header {
            fin,
            opcode,
            mask,
            start,
            len: len as usize,
        }))
    }

    /// Drops the first `n` bytes; an emptied buffer gives its memory back.
    fn consume(&mut self, n: usize) {
        if n == self.buffer.len() {
            self.buffer = Vec::new();
        } else {
            self.buffer.drain(..n);
        }
    }

    /// Applies one frame: a finished message or a control frame comes out, a fragment is kept.
    fn take(
        &mut self,
        fin: bool,
        opcode: u8,
        payload: Vec<u8>,
    ) -> Result<Option<Incoming>, FrameError> {
        let is_text = match opcode {
            PING => return Ok(Some(Incoming::Answer(pong(&payload)))),
            PONG => return Ok(None),
            CLOSE => return read_close(&payload).map(|code| Some(Incoming::Close(code))),
            TEXT | BINARY if self.partial_text.is_some() => return Err(FrameError::BadFragment),
            TEXT => true,
            BINARY => false,
            CONTINUATION => self.partial_text.ok_or(FrameError::BadFragment)?,
            other => return Err(FrameError::Opcode(other)),
        };
        let message = if opcode == CONTINUATION {
            if self.partial.len() + payload.len() > self.max_message {
                return Err(FrameError::TooBig);
            }
            self.append(&payload);
            if is_text {
                self.check_partial_utf8()?;
            }
            if !fin {
                return Ok(None);
            }
            self.partial_text = None;
            self.partial_valid = 0;
            std::mem::take(&mut self.partial)
        } else if !fin {
            self.partial = payload;
            self.partial_text = Some(is_text);
            self.partial_valid = 0;
            if is_text {
                self.check_partial_utf8()?;
            }
            return Ok(None);
        } else {
            payload
        };
        if !is_text {
            return Ok(Some(Incoming::Binary(message)));
        }
        String::from_utf8(message)
            .map(|text| Some(Incoming::Text(text)))
            .map_err(|_| FrameError::NotUtf8)
    }
}

impl Decoder {
    /// Adds a fragment to the message being read, growing its buffer at most to the largest
    /// message allowed (the caller has checked the sum against it).
    fn append(&mut self, bytes: &[u8]) {
        let needed = self.partial.len() + bytes.len();
        if needed > self.partial.capacity() {
            let target = (self.partial.capacity() * 2)
                .min(self.max_message)
                .max(needed);
            self.partial.reserve_exact(target - self.partial.len());
        }
        self.partial.extend_from_slice(bytes);
    }

    /// Checks the fragments' bytes not yet checked: an invalid sequence fails now; an
    /// incomplete one at the end waits for the next fragment (and fails at the end of the
    /// message if it never completes).
    fn check_partial_utf8(&mut self) -> Result<(), FrameError> {
        match std::str::from_utf8(&self.partial[self.partial_valid..]) {
            Ok(_) => self.partial_valid = self.partial.len(),
            Err(error) if error.error_len().is_some() => return Err(FrameError::NotUtf8),
            Err(error) => self.partial_valid += error.valid_up_to(),
        }
        Ok(())
    }
}

/// A client's close frame: no payload, or a code the RFC allows and a UTF-8 reason.
fn read_close(payload: &[u8]) -> Result<Option<u16>, FrameError> {
    match payload {
        [] => Ok(None),
        [_] => Err(FrameError::CloseLength),
        [high, low, reason @ ..] => {
            let code = u16::from_be_bytes([*high, *low]);
            if !close_code_allowed(code) {
                return Err(FrameError::CloseCode(code));
            }
            std::str::from_utf8(reason).map_err(|_| FrameError::NotUtf8)?;
            Ok(Some(code))
        }
    }
}

fn unmask(payload: &mut [u8], mask: [u8; 4]) {
    for (i, byte) in payload.iter_mut().enumerate() {
        *byte ^= mask[i % 4];
    }
}

/// Frames as a client writes them, for the tests of the codec and of the connection.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A frame as a client sends it (masked); `first` is the FIN bit and opcode.
    pub(crate) fn client_frame(first: u8, payload: &[u8]) -> Vec<u8> {
        let mask = [0x37, 0xfa, 0x21, 0x3d];
        let mut out = vec![first];
        match payload.len() {
            len @ 0..=125 => out.push(MASKED | len as u8),
            len @ 126..=0xFFFF => {
                out.push(MASKED | 126);
                out.extend_from_slice(&(len as u16).to_be_bytes());
            }
            len => {
                out.push(MASKED | 127);
                out.extend_from_slice(&(len as u64).to_be_bytes());
            }
        }
        out.extend_from_slice(&mask);
        let mut body = payload.to_vec();
        unmask(&mut body, mask);
        out.extend_from_slice(&body);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::testing::client_frame;
    use super::*;

    fn decode_all(bytes: &[u8]) -> Vec<Result<Incoming, FrameError>> {
        let mut decoder = Decoder::new(1_000, &[]);
        let mut out = Vec::new();
        // Byte by byte: every header and payload boundary is met half-read at least once.
        for byte in bytes {
            decoder.buffer().push(*byte);
            loop {
                match decoder.next() {
                    Ok(Some(incoming)) => out.push(Ok(incoming)),
                    Ok(None) => break,
                    Err(error) => {
                        out.push(Err(error));
                        return out;
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_accept_key_is_the_one_of_rfc_6455() {
        // RFC 6455 §1.3's example.
        assert_eq!(
            accept_key(b"dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn server_frames_carry_the_three_length_forms() {
        assert_eq!(&text("42")[..], &[0x81, 2, b'4', b'2']);
        let medium = "x".repeat(300);
        assert_eq!(&text(&medium)[..4], &[0x81, 126, 0x01, 0x2C]);
        assert_eq!(text(&medium).len(), 304);
        let long = "y".repeat(70_000);
        let framed = text(&long);
        assert_eq!(&framed[..2], &[0x81, 127]);
        assert_eq!(
            u64::from_be_bytes(framed[2..10].try_into().unwrap()),
            70_000
        );
        assert_eq!(&close(Some(1000))[..], &[0x88, 2, 0x03, 0xE8]);
        assert_eq!(&close(None)[..], &[0x88, 0]);
    }

    #[test]
    fn masked_text_comes_out_whole_even_when_read_a_byte_at_a_time() {
        let medium = "あ".repeat(100);
        let mut bytes = client_frame(FIN | TEXT, "40{\"token\":\"t\"}".as_bytes());
        bytes.extend(client_frame(FIN | TEXT, medium.as_bytes()));
        assert_eq!(
            decode_all(&bytes),
            vec![
                Ok(Incoming::Text("40{\"token\":\"t\"}".into())),
                Ok(Incoming::Text(medium))
            ]
        );
    }

    #[test]
    fn fragments_are_joined_and_a_ping_between_them_is_answered() {
        let mut bytes = client_frame(TEXT, b"42[\"a\",");
        bytes.extend(client_frame(FIN | PING, b"hi"));
        bytes.extend(client_frame(CONTINUATION, b"1"));
        bytes.extend(client_frame(FIN | CONTINUATION, b"]"));
        assert_eq!(
            decode_all(&bytes),
            vec![
                Ok(Incoming::Answer(pong(b"hi"))),
                Ok(Incoming::Text("42[\"a\",1]".into()))
            ]
        );
    }

    #[test]
    fn binary_messages_come_out_and_pongs_are_set_aside() {
        let mut bytes = client_frame(FIN | BINARY, &[1, 2, 3]);
        bytes.extend(client_frame(FIN | PONG, b""));
        bytes.extend(client_frame(BINARY, &[0xff]));
        bytes.extend(client_frame(FIN | CONTINUATION, &[0xfe]));
        bytes.extend(client_frame(FIN | TEXT, b"3"));
        assert_eq!(
            decode_all(&bytes),
            vec![
                Ok(Incoming::Binary(vec![1, 2, 3])),
                Ok(Incoming::Binary(vec![0xff, 0xfe])),
                Ok(Incoming::Text("3".into()))
            ]
        );
    }

    #[test]
    fn a_close_carries_its_code() {
        let bytes = client_frame(FIN | CLOSE, &[0x03, 0xE9, b'b', b'y', b'e']);
        assert_eq!(decode_all(&bytes), vec![Ok(Incoming::Close(Some(1001)))]);
        assert_eq!(
            decode_all(&client_frame(FIN | CLOSE, b"")),
            vec![Ok(Incoming::Close(None))]
        );
    }

    #[test]
    fn broken_frames_are_refused_with_the_right_close_code() {
        let unmasked = [FIN | TEXT, 1, b'x'];
        let cases: Vec<(Vec<u8>, FrameError, u16)> = vec![
            (unmasked.to_vec(), FrameError::Unmasked, 1002),
            (
                client_frame(FIN | 0x40 | TEXT, b"x"),
                FrameError::Reserved,
                1002,
            ),
            (client_frame(FIN | 0x3, b"x"), FrameError::Opcode(3), 1002),
            (client_frame(PING, b"x"), FrameError::BadControl, 1002),
            (
                client_frame(FIN | CLOSE, &[0; 126]),
                FrameError::BadControl,
                1002,
            ),
            (
                client_frame(FIN | CONTINUATION, b"x"),
                FrameError::BadFragment,
                1002,
            ),
            (
                [client_frame(TEXT, b"a"), client_frame(FIN | TEXT, b"b")].concat(),
                FrameError::BadFragment,
                1002,
            ),
            (
                client_frame(FIN | TEXT, &[b'z'; 1_001]),
                FrameError::TooBig,
                1009,
            ),
            (
                [
                    client_frame(TEXT, &[b'z'; 600]),
                    client_frame(FIN | CONTINUATION, &[b'z'; 600]),
                ]
                .concat(),
                FrameError::TooBig,
                1009,
            ),
            (
                client_frame(FIN | TEXT, &[0xff, 0xfe]),
                FrameError::NotUtf8,
                1007,
            ),
        ];
        for (bytes, error, code) in cases {
            let decoded = decode_all(&bytes);
            assert_eq!(decoded.last(), Some(&Err(error.clone())), "{error}");
            assert_eq!(error.close_code(), code, "{error}");
        }
    }

    #[test]
    fn a_close_frame_is_held_to_rfc_6455() {
        let close_with = |code: u16, reason: &[u8]| {
            client_frame(FIN | CLOSE, &[&code.to_be_bytes()[..], reason].concat())
        };
        for code in [999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535] {
            let decoded = decode_all(&close_with(code, b""));
            assert_eq!(decoded, vec![Err(FrameError::CloseCode(code))], "{code}");
            assert_eq!(FrameError::CloseCode(code).close_code(), 1002);
        }
        for code in [1000, 1001, 1003, 1007, 1011, 1014, 3000, 4999] {
            let decoded = decode_all(&close_with(code, "さようなら".as_bytes()));
            assert_eq!(decoded, vec![Ok(Incoming::Close(Some(code)))], "{code}");
        }
        assert_eq!(
            decode_all(&client_frame(FIN | CLOSE, &[0x03])),
            vec![Err(FrameError::CloseLength)]
        );
        assert_eq!(FrameError::CloseLength.close_code(), 1002);
        assert_eq!(
            decode_all(&close_with(
                1000,
                &[0xce, 0xba, 0xe1, 0xbd, 0xb9, 0xcf, 0x83, 0xff]
            )),
            vec![Err(FrameError::NotUtf8)]
        );
    }

    #[test]
    fn a_fragmented_text_fails_at_its_first_bad_fragment() {
        // The message never finishes: the bad byte in the second fragment is enough.
        let mut bytes = client_frame(TEXT, b"42[\"a\",");
        bytes.extend(client_frame(CONTINUATION, &[b'"', 0xc0, 0xaf]));
        assert_eq!(decode_all(&bytes), vec![Err(FrameError::NotUtf8)]);
        // Also when the first fragment alone is bad.
        assert_eq!(
            decode_all(&client_frame(TEXT, &[0xff])),
            vec![Err(FrameError::NotUtf8)]
        );
        // A character split between fragments is fine; one left unfinished is not.
        let word = "紡ぎ".as_bytes();
        let mut bytes = client_frame(TEXT, &word[..2]);
        bytes.extend(client_frame(CONTINUATION, &word[2..4]));
        bytes.extend(client_frame(FIN | CONTINUATION, &word[4..]));
        assert_eq!(decode_all(&bytes), vec![Ok(Incoming::Text("紡ぎ".into()))]);
        let mut bytes = client_frame(TEXT, &word[..2]);
        bytes.extend(client_frame(FIN | CONTINUATION, b""));
        assert_eq!(decode_all(&bytes), vec![Err(FrameError::NotUtf8)]);
    }

    #[test]
    fn a_fragmented_messages_buffer_never_grows_past_the_limit() {
        let mut decoder = Decoder::new(1_000, &[]);
        decoder.buffer().extend(client_frame(TEXT, b"a"));
        for _ in 0..998 {
            decoder.buffer().extend(client_frame(CONTINUATION, b"b"));
            assert_eq!(decoder.next(), Ok(None));
            assert!(decoder.partial.capacity() <= 1_000);
        }
        decoder
            .buffer()
            .extend(client_frame(FIN | CONTINUATION, b"c"));
        let Ok(Some(Incoming::Text(text))) = decoder.next() else {
            panic!("a whole message")
        };
        assert_eq!(text.len(), 1_000);
    }

    #[test]
    fn an_emptied_buffer_gives_its_memory_back() {
        let mut decoder = Decoder::new(1_000, &client_frame(FIN | TEXT, b"3"));
        assert_eq!(decoder.next(), Ok(Some(Incoming::Text("3".into()))));
        assert_eq!(decoder.buffer().capacity(), 0);
        assert_eq!(decoder.next(), Ok(None));
    }
}

#[cfg(test)]
#[path = "properties.rs"]
mod properties;
