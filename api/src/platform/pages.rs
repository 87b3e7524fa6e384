//! Large byte buffers in anonymous memory of their own: the parts of S3 uploads, the pieces
//! read ahead from S3 (megabytes each, filled on one thread and dropped on another once sent)
//! and the two write buffers of each local upload (handed to the blocking pool and back). From the allocator, such blocks freed by another thread stayed resident
//! until their heap's thread collected them, and a 2 GiB S3 upload grew the node by up to
//! 62 MiB for 25 MiB of parts (`make bench-files`). Here a page is resident only once written
//! and the mapping is returned to the system when the last handle on the bytes is dropped,
//! whatever thread drops it (`docs/decisions/mimalloc-allocator.md`).

use bytes::Bytes;
use memmap2::MmapMut;

/// Up to `capacity` bytes, filled in order.
#[derive(Debug)]
pub struct Pages {
    map: MmapMut,
    len: usize,
}

impl Pages {
    /// Room for `capacity` bytes (no page is resident yet).
    pub fn new(capacity: usize) -> std::io::Result<Self> {
        Ok(Pages {
            map: MmapMut::map_anon(capacity.max(1))?,
            len: 0,
        })
    }

    pub fn capacity(&self) -> usize {
        self.map.len()
    }

    /// Appends what fits of `bytes`; returns how many it took.
    pub fn fill(&mut self, bytes: &[u8]) -> usize {
        let taken = (self.capacity() - self.len).min(bytes.len());
        self.map[self.len..self.len + taken].copy_from_slice(&bytes[..taken]);
        self.len += taken;
        taken
    }

    /// The bytes filled so far.
    pub fn filled(&self) -> &[u8] {
        &self.map[..self.len]
    }

    /// Empty again, the same pages kept for the next bytes.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn is_full(&self) -> bool {
        self.len == self.capacity()
    }

    /// The bytes filled, without a copy; the pages, and `keep` with them (a budget's permit),
    /// go when the last handle on the bytes is dropped.
    pub fn into_bytes_with<K: Send + 'static>(self, keep: K) -> Bytes {
        Bytes::from_owner(Owned {
            pages: self,
            _keep: keep,
        })
    }
}

struct Owned<K> {
    pages: Pages,
    _keep: K,
}

impl<K> AsRef<[u8]> for Owned<K> {
    fn as_ref(&self) -> &[u8] {
        self.pages.filled()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn pages_fill_in_order_and_go_with_their_last_handle() {
        let mut pages = Pages::new(8).unwrap();
        assert_eq!(pages.fill(b"abc"), 3);
        assert_eq!(pages.fill(b"defghijk"), 5, "only what fits is taken");
        assert!(pages.is_full());
        assert_eq!(pages.fill(b"more"), 0);
        assert_eq!(pages.filled(), b"abcdefgh");
        pages.clear();
        assert_eq!(pages.filled(), b"");
        pages.fill(b"abcdefgh");

        let kept = Arc::new(());
        let bytes = pages.into_bytes_with(kept.clone());
        let tail = bytes.slice(5..);
        drop(bytes);
        assert_eq!(
            Arc::strong_count(&kept),
            2,
            "a handle on the bytes keeps what they hold"
        );
        assert_eq!(&tail[..], b"fgh");
        drop(tail);
        assert_eq!(Arc::strong_count(&kept), 1);
    }

    #[test]
    fn pages_filled_in_part_are_only_that_part() {
        let mut pages = Pages::new(4096).unwrap();
        pages.fill(b"xy");
        assert_eq!(&pages.into_bytes_with(())[..], b"xy");
    }
}
