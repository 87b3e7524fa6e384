//! The Yjs document of a manuscript on the server: its stored form (a snapshot plus the updates
//! appended after it, all Yjs v1 updates), merged without loading a document where only bytes
//! are needed (a join's answer, compaction), walked into text blocks for the counts and into
//! an outline with marks (`outline`) for the delivered files.
//! TipTap's Collaboration extension keeps the rich text in the `XmlFragment` named `default`.

use yrs::types::text::YChange;
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{
    Any, Doc, GetString, Out, ReadTxn, StateVector, Text, Transact, Update, XmlFragment, XmlOut,
};

use crate::manuscripts::count::{Block, BlockKind, Counts, count};

/// The fragment TipTap writes into.
pub const FRAGMENT: &str = "default";

/// Why bytes are not a usable update or state vector.
#[derive(Debug, thiserror::Error)]
#[error("not a Yjs v1 update: {0}")]
pub struct Malformed(String);

/// The state of an empty document.
pub fn empty_state() -> Vec<u8> {
    Doc::new()
        .transact()
        .encode_state_as_update_v1(&StateVector::default())
}

/// Checks that `update` decodes as a Yjs v1 update.
pub fn check_update(update: &[u8]) -> Result<(), Malformed> {
    Update::decode_v1(update)
        .map(|_| ())
        .map_err(|e| Malformed(e.to_string()))
}

/// Checks that `state_vector` decodes as a Yjs v1 state vector.
pub fn check_state_vector(state_vector: &[u8]) -> Result<(), Malformed> {
    StateVector::decode_v1(state_vector)
        .map(|_| ())
        .map_err(|e| Malformed(e.to_string()))
}

/// One update holding the snapshot and every update after it (what compaction stores).
pub fn merge<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> Result<Vec<u8>, Malformed> {
    let parts: Vec<&[u8]> = parts.into_iter().collect();
    if parts.len() == 1 {
        return Ok(parts[0].to_vec());
    }
    yrs::merge_updates_v1(parts).map_err(|e| Malformed(e.to_string()))
}

/// What a client with `state_vector` lacks of `state`, and the state vector of `state`.
pub fn missing(state: &[u8], state_vector: &[u8]) -> Result<(Vec<u8>, Vec<u8>), Malformed> {
    let lacking =
        yrs::diff_updates_v1(state, state_vector).map_err(|e| Malformed(e.to_string()))?;
    let vector =
        yrs::encode_state_vector_from_update_v1(state).map_err(|e| Malformed(e.to_string()))?;
    Ok((lacking, vector))
}

/// A document holding `state`.
pub fn load(state: &[u8]) -> Result<Doc, Malformed> {
    let doc = Doc::new();
    // The root is declared before the update is applied, so its content is typed as XML.
    let _ = doc.get_or_insert_xml_fragment(FRAGMENT);
    let update = Update::decode_v1(state).map_err(|e| Malformed(e.to_string()))?;
    doc.transact_mut()
        .apply_update(update)
        .map_err(|e| Malformed(e.to_string()))?;
    Ok(doc)
}

/// The document's text blocks in order: paragraphs and headings, wherever they are (list
/// items and quotes hold paragraphs).
pub fn blocks(doc: &Doc) -> Vec<Block> {
    let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
    let txn = doc.transact();
    let mut out = Vec::new();
    for child in fragment.children(&txn) {
        walk(&txn, child, &mut out);
    }
    out
}

fn walk<T: ReadTxn>(txn: &T, node: XmlOut, out: &mut Vec<Block>) {
    match node {
        XmlOut::Element(element) => {
            let kind = match element.tag().as_ref() {
                "paragraph" => Some(BlockKind::Paragraph),
                "heading" => Some(BlockKind::Heading),
                _ => None,
            };
            match kind {
                Some(kind) => {
                    let mut text = String::new();
                    for child in element.children(txn) {
                        inline_text(txn, child, &mut text);
                    }
                    out.push(Block { kind, text });
                }
                // Lists, list items, quotes: their blocks are inside; an image has none.
                None => {
                    for child in element.children(txn) {
                        walk(txn, child, out);
                    }
                }
            }
        }
        XmlOut::Fragment(fragment) => {
            for child in fragment.children(txn) {
                walk(txn, child, out);
            }
        }
        // Text straight under the root or a list is not a block TipTap writes; count it as one.
        XmlOut::Text(text) => {
            let text = AsRef::<yrs::TextRef>::as_ref(&text).get_string(txn);
            if !text.is_empty() {
                out.push(Block {
                    kind: BlockKind::Paragraph,
                    text,
                });
            }
        }
    }
}

