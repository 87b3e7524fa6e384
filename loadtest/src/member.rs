//! The product path's channel members, read at the cost of the kernel's reads and little more.
//!
//! The product path runs its generator on the same two cores as the server and PostgreSQL, so
//! whatever the generator spends on a delivery is taken from the system it measures. Read
//! through `client::Conn` (tungstenite, one task per socket on the multi-thread runtime, an
//! command channel polled on every wake) a delivery cost the generator about 11 µs at 600
//! messages/s, where `loadtest loopback` reads a bare frame in about 8 µs and the server's
//! busy sockets send one to two frames per write (`docs/decisions/websocket-busy-gap.md`).
//!
//! Here each member does its handshake, connect and `channel:join` on the caller's runtime,
//! then hands its connection to one reading thread, which reads in rounds: every member with
//! data is read until its socket is empty, the server's (unmasked) WebSocket frames are cut out
//! of the member's buffer in place, pings are answered and events go to the handler; then the
//! thread pauses briefly (`READ_PAUSE`) so that the next round finds several frames waiting.
//! A member only reads; what it would send besides the pong goes through `client::Conn`.

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr};
use std::ops::Range;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::client::{EventHandler, open_tcp};
use crate::codec::{Packet, decode, with_event};
use crate::scenario::join_accepted;

/// A member whose handshake, connect and join are done: its connection, and what the server
/// sent after the join's ack (read with it, not yet handled).
pub struct Joined {
    stream: std::net::TcpStream,
    inbox: Inbox,
}

/// Bytes read and not yet cut into frames.
#[derive(Default)]
struct Inbox {
    bytes: Vec<u8>,
    /// Where the first unread frame starts.
    start: usize,
}

/// One frame from the server, as a range of the inbox.
#[derive(Debug, PartialEq, Eq)]
struct Frame {
    opcode: u8,
    payload: Range<usize>,
}

const TEXT: u8 = 0x1;
const CLOSE: u8 = 0x8;
const PING: u8 = 0x9;
const PONG: u8 = 0xA;

/// Reads are made into this much spare room at least.
const READ_ROOM: usize = 4096;

impl Inbox {
    /// The next whole frame, `None` until all of it is here. A server's frames are never
    /// masked, and this client never needs one split into fragments.
    fn next(&mut self) -> anyhow::Result<Option<Frame>> {
        let bytes = &self.bytes[self.start..];
        let Some(&[first, second]) = bytes.get(..2) else {
            return Ok(None);
        };
        if first & 0x80 == 0 {
            bail!("fragmented frame");
        }
        if second & 0x80 != 0 {
            bail!("masked frame from the server");
        }
        let (length, header) = match second & 0x7F {
            126 => match bytes.get(2..4) {
                Some(len) => (u16::from_be_bytes([len[0], len[1]]) as usize, 4),
                None => return Ok(None),
            },
            127 => match bytes.get(2..10) {
                Some(len) => (
                    usize::try_from(u64::from_be_bytes(len.try_into().expect("8 bytes")))?,
                    10,
                ),
                None => return Ok(None),
            },
            short => (short as usize, 2),
        };
        if bytes.len() < header + length {
            return Ok(None);
        }
        let payload = self.start + header..self.start + header + length;
        self.start = payload.end;
        Ok(Some(Frame {
            opcode: first & 0x0F,
            payload,
        }))
    }

    /// Drops the frames already handled, keeping room to read into.
    fn compact(&mut self) {
        if self.start == self.bytes.len() {
            self.bytes.clear();
            self.start = 0;
        } else if self.start > 0 && self.bytes.capacity() - self.bytes.len() < READ_ROOM {
            self.bytes.drain(..self.start);
            self.start = 0;
        }
        self.bytes.reserve(READ_ROOM);
    }

    /// Reads what the connection has; `false` when it has ended.
    async fn fill(&mut self, stream: &mut TcpStream) -> std::io::Result<bool> {
        self.compact();
        Ok(stream.read_buf(&mut self.bytes).await? > 0)
    }
}

