//! The node's one timer for busy sockets' batched writes.
//!
//! A busy socket's frames wait in its outbox until the busy gap after its previous write, then
//! go out together in one `writev` (`socket.rs`). At 1,000 messages/s into 100-member channels
//! that is about 50,000 batched writes a second. Each used to wake the socket's own task: a
//! timer of its own, a turn of the scheduler, the task's `select!` over its three waits, and the
//! write. Here one task keeps every socket that has a batch waiting, in the order they fall
//! due, and writes each batch itself when its time comes. A socket's own task is woken only
//! when the kernel does not take all of a batch (it then waits for the connection to become
//! writable) or when the socket is to end.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Instant;

use tokio::sync::Notify;

use crate::socket::Socket;

pub(crate) struct Flusher {
    due: Mutex<BinaryHeap<Due>>,
    /// Wakes the task when a batch falls due sooner than the one it waits for, and when the
    /// flusher is dropped.
    wake: Arc<Notify>,
}

/// A socket's batch and when it is due.
struct Due {
    when: Instant,
    socket: Weak<Socket>,
}

// The heap is a max-heap: the batch due first compares greatest.
impl Ord for Due {
    fn cmp(&self, other: &Self) -> Ordering {
        other.when.cmp(&self.when)
    }
}

impl PartialOrd for Due {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Due {
    fn eq(&self, other: &Self) -> bool {
        self.when == other.when
    }
}

impl Eq for Due {}

impl Flusher {
    /// A flusher and its task, which ends once the flusher is dropped.
    pub(crate) fn start() -> Arc<Flusher> {
        let wake = Arc::new(Notify::new());
        let flusher = Arc::new(Flusher {
            due: Mutex::default(),
            wake: wake.clone(),
        });
        tokio::spawn(run(Arc::downgrade(&flusher), wake));
        flusher
    }

    fn due(&self) -> MutexGuard<'_, BinaryHeap<Due>> {
        self.due.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `socket`'s batch at `when` (`Socket::write_batch`).
    pub(crate) fn schedule(&self, when: Instant, socket: Weak<Socket>) {
        let mut due = self.due();
        let sooner = due.peek().is_none_or(|first| when < first.when);
        due.push(Due { when, socket });
        drop(due);
        if sooner {
            self.wake.notify_one();
        }
    }

    /// Moves the sockets whose batches are due by `now` into `batch`; says when the next one is.
    fn take_due(&self, now: Instant, batch: &mut Vec<Weak<Socket>>) -> Option<Instant> {
        let mut due = self.due();
        while let Some(first) = due.peek() {
            if first.when > now {
                return Some(first.when);
            }
            batch.push(due.pop().expect("peeked").socket);
        }
        None
    }
}

impl Drop for Flusher {
    fn drop(&mut self) {
        self.wake.notify_one();
    }
}

async fn run(flusher: Weak<Flusher>, wake: Arc<Notify>) {
    let mut batch = Vec::new();
    loop {
        let next = match flusher.upgrade() {
            Some(flusher) => flusher.take_due(Instant::now(), &mut batch),
            None => return,
        };
        for socket in batch.drain(..) {
            if let Some(socket) = socket.upgrade() {
                socket.write_batch();
            }
        }
        match next {
            Some(when) => {
                tokio::select! {
                    () = tokio::time::sleep_until(when.into()) => {}
                    () = wake.notified() => {}
                }
            }
            None => wake.notified().await,
        }
    }
}
