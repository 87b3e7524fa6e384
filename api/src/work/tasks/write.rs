//! Writing tasks: the checked fields every writer agrees on (the JSON endpoints, the admin
//! endpoint and the spreadsheet import), and the inserts and updates they share, including
//! the offer to creators with its `order_task` notice.

use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

use super::events::{CreatedNotices, TaskState, notify, task_state};
use super::{db, task_type};
use crate::config::Operator;
use crate::money::purchase_orders;
use crate::notices::NoticeType;
use crate::platform::error::{AppError, AppResult};
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};

pub const TITLE_MAX: usize = 200;
pub const REWARD_MAX: i64 = 100_000_000;
pub const TAGS_MAX: usize = 20;
pub const TAG_MAX: usize = 30;

/// Task fields as they arrive in JSON; absent fields are left alone on update.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct TaskFields {
    /// A work type (writing, planning, …).
    #[serde(rename = "type")]
    pub task_type: Option<String>,
    pub title: Option<String>,
    /// YYYY-MM-DD; an empty string clears it.
    pub due_date: Option<String>,
    pub reward_amount: Option<i64>,
    pub tags: Option<Vec<String>>,
}

impl Declared for TaskFields {
    const RULES: &'static [FieldRules] = &[
        ("type", &[Rule::In(&task_type::NAMES)]),
        ("title", &[Rule::NotBlank, Rule::MaxChars(TITLE_MAX)]),
        ("due_date", &[Rule::Date]),
        ("reward_amount", &[Rule::Between(0, REWARD_MAX)]),
        (
            "tags",
            &[Rule::MaxItems(TAGS_MAX), Rule::EachMaxChars(TAG_MAX)],
        ),
    ];
}

/// Fields that passed their checks; `None` means "leave as it is".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CheckedFields {
    pub task_type: Option<&'static str>,
    pub title: Option<String>,
    pub due_date: Option<Option<NaiveDate>>,
    pub reward_amount: Option<i64>,
    pub tags: Option<Vec<String>>,
}

pub fn parse_date(value: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(value.trim(), "%Y-%m-%d").ok()
}