/// A client frame: masked with a fresh key, as RFC 6455 requires of every frame a client sends.
fn masked(opcode: u8, payload: &[u8]) -> Vec<u8> {
    frame(opcode, payload, Some(mask_key()))
}

/// A whole frame: masked with `key` (a client's) or not (a server's).
fn frame(opcode: u8, payload: &[u8], key: Option<[u8; 4]>) -> Vec<u8> {
    let mask_bit = if key.is_some() { 0x80 } else { 0 };
    let mut frame = Vec::with_capacity(payload.len() + 14);
    frame.push(0x80 | opcode);
    match payload.len() {
        short @ 0..126 => frame.push(mask_bit | short as u8),
        medium @ 126..=0xFFFF => {
            frame.push(mask_bit | 126);
            frame.extend_from_slice(&(medium as u16).to_be_bytes());
        }
        long => {
            frame.push(mask_bit | 127);
            frame.extend_from_slice(&(long as u64).to_be_bytes());
        }
    }
    match key {
        Some(key) => {
            frame.extend_from_slice(&key);
            frame.extend(payload.iter().zip(key.iter().cycle()).map(|(b, k)| b ^ k));
        }
        None => frame.extend_from_slice(payload),
    }
    frame
}

/// A masking key that differs from frame to frame (the server only checks that there is one).
fn mask_key() -> [u8; 4] {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0x9E37_79B9);
    NEXT.fetch_add(0x6D2B_79F5, Ordering::Relaxed).to_le_bytes()
}

/// What a member does with one frame from the server.
#[derive(Debug, PartialEq, Eq)]
enum Reply {
    Nothing,
    /// Send this frame back (an Engine.IO or a WebSocket pong).
    Send(Vec<u8>),
    /// The server ended the connection.
    End,
}

/// Handles one frame: pings are answered, events go to `on_event`, a close or a Socket.IO
/// disconnect ends the member.
fn handle(opcode: u8, payload: &[u8], on_event: &EventHandler) -> anyhow::Result<Reply> {
    Ok(match opcode {
        TEXT => {
            let text = std::str::from_utf8(payload).context("text frame is not UTF-8")?;
            match with_event(text, |event| on_event(event))? {
                Some(Packet::Ping) => Reply::Send(masked(TEXT, b"3")),
                Some(Packet::Disconnect | Packet::Close) => Reply::End,
                _ => Reply::Nothing,
            }
        }
        PING => Reply::Send(masked(PONG, payload)),
        CLOSE => Reply::End,
        _ => Reply::Nothing,
    })
}

/// The next text frame during the handshake, answering pings meanwhile.
async fn next_text(stream: &mut TcpStream, inbox: &mut Inbox) -> anyhow::Result<String> {
    loop {
        while let Some(frame) = inbox.next()? {
            let payload = &inbox.bytes[frame.payload];
            match frame.opcode {
                TEXT => return Ok(String::from_utf8(payload.to_vec())?),
                PING => stream.write_all(&masked(PONG, payload)).await?,
                CLOSE => bail!("closed during the handshake"),
                _ => {}
            }
        }
        if !inbox.fill(stream).await? {
            bail!("closed during the handshake");
        }
    }
}

async fn send_text(stream: &mut TcpStream, text: &str) -> std::io::Result<()> {
    stream.write_all(&masked(TEXT, text.as_bytes())).await
}

/// The WebSocket upgrade; what the server sent after its answer stays in `inbox`.
async fn upgrade(
    stream: &mut TcpStream,
    server: SocketAddr,
    inbox: &mut Inbox,
) -> anyhow::Result<()> {
    let request = format!(
        "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: {server}\r\n\
         Upgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    let end = loop {
        if let Some(at) = inbox.bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        if inbox.bytes.len() > 16 * 1024 || !inbox.fill(stream).await? {
            bail!("no upgrade answer");
        }
    };
    let head = String::from_utf8_lossy(&inbox.bytes[..end]);
    if !head.starts_with("HTTP/1.1 101") {
        bail!(
            "upgrade refused: {}",
            head.lines().next().unwrap_or_default()
        );
    }
    inbox.start = end;
    Ok(())
}

