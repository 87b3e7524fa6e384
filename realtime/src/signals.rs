//! Signals: a name every node hears, for the servers themselves rather than their sockets —
//! "the maintenance schedule changed, forget what you cached". `Hub::signal` runs this node's
//! listeners and publishes the name to the other nodes, whose listeners run when it arrives.

use std::sync::{Arc, Mutex};

type Listener = Arc<dyn Fn() + Send + Sync>;

#[derive(Default)]
pub(crate) struct Signals {
    listeners: Mutex<Vec<(String, Listener)>>,
}

impl Signals {
    pub(crate) fn listen(&self, name: &str, listener: Listener) {
        self.listeners
            .lock()
            .expect("signal listeners")
            .push((name.to_string(), listener));
    }

    /// Runs every listener of `name` (outside the lock: a listener may register another).
    pub(crate) fn raise(&self, name: &str) {
        let matching: Vec<Listener> = self
            .listeners
            .lock()
            .expect("signal listeners")
            .iter()
            .filter(|(listened, _)| listened == name)
            .map(|(_, listener)| listener.clone())
            .collect();
        for listener in matching {
            listener();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_signal_runs_the_listeners_of_its_name_only() {
        let signals = Signals::default();
        let heard = Arc::new(AtomicUsize::new(0));
        let counter = heard.clone();
        signals.listen(
            "maintenance",
            Arc::new(move || {
                counter.fetch_add(1, Ordering::SeqCst);
            }),
        );
        signals.raise("maintenance");
        signals.raise("other");
        signals.raise("maintenance");
        assert_eq!(heard.load(Ordering::SeqCst), 2);
    }
}
