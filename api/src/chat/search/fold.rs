//! The folding of message search, and what is derived from it: a query word's index keys, its
//! `like` pattern, and the excerpt of a hit with the words marked. The stored side is the
//! migration's `chat_search_fold` / `chat_search_grams` (`docs/decisions/message-search.md`);
//! `tests::rust_and_sql_fold_alike` holds the two to the same result.

use serde::Serialize;
use unicode_normalization::UnicodeNormalization;
use utoipa::ToSchema;

/// NFKC (full-width letters and digits, half-width katakana), lower case, katakana as hiragana.
pub fn fold(text: &str) -> String {
    text.nfkc()
        .flat_map(char::to_lowercase)
        .map(katakana_as_hiragana)
        .collect()
}

/// ァ (U+30A1) … ヶ (U+30F6) are ぁ (U+3041) … ゖ (U+3096); other characters stay.
fn katakana_as_hiragana(c: char) -> char {
    match c {
        '\u{30A1}'..='\u{30F6}' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
        other => other,
    }
}

/// A folded query word as the search reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The keys every message holding the word has in its index (`chat_search_grams`): the
    /// character itself for a one-character word, else its distinct character pairs.
    pub grams: Vec<String>,
    /// For words of three characters or more, whose pairs may occur apart: the `like` pattern
    /// that checks they occur in order. One and two characters are decided by the index alone.
    pub like: Option<String>,
}

/// The folded words of a query (AND), blank ones dropped.
pub fn words(raw: &[String]) -> Vec<Word> {
    raw.iter()
        .map(|w| fold(w))
        .filter(|w| !w.trim().is_empty())
        .map(|folded| {
            let chars: Vec<char> = folded.chars().collect();
            let mut grams: Vec<String> = if chars.len() == 1 {
                vec![folded.clone()]
            } else {
                chars.windows(2).map(|p| p.iter().collect()).collect()
            };
            grams.sort();
            grams.dedup();
            let like = (chars.len() > 2).then(|| format!("%{}%", escape_like(&folded)));
            Word { grams, like }
        })
        .collect()
}

fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A piece of an excerpt; `is_hit` pieces are where a query word matched.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct ExcerptPart {
    pub text: String,
    pub is_hit: bool,
}

/// Characters of context shown before the first hit.
const CONTEXT_BEFORE: usize = 20;
/// The longest excerpt, in characters of the original text.
const EXCERPT_CHARS: usize = 120;

/// The part of `body` around its first hit, with every occurrence of a folded word marked.
/// Positions are found in the folded text and mapped back to the original characters, so
/// 「ｻｲｽﾞ」 is marked when 「サイズ」 was searched for.
pub fn excerpt(body: &str, folded_words: &[String]) -> Vec<ExcerptPart> {
    // Each original character (with the combining marks after it) and its folded form.
    let mut units: Vec<(String, String)> = Vec::new();
    for c in body.chars() {
        let joins = matches!(c, '\u{FF9E}' | '\u{FF9F}' | '\u{3099}' | '\u{309A}');
        match units.last_mut() {
            Some((original, _)) if joins => original.push(c),
            _ => units.push((c.to_string(), String::new())),
        }
    }
    let mut folded = String::new();
    let mut starts = Vec::with_capacity(units.len());
    for unit in &mut units {
        unit.1 = fold(&unit.0);
        starts.push(folded.len());
        folded.push_str(&unit.1);
    }
    let unit_at = |byte: usize| starts.partition_point(|s| *s <= byte).saturating_sub(1);
    let mut hit = vec![false; units.len()];
    for word in folded_words.iter().filter(|w| !w.is_empty()) {
        for (at, _) in folded.match_indices(word.as_str()) {
            let (first, last) = (unit_at(at), unit_at(at + word.len() - 1));
            hit[first..=last].iter_mut().for_each(|h| *h = true);
        }
    }
    let first_hit = hit.iter().position(|h| *h).unwrap_or(0);
    let start = first_hit.saturating_sub(CONTEXT_BEFORE);
    let end = (start + EXCERPT_CHARS).min(units.len());
    let mut parts: Vec<ExcerptPart> = Vec::new();
    if start > 0 {
        parts.push(ExcerptPart {
            text: "…".into(),
            is_hit: false,
        });
    }
    for i in start..end {
        let text = units[i].0.replace('\n', " ");
        match parts.last_mut() {
            Some(part) if part.is_hit == hit[i] && part.text != "…" => part.text.push_str(&text),
            _ => parts.push(ExcerptPart {
                text,
                is_hit: hit[i],
            }),
        }
    }
    if end < units.len() {
        parts.push(ExcerptPart {
            text: "…".into(),
            is_hit: false,
        });
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(parts: &[ExcerptPart]) -> String {
        parts
            .iter()
            .map(|p| {
                if p.is_hit {
                    format!("[{}]", p.text)
                } else {
                    p.text.clone()
                }
            })
            .collect()
    }

    #[test]
    fn folds_width_case_and_katakana() {
        assert_eq!(fold("ＡＢＣ１２３ｻｲｽﾞ"), "abc123さいず");
        assert_eq!(fold("デザイン・ヴァ"), "でざいん・ゔぁ");
        assert_eq!(fold("PDF"), "pdf");
    }

    #[test]
    fn words_become_index_keys_and_a_pattern_only_when_longer_than_two() {
        let w = words(&["赤".into(), "納期".into(), "デザイン".into(), "100%".into()]);
        assert_eq!(w[0].grams, vec!["赤"]);
        assert_eq!(w[0].like, None);
        assert_eq!(w[1].grams, vec!["納期"]);
        assert_eq!(w[1].like, None);
        assert_eq!(w[2].grams, vec!["いん", "ざい", "でざ"]);
        assert_eq!(w[2].like.as_deref(), Some("%でざいん%"));
        assert_eq!(w[3].like.as_deref(), Some("%100\\%%"));
    }

    #[test]
    fn an_excerpt_marks_every_occurrence_in_the_original_text() {
        let parts = excerpt("ｻｲｽﾞはサイズ表で", &["さいず".into()]);
        assert_eq!(marked(&parts), "[ｻｲｽﾞ]は[サイズ]表で");
        let long = format!("{}納期{}", "あ".repeat(50), "い".repeat(200));
        let parts = excerpt(&long, &["納期".into()]);
        assert_eq!(parts[0].text, "…");
        assert_eq!(
            parts[2],
            ExcerptPart {
                text: "納期".into(),
                is_hit: true
            }
        );
        assert_eq!(parts.last().unwrap().text, "…");
        assert_eq!(
            parts.iter().map(|p| p.text.chars().count()).sum::<usize>(),
            EXCERPT_CHARS + 2
        );
    }
}