/// Opens member `token`'s socket, authenticates it, and joins it to `channel_id`.
pub async fn join(
    server: SocketAddr,
    token: &str,
    source: Option<IpAddr>,
    channel_id: i64,
) -> anyhow::Result<Joined> {
    let mut stream = open_tcp(server, source).await?;
    let mut inbox = Inbox::default();
    upgrade(&mut stream, server, &mut inbox).await?;
    let open = next_text(&mut stream, &mut inbox).await?;
    if !open.starts_with('0') {
        bail!("expected open, got {open:.40}");
    }
    send_text(&mut stream, &format!("40{}", json!({ "token": token }))).await?;
    loop {
        match decode(&next_text(&mut stream, &mut inbox).await?)? {
            Packet::Connect(_) => break,
            Packet::ConnectError(error) => bail!("connect refused: {error}"),
            Packet::Ping => send_text(&mut stream, "3").await?,
            _ => {}
        }
    }
    let join = json!(["channel:join", { "channel_id": channel_id }]);
    send_text(&mut stream, &format!("421{join}")).await?;
    loop {
        match decode(&next_text(&mut stream, &mut inbox).await?)? {
            Packet::Ack { id: 1, data } => {
                join_accepted(&data)?;
                break;
            }
            Packet::Ping => send_text(&mut stream, "3").await?,
            _ => {}
        }
    }
    Ok(Joined {
        stream: stream.into_std()?,
        inbox,
    })
}

/// Members being read on their own thread; dropping this (or `stop`) closes their sockets.
pub struct Reading {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<anyhow::Result<()>>>,
}

impl Reading {
    /// Stops reading and closes every member's connection.
    pub fn stop(mut self) -> anyhow::Result<()> {
        self.end()
    }

    fn end(&mut self) -> anyhow::Result<()> {
        self.stop.store(true, Ordering::Relaxed);
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(anyhow!("the reading thread panicked")),
            None => Ok(()),
        }
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        let _ = self.end();
    }
}

/// How long the reading thread waits after a round of reads before it looks again. Frames
/// that arrive meanwhile are read together, and the server's sends find no reader to wake:
/// a reader woken for every frame cost both sides a context switch per frame. A delivery's
/// latency is measured when it is read, so this can only add to the latencies reported, by up
/// to this much.
pub const READ_PAUSE: Duration = Duration::from_micros(500);

/// Reads `members` on one thread of their own, giving every event to `on_event`.
pub fn read(members: Vec<Joined>, on_event: EventHandler) -> anyhow::Result<Reading> {
    let stop = Arc::new(AtomicBool::new(false));
    let thread = {
        let stop = stop.clone();
        std::thread::Builder::new()
            .name("members".into())
            .spawn(move || read_rounds(members, &on_event, &stop))?
    };
    Ok(Reading {
        stop,
        thread: Some(thread),
    })
}

/// An epoll instance, closed on drop.
struct Epoll(OwnedFd);

impl Epoll {
    fn new() -> std::io::Result<Epoll> {
        // SAFETY: epoll_create1 returns a new descriptor or -1.
        let fd = unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) };
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        // SAFETY: `fd` is a descriptor we own from here on.
        Ok(Epoll(unsafe { OwnedFd::from_raw_fd(fd) }))
    }

    /// Watches `fd` for reading (level-triggered), tagged with `key`.
    fn add(&self, fd: i32, key: u64) -> std::io::Result<()> {
        let mut event = libc::epoll_event {
            events: libc::EPOLLIN as u32,
            u64: key,
        };
        // SAFETY: both descriptors are open; the event is read during the call only.
        if unsafe { libc::epoll_ctl(self.0.as_raw_fd(), libc::EPOLL_CTL_ADD, fd, &mut event) } < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    }

    /// The keys of the ready descriptors, waiting at most `timeout_ms`.
    fn wait(&self, events: &mut Vec<libc::epoll_event>, timeout_ms: i32) -> std::io::Result<()> {
        events.clear();
        // SAFETY: the kernel writes at most `capacity` events into the vector's buffer.
        let n = unsafe {
            libc::epoll_wait(
                self.0.as_raw_fd(),
                events.as_mut_ptr(),
                events.capacity() as i32,
                timeout_ms,
            )
        };
        if n < 0 {
            let error = std::io::Error::last_os_error();
            return if error.kind() == std::io::ErrorKind::Interrupted {
                Ok(())
            } else {
                Err(error)
            };
        }
        // SAFETY: the kernel initialised the first `n` events.
        unsafe { events.set_len(n as usize) };
        Ok(())
    }
}