/// The mark of a suggested deletion (the web's `suggestions.ts`). The Yjs binding keeps a mark
/// as a formatting attribute named after it (`name--hash` for marks that may overlap).
pub const DELETION_MARK: &str = "deletion";

/// Whether a run's formatting holds a suggested deletion.
fn is_deleted(attributes: Option<&yrs::types::Attrs>) -> bool {
    attributes.is_some_and(|attrs| {
        attrs.keys().any(|key| {
            key.as_ref() == DELETION_MARK
                || key
                    .strip_prefix(DELETION_MARK)
                    .is_some_and(|rest| rest.starts_with("--"))
        })
    })
}

/// The counted text inside a block: its text without marks (inline nodes such as a hard break
/// carry none), leaving out suggested deletions: the count is the text as if every suggestion
/// were accepted, as the web counts it (`docs/decisions/manuscript-editor-web.md`).
fn inline_text<T: ReadTxn>(txn: &T, node: XmlOut, text: &mut String) {
    match node {
        XmlOut::Text(t) => {
            let runs = AsRef::<yrs::TextRef>::as_ref(&t).diff(txn, YChange::identity);
            for run in runs {
                if is_deleted(run.attributes.as_deref()) {
                    continue;
                }
                if let Out::Any(Any::String(chunk)) = &run.insert {
                    text.push_str(chunk);
                }
            }
        }
        XmlOut::Element(element) => {
            for child in element.children(txn) {
                inline_text(txn, child, text);
            }
        }
        XmlOut::Fragment(fragment) => {
            for child in fragment.children(txn) {
                inline_text(txn, child, text);
            }
        }
    }
}

/// A block of the document as the editor writes it: what a delivered file shows
/// (`manuscripts::export`). Headings (levels 1–3), paragraphs, bullet and ordered lists,
/// quotes, images; the text inside carries bold, italic and links.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Heading {
        level: u8,
        spans: Vec<Span>,
    },
    Paragraph(Vec<Span>),
    /// Each item is a list of blocks (paragraphs, nested lists).
    BulletList(Vec<Vec<Node>>),
    OrderedList {
        start: u32,
        items: Vec<Vec<Node>>,
    },
    Quote(Vec<Node>),
    Image {
        src: String,
        alt: String,
    },
}

/// A run of text with the same marks.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Span {
    pub text: String,
    pub bold: bool,
    pub italic: bool,
    /// The link mark's `href`, as stored (the exports decide what they accept).
    pub link: Option<String>,
}

/// The document as blocks with their marks, in order.
pub fn outline(doc: &Doc) -> Vec<Node> {
    let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
    let txn = doc.transact();
    nodes(&txn, fragment.children(&txn))
}

fn nodes<T: ReadTxn>(txn: &T, children: impl Iterator<Item = XmlOut>) -> Vec<Node> {
    let mut out = Vec::new();
    for child in children {
        node(txn, child, &mut out);
    }
    out
}

fn node<T: ReadTxn>(txn: &T, child: XmlOut, out: &mut Vec<Node>) {
    let element = match child {
        XmlOut::Element(element) => element,
        XmlOut::Fragment(fragment) => {
            out.extend(nodes(txn, fragment.children(txn)));
            return;
        }
        // Text straight under the root or a list: a paragraph, as `blocks` counts it.
        XmlOut::Text(text) => {
            let spans = spans_of(txn, &text);
            if !spans.is_empty() {
                out.push(Node::Paragraph(spans));
            }
            return;
        }
    };
    let items = |txn: &T| -> Vec<Vec<Node>> {
        element
            .children(txn)
            .map(|item| match item {
                XmlOut::Element(item) if item.tag().as_ref() == "listItem" => {
                    nodes(txn, item.children(txn))
                }
                other => {
                    let mut one = Vec::new();
                    node(txn, other, &mut one);
                    one
                }
            })
            .collect()
    };
    match element.tag().as_ref() {
        "paragraph" => out.push(Node::Paragraph(inline_spans(txn, &element))),
        "heading" => {
            let level = number_attribute(txn, &element, "level")
                .unwrap_or(2)
                .clamp(1, 3) as u8;
            out.push(Node::Heading {
                level,
                spans: inline_spans(txn, &element),
            });
        }
        "bulletList" => out.push(Node::BulletList(items(txn))),
        "orderedList" => out.push(Node::OrderedList {
            start: number_attribute(txn, &element, "start").unwrap_or(1) as u32,
            items: items(txn),
        }),
        "blockquote" => out.push(Node::Quote(nodes(txn, element.children(txn)))),
        "image" => out.push(Node::Image {
            src: string_attribute(txn, &element, "src").unwrap_or_default(),
            alt: string_attribute(txn, &element, "alt").unwrap_or_default(),
        }),
        // Anything else the editor may hold one day: its blocks, in place.
        _ => out.extend(nodes(txn, element.children(txn))),
    }
}

