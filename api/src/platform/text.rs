//! Small text encodings and checks shared by several modules.

/// The rule for text holding characters the API never stores (NUL).
pub const RULE_INVALID_CHARACTERS: &str = "invalid_characters";

/// Whether `value` is empty once whitespace and invisible characters (zero-width spaces and
/// joiners, word joiner, BOM) are removed: such text says nothing to a reader.
pub fn is_blank(value: &str) -> bool {
    value.chars().all(|c| {
        c.is_whitespace()
            || matches!(
                c,
                '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}'
            )
    })
}

/// Full-width digits (０-９) as half-width ones, as every Japanese form expects.
pub fn half_width_digits(value: &str) -> String {
    value
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            other => other,
        })
        .collect()
}

/// The dotted path (`tasks.0.title`) of the first string or key in `value` that holds a NUL.
pub fn nul_in_json(value: &serde_json::Value, path: &str) -> Option<String> {
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        serde_json::Value::String(text) => text.contains('\0').then(|| path.to_string()),
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| nul_in_json(item, &join(&i.to_string()))),
        serde_json::Value::Object(map) => map.iter().find_map(|(key, item)| {
            if key.contains('\0') {
                Some(join("key"))
            } else {
                nul_in_json(item, &join(key))
            }
        }),
        _ => None,
    }
}

/// Percent-encodes everything but the RFC 3986 unreserved characters (form values, RFC 5987
/// file names).
pub fn percent_encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// At most this many words are looked up; more are ignored.
pub const MAX_SEARCH_WORDS: usize = 5;

/// The words of a free-text search (split on any space, full-width too).
pub fn search_words(words: Option<&str>) -> Vec<String> {
    words
        .unwrap_or_default()
        .split(char::is_whitespace)
        .filter(|w| !w.is_empty())
        .take(MAX_SEARCH_WORDS)
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn nul_is_found_with_its_field_path() {
        let body = json!({ "tasks": [{ "title": "ok" }, { "title": "a\u{0}b" }] });
        assert_eq!(
            super::nul_in_json(&body, "").as_deref(),
            Some("tasks.1.title")
        );
        assert_eq!(super::nul_in_json(&json!({ "body": "fine" }), ""), None);
    }

    #[test]
    fn full_width_digits_become_half_width() {
        assert_eq!(
            super::half_width_digits("〒１１３－００２１"),
            "〒113－0021"
        );
    }

    #[test]
    fn invisible_characters_are_blank() {
        assert!(super::is_blank(" \u{200B}\u{3000}\u{FEFF}\n"));
        assert!(!super::is_blank("\u{200B}あ"));
    }

    #[test]
    fn only_unreserved_characters_stay() {
        assert_eq!(super::percent_encode("a b&c=d"), "a%20b%26c%3Dd");
        assert_eq!(super::percent_encode("原稿.txt"), "%E5%8E%9F%E7%A8%BF.txt");
    }
}
