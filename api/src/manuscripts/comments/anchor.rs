//! Anchors on the server's side: what a sent anchor must be (an encoded Yjs relative position),
//! and anchors made here for the demo data and tests (the web makes its own with
//! `Y.createRelativePositionFromTypeIndex` through y-prosemirror's mapping).

use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{Assoc, GetString, IndexedSequence, StickyIndex, Text, Transact, XmlFragment, XmlOut};

use crate::manuscripts::doc;

/// An encoded relative position is a few dozen bytes; this bounds what is stored.
pub const MAX_BYTES: usize = 512;

/// Whether `bytes` is one encoded relative position (`Y.encodeRelativePosition`).
pub fn is_relative_position(bytes: &[u8]) -> bool {
    bytes.len() <= MAX_BYTES && StickyIndex::decode_v1(bytes).is_ok()
}

/// The whole text of the `block`th top-level block of a stored document as an anchor (start,
/// end) and its text; `None` when there is no such block with text.
pub fn whole_block(state: &[u8], block: u32) -> Option<(Vec<u8>, Vec<u8>, String)> {
    let document = doc::load(state).ok()?;
    let fragment = document.get_or_insert_xml_fragment(doc::FRAGMENT);
    let txn = document.transact();
    let Some(XmlOut::Element(element)) = fragment.get(&txn, block) else {
        return None;
    };
    let Some(XmlOut::Text(text)) = element.get(&txn, 0) else {
        return None;
    };
    let content = text.get_string(&txn);
    let len = text.len(&txn);
    let start = text.sticky_index(&txn, 0, Assoc::After)?;
    // The end sticks to the last character (yrs has no "after" position past the end).
    let end = text.sticky_index(&txn, len, Assoc::Before)?;
    Some((start.encode_v1(), end.encode_v1(), content))
}
