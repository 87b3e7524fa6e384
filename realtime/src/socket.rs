//! One connected socket as the rest of the hub sees it: who it belongs to, the rooms it is in,
//! its connection, and its outbox — the frames that could not be written at once.
//!
//! A frame for a quiet socket is written by whoever has it: the fan-out writes straight into the
//! socket's TCP connection when nothing is queued before it, the socket's own task is not
//! writing and the socket's previous frame came at least the busy gap ago
//! (`SOCKET_BUSY_GAP_MS`, by default [`DEFAULT_BUSY_GAP`]). A busy socket's frames wait in the
//! outbox, and the node's flusher (`flusher.rs`) writes all of them in one call the busy gap
//! after the previous write, so a busy socket's frames share their `send`s. What the kernel
//! will not take now (a full send buffer) is left to the socket's own task, which waits until
//! the connection is writable. Order is kept by the state's lock: direct and batched writes
//! happen under it, and never while the task is writing; a direct write never while anything
//! is queued. The outbox allocates nothing while it is empty.

use std::collections::VecDeque;
use std::io::{self, IoSlice};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use bytes::{Buf, Bytes};
use tokio::net::TcpStream;
use tokio::sync::Notify;

use crate::auth::Identity;
use crate::flusher::Flusher;
use crate::rooms::Room;

/// The default busy gap. A socket whose previous frame came less than this ago is busy: its
/// frames wait for the node's flusher, which writes them no sooner than this after the previous
/// write, everything that queued up meanwhile in one call. Writing each frame at once costs a `send`
/// per frame (and a wake-up of the reader); applied to every frame it cut the fan-out ladder
/// from 635,000 to 159,000 deliveries/s. At 1,000 messages/s into 100-member channels members
/// get a frame every 10 ms: with 8 ms each went out alone and the last member's p99 was 118 ms
/// (shared layout); with 20 ms two or three go out together, 41 ms
/// (`docs/decisions/websocket-busy-gap.md`).
pub const DEFAULT_BUSY_GAP: Duration = Duration::from_millis(20);

/// Most buffers handed to one vectored write.
const MAX_SLICES: usize = 64;

/// A socket's number on this node (the key of the registry's maps).
pub(crate) type SocketId = u64;

/// How a socket's connection ends when something other than its client ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// A server-side Socket.IO disconnect (`41`): the client stays disconnected (a revoked
    /// session, a flood).
    Disconnect,
    /// The transport closes: the client reconnects by itself (shutdown, a slow consumer).
    Close,
}

pub(crate) struct Socket {
    pub id: SocketId,
    pub identity: Identity,
    stream: TcpStream,
    state: Mutex<State>,
    wake: Notify,
    /// Frames queued beyond which the socket counts as a slow consumer and is closed.
    buffer: usize,
    /// A frame sooner than this after the previous one waits for the flusher.
    busy_gap: Duration,
    /// Writes the batches of busy sockets.
    flusher: Arc<Flusher>,
    /// This socket, for the flusher to hold until its batch is due.
    me: Weak<Socket>,
    /// When the client last sent an event (or connected), in `presence::now_ms`.
    active_at: AtomicU64,
}

struct State {
    /// WebSocket frames, whole, except the first when `partial`.
    outbox: VecDeque<Bytes>,
    /// The first frame of the outbox is the rest of one already partly written.
    partial: bool,
    /// The socket's task is writing frames it took from the outbox: nobody else may write.
    writing: bool,
    /// When the previous data frame was sent or queued (a busy socket's frames are batched).
    last_frame: Option<Instant>,
    /// The flusher holds a batch of this socket's: frames queued meanwhile join it.
    scheduled: bool,
    /// When frames last went to the kernel: a busy socket's frames go out again no sooner than
    /// the busy gap after, with everything that queued up meanwhile.
    last_write: Option<Instant>,
    ending: Option<Ending>,
    /// The rooms joined, kept so leaving all of them needs no scan of the registry.
    rooms: Vec<Box<str>>,
    /// Set once the registry has removed the socket: no room may take it in again.
    removed: bool,
    /// How many times the user's channel access changed while the socket was connected: a
    /// `channel:join` whose check straddles a change checks again.
    access_changes: u64,
    /// A ping went out and no pong has come back since.
    awaiting_pong: bool,
    /// The manuscripts joined and the editor-link token each was joined with (its rights are
    /// checked again, with that token, on every update and awareness).
    manuscripts: Vec<(i64, Option<Box<str>>)>,
}

