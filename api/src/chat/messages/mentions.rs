//! Mentions in a message body are written `<@123>` (a numeric user id).

/// The distinct user ids mentioned in `body`, in order of first appearance.
pub fn mentioned_user_ids(body: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut rest = body;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !digits.is_empty()
            && rest[digits.len()..].starts_with('>')
            && let Ok(id) = digits.parse::<i64>()
            && !ids.contains(&id)
        {
            ids.push(id);
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::mentioned_user_ids;

    #[test]
    fn finds_each_numeric_mention_once() {
        assert_eq!(
            mentioned_user_ids("<@12> さん、<@3> さん確認お願いします <@12>"),
            vec![12, 3]
        );
        assert_eq!(
            mentioned_user_ids("メールは a<@b.jp> まで、<@> や <@12 は無視"),
            Vec::<i64>::new()
        );
        assert_eq!(mentioned_user_ids("> <@5> の引用\n了解です"), vec![5]);
    }
}