fn inline_spans<T: ReadTxn>(txn: &T, element: &yrs::XmlElementRef) -> Vec<Span> {
    let mut spans = Vec::new();
    for child in element.children(txn) {
        match child {
            XmlOut::Text(text) => spans.extend(spans_of(txn, &text)),
            // Inline elements (none today): their text, unmarked.
            other => {
                let mut text = String::new();
                inline_text(txn, other, &mut text);
                if !text.is_empty() {
                    spans.push(Span {
                        text,
                        ..Span::default()
                    });
                }
            }
        }
    }
    spans
}

/// A text's runs with their marks (y-prosemirror stores a mark as a formatting attribute named
/// after it, holding its attributes: `bold: {}`, `link: {href: …}`).
fn spans_of<T: ReadTxn>(txn: &T, text: &yrs::XmlTextRef) -> Vec<Span> {
    use yrs::types::text::YChange;
    use yrs::{Any, Out, Text};
    let marked = |attrs: &Option<Box<yrs::types::Attrs>>, name: &str| {
        attrs
            .as_ref()
            .and_then(|a| a.get(name))
            .is_some_and(|v| !matches!(v, Any::Null | Any::Undefined | Any::Bool(false)))
    };
    text.diff(txn, YChange::identity)
        .into_iter()
        .filter_map(|diff| {
            let Out::Any(Any::String(chunk)) = &diff.insert else {
                return None;
            };
            let link = diff
                .attributes
                .as_ref()
                .and_then(|a| a.get("link"))
                .and_then(|v| match v {
                    Any::Map(map) => match map.get("href") {
                        Some(Any::String(href)) => Some(href.to_string()),
                        _ => None,
                    },
                    _ => None,
                });
            Some(Span {
                text: chunk.to_string(),
                bold: marked(&diff.attributes, "bold"),
                italic: marked(&diff.attributes, "italic"),
                link,
            })
        })
        .collect()
}

fn string_attribute<T: ReadTxn>(
    txn: &T,
    element: &yrs::XmlElementRef,
    name: &str,
) -> Option<String> {
    use yrs::{Any, Number, Out, Xml};
    match element.get_attribute(txn, name)? {
        Out::Any(Any::String(s)) => Some(s.to_string()),
        Out::Any(Any::Number(Number::Int(n))) => Some(n.to_string()),
        Out::Any(Any::Number(Number::Float(n))) => Some(n.to_string()),
        _ => None,
    }
}

