//! The node's phase for the load balancer (`GET /api/ready`) and its background jobs: starting
//! until `api::run` is about to serve, ready, then draining from SIGTERM until the process exits
//! (`docs/operations.md`, "Rolling upgrades").

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

use tokio::sync::watch;

/// Where the node is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Starting,
    Ready,
    Draining,
}

/// Cheap to clone; every clone sees the same phase.
#[derive(Clone)]
pub struct Lifecycle(Arc<Inner>);

struct Inner {
    phase: AtomicU8,
    draining: watch::Sender<bool>,
}

impl Default for Lifecycle {
    fn default() -> Self {
        Lifecycle(Arc::new(Inner {
            phase: AtomicU8::new(Phase::Starting as u8),
            draining: watch::Sender::new(false),
        }))
    }
}

impl Lifecycle {
    pub fn phase(&self) -> Phase {
        match self.0.phase.load(Ordering::Acquire) {
            0 => Phase::Starting,
            1 => Phase::Ready,
            _ => Phase::Draining,
        }
    }

    /// The node serves: readiness answers 200 (when its dependencies do). Never undoes a drain.
    pub fn mark_ready(&self) {
        let _ = self.0.phase.compare_exchange(
            Phase::Starting as u8,
            Phase::Ready as u8,
            Ordering::AcqRel,
            Ordering::Acquire,
        );
    }

    /// From now on readiness answers 503 and background jobs take no new work.
    pub fn start_drain(&self) {
        self.0.phase.store(Phase::Draining as u8, Ordering::Release);
        self.0.draining.send_replace(true);
    }

    pub fn is_draining(&self) -> bool {
        self.phase() == Phase::Draining
    }

    /// A background job's pause between two runs: `true` when the pause is over, `false` as soon
    /// as the node drains (the job then ends instead of starting another run).
    pub async fn pause(&self, wait: Duration) -> bool {
        let mut draining = self.0.draining.subscribe();
        tokio::select! {
            () = tokio::time::sleep(wait) => !self.is_draining(),
            _ = draining.wait_for(|draining| *draining) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_drain_ends_pauses_and_is_never_undone() {
        let node = Lifecycle::default();
        assert_eq!(node.phase(), Phase::Starting);
        node.mark_ready();
        assert_eq!(node.phase(), Phase::Ready);
        assert!(node.pause(Duration::from_millis(1)).await);
        let paused = tokio::spawn({
            let node = node.clone();
            async move { node.pause(Duration::from_secs(3600)).await }
        });
        node.start_drain();
        assert!(
            !paused.await.unwrap(),
            "the long pause ended with the drain"
        );
        node.mark_ready();
        assert_eq!(node.phase(), Phase::Draining);
        assert!(!node.pause(Duration::from_millis(1)).await);
    }
}