/// Whether a frame counts towards the socket's being busy.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Traffic {
    /// Events and answers: a second one within the busy gap waits to go out with the rest.
    Data,
    /// The heartbeat's ping, which comes on the node's rhythm and not the socket's: counting
    /// it held back a message that followed within the gap by up to the gap (20 ms for about
    /// one message in twelve at 100 messages/s into 100-member rooms: `docs/decisions/websocket-busy-gap.md`).
    Control,
}

/// What the connection task should do after a wake-up.
enum Work {
    Write(Vec<Bytes>),
    End(Ending),
    Nothing,
}

impl Socket {
    pub(crate) fn new(
        id: SocketId,
        identity: Identity,
        stream: TcpStream,
        buffer: usize,
        busy_gap: Duration,
        flusher: Arc<Flusher>,
    ) -> Arc<Self> {
        Arc::new_cyclic(|me| Socket {
            id,
            identity,
            stream,
            state: Mutex::new(State {
                outbox: VecDeque::new(),
                partial: false,
                writing: false,
                last_frame: None,
                scheduled: false,
                last_write: None,
                ending: None,
                rooms: Vec::new(),
                removed: false,
                access_changes: 0,
                awaiting_pong: false,
                manuscripts: Vec::new(),
            }),
            wake: Notify::new(),
            buffer,
            busy_gap,
            flusher,
            me: me.clone(),
            active_at: AtomicU64::new(crate::presence::now_ms()),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Records activity at `now`; answers the previous activity.
    pub(crate) fn touch(&self, now: u64) -> u64 {
        self.active_at.swap(now, Ordering::Relaxed)
    }

    /// When the client was last active.
    pub(crate) fn active_at(&self) -> u64 {
        self.active_at.load(Ordering::Relaxed)
    }

    /// The connection, for the socket's task to read from.
    pub(crate) fn stream(&self) -> &TcpStream {
        &self.stream
    }

    /// Sends a WebSocket frame: written now when nothing is ahead of it, else queued; a socket
    /// whose client stopped reading is ended instead.
    pub(crate) fn push(&self, frame: &Bytes) {
        let mut state = self.state();
        if state.ending.is_some() {
            return;
        }
        if self.send(&mut state, frame, Traffic::Data) {
            drop(state);
            self.wake.notify_one();
        }
    }

    /// Frames are waiting to be written (queued, held for the flusher, or being written).
    pub(crate) fn has_queued(&self) -> bool {
        let state = self.state();
        !state.outbox.is_empty() || state.scheduled || state.writing
    }

    /// Writes `frame` now if it may and the kernel takes all of it; otherwise queues (the rest
    /// of) it, for the flusher or the task, or ends the socket. `true` when the task has
    /// something to do.
    fn send(&self, state: &mut State, frame: &Bytes, traffic: Traffic) -> bool {
        let now = Instant::now();
        let previous = match traffic {
            Traffic::Data => state.last_frame.replace(now),
            Traffic::Control => state.last_frame,
        };
        let quiet = previous.is_none_or(|last| now.duration_since(last) >= self.busy_gap);
        if quiet && state.outbox.is_empty() && !state.writing {
            match self.stream.try_write(frame) {
                Ok(written) if written == frame.len() => {
                    if traffic == Traffic::Data {
                        state.last_write = Some(now);
                    }
                    return false;
                }
                Ok(written) => {
                    state.outbox.push_back(frame.slice(written..));
                    state.partial = true;
                }
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                    state.outbox.push_back(frame.clone());
                }
                Err(error) => {
                    tracing::debug!(sid = self.id, %error, "write failed: socket closed");
                    state.ending = Some(Ending::Close);
                }
            }
        } else if state.outbox.len() >= self.buffer {
            // The rest of a partly written frame must still go out before the close frame.
            let keep = usize::from(state.partial);
            state.outbox.truncate(keep);
            state.ending = Some(Ending::Close);
            tracing::debug!(sid = self.id, "slow consumer: socket closed");
            crate::metrics::slow_consumer();
        } else {
            state.outbox.push_back(frame.clone());
            if !state.writing && !state.partial {
                self.schedule(state, now);
                return false;
            }
        }
        true
    }

    /// Has the flusher write the outbox the busy gap after the previous write, unless it is
    /// already to.
    fn schedule(&self, state: &mut State, now: Instant) {
        if !state.scheduled {
            state.scheduled = true;
            let when = self.due(state, now).unwrap_or(now);
            self.flusher.schedule(when, self.me.clone());
        }
    }

    /// The flusher's turn: writes what is queued, in one call while the kernel takes all of
    /// it. What it does not take (or a broken connection) is the task's to deal with.
    pub(crate) fn write_batch(&self) {
        let mut state = self.state();
        state.scheduled = false;
        if state.writing || state.partial || state.ending.is_some() {
            return;
        }
        while !state.outbox.is_empty() {
            match write_front(&self.stream, &mut state.outbox) {
                Ok(sent) => {
                    state.last_write = Some(Instant::now());
                    state.partial = sent.partial;
                    if !sent.all {
                        break;
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => break,
                Err(error) => {
                    tracing::debug!(sid = self.id, %error, "write failed: socket closed");
                    state.ending = Some(Ending::Close);
                    break;
                }
            }
        }
        let task_has_work = !state.outbox.is_empty() || state.ending.is_some();
        drop(state);
        if task_has_work {
            self.wake.notify_one();
        }
    }

    /// The node's heartbeat: sends a ping, or ends the socket when the previous ping is still
    /// unanswered (its client or the network is gone).
    pub(crate) fn heartbeat(&self, ping: &Bytes) {
        let mut state = self.state();
        if state.ending.is_some() {
            return;
        }
        let wake = if state.awaiting_pong {
            state.ending = Some(Ending::Close);
            tracing::debug!(sid = self.id, "no pong in time: socket closed");
            true
        } else {
            state.awaiting_pong = true;
            self.send(&mut state, ping, Traffic::Control)
        };
        drop(state);
        if wake {
            self.wake.notify_one();
        }
    }

    /// The ping timeout of the socket's last ping has passed: a socket still waiting for its
    /// pong is ended.
    pub(crate) fn check_pong(&self) {
        let mut state = self.state();
        if state.ending.is_some() || !state.awaiting_pong {
            return;
        }
        state.ending = Some(Ending::Close);
        drop(state);
        tracing::debug!(
            sid = self.id,
            "no pong within the ping timeout: socket closed"
        );
        self.wake.notify_one();
    }

    pub(crate) fn pong(&self) {
        self.state().awaiting_pong = false;
    }

    /// Asks the connection task to end the socket (frames already queued are still written).
    pub(crate) fn end(&self, ending: Ending) {
        let mut state = self.state();
        if state.ending.is_none() {
            state.ending = Some(ending);
        }
        drop(state);
        self.wake.notify_one();
    }

    /// When what is queued is due to be written: the busy gap after the previous write, so a
    /// busy socket's frames go out together; `None` when it is due now (or the socket ends).
    fn due(&self, state: &State, now: Instant) -> Option<Instant> {
        if state.ending.is_some() || state.partial || state.outbox.is_empty() {
            return None;
        }
        state
            .last_write
            .map(|last| last + self.busy_gap)
            .filter(|due| *due > now)
    }

    #[cfg(test)]
    fn write_due(&self) -> Option<Instant> {
        self.due(&self.state(), Instant::now())
    }

    /// Waits until there is something to write or the socket is to end.
    pub(crate) async fn woken(&self) {
        self.wake.notified().await;
    }

    /// Writes everything queued, in order, in as few calls as the kernel allows; then says how
    /// the socket is to end, if it is.
    pub(crate) async fn flush(&self) -> io::Result<Option<Ending>> {
        loop {
            match self.take_work() {
                Work::Write(frames) => write_all(&self.stream, frames).await?,
                Work::End(ending) => return Ok(Some(ending)),
                Work::Nothing => return Ok(None),
            }
        }
    }

    /// Everything queued (in order, and the task now owns writing), else how the socket ends,
    /// else nothing.
    fn take_work(&self) -> Work {
        let mut state = self.state();
        if !state.outbox.is_empty() {
            let frames: Vec<Bytes> = state.outbox.drain(..).collect();
            state.partial = false;
            state.writing = true;
            state.last_write = Some(Instant::now());
            // A burst may have grown the queue; an idle socket should not keep that memory.
            if state.outbox.capacity() > 64 {
                state.outbox.shrink_to(8);
            }
            return Work::Write(frames);
        }
        state.writing = false;
        match state.ending {
            Some(ending) => Work::End(ending),
            None => Work::Nothing,
        }
    }

    /// Records `room` as joined; `false` when the socket is gone or already in it.
    pub(crate) fn enter(&self, room: &str) -> bool {
        let mut state = self.state();
        if state.removed || state.rooms.iter().any(|r| &**r == room) {
            return false;
        }
        state.rooms.push(room.into());
        true
    }

    /// Forgets `room`; `false` when the socket was not in it.
    pub(crate) fn exit(&self, room: &str) -> bool {
        let mut state = self.state();
        let before = state.rooms.len();
        state.rooms.retain(|r| &**r != room);
        state.rooms.len() != before
    }

    pub(crate) fn is_in(&self, room: &str) -> bool {
        self.state().rooms.iter().any(|r| &**r == room)
    }

    /// Counts a change of the user's channel access and forgets the channel rooms `drop` names
    /// (by channel id); hands them back (to be left in the registry).
    pub(crate) fn drop_channels(&self, drop: impl Fn(i64) -> bool) -> Vec<Box<str>> {
        let mut state = self.state();
        state.access_changes += 1;
        let mut dropped = Vec::new();
        state.rooms.retain(|room| match Room::channel_in(room) {
            Some(channel_id) if drop(channel_id) => {
                dropped.push(room.clone());
                false
            }
            _ => true,
        });
        dropped
    }

    /// Remembers the token manuscript `id` was joined with.
    pub(crate) fn joined_manuscript(&self, id: i64, token: Option<&str>) {
        let mut state = self.state();
        state.manuscripts.retain(|(joined, _)| *joined != id);
        state.manuscripts.push((id, token.map(Into::into)));
    }

    /// The token manuscript `id` was joined with (`Some(None)`: joined without one); `None`
    /// when not joined.
    pub(crate) fn manuscript_token(&self, id: i64) -> Option<Option<String>> {
        self.state()
            .manuscripts
            .iter()
            .find(|(joined, _)| *joined == id)
            .map(|(_, token)| token.as_deref().map(str::to_string))
    }

    pub(crate) fn left_manuscript(&self, id: i64) {
        self.state().manuscripts.retain(|(joined, _)| *joined != id);
    }

    /// The manuscripts joined, each with the token it was joined with.
    pub(crate) fn manuscripts(&self) -> Vec<(i64, Option<String>)> {
        self.state()
            .manuscripts
            .iter()
            .map(|(id, token)| (*id, token.as_deref().map(str::to_string)))
            .collect()
    }

    /// How many changes of the user's channel access this socket has seen.
    pub(crate) fn access_changes(&self) -> u64 {
        self.state().access_changes
    }

    /// The channels whose rooms the socket is in.
    pub(crate) fn channels(&self) -> Vec<i64> {
        self.state()
            .rooms
            .iter()
            .filter_map(|room| Room::channel_in(room))
            .collect()
    }

    pub(crate) fn is_retired(&self) -> bool {
        self.state().removed
    }

    /// Marks the socket removed and hands back its rooms (to be left in the registry).
    pub(crate) fn retire(&self) -> Vec<Box<str>> {
        let mut state = self.state();
        state.removed = true;
        std::mem::take(&mut state.rooms)
    }
}

/// Writes `frames` in order, waiting whenever the kernel's send buffer is full. Used by the
/// socket's own task (and before the socket is registered, when nothing else can write).
pub(crate) async fn write_all(stream: &TcpStream, frames: Vec<Bytes>) -> io::Result<()> {
    let mut frames = VecDeque::from(frames);
    while !frames.is_empty() {
        stream.writable().await?;
        match write_front(stream, &mut frames) {
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
            Err(error) => return Err(error),
        }
    }
    Ok(())
}

/// What one vectored write took.
struct Sent {
    /// Everything offered went out.
    all: bool,
    /// The first frame left is partly written.
    partial: bool,
}

/// One vectored write of the first frames (up to [`MAX_SLICES`]); what the kernel took is
/// dropped from `frames`.
fn write_front(stream: &TcpStream, frames: &mut VecDeque<Bytes>) -> io::Result<Sent> {
    let mut slices = [IoSlice::new(&[]); MAX_SLICES];
    let count = frames.len().min(MAX_SLICES);
    for (slice, frame) in slices.iter_mut().zip(frames.iter()) {
        *slice = IoSlice::new(frame);
    }
    let offered: usize = slices[..count].iter().map(|slice| slice.len()).sum();
    let written = match stream.try_write_vectored(&slices[..count])? {
        0 => return Err(io::ErrorKind::WriteZero.into()),
        written => written,
    };
    Ok(Sent {
        all: written == offered,
        partial: advance(frames, written),
    })
}

/// Drops the `written` bytes from the front of `frames`; `true` when that leaves the first
/// frame partly written.
fn advance(frames: &mut VecDeque<Bytes>, mut written: usize) -> bool {
    while written > 0 {
        let front = frames.front_mut().expect("written bytes belong to a frame");
        if written >= front.len() {
            written -= front.len();
            frames.pop_front();
        } else {
            front.advance(written);
            return true;
        }
    }
    false
}

/// Sockets on real loopback connections, for the hub's unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use tokio::net::TcpListener;

    /// A socket of user `user_id` and the client's end of its connection.
    pub(crate) async fn socket(
        id: SocketId,
        user_id: i64,
        buffer: usize,
    ) -> (Arc<Socket>, TcpStream) {
        socket_with_gap(id, user_id, buffer, DEFAULT_BUSY_GAP).await
    }

    /// The same with the busy gap `busy_gap`.
    pub(crate) async fn socket_with_gap(
        id: SocketId,
        user_id: i64,
        buffer: usize,
        busy_gap: Duration,
    ) -> (Arc<Socket>, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let (ours, accepted) = tokio::join!(
            TcpStream::connect(listener.local_addr().unwrap()),
            listener.accept()
        );
        let identity = Identity {
            user_id,
            role: "creator".into(),
            session_id: format!("s{user_id}"),
        };
        (
            Socket::new(
                id,
                identity,
                ours.unwrap(),
                buffer,
                busy_gap,
                Flusher::start(),
            ),
            accepted.unwrap().0,
        )
    }

    /// What the client's end has received so far (a loopback write arrives within the call).
    /// Read with the standard library: tokio's `try_read` answers from the readiness its
    /// reactor last saw, which a test that never yields does not refresh.
    pub(crate) fn received(mut peer: &std::net::TcpStream) -> Vec<u8> {
        use std::io::Read;
        let mut bytes = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            match peer.read(&mut chunk) {
                Ok(0) => return bytes,
                Ok(n) => bytes.extend_from_slice(&chunk[..n]),
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => return bytes,
                Err(error) => panic!("{error}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    async fn socket(buffer: usize) -> (Arc<Socket>, TcpStream) {
        testing::socket(1, 1, buffer).await
    }

    /// A frame larger than the loopback connection's buffers: only part of it is written at
    /// once, so what follows it must queue.
    fn oversized() -> Bytes {
        Bytes::from(vec![b'x'; 32 << 20])
    }

    /// Reads `n` bytes on the client's end (in the background: the writer may need a reader).
    fn read(mut peer: TcpStream, n: usize) -> tokio::task::JoinHandle<(Vec<u8>, TcpStream)> {
        tokio::spawn(async move {
            let mut bytes = vec![0; n];
            peer.read_exact(&mut bytes).await.unwrap();
            (bytes, peer)
        })
    }

    #[tokio::test]
    async fn a_quiet_sockets_frame_is_written_at_once_and_a_busy_ones_waits_for_its_task() {
        let (socket, peer) = socket(8).await;
        socket.push(&Bytes::from_static(b"a"));
        assert!(
            matches!(socket.take_work(), Work::Nothing),
            "written at once"
        );
        socket.push(&Bytes::from_static(b"b"));
        socket.push(&Bytes::from_static(b"c"));
        // (taken here, as the socket's task would take them, and so never written)
        assert!(
            matches!(socket.take_work(), Work::Write(frames) if frames == [Bytes::from("b"), Bytes::from("c")]),
            "a busy socket's frames are batched"
        );
        assert_eq!(socket.flush().await.unwrap(), None);
        tokio::time::sleep(DEFAULT_BUSY_GAP).await;
        socket.push(&Bytes::from_static(b"d"));
        assert!(matches!(socket.take_work(), Work::Nothing), "quiet again");
        assert_eq!(read(peer, 2).await.unwrap().0, b"ad");
    }

    /// Reads on `peer` until `want` has come, or two seconds have passed.
    async fn receive_until(peer: &std::net::TcpStream, want: &[u8]) -> Vec<u8> {
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut got = Vec::new();
        while got != want && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(2)).await;
            got.extend(testing::received(peer));
        }
        got
    }

    #[tokio::test]
    async fn the_flusher_writes_a_busy_sockets_frames_together_without_waking_its_task() {
        let gap = Duration::from_millis(60);
        let (socket, peer) = testing::socket_with_gap(1, 1, 8, gap).await;
        let peer = peer.into_std().unwrap();
        let first = Instant::now();
        socket.push(&Bytes::from_static(b"a"));
        socket.push(&Bytes::from_static(b"b"));
        socket.push(&Bytes::from_static(b"c"));
        assert_eq!(testing::received(&peer), b"a", "b and c wait for the gap");
        assert!(
            tokio::time::timeout(Duration::ZERO, socket.woken())
                .await
                .is_err(),
            "the socket's task is not woken for a batch"
        );
        assert_eq!(receive_until(&peer, b"bc").await, b"bc");
        assert!(
            Instant::now() >= first + gap,
            "the batch went out a gap after a"
        );
        assert!(!socket.state().scheduled);
        assert!(socket.state().outbox.is_empty());
    }

    #[tokio::test]
    async fn a_batch_the_kernel_does_not_take_is_left_to_the_task_in_order() {
        let (socket, peer) = socket(8).await;
        socket.push(&Bytes::from_static(b"a"));
        // Queued behind `a` for the flusher; the big frame cannot all go out at once.
        let big = oversized();
        socket.push(&big);
        socket.push(&Bytes::from_static(b"b"));
        socket.write_batch();
        assert!(socket.state().partial, "the kernel took part of the batch");
        socket.push(&Bytes::from_static(b"c"));
        let reader = read(peer, 1 + big.len() + 2);
        assert_eq!(socket.flush().await.unwrap(), None);
        let (bytes, _) = reader.await.unwrap();
        assert_eq!(bytes[0], b'a');
        assert!(bytes[1..=big.len()].iter().all(|b| *b == b'x'));
        assert_eq!(&bytes[big.len() + 1..], b"bc");
    }

    #[tokio::test]
    async fn the_busy_gap_is_the_sockets_own() {
        let (socket, peer) = testing::socket_with_gap(1, 1, 8, Duration::ZERO).await;
        socket.push(&Bytes::from_static(b"a"));
        socket.push(&Bytes::from_static(b"b"));
        assert!(
            matches!(socket.take_work(), Work::Nothing),
            "without a gap no frame waits for the task"
        );
        assert_eq!(read(peer, 2).await.unwrap().0, b"ab");

        let gap = Duration::from_millis(300);
        let (socket, _peer) = testing::socket_with_gap(2, 1, 8, gap).await;
        let before = Instant::now();
        socket.push(&Bytes::from_static(b"a"));
        socket.push(&Bytes::from_static(b"b"));
        let due = socket.write_due().expect("b waits for the gap");
        assert!(due >= before + gap && due <= Instant::now() + gap);
    }

    #[tokio::test]
    async fn a_ping_does_not_hold_back_the_message_after_it() {
        let (socket, peer) = socket(8).await;
        let peer = peer.into_std().unwrap();
        socket.heartbeat(&Bytes::from_static(b"p"));
        socket.push(&Bytes::from_static(b"m"));
        assert_eq!(socket.write_due(), None, "nothing waits for the gap");
        assert!(matches!(socket.take_work(), Work::Nothing));
        assert_eq!(testing::received(&peer), b"pm");
        // A message still makes the socket busy for the one after it, ping or not.
        socket.pong();
        socket.push(&Bytes::from_static(b"n"));
        socket.heartbeat(&Bytes::from_static(b"q"));
        assert!(
            socket.write_due().is_some(),
            "the ping queues behind the gap"
        );
    }

    #[tokio::test]
    async fn a_busy_sockets_frames_are_due_one_gap_after_the_previous_write() {
        let (socket, _peer) = socket(8).await;
        assert_eq!(socket.write_due(), None, "nothing queued");
        let before = Instant::now();
        socket.push(&Bytes::from_static(b"a"));
        socket.push(&Bytes::from_static(b"b"));
        let due = socket.write_due().expect("b waits for the gap");
        assert!(due >= before + DEFAULT_BUSY_GAP && due <= Instant::now() + DEFAULT_BUSY_GAP);
        socket.end(Ending::Close);
        assert_eq!(socket.write_due(), None, "an ending socket writes at once");
    }

    #[tokio::test]
    async fn frames_behind_a_partly_written_one_queue_and_come_out_in_order() {
        let (socket, peer) = socket(8).await;
        let big = oversized();
        socket.push(&big);
        socket.push(&Bytes::from_static(b"a"));
        socket.push(&Bytes::from_static(b"b"));
        let reader = read(peer, big.len() + 2);
        assert_eq!(socket.flush().await.unwrap(), None);
        let (bytes, _) = reader.await.unwrap();
        assert!(bytes[..big.len()].iter().all(|b| *b == b'x'));
        assert_eq!(&bytes[big.len()..], b"ab");
        // The task is done writing: the next frame goes straight out again.
        assert!(!socket.state().writing);
    }

    #[tokio::test]
    async fn a_full_outbox_ends_the_socket_after_the_partly_written_frame() {
        let (socket, peer) = socket(2).await;
        let big = oversized();
        socket.push(&big);
        for frame in ["a", "b", "c"] {
            socket.push(&Bytes::from(frame));
        }
        let reader = read(peer, big.len());
        assert_eq!(socket.flush().await.unwrap(), Some(Ending::Close));
        let (_, mut peer) = reader.await.unwrap();
        drop(socket);
        let mut rest = Vec::new();
        peer.read_to_end(&mut rest).await.unwrap();
        assert!(
            rest.is_empty(),
            "nothing after the slow consumer's close: {rest:?}"
        );
    }

    #[tokio::test]
    async fn queued_frames_are_written_before_the_end() {
        let (socket, peer) = socket(8).await;
        let big = oversized();
        socket.push(&big);
        socket.push(&Bytes::from_static(b"a"));
        socket.end(Ending::Disconnect);
        socket.push(&Bytes::from_static(b"late"));
        let reader = read(peer, big.len() + 1);
        assert_eq!(socket.flush().await.unwrap(), Some(Ending::Disconnect));
        let (bytes, mut peer) = reader.await.unwrap();
        assert_eq!(bytes.last(), Some(&b'a'));
        drop(socket);
        let mut rest = Vec::new();
        peer.read_to_end(&mut rest).await.unwrap();
        assert!(rest.is_empty(), "nothing after the end: {rest:?}");
    }

    #[tokio::test]
    async fn an_unanswered_ping_ends_the_socket_at_the_next_beat() {
        let (socket, peer) = socket(8).await;
        let ping = Bytes::from_static(b"2");
        socket.heartbeat(&ping);
        socket.pong();
        socket.heartbeat(&ping);
        assert_eq!(socket.flush().await.unwrap(), None);
        assert_eq!(read(peer, 2).await.unwrap().0, b"22");
        socket.heartbeat(&ping);
        assert!(matches!(socket.take_work(), Work::End(Ending::Close)));
    }

    #[tokio::test]
    async fn the_pong_check_ends_only_a_socket_still_waiting() {
        let (socket, _peer) = socket(8).await;
        socket.check_pong();
        assert!(matches!(socket.take_work(), Work::Nothing), "never pinged");
        socket.heartbeat(&Bytes::from_static(b"2"));
        socket.pong();
        socket.check_pong();
        assert!(matches!(socket.take_work(), Work::Nothing), "answered");
        socket.heartbeat(&Bytes::from_static(b"2"));
        socket.check_pong();
        assert!(matches!(socket.take_work(), Work::End(Ending::Close)));
    }

    #[tokio::test]
    async fn a_retired_socket_enters_no_room() {
        let (socket, _peer) = socket(8).await;
        assert!(socket.enter("channel:1"));
        assert!(!socket.enter("channel:1"), "already in it");
        assert!(socket.is_in("channel:1"));
        assert_eq!(socket.retire(), vec![Box::<str>::from("channel:1")]);
        assert!(!socket.enter("channel:2"));
        assert!(!socket.is_in("channel:1"));
    }
}