fn number_attribute<T: ReadTxn>(txn: &T, element: &yrs::XmlElementRef, name: &str) -> Option<i64> {
    use yrs::{Any, Number, Out, Xml};
    match element.get_attribute(txn, name)? {
        Out::Any(Any::Number(Number::Int(n))) => Some(n),
        Out::Any(Any::Number(Number::Float(n))) if n.is_finite() => Some(n as i64),
        Out::Any(Any::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The state of a document holding `blocks` as TipTap writes them (a heading at level 2): the
/// demo data's manuscript, and documents for tests.
pub fn state_of(blocks: &[Block]) -> Vec<u8> {
    let runs: Vec<(BlockKind, Vec<(&str, yrs::types::Attrs)>)> = blocks
        .iter()
        .map(|block| (block.kind, vec![(block.text.as_str(), Default::default())]))
        .collect();
    state_of_runs(&runs)
}

/// The state of a document of blocks made of runs of text, each with its formatting attributes
/// (the Yjs binding writes a mark as one, named after the mark, holding its attributes).
fn state_of_runs(blocks: &[(BlockKind, Vec<(&str, yrs::types::Attrs)>)]) -> Vec<u8> {
    use yrs::types::xml::XmlTextPrelim;
    use yrs::{Xml, XmlElementPrelim};
    let doc = Doc::new();
    let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
    {
        let mut txn = doc.transact_mut();
        for (kind, runs) in blocks {
            let tag = match kind {
                BlockKind::Paragraph => "paragraph",
                BlockKind::Heading => "heading",
            };
            let element = fragment.push_back(&mut txn, XmlElementPrelim::empty(tag));
            if *kind == BlockKind::Heading {
                element.insert_attribute(&mut txn, "level", "2");
            }
            let text = element.push_back(&mut txn, XmlTextPrelim::new(""));
            // Offsets are in bytes (yrs' default `OffsetKind`).
            let mut at = 0u32;
            for (chunk, attrs) in runs {
                // With its attributes even when none: plain `insert` would take those of the text before.
                text.insert_with_attributes(&mut txn, at, chunk, attrs.clone());
                at += chunk.len() as u32;
            }
        }
    }
    doc.transact()
        .encode_state_as_update_v1(&StateVector::default())
}

/// The counts of a stored state.
pub fn counts(state: &[u8]) -> Result<Counts, Malformed> {
    Ok(count(&blocks(&load(state)?)))
}

/// A state vector's bytes (for tests and clients written in Rust).
pub fn state_vector_of(doc: &Doc) -> Vec<u8> {
    doc.transact().state_vector().encode_v1()
}

#[cfg(test)]
mod tests {
    use yrs::types::xml::XmlTextPrelim;
    use yrs::{Text, Xml, XmlElementPrelim};

    use super::*;

    /// A document as TipTap writes it: a paragraph, a heading, a list and a quote.
    fn tiptap_doc() -> Doc {
        let doc = Doc::new();
        let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
        let mut txn = doc.transact_mut();
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        let t = p.push_back(&mut txn, XmlTextPrelim::new("前書き。"));
        // Offsets are in bytes (yrs' default `OffsetKind`): the first two characters bold.
        let bold: yrs::types::Attrs = [("bold".into(), yrs::Any::Bool(true))]
            .into_iter()
            .collect();
        t.format(&mut txn, 0, 6, bold);
        let h = fragment.push_back(&mut txn, XmlElementPrelim::empty("heading"));
        h.insert_attribute(&mut txn, "level", "2");
        h.push_back(&mut txn, XmlTextPrelim::new("見出し"));
        let list = fragment.push_back(&mut txn, XmlElementPrelim::empty("bulletList"));
        let item = list.push_back(&mut txn, XmlElementPrelim::empty("listItem"));
        let ip = item.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        ip.push_back(&mut txn, XmlTextPrelim::new("項目"));
        let image = fragment.push_back(&mut txn, XmlElementPrelim::empty("image"));
        image.insert_attribute(&mut txn, "src", "/a.png");
        let quote = fragment.push_back(&mut txn, XmlElementPrelim::empty("blockquote"));
        let qp = quote.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        let qt = qp.push_back(&mut txn, XmlTextPrelim::new("引用"));
        qt.insert(&mut txn, 6, "文");
        drop(txn);
        doc
    }

    #[test]
    fn blocks_are_the_paragraphs_and_headings_in_document_order() {
        let doc = tiptap_doc();
        let state = doc
            .transact()
            .encode_state_as_update_v1(&StateVector::default());
        let loaded = load(&state).unwrap();
        let texts: Vec<(BlockKind, String)> = blocks(&loaded)
            .into_iter()
            .map(|b| (b.kind, b.text))
            .collect();
        assert_eq!(
            texts,
            vec![
                (BlockKind::Paragraph, "前書き。".to_string()),
                (BlockKind::Heading, "見出し".to_string()),
                (BlockKind::Paragraph, "項目".to_string()),
                (BlockKind::Paragraph, "引用文".to_string()),
            ]
        );
        let counts = counts(&state).unwrap();
        assert_eq!(counts.total, 4 + 3 + 2 + 3);
        assert_eq!(counts.sections.len(), 2);
        assert_eq!(counts.sections[1].heading.as_deref(), Some("見出し"));
    }

    #[test]
    fn merged_updates_and_a_join_diff_keep_the_text() {
        let doc = tiptap_doc();
        let first = doc
            .transact()
            .encode_state_as_update_v1(&StateVector::default());
        let before = StateVector::decode_v1(&state_vector_of(&doc)).unwrap();
        {
            let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
            let mut txn = doc.transact_mut();
            let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            p.push_back(&mut txn, XmlTextPrelim::new("追記"));
        }
        let second = doc.transact().encode_state_as_update_v1(&before);
        let merged = merge([empty_state().as_slice(), &first, &second]).unwrap();
        assert_eq!(counts(&merged).unwrap().total, 12 + 2);
        // A client holding `first` lacks only the second paragraph.
        let (lacking, vector) = missing(&merged, &before.encode_v1()).unwrap();
        let client = load(&first).unwrap();
        client
            .transact_mut()
            .apply_update(Update::decode_v1(&lacking).unwrap())
            .unwrap();
        assert_eq!(count(&blocks(&client)).total, 14);
        assert_eq!(vector, state_vector_of(&doc));
        assert!(check_update(b"\xff\xff").is_err());
    }

    #[derive(serde::Deserialize)]
    struct SuggestionCases {
        cases: Vec<SuggestionCase>,
    }

    #[derive(serde::Deserialize)]
    struct SuggestionCase {
        name: String,
        blocks: Vec<RunBlock>,
        total: i64,
        without_punctuation: i64,
        sections: Vec<crate::manuscripts::count::SectionCount>,
    }

    #[derive(serde::Deserialize)]
    struct RunBlock {
        #[serde(rename = "type")]
        kind: BlockKind,
        runs: Vec<Run>,
    }

    #[derive(serde::Deserialize)]
    struct Run {
        text: String,
        #[serde(default)]
        marks: Vec<String>,
    }

    /// A document of runs with their marks as the Yjs binding writes them.
    fn document_of_runs(blocks: &[RunBlock]) -> Vec<u8> {
        let mark = |name: &str| -> yrs::Any {
            let attrs: std::collections::HashMap<String, yrs::Any> = match name {
                "insertion" | "deletion" => [
                    ("suggestionId".to_string(), yrs::Any::from("s1")),
                    ("authorId".to_string(), yrs::Any::from(3.0)),
                    ("authorName".to_string(), yrs::Any::from("佐藤 健")),
                ]
                .into_iter()
                .collect(),
                _ => Default::default(),
            };
            yrs::Any::from(attrs)
        };
        let blocks: Vec<(BlockKind, Vec<(&str, yrs::types::Attrs)>)> = blocks
            .iter()
            .map(|block| {
                let runs = block
                    .runs
                    .iter()
                    .map(|run| {
                        let attrs = run.marks.iter().map(|m| (m.as_str().into(), mark(m)));
                        (run.text.as_str(), attrs.collect())
                    })
                    .collect();
                (block.kind, runs)
            })
            .collect();
        state_of_runs(&blocks)
    }

    #[test]
    fn suggested_deletions_are_not_counted_as_the_shared_table_says() {
        let table = include_str!("../../../testdata/manuscript-suggestion-counts.json");
        let cases: SuggestionCases = serde_json::from_str(table).expect("the shared table parses");
        assert!(!cases.cases.is_empty());
        for case in cases.cases {
            let counts = counts(&document_of_runs(&case.blocks)).unwrap();
            let expected = Counts {
                total: case.total,
                without_punctuation: case.without_punctuation,
                sections: case.sections,
            };
            assert_eq!(counts, expected, "{}", case.name);
        }
    }

    #[test]
    fn an_overlapping_deletion_mark_counts_as_a_deletion() {
        let mut attrs = yrs::types::Attrs::new();
        attrs.insert("deletion--abc".into(), yrs::Any::Null);
        assert!(is_deleted(Some(&attrs)));
        let mut other = yrs::types::Attrs::new();
        other.insert("deletionist".into(), yrs::Any::Null);
        assert!(!is_deleted(Some(&other)));
        assert!(!is_deleted(None));
    }
}
