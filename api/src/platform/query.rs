//! Query-string helpers for what axum's `Query` cannot read: repeated `key[]` parameters.

/// Values of a repeated `key[]` (or plain `key`) query parameter.
pub fn list_param(query: Option<&str>, key: &str) -> Vec<String> {
    let bracketed = format!("{key}[]");
    form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .filter(|(k, _)| k == &bracketed || k == key)
        .map(|(_, v)| v.into_owned())
        .collect()
}

/// The first non-empty value of `key`.
pub fn single_param(query: Option<&str>, key: &str) -> Option<String> {
    list_param(query, key).into_iter().find(|v| !v.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_bracketed_arrays_and_single_values() {
        let query = Some("status%5B%5D=applying&status[]=doing&page=2&keyword=%E4%BA%AC");
        assert_eq!(list_param(query, "status"), vec!["applying", "doing"]);
        assert_eq!(single_param(query, "page").as_deref(), Some("2"));
        assert_eq!(single_param(query, "keyword").as_deref(), Some("京"));
        assert_eq!(single_param(None, "page"), None);
    }
}
