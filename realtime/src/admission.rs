//! Who may hold a connection or a socket: the node's cap of open connections, the caps per
//! address, and the client's address behind trusted proxies.
//!
//! Every admission is a value that gives its place back when dropped, so a connection that
//! ends in any way (answered, timed out, broken, an upgraded WebSocket closed) is counted out.
//! The connection caps apply to the TCP peer, which behind a proxy is the proxy; the
//! Socket.IO socket cap applies to the client's address as [`client_address`] resolves it.
//! See `docs/decisions/connection-admission.md`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Descriptors kept out of the default connection cap for everything else a node opens: its
/// database and Redis connections, files being served or uploaded, mail, the runtime's own.
pub const RESERVED_DESCRIPTORS: usize = 256;

/// The default cap of open connections: the process's descriptor limit (`ulimit -n`, soft)
/// less [`RESERVED_DESCRIPTORS`], at least 64. Connections beyond it are closed as they are
/// accepted, so the node keeps descriptors for its own work and `accept` does not fail.
pub fn default_max_connections() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a writable rlimit, as getrlimit expects.
    let soft = if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
        limit.rlim_cur
    } else {
        1024
    };
    let soft = usize::try_from(soft).unwrap_or(usize::MAX).min(1 << 24);
    soft.saturating_sub(RESERVED_DESCRIPTORS).max(64)
}