/// Tags as typed: split on commas (half or full width), trimmed, empty ones dropped.
pub fn split_tags(value: &str) -> Vec<String> {
    value
        .split([',', '、', '，'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

impl TaskFields {
    /// Checks the fields into `v` under `prefix` (`""` or `tasks.3.`); `creating` makes type
    /// and title required.
    pub fn check(&self, v: &mut Validator, prefix: &str, creating: bool) -> CheckedFields {
        let field = |name: &str| format!("{prefix}{name}");
        let mut checked = CheckedFields::default();
        match self.task_type.as_deref() {
            None if creating => {
                v.fail(&field("type"), "required");
            }
            None => {}
            Some(value) => match task_type::parse(value) {
                Some(name) => checked.task_type = Some(name),
                None => {
                    v.fail(&field("type"), task_type::rule());
                }
            },
        }
        match self.title.as_deref().map(str::trim) {
            None if creating => {
                v.fail(&field("title"), "required");
            }
            None => {}
            Some(title) => {
                v.required(&field("title"), title)
                    .max_chars(&field("title"), title, TITLE_MAX);
                if !v.failed(&field("title")) {
                    checked.title = Some(title.to_owned());
                }
            }
        }
        if let Some(due) = self.due_date.as_deref() {
            if due.trim().is_empty() {
                checked.due_date = Some(None);
            } else if let Some(date) = parse_date(due) {
                checked.due_date = Some(Some(date));
            } else {
                v.fail(&field("due_date"), "date_format:Y-m-d");
            }
        }
        if let Some(reward) = self.reward_amount {
            if (0..=REWARD_MAX).contains(&reward) {
                checked.reward_amount = Some(reward);
            } else {
                v.fail(&field("reward_amount"), format!("between:0,{REWARD_MAX}"));
            }
        }
        if let Some(tags) = &self.tags {
            let tags: Vec<String> = tags
                .iter()
                .map(|t| t.trim().to_owned())
                .filter(|t| !t.is_empty())
                .collect();
            if tags.len() > TAGS_MAX {
                v.fail(&field("tags"), format!("max:{TAGS_MAX}"));
            } else if tags.iter().any(|t| t.chars().count() > TAG_MAX) {
                v.fail(&field("tags"), format!("max_chars:{TAG_MAX}"));
            } else {
                checked.tags = Some(tags);
            }
        }
        checked
    }
}

/// `insert` adds a task in `applying` (`fields` must carry type and title). Its SQL lives in
/// `db.rs`.
pub(crate) use super::db::insert_task as insert;

/// Applies the present fields and touches `updated_at`; when the task was taken and its terms
/// changed, issues the revised purchase order in the same transaction (the Freelance Act wants
/// changed terms stated), naming `issuer`.
pub(crate) async fn update(
    tx: &mut sqlx::PgConnection,
    issuer: &Operator,
    task_id: i64,
    fields: &CheckedFields,
) -> AppResult<()> {
    db::update_task(&mut *tx, task_id, fields).await?;
    purchase_orders::issue_for_task(tx, issuer, task_id).await?;
    Ok(())
}

/// Of `user_ids`, the ones that are not active creators.
pub async fn non_creators(db: impl sqlx::PgExecutor<'_>, user_ids: &[i64]) -> AppResult<Vec<i64>> {
    let creators = db::active_creators(db, user_ids).await?;
    Ok(user_ids
        .iter()
        .copied()
        .filter(|id| !creators.contains(id))
        .collect())
}

/// Offers the task to each creator (already checked) and writes their `order_task` notices.
pub async fn offer(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    user_ids: &[i64],
) -> AppResult<(TaskState, CreatedNotices)> {
    let task = task_state(&mut *tx, task_id, false).await?;
    let mut offered = Vec::new();
    for user_id in user_ids {
        if db::add_assignee(&mut *tx, task_id, *user_id).await? {
            offered.push(*user_id);
        }
    }
    let message = format!("「{}」のお仕事の依頼が届きました", task.title);
    let created = notify(tx, offered, &task, NoticeType::OrderTask, message).await?;
    Ok((task, created))
}

/// Refuses assignees that are not active creators, or that staff's admin flags keep from work
/// of `task_type` (`users::flags`), naming the field.
pub async fn check_assignees(
    db: &mut sqlx::PgConnection,
    field: &str,
    user_ids: &[i64],
    task_type: Option<&str>,
) -> AppResult<()> {
    if !non_creators(&mut *db, user_ids).await?.is_empty() {
        return Err(AppError::rule(field, "exists"));
    }
    crate::users::flags::ensure_offerable(&mut *db, field, user_ids, task_type).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::AppError;

    fn rules(v: Validator) -> Vec<String> {
        match v.finish() {
            Ok(()) => vec![],
            Err(AppError::Validation { rules, .. }) => rules
                .into_iter()
                .map(|(field, rules)| format!("{field}={}", rules.join("|")))
                .collect(),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn creating_needs_type_and_title_and_checks_every_field() {
        let mut v = Validator::new();
        let fields = TaskFields {
            due_date: Some("2026/12/01".into()),
            reward_amount: Some(-1),
            tags: Some(vec!["x".repeat(31)]),
            ..Default::default()
        };
        fields.check(&mut v, "tasks.2.", true);
        assert_eq!(
            rules(v),
            vec![
                "tasks.2.due_date=date_format:Y-m-d",
                "tasks.2.reward_amount=between:0,100000000",
                "tasks.2.tags=max_chars:30",
                "tasks.2.title=required",
                "tasks.2.type=required",
            ]
        );
    }

    #[test]
    fn updating_keeps_absent_fields_and_clears_an_empty_due_date() {
        let mut v = Validator::new();
        let checked = TaskFields {
            title: Some("  新しい題  ".into()),
            due_date: Some(String::new()),
            tags: Some(vec![" 秋 ".into(), "".into()]),
            task_type: Some("校正・校閲".into()),
            ..Default::default()
        }
        .check(&mut v, "", false);
        assert!(rules(v).is_empty());
        assert_eq!(
            checked,
            CheckedFields {
                task_type: Some("proofreading_and_review"),
                title: Some("新しい題".into()),
                due_date: Some(None),
                reward_amount: None,
                tags: Some(vec!["秋".into()]),
            }
        );
    }

    #[test]
    fn tags_split_on_either_comma() {
        assert_eq!(
            split_tags("秋, 京都、 さんぽ,,"),
            vec!["秋", "京都", "さんぽ"]
        );
    }
}
