//! The character count (文字数) of a manuscript, the rule of `testdata/manuscript-counts.json`
//! that the web editor shares: characters are extended grapheme clusters of the blocks' text;
//! one whose first code point is White_Space is never counted; `without_punctuation` also
//! leaves out those whose first code point is in General_Category P. A heading starts a
//! section named by its text (and counted in it); blocks before the first heading form a
//! section with no heading, present only when such blocks exist.

use serde::{Deserialize, Serialize};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_segmentation::UnicodeSegmentation;
use utoipa::ToSchema;

/// A text block of the document, in document order: its kind and its plain text (marks left
/// out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = ManuscriptBlock)]
pub struct Block {
    pub kind: BlockKind,
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = ManuscriptBlockKind)]
pub enum BlockKind {
    Paragraph,
    Heading,
}

/// The counts of a whole manuscript.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = ManuscriptCounts)]
pub struct Counts {
    pub total: i64,
    pub without_punctuation: i64,
    pub sections: Vec<SectionCount>,
}

/// The counts of one section: from a heading (included) to the next, or the text before the
/// first heading (`heading` null).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = ManuscriptSectionCount)]
pub struct SectionCount {
    pub heading: Option<String>,
    pub total: i64,
    pub without_punctuation: i64,
}

/// (total, without punctuation) of one text.
pub fn count_text(text: &str) -> (i64, i64) {
    let (mut total, mut without) = (0, 0);
    for grapheme in text.graphemes(true) {
        let Some(first) = grapheme.chars().next() else {
            continue;
        };
        // `char::is_whitespace` is exactly the White_Space property.
        if first.is_whitespace() {
            continue;
        }
        total += 1;
        if first.general_category_group() != GeneralCategoryGroup::Punctuation {
            without += 1;
        }
    }
    (total, without)
}

/// The counts of `blocks`, in document order.
pub fn count(blocks: &[Block]) -> Counts {
    let mut sections: Vec<SectionCount> = Vec::new();
    for block in blocks {
        if block.kind == BlockKind::Heading || sections.is_empty() {
            sections.push(SectionCount {
                heading: (block.kind == BlockKind::Heading).then(|| block.text.clone()),
                total: 0,
                without_punctuation: 0,
            });
        }
        let (total, without) = count_text(&block.text);
        let section = sections.last_mut().expect("a section was started");
        section.total += total;
        section.without_punctuation += without;
    }
    Counts {
        total: sections.iter().map(|s| s.total).sum(),
        without_punctuation: sections.iter().map(|s| s.without_punctuation).sum(),
        sections,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Cases {
        cases: Vec<Case>,
    }

    #[derive(Deserialize)]
    struct Case {
        name: String,
        blocks: Vec<CaseBlock>,
        total: i64,
        without_punctuation: i64,
        sections: Vec<SectionCount>,
    }

    #[derive(Deserialize)]
    struct CaseBlock {
        #[serde(rename = "type")]
        kind: BlockKind,
        text: String,
    }

    #[test]
    fn every_case_of_the_shared_table_counts_as_written() {
        let table = include_str!("../../../testdata/manuscript-counts.json");
        let cases: Cases = serde_json::from_str(table).expect("the shared table parses");
        assert!(!cases.cases.is_empty());
        for case in cases.cases {
            let blocks: Vec<Block> = case
                .blocks
                .into_iter()
                .map(|b| Block {
                    kind: b.kind,
                    text: b.text,
                })
                .collect();
            let counts = count(&blocks);
            assert_eq!(counts.total, case.total, "{}", case.name);
            assert_eq!(
                counts.without_punctuation, case.without_punctuation,
                "{}",
                case.name
            );
            assert_eq!(counts.sections, case.sections, "{}", case.name);
        }
    }
}