/// The reading thread: waits for any member to have data, reads every ready member until its
/// socket is empty, then pauses `READ_PAUSE` before the next round.
fn read_rounds(
    members: Vec<Joined>,
    on_event: &EventHandler,
    stop: &AtomicBool,
) -> anyhow::Result<()> {
    let epoll = Epoll::new()?;
    let mut members: Vec<Option<Joined>> = members.into_iter().map(Some).collect();
    for (key, member) in members.iter().enumerate() {
        let member = member.as_ref().expect("every member is open here");
        member.stream.set_nonblocking(true)?;
        epoll.add(member.stream.as_raw_fd(), key as u64)?;
    }
    // What a member had already read before the thread took it over.
    for slot in &mut members {
        if let Some(member) = slot
            && !member.handle_frames(on_event)?
        {
            *slot = None;
        }
    }
    let mut events = Vec::with_capacity(members.len().clamp(1, 4096));
    let mut scratch = vec![0u8; 64 * 1024];
    while !stop.load(Ordering::Relaxed) {
        epoll.wait(&mut events, 50)?;
        for event in &events {
            let slot = &mut members[event.u64 as usize];
            let Some(member) = slot else { continue };
            if !member.read_ready(&mut scratch, on_event)? {
                // Dropping the stream closes it, which also takes it out of the epoll set.
                *slot = None;
            }
        }
        if !events.is_empty() {
            std::thread::sleep(READ_PAUSE);
        }
    }
    Ok(())
}

impl Joined {
    /// Reads everything the socket has and handles its whole frames; `false` when the
    /// connection ended.
    fn read_ready(&mut self, scratch: &mut [u8], on_event: &EventHandler) -> anyhow::Result<bool> {
        loop {
            match self.stream.read(scratch) {
                Ok(0) => return Ok(false),
                Ok(n) => {
                    self.inbox.compact();
                    self.inbox.bytes.extend_from_slice(&scratch[..n]);
                    if !self.handle_frames(on_event)? {
                        return Ok(false);
                    }
                    if n < scratch.len() {
                        return Ok(true);
                    }
                }
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => return Ok(true),
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => {
                    tracing::debug!(%error, "member connection broke");
                    return Ok(false);
                }
            }
        }
    }