/// Open connections (or sockets) per address, with a cap; `0` means no cap (nothing is counted).
pub(crate) struct PerAddress {
    cap: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One admitted connection or socket of an address; dropping it counts it out.
pub(crate) struct AddressPlace {
    counts: Arc<PerAddress>,
    address: IpAddr,
}

impl PerAddress {
    pub(crate) fn new(cap: usize) -> Arc<Self> {
        Arc::new(PerAddress {
            cap,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A place for `address`; `Err` when it already holds the cap. `Ok(None)` without a cap.
    pub(crate) fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Option<AddressPlace>, ()> {
        if self.cap == 0 {
            return Ok(None);
        }
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= self.cap {
            return Err(());
        }
        *count += 1;
        Ok(Some(AddressPlace {
            counts: self.clone(),
            address,
        }))
    }

    #[cfg(test)]
    pub(crate) fn open(&self, address: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(&address).copied().unwrap_or(0)
    }
}

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// The node's connection caps: all connections, and connections per TCP peer address.
pub(crate) struct Gate {
    total: Option<Arc<Semaphore>>,
    per_peer: Arc<PerAddress>,
}

/// Why a connection was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    NodeFull,
    PeerFull,
}

/// One admitted connection. It travels with an upgraded WebSocket (`connection::handshake`
/// takes it from the request), so a socket counts as its connection for its whole life.
pub(crate) struct ConnectionSlot {
    _total: Option<OwnedSemaphorePermit>,
    _peer: Option<AddressPlace>,
}

impl Gate {
    /// `max` connections in all and `per_peer` per peer address; `0` means no cap.
    pub(crate) fn new(max: usize, per_peer: usize) -> Self {
        Gate {
            total: (max > 0).then(|| Arc::new(Semaphore::new(max.min(Semaphore::MAX_PERMITS)))),
            per_peer: PerAddress::new(per_peer),
        }
    }

    pub(crate) fn admit(&self, peer: IpAddr) -> Result<ConnectionSlot, Refusal> {
        let total = match &self.total {
            Some(total) => Some(
                total
                    .clone()
                    .try_acquire_owned()
                    .map_err(|_| Refusal::NodeFull)?,
            ),
            None => None,
        };
        let peer = self
            .per_peer
            .admit(peer.to_canonical())
            .map_err(|()| Refusal::PeerFull)?;
        Ok(ConnectionSlot {
            _total: total,
            _peer: peer,
        })
    }
}

/// The client's address: the TCP peer's, or behind `trusted_hops` proxies (the peer being the
/// nearest) the address the farthest trusted proxy saw, which is the `trusted_hops`-th entry
/// of `X-Forwarded-For` from the right. Entries to the left of it are whatever the client sent
/// and are never read. Several `X-Forwarded-For` lines are one list, in order. With fewer
/// entries than trusted hops every entry was written by a trusted proxy, so the leftmost is
/// taken. An entry that is not an address (`unknown`, a name, an obfuscated identifier) gives
/// the peer's address: a request is then counted with its proxy's, never as anyone it names.
/// `ip:port` and `[ipv6]:port` entries are read as their address; IPv4-mapped IPv6 addresses
/// as IPv4.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted_hops: usize) -> IpAddr {
    let peer = peer.to_canonical();
    if trusted_hops == 0 {
        return peer;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    if entries.iter().all(|entry| entry.is_empty()) {
        return peer;
    }
    let chosen = entries[entries.len().saturating_sub(trusted_hops)];
    parse_entry(chosen).map_or(peer, |address| address.to_canonical())
}

/// An `X-Forwarded-For` entry's address: `1.2.3.4`, `2001:db8::1`, `1.2.3.4:5678`,
/// `[2001:db8::1]:5678` (optionally quoted).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim_matches('"');
    if let Ok(address) = entry.parse::<IpAddr>() {
        return Some(address);
    }
    entry
        .parse::<std::net::SocketAddr>()
        .ok()
        .map(|address| address.ip())
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn forwarded(lines: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append("x-forwarded-for", HeaderValue::from_str(line).unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_address_is_read_the_trusted_hops_from_the_right() {
        let proxy = ip("10.0.0.1");
        let headers = forwarded(&["1.2.3.4, 5.6.7.8"]);
        assert_eq!(client_address(proxy, &headers, 1), ip("5.6.7.8"));
        assert_eq!(client_address(proxy, &headers, 2), ip("1.2.3.4"));
        // What the client itself wrote on the left never counts.
        let rotated = forwarded(&["9.9.9.9, 5.6.7.8"]);
        assert_eq!(client_address(proxy, &rotated, 1), ip("5.6.7.8"));
        // Several lines are one list.
        let lines = forwarded(&["1.2.3.4", "5.6.7.8, 10.0.0.2"]);
        assert_eq!(client_address(proxy, &lines, 1), ip("10.0.0.2"));
        assert_eq!(client_address(proxy, &lines, 2), ip("5.6.7.8"));
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let peer = ip("203.0.113.9");
        assert_eq!(client_address(peer, &forwarded(&["1.2.3.4"]), 0), peer);
        assert_eq!(client_address(peer, &HeaderMap::new(), 1), peer);
        assert_eq!(client_address(peer, &forwarded(&[" , "]), 1), peer);
    }

    #[test]
    fn malformed_entries_fall_back_to_the_peer_and_ports_are_dropped() {
        let proxy = ip("10.0.0.1");
        for bad in [
            "unknown",
            "1.2.3.4, _hidden",
            "1.2.3.4, ",
            "1.2.3.4, 300.1.1.1",
        ] {
            assert_eq!(client_address(proxy, &forwarded(&[bad]), 1), proxy, "{bad}");
        }
        assert_eq!(
            client_address(proxy, &forwarded(&["5.6.7.8:4711"]), 1),
            ip("5.6.7.8")
        );
        assert_eq!(
            client_address(proxy, &forwarded(&["[2001:db8::1]:4711"]), 1),
            ip("2001:db8::1")
        );
        assert_eq!(
            client_address(proxy, &forwarded(&["::ffff:5.6.7.8"]), 1),
            ip("5.6.7.8")
        );
        // Fewer entries than trusted hops: all were written by trusted proxies.
        assert_eq!(
            client_address(proxy, &forwarded(&["5.6.7.8"]), 3),
            ip("5.6.7.8")
        );
    }

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_places_back_on_drop() {
        let counts = PerAddress::new(2);
        let (a, b) = (ip("192.0.2.1"), ip("192.0.2.2"));
        let first = counts.admit(a).unwrap();
        let second = counts.admit(a).unwrap();
        assert!(counts.admit(a).is_err(), "the third is refused");
        assert!(counts.admit(b).unwrap().is_some(), "another address is not");
        drop(first);
        assert_eq!(counts.open(a), 1);
        let third = counts.admit(a).unwrap();
        drop((second, third));
        assert_eq!(counts.open(a), 0);
        assert!(counts.open.lock().unwrap().is_empty(), "no entry is left");
    }

    #[test]
    fn the_gate_caps_the_node_and_each_peer() {
        let gate = Gate::new(3, 2);
        let (a, b) = (ip("192.0.2.1"), ip("192.0.2.2"));
        let slots = [gate.admit(a).unwrap(), gate.admit(a).unwrap()];
        assert_eq!(gate.admit(a).err(), Some(Refusal::PeerFull));
        let other = gate.admit(b).unwrap();
        assert_eq!(gate.admit(b).err(), Some(Refusal::NodeFull));
        drop(slots);
        assert!(gate.admit(a).is_ok());
        drop(other);
        let unlimited = Gate::new(0, 0);
        let many: Vec<_> = (0..1000).map(|_| unlimited.admit(a).unwrap()).collect();
        assert_eq!(many.len(), 1000);
    }
}
