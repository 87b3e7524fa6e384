//! A node's drain before it stops (SIGTERM): its sockets are closed with 1001 Going Away, which
//! socket.io-client answers by reconnecting, through the load balancer, to another node. The
//! closes are spread over a window in random order, so the other nodes take the reconnections
//! (and their catch-up reads) a few at a time instead of all at once.

use std::time::Duration;

use rand::seq::SliceRandom;

use crate::hub::Hub;
use crate::registry::ALL;
use crate::socket::Ending;

impl Hub {
    /// Closes every socket connected now, one at each `window / n` step in random order, and
    /// returns when the window is over (at once for an empty window or no sockets). Sockets
    /// that connect meanwhile are left to [`Hub::close`].
    pub async fn drain(&self, window: Duration) {
        let mut sockets = self.shared.registry.members(ALL);
        sockets.shuffle(&mut rand::rng());
        let started = tokio::time::Instant::now();
        let count = sockets.len().max(1) as u32;
        tracing::info!(
            sockets = sockets.len(),
            ?window,
            "closing sockets over the drain window"
        );
        if sockets.is_empty() {
            return;
        }
        for (n, socket) in sockets.into_iter().enumerate() {
            tokio::time::sleep_until(started + window * n as u32 / count).await;
            socket.end(Ending::Close);
        }
        tokio::time::sleep_until(started + window).await;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use crate::connection::tests::Admit;
    use crate::hub::{Hub, HubConfig};

    #[tokio::test]
    async fn a_node_without_sockets_stops_draining_at_once() {
        let (_layer, hub) = Hub::build(HubConfig::default(), Arc::new(Admit))
            .await
            .unwrap();
        tokio::time::timeout(Duration::from_secs(2), hub.drain(Duration::from_secs(60)))
            .await
            .expect("no socket to close: the drain does not wait out its window");
    }
}
