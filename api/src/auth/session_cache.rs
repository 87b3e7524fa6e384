//! Sessions as the API's middleware sees them: each bearer token is looked up in PostgreSQL at
//! most once a second per node instead of once per request (the teams page, for one, was two
//! round trips to the database of which this was one: `docs/decisions/session-cache.md`). A
//! signed file link names its session by id instead of by token (a playing video asks for a range
//! every few seconds): those are looked up by id under the same rules.
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
use uuid::Uuid;

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
    entries: DashMap<Key, Entry>,
}

/// How a session was named: by its bearer token's digest (the token itself is never kept), or by
/// its id (signed file links).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    Token(Vec<u8>),
    Session(Uuid),
}

struct Entry {
    caller: Caller,
    valid_until: Instant,
}

impl SessionCache {
    /// The caller behind `bearer`, or `None` for a token that is unknown, revoked or expired.
    pub async fn resolve(&self, db: &PgPool, bearer: &str) -> sqlx::Result<Option<Caller>> {
        let digest = token::digest(bearer);
        self.lookup(Key::Token(digest.clone()), || {
            session::resolve_digest(db, &digest)
        })
        .await
    }

    /// The caller of the live session `session_id` (a signed file link names its session, never
    /// its token), or `None` when it is unknown, revoked or expired.
    pub async fn resolve_session(
        &self,
        db: &PgPool,
        session_id: Uuid,
    ) -> sqlx::Result<Option<Caller>> {
        self.lookup(Key::Session(session_id), || {
            session::resolve_id(db, session_id)
        })
        .await
    }

    async fn lookup<F>(&self, key: Key, read: impl FnOnce() -> F) -> sqlx::Result<Option<Caller>>
    where
        F: Future<Output = sqlx::Result<Option<session::FoundSession>>>,
    {
        if let Some(entry) = self.inner.entries.get(&key)
            && Instant::now() < entry.valid_until
        {
            return Ok(Some(entry.caller.clone()));
        }
        let generation = self.inner.generation.load(Ordering::SeqCst);
        let Some(found) = read().await? else {
            return Ok(None);
        };
        let valid_until = Instant::now() + found.remaining.min(FRESH_FOR);
        let caller = found.caller.clone();
        self.keep(
            key,
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
    fn keep(&self, key: Key, entry: Entry, generation: u64) {
        let entries = &self.inner.entries;
        if entries.len() >= SWEEP_ABOVE {
            let now = Instant::now();
            entries.retain(|_, entry| now < entry.valid_until);
        }
        entries.insert(key.clone(), entry);
        if self.inner.generation.load(Ordering::SeqCst) != generation {
            entries.remove(&key);
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
        cache.keep(Key::Token(vec![1]), entry(FRESH_FOR), before);
        assert_eq!(cache.len(), 0);
        let now = cache.inner.generation.load(Ordering::SeqCst);
        cache.keep(Key::Token(vec![1]), entry(FRESH_FOR), now);
        assert_eq!(cache.len(), 1);
        cache.invalidate();
        assert_eq!(cache.len(), 0);
    }

    #[test]
    fn stale_entries_are_swept_when_the_cache_is_full() {
        let cache = SessionCache::default();
        for i in 0..SWEEP_ABOVE {
            cache.keep(
                Key::Token(i.to_be_bytes().to_vec()),
                entry(Duration::ZERO),
                0,
            );
        }
        cache.keep(Key::Session(Uuid::nil()), entry(FRESH_FOR), 0);
        assert_eq!(cache.len(), 1, "only the fresh entry is left");
    }
}
