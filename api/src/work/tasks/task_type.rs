//! The spec's work types, with the Japanese labels people read and type into spreadsheets.

pub const TASK_TYPES: [(&str, &str); 11] = [
    ("work_direction", "ディレクション(作品)"),
    ("project_direction", "ディレクション(案件)"),
    ("planning", "企画"),
    ("writing", "執筆"),
    ("proofreading_and_review", "校正・校閲"),
    ("supervise", "監修"),
    ("coverage_and_shooting", "取材・撮影"),
    ("content_management_system", "CMS入稿"),
    ("illustration_and_design", "イラスト・デザイン"),
    ("image_selection", "画像選定"),
    ("other", "その他"),
];

/// The wire name for a wire name or a Japanese label.
pub fn parse(value: &str) -> Option<&'static str> {
    let value = value.trim();
    TASK_TYPES
        .iter()
        .find(|(name, label)| *name == value || *label == value)
        .map(|(name, _)| *name)
}

/// The work types' names, for a `validation::Rule::In` that states them.
pub const NAMES: [&str; TASK_TYPES.len()] = {
    let mut names = [""; TASK_TYPES.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = TASK_TYPES[i].0;
        i += 1;
    }
    names
};

pub fn label(name: &str) -> &'static str {
    TASK_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, label)| *label)
        .unwrap_or("その他")
}

/// The `in:` rule listing every work type.
pub fn rule() -> String {
    let names: Vec<&str> = TASK_TYPES.iter().map(|(name, _)| *name).collect();
    format!("in:{}", names.join(","))
}

/// Direction tasks are listed apart from the creators' tasks.
pub fn is_direction(name: &str) -> bool {
    name == "work_direction" || name == "project_direction"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_names_both_parse() {
        assert_eq!(parse("執筆"), Some("writing"));
        assert_eq!(parse(" writing "), Some("writing"));
        assert_eq!(parse("ライティング"), None);
        assert_eq!(label("image_selection"), "画像選定");
        assert!(rule().starts_with("in:work_direction,project_direction,"));
    }
}
