//! The node's one timer for busy sockets' batched writes.
//!
//! A busy socket's frames wait in its outbox until the busy gap after its previous write, then
//! go out together in one `writev` (`socket.rs`). At 1,000 messages/s into 100-member channels
//! that is about 50,000 batched writes a second. Each used to wake the socket's own task: a
//! timer of its own, a turn of the scheduler, the task's `select!` over its three waits, and the
//! write. Here one thread keeps every socket that has a batch waiting, in the order they fall
//! due, and writes each batch itself when its time comes. A socket's own task is woken only
//! when the kernel does not take all of a batch (it then waits for the connection to become
//! writable) or when the socket is to end.
//!
//! The thread is the runtime's junior: it runs at a lower priority ([`FLUSHER_NICE`]), so when
//! the core is full the requests and the database's answers go first and the batches wait,
//! growing as they wait.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::Instant;

use crate::socket::Socket;

/// How much lower than the rest of the process the flusher's thread runs (added to its nice
/// value). While the core has room this changes nothing. When it is full, the runtime's tasks (the
/// requests, the fan-out, the database's answers) go first and the flusher runs late, so each
/// busy socket's batch holds more frames and costs the core fewer writes. At the same
/// priority, in the runtime or on a thread of its own, the requests queued behind the writes
/// instead: POSTs waited seconds for a pool connection whose task waited for the core
/// (`docs/decisions/flusher-thread.md`).
const FLUSHER_NICE: i32 = 5;

pub(crate) struct Flusher {
    queue: Arc<Queue>,
}

/// What the flusher's thread and the sockets share.
struct Queue {
    due: Mutex<Batches>,
    /// Wakes the thread when a batch falls due sooner than the one it waits for, and when the
    /// flusher is dropped.
    wake: Condvar,
    /// The thread's id, for the tests to find it.
    #[cfg(test)]
    thread: std::sync::OnceLock<libc::pid_t>,
}

#[derive(Default)]
struct Batches {
    heap: BinaryHeap<Due>,
    closed: bool,
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
    /// A flusher and its thread, which ends once the flusher is dropped.
    pub(crate) fn start() -> Arc<Flusher> {
        let queue = Arc::new(Queue {
            due: Mutex::default(),
            wake: Condvar::new(),
            #[cfg(test)]
            thread: std::sync::OnceLock::new(),
        });
        let thread_queue = queue.clone();
        std::thread::Builder::new()
            .name("socket-flusher".into())
            .spawn(move || run(&thread_queue))
            .expect("the flusher's thread starts");
        Arc::new(Flusher { queue })
    }

    /// Writes `socket`'s batch at `when` (`Socket::write_batch`).
    pub(crate) fn schedule(&self, when: Instant, socket: Weak<Socket>) {
        let mut due = self.queue.lock();
        let sooner = due.heap.peek().is_none_or(|first| when < first.when);
        due.heap.push(Due { when, socket });
        drop(due);
        if sooner {
            self.queue.wake.notify_one();
        }
    }
}

impl Drop for Flusher {
    fn drop(&mut self) {
        self.queue.lock().closed = true;
        self.queue.wake.notify_one();
    }
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, Batches> {
        self.due.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Batches {
    /// Moves the sockets whose batches are due by `now` into `batch`; says when the next one is.
    fn take_due(&mut self, now: Instant, batch: &mut Vec<Weak<Socket>>) -> Option<Instant> {
        while let Some(first) = self.heap.peek() {
            if first.when > now {
                return Some(first.when);
            }
            batch.push(self.heap.pop().expect("peeked").socket);
        }
        None
    }
}

/// The flusher's thread: writes each batch when it falls due, sleeping in between.
fn run(queue: &Queue) {
    lower_priority();
    #[cfg(test)]
    // SAFETY: gettid has no arguments and cannot fail.
    let _ = queue.thread.set(unsafe { libc::gettid() });
    let mut batch = Vec::new();
    let mut due = queue.lock();
    while !due.closed {
        let now = Instant::now();
        let next = due.take_due(now, &mut batch);
        if !batch.is_empty() {
            drop(due);
            for socket in batch.drain(..) {
                if let Some(socket) = socket.upgrade() {
                    socket.write_batch();
                }
            }
            due = queue.lock();
            continue;
        }
        due = match next {
            Some(when) => {
                queue
                    .wake
                    .wait_timeout(due, when - now)
                    .unwrap_or_else(|e| e.into_inner())
                    .0
            }
            None => queue.wake.wait(due).unwrap_or_else(|e| e.into_inner()),
        };
    }
}

/// Lowers the calling thread's priority by [`FLUSHER_NICE`] (on Linux a nice value is a
/// thread's own, and `nice` changes the calling thread's).
fn lower_priority() {
    // SAFETY: nice takes a number and changes only the calling thread. It may return -1 as
    // the new value, so failure is told by errno.
    let failed = unsafe {
        *libc::__errno_location() = 0;
        libc::nice(FLUSHER_NICE) == -1 && *libc::__errno_location() != 0
    };
    if failed {
        tracing::debug!(error = %std::io::Error::last_os_error(), "the flusher keeps the process's priority");
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// The flusher's thread once it is running.
    fn thread_of(flusher: &Flusher) -> libc::pid_t {
        for _ in 0..500 {
            if let Some(tid) = flusher.queue.thread.get() {
                return *tid;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("the flusher's thread did not start");
    }

    /// A thread's name and nice value, from `/proc`; `None` once it has ended.
    fn name_and_nice(tid: libc::pid_t) -> Option<(String, i32)> {
        let stat = std::fs::read_to_string(format!("/proc/self/task/{tid}/stat")).ok()?;
        // `pid (comm) state ...`: the fields after the name, counted from `state` as field 3.
        let (name, rest) = stat.split_once(" (")?.1.rsplit_once(") ")?;
        let nice = rest.split(' ').nth(19 - 3)?.parse().ok()?;
        Some((name.to_string(), nice))
    }

    #[test]
    fn the_flusher_runs_on_a_thread_of_lower_priority_that_ends_with_it() {
        let (_, process_nice) = name_and_nice(std::process::id() as libc::pid_t).expect("main");
        let flusher = Flusher::start();
        let tid = thread_of(&flusher);
        assert_eq!(
            name_and_nice(tid),
            Some(("socket-flusher".to_string(), process_nice + FLUSHER_NICE)),
            "the runtime's tasks go first when the core is full"
        );
        drop(flusher);
        for _ in 0..500 {
            if name_and_nice(tid).is_none() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        panic!("the flusher's thread outlived the flusher");
    }

    #[test]
    fn batches_are_taken_in_the_order_they_fall_due() {
        let start = Instant::now();
        let mut batches = Batches::default();
        for offset in [30, 10, 20] {
            batches.heap.push(Due {
                when: start + Duration::from_millis(offset),
                socket: Weak::new(),
            });
        }
        let mut taken = Vec::new();
        let next = batches.take_due(start + Duration::from_millis(20), &mut taken);
        assert_eq!(taken.len(), 2, "the batches due at 10 and 20 ms");
        assert_eq!(next, Some(start + Duration::from_millis(30)));
        taken.clear();
        assert_eq!(
            batches.take_due(start + Duration::from_millis(40), &mut taken),
            None
        );
        assert_eq!(taken.len(), 1);
    }
}