    /// Handles the whole frames in the inbox; `false` when the server ended the connection.
    fn handle_frames(&mut self, on_event: &EventHandler) -> anyhow::Result<bool> {
        while let Some(frame) = self.inbox.next()? {
            match handle(frame.opcode, &self.inbox.bytes[frame.payload], on_event)? {
                Reply::Nothing => {}
                // A pong is a few bytes into a send buffer the member never fills.
                Reply::Send(answer) => self.stream.write_all(&answer)?,
                Reply::End => return Ok(false),
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A server's (unmasked) frame.
    fn server_frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
        frame(opcode, payload, None)
    }

    fn inbox_of(bytes: &[u8]) -> Inbox {
        Inbox {
            bytes: bytes.to_vec(),
            start: 0,
        }
    }

    #[test]
    fn frames_of_each_length_form_are_cut_whole() {
        for size in [0, 1, 125, 126, 400, 65_535, 65_536] {
            let payload = vec![b'x'; size];
            let bytes = server_frame(TEXT, &payload);
            let mut inbox = inbox_of(&bytes);
            let frame = inbox.next().unwrap().expect("a whole frame");
            assert_eq!(frame.opcode, TEXT);
            assert_eq!(&inbox.bytes[frame.payload], &payload[..], "size {size}");
            assert_eq!(inbox.next().unwrap(), None);
            // Every shorter prefix is an incomplete frame, never a wrong one.
            for cut in [1, bytes.len() / 2, bytes.len() - 1] {
                if cut == 0 || cut >= bytes.len() {
                    continue;
                }
                assert_eq!(
                    inbox_of(&bytes[..cut]).next().unwrap(),
                    None,
                    "size {size} cut {cut}"
                );
            }
        }
    }

    #[test]
    fn frames_read_together_come_out_in_order_and_the_rest_waits() {
        let mut bytes = server_frame(TEXT, b"2");
        bytes.extend(server_frame(TEXT, b"42[\"a\",1]"));
        let third = server_frame(TEXT, b"42[\"b\",2]");
        bytes.extend(&third[..3]);
        let mut inbox = inbox_of(&bytes);
        let first = inbox.next().unwrap().unwrap();
        assert_eq!(&inbox.bytes[first.payload], b"2");
        let second = inbox.next().unwrap().unwrap();
        assert_eq!(&inbox.bytes[second.payload], b"42[\"a\",1]");
        assert_eq!(inbox.next().unwrap(), None);
        inbox.compact();
        inbox.bytes.extend(&third[3..]);
        let third = inbox.next().unwrap().unwrap();
        assert_eq!(&inbox.bytes[third.payload], b"42[\"b\",2]");
    }

    #[test]
    fn broken_server_frames_are_refused() {
        // A fragment (no FIN) and a masked frame.
        assert!(inbox_of(&[0x01, 0x01, b'x']).next().is_err());
        assert!(inbox_of(&[0x81, 0x81, 0, 0, 0, 0, b'x']).next().is_err());
    }

    #[test]
    fn a_client_frame_is_masked_and_unmasks_to_its_payload() {
        for size in [1, 125, 126, 70_000] {
            let payload: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
            let key = [1, 2, 3, 4];
            let frame = frame(TEXT, &payload, Some(key));
            assert_eq!(frame[0], 0x81);
            assert_eq!(frame[1] & 0x80, 0x80, "the mask bit");
            let header = match size {
                0..126 => 2,
                126..=0xFFFF => 4,
                _ => 10,
            };
            assert_eq!(&frame[header..header + 4], &key);
            let unmasked: Vec<u8> = frame[header + 4..]
                .iter()
                .zip(key.iter().cycle())
                .map(|(b, k)| b ^ k)
                .collect();
            assert_eq!(unmasked, payload);
        }
    }

    #[test]
    fn pings_are_answered_events_handled_and_a_close_ends() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let on_event: EventHandler = {
            let seen = seen.clone();
            Arc::new(move |event| seen.lock().unwrap().push(event.name.to_string()))
        };
        let Reply::Send(pong) = handle(TEXT, b"2", &on_event).unwrap() else {
            panic!("an Engine.IO ping is answered");
        };
        assert_eq!(pong[0], 0x81);
        assert_eq!(
            pong[2..6].iter().zip(&pong[6..]).map(|(k, b)| b ^ k).next(),
            Some(b'3')
        );
        let Reply::Send(ws_pong) = handle(PING, b"hi", &on_event).unwrap() else {
            panic!("a WebSocket ping is answered");
        };
        assert_eq!(ws_pong[0], 0x80 | PONG);
        assert_eq!(
            handle(TEXT, br#"42["message.created",{"id":1}]"#, &on_event).unwrap(),
            Reply::Nothing
        );
        assert_eq!(*seen.lock().unwrap(), vec!["message.created".to_string()]);
        assert_eq!(handle(TEXT, b"41", &on_event).unwrap(), Reply::End);
        assert_eq!(handle(CLOSE, &[], &on_event).unwrap(), Reply::End);
        assert!(handle(TEXT, &[0xFF], &on_event).is_err(), "not UTF-8");
    }
}
