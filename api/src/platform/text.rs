//! Small text encodings shared by several modules.

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

#[cfg(test)]
mod tests {
    #[test]
    fn only_unreserved_characters_stay() {
        assert_eq!(super::percent_encode("a b&c=d"), "a%20b%26c%3Dd");
        assert_eq!(super::percent_encode("原稿.txt"), "%E5%8E%9F%E7%A8%BF.txt");
    }
}
