//! The node's memory budget for the S3 parts that uploads fill: every `PATCH` to an S3-backed
//! upload holds the part ([`PART_BYTES`]) it fills and those it is storing (up to
//! `parts::PARTS_IN_FLIGHT`), so without a bound 50 concurrent uploads hold over a gigabyte.
//! A part's bytes are taken from this budget before its first byte is kept and given back once
//! the part is stored; a request that finds the budget spent waits (the client's body is not
//! read meanwhile, so TCP holds it back) for at most [`PartBudget::wait`], then ends with 503
//! and the offset it reached, for the client to resume.
//! `UPLOAD_PART_MEMORY_MIB` sets the budget (docs/decisions/resumable-uploads.md).
//! A part's bytes live in pages of their own (`platform::pages`), so what the node holds for
//! parts is what the budget counts.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::platform::pages::Pages;
use crate::platform::storage::PART_BYTES;

/// The default budget: 8 parts of 5 MiB.
pub const DEFAULT_BYTES: usize = 40 * 1024 * 1024;

/// How long a request waits for room before it answers 503 (well inside the 90 s lease).
pub const WAIT: Duration = Duration::from_secs(30);

/// A byte budget shared by every upload of the node (cheap to clone).
#[derive(Clone, Debug)]
pub struct PartBudget {
    slots: Arc<Semaphore>,
    /// How many requests wait for room now (for tests and diagnosis).
    waiting: Arc<AtomicUsize>,
    total: usize,
    wait: Duration,
}

/// The budget stayed spent for [`PartBudget::wait`].
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

/// One part's room of the budget and the pages its bytes fill (`platform::pages`); both are
/// given back when it is dropped, or after [`PartRoom::into_bytes`] when the last handle on the
/// bytes is.
#[derive(Debug)]
pub struct PartRoom {
    permit: OwnedSemaphorePermit,
    pages: Pages,
}

impl PartRoom {
    fn new(permit: OwnedSemaphorePermit) -> anyhow::Result<Self> {
        Ok(PartRoom {
            permit,
            pages: Pages::new(PART_BYTES)?,
        })
    }

    /// Appends what fits of `bytes`; returns how many it took.
    pub fn fill(&mut self, bytes: &[u8]) -> usize {
        self.pages.fill(bytes)
    }

    /// The bytes filled so far.
    pub fn filled(&self) -> &[u8] {
        self.pages.filled()
    }

    pub fn is_full(&self) -> bool {
        self.pages.is_full()
    }

    /// The bytes filled, without a copy, holding the room until the store has sent them.
    pub fn into_bytes(self) -> Bytes {
        self.pages.into_bytes_with(self.permit)
    }
}

/// Permits are counted in KiB so that any budget fits a semaphore's `u32` acquisitions.
const UNIT: usize = 1024;

impl PartBudget {
    /// A budget of `bytes` (at least one part: a smaller one could never be granted).
    pub fn new(bytes: usize, wait: Duration) -> Self {
        let total = bytes.max(PART_BYTES);
        PartBudget {
            slots: Arc::new(Semaphore::new(total / UNIT)),
            waiting: Arc::new(AtomicUsize::new(0)),
            total,
            wait,
        }
    }

    /// The budget in bytes.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The bytes not held by any part now.
    pub fn available(&self) -> usize {
        self.slots.available_permits() * UNIT
    }

    /// How many requests wait for room now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Room for one part: at once when there is some, else after the parts ahead of it are
    /// stored (first come, first served), or [`Busy`] after `wait`. An error when the system
    /// gives no memory for its pages.
    pub async fn take(&self) -> anyhow::Result<Result<PartRoom, Busy>> {
        let units = (PART_BYTES / UNIT) as u32;
        if let Ok(permit) = self.slots.clone().try_acquire_many_owned(units) {
            return PartRoom::new(permit).map(Ok);
        }
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let granted =
            tokio::time::timeout(self.wait, self.slots.clone().acquire_many_owned(units)).await;
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        match granted {
            Ok(Ok(permit)) => PartRoom::new(permit).map(Ok),
            Ok(Err(_)) | Err(_) => {
                crate::platform::metrics::upload_part_budget_busy();
                Ok(Err(Busy))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn parts_wait_for_room_and_give_up_after_the_wait() {
        let budget = PartBudget::new(2 * PART_BYTES + 100, Duration::from_millis(30));
        assert_eq!(budget.total(), 2 * PART_BYTES + 100);
        let first = budget.take().await.unwrap().unwrap();
        let second = budget.take().await.unwrap().unwrap();
        assert!(budget.available() < PART_BYTES, "two parts spend it");
        // A third part is not allocated beyond the budget: it waits, then gives up.
        assert_eq!(budget.take().await.unwrap().unwrap_err(), Busy);
        assert_eq!(budget.waiting(), 0);

        // A waiting part gets the room a stored part gives back.
        let patient = PartBudget {
            wait: Duration::from_secs(30),
            ..budget.clone()
        };
        let waiter = tokio::spawn(async move { patient.take().await });
        while budget.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        assert!(!waiter.is_finished());
        drop(first);
        let third = waiter
            .await
            .unwrap()
            .unwrap()
            .expect("room after a part was stored");
        drop((second, third));
        assert_eq!(budget.available(), budget.total() / UNIT * UNIT);
    }

    #[tokio::test]
    async fn a_part_gives_its_room_back_with_the_last_handle_on_its_bytes() {
        let budget = PartBudget::new(PART_BYTES, WAIT);
        let mut part = budget.take().await.unwrap().unwrap();
        assert_eq!(part.fill(&vec![7u8; PART_BYTES + 1]), PART_BYTES);
        assert!(part.is_full());
        let bytes = part.into_bytes();
        let sent = bytes.slice(3..);
        drop(bytes);
        assert_eq!(
            budget.available(),
            0,
            "a handle on the bytes still holds the room"
        );
        assert!(sent.iter().all(|b| *b == 7));
        drop(sent);
        assert_eq!(budget.available(), PART_BYTES);
    }

    #[test]
    fn a_budget_below_one_part_still_grants_one() {
        let budget = PartBudget::new(1, WAIT);
        assert_eq!(budget.total(), PART_BYTES);
    }
}
