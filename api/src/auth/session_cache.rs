//! Sessions as the API's middleware sees them: each bearer token is looked up in PostgreSQL at
//! most once a second per node instead of once per request (the teams page, for one, was two
//! round trips to the database of which this was one: `docs/decisions/session-cache.md`).
//!
//! Every way a session stops being valid goes through this module's guarantees:
//! - revoked (logout, password change or reset, role change, leaving, a ban): the code that
//!   revokes closes the session's sockets afterwards (`platform::realtime_auth`), which raises
//!   the hub's [`SIGNAL`]; every node drops its whole cache. Only while Redis is away can
//!   another node's revocation take up to [`FRESH_FOR`] to be enforced here.
//! - expired: an entry never outlives its session's `expires_at`.
//! - a token that is not valid is never cached: it is looked up each time, as before.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use dashmap::DashMap;
use sqlx::PgPool;

use super::session::{self, Caller};
use super::token;

/// The hub signal raised when sessions were revoked (`Hub::signal`).
pub const SIGNAL: &str = "auth.sessions";

/// How long a looked-up session answers before it is read again.
pub const FRESH_FOR: Duration = Duration::from_secs(1);

/// Entries beyond which the stale ones are swept out (each is a few hundred bytes).
const SWEEP_ABOVE: usize = 10_000;

#[derive(Clone, Default)]
pub struct SessionCache {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Bumped by every invalidation, so a lookup that started before one is not kept after it.
    generation: AtomicU64,
    /// By the token's digest (the token itself is never kept).
    entries: DashMap<Vec<u8>, Entry>,
}

struct Entry {
    caller: Caller,
    valid_until: Instant,
}

impl SessionCache {
    /// The caller behind `bearer`, or `None` for a token that is unknown, revoked or expired.
    pub async fn resolve(&self, db: &PgPool, bearer: &str) -> sqlx::Result<Option<Caller>> {
        let digest = token::digest(bearer);
        if let Some(entry) = self.inner.entries.get(&digest)
            && Instant::now() < entry.valid_until
        {
            return Ok(Some(entry.caller.clone()));
        }
        let generation = self.inner.generation.load(Ordering::SeqCst);
        let Some(found) = session::resolve_digest(db, &digest).await? else {
            return Ok(None);
        };
        let valid_until = Instant::now() + found.remaining.min(FRESH_FOR);
        let caller = found.caller.clone();
        self.keep(
            digest,
            Entry {
                caller,
                valid_until,
            },
            generation,
        );
        Ok(Some(found.caller))
    }

    /// Stores an entry read under `generation`; an invalidation since takes it out again
    /// (the check comes after the insert, so a concurrent `invalidate` either sees the entry
    /// and clears it, or has already bumped the generation this check sees).
    fn keep(&self, digest: Vec<u8>, entry: Entry, generation: u64) {
        let entries = &self.inner.entries;
        if entries.len() >= SWEEP_ABOVE {
            let now = Instant::now();
            entries.retain(|_, entry| now < entry.valid_until);
        }
        entries.insert(digest.clone(), entry);
        if self.inner.generation.load(Ordering::SeqCst) != generation {
            entries.remove(&digest);
        }
    }

    /// Forgets every session: some were revoked.
    pub fn invalidate(&self) {
        self.inner.generation.fetch_add(1, Ordering::SeqCst);
        self.inner.entries.clear();
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.inner.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::role::Role;

    fn entry(valid_for: Duration) -> Entry {
        Entry {
            caller: Caller {
                user_id: 1,
                role: Role::General,
                session_id: uuid::Uuid::nil(),
                client_id: None,
            },
            valid_until: Instant::now() + valid_for,
        }
    }

    #[test]
    fn a_lookup_that_an_invalidation_overtook_is_not_kept() {
        let cache = SessionCache::default();
        let before = cache.inner.generation.load(Ordering::SeqCst);
        cache.invalidate();
        cache.keep(vec![1], entry(FRESH_FOR), before);
        assert_eq!(cache.len(), 0);
        let now = cache.inner.generation.load(Ordering::SeqCst);
        cache.keep(vec![1], entry(FRESH_FOR), now);
        assert_eq!(cache.len(), 1);
        cache.invalidate();
        assert_eq!(cache.len(), 0);
    }

    #[test]
    fn stale_entries_are_swept_when_the_cache_is_full() {
        let cache = SessionCache::default();
        for i in 0..SWEEP_ABOVE {
            cache.keep(i.to_be_bytes().to_vec(), entry(Duration::ZERO), 0);
        }
        cache.keep(vec![1], entry(FRESH_FOR), 0);
        assert_eq!(cache.len(), 1, "only the fresh entry is left");
    }
}
