//! The medium as the API shows it, the staff's form and the option payment, with their rules.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::clients::clients::model::NamedRef;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, PATTERN_URL, Rule};

pub const NAME_MAX: usize = 100;
pub const DESCRIPTION_MAX: usize = 2000;
pub const URL_MAX: usize = 255;
pub const CUSTOMER_INFORMATION_MAX: usize = 5000;
pub const TITLE_MAX: usize = 100;
pub const NOTE_MAX: usize = 1000;
/// The largest option payment accepted (a typo guard: a hundred million yen).
pub const AMOUNT_MAX: i64 = 100_000_000;
pub const YEAR_MIN: i64 = 2000;
pub const YEAR_MAX: i64 = 2100;

crate::closed_set!(
    /// When the medium's work is paid out (spec: daily, weekly, lastDayOfMonth).
    PaymentSchedule {
        Daily = "daily",
        Weekly = "weekly",
        LastDayOfMonth = "last_day_of_month",
    }
);

/// A genre group with the genres chosen for the medium.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct GenreGroupView {
    pub id: i64,
    pub name: String,
    pub genres: Vec<NamedRef>,
}

/// Someone who manages a medium (staff or the client's own account).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow, PartialEq, Eq)]
pub struct MediaManager {
    pub id: i64,
    pub user_name: String,
    /// The user's role as stored (manager, admin, client …).
    pub role: String,
}

/// A row of a media list.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct MediaSummary {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub url: String,
    #[sqlx(json)]
    pub client: NamedRef,
    /// The genre group (in a detail, the `genre_group` with its genres takes its place).
    #[sqlx(json(nullable))]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub genre_group: Option<NamedRef>,
    pub payment_schedule: PaymentSchedule,
    pub team_count: i64,
    /// Creators in the medium's teams who have not left.
    pub member_count: i64,
    pub created_at: DateTime<Utc>,
}

/// One medium with everything its form and detail page show.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaDetail {
    #[serde(flatten)]
    pub summary: MediaSummary,
    pub genre_group: Option<GenreGroupView>,
    /// The form's field (`genre_group.id`), so the detail can be sent back as it is.
    pub genre_group_id: Option<i64>,
    pub genre_ids: Vec<i64>,
    pub search_tags: Vec<NamedRef>,
    pub search_tag_ids: Vec<i64>,
    pub managers: Vec<MediaManager>,
    pub manager_ids: Vec<i64>,
    /// Whether the caller may edit the medium and add option payments (managers and admins).
    pub can_edit: bool,
}

/// The body of `POST /clients/{id}/media` and `PUT /clients/{id}/media/{media_id}`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MediaInput {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub genre_group_id: Option<i64>,
    #[serde(default)]
    pub genre_ids: Vec<i64>,
    #[serde(default)]
    pub search_tag_ids: Vec<i64>,
    #[serde(default)]
    pub manager_ids: Vec<i64>,
    /// daily, weekly or last_day_of_month.
    #[serde(default)]
    pub payment_schedule: String,
}

impl Declared for MediaInput {
    const RULES: &'static [FieldRules] = &[
        ("name", &[Rule::Required, Rule::MaxChars(NAME_MAX)]),
        ("description", &[Rule::MaxChars(DESCRIPTION_MAX)]),
        (
            "url",
            &[Rule::MaxChars(URL_MAX), Rule::Pattern(PATTERN_URL)],
        ),
        ("genre_group_id", &[Rule::Required]),
        (
            "payment_schedule",
            &[Rule::Required, Rule::In(PaymentSchedule::NAMES)],
        ),
    ];
}

/// The input once its rules hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaValues {
    pub name: String,
    pub description: String,
    pub url: String,
    pub genre_group_id: i64,
    pub genre_ids: Vec<i64>,
    pub search_tag_ids: Vec<i64>,
    pub manager_ids: Vec<i64>,
    pub payment_schedule: PaymentSchedule,
}

fn dedup(ids: &[i64]) -> Vec<i64> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    ids
}

fn text(v: &mut Validator, field: &str, value: &str, max: usize, required: bool) -> String {
    let value = value.trim().to_string();
    if required {
        v.required(field, &value);
    }
    v.max_chars(field, &value, max);
    value
}

impl MediaInput {
    /// The rules that need no database; the ids' existence is the caller's (`exists`).
    pub fn check(&self, v: &mut Validator) -> MediaValues {
        let name = text(v, "name", &self.name, NAME_MAX, true);
        let description = text(v, "description", &self.description, DESCRIPTION_MAX, false);
        let url = text(v, "url", &self.url, URL_MAX, false);
        v.url("url", &url);
        if self.genre_group_id.is_none() {
            v.fail("genre_group_id", "required");
        }
        let payment_schedule = if self.payment_schedule.trim().is_empty() {
            v.fail("payment_schedule", "required");
            PaymentSchedule::LastDayOfMonth
        } else {
            PaymentSchedule::parse(self.payment_schedule.trim()).unwrap_or_else(|| {
                v.fail("payment_schedule", PaymentSchedule::rule());
                PaymentSchedule::LastDayOfMonth
            })
        };
        MediaValues {
            name,
            description,
            url,
            genre_group_id: self.genre_group_id.unwrap_or_default(),
            genre_ids: dedup(&self.genre_ids),
            search_tag_ids: dedup(&self.search_tag_ids),
            manager_ids: dedup(&self.manager_ids),
            payment_schedule,
        }
    }
}

/// An extra payment the staff add to a medium for one month.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct OptionPayment {
    pub id: i64,
    pub media_id: i64,
    pub title: String,
    /// Yen.
    pub amount: i64,
    pub target_year: i32,
    pub target_month: i32,
    pub note: String,
    pub created_by_name: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// The body of `POST /clients/media/{media_id}/option_payment`. Numbers may come as numbers or
/// as digit strings (a form's text box); anything else is `integer`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct OptionPaymentInput {
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub amount: Value,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub target_year: Value,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub target_month: Value,
    #[serde(default)]
    pub note: String,
}

impl Declared for OptionPaymentInput {
    const RULES: &'static [FieldRules] = &[
        ("title", &[Rule::Required, Rule::MaxChars(TITLE_MAX)]),
        ("amount", &[Rule::Required, Rule::Between(1, AMOUNT_MAX)]),
        (
            "target_year",
            &[Rule::Required, Rule::Between(YEAR_MIN, YEAR_MAX)],
        ),
        ("target_month", &[Rule::Required, Rule::Between(1, 12)]),
        ("note", &[Rule::MaxChars(NOTE_MAX)]),
    ];
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionPaymentValues {
    pub title: String,
    pub amount: i64,
    pub target_year: i32,
    pub target_month: i32,
    pub note: String,
}

/// A whole number from JSON: null or "" is absent (`required`), anything not whole is `integer`.
fn whole(v: &mut Validator, field: &str, value: &Value) -> Option<i64> {
    let parsed = match value {
        Value::Null => None,
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(
            crate::platform::text::half_width_digits(s.trim())
                .replace(',', "")
                .parse::<i64>()
                .ok(),
        ),
        Value::Number(n) => Some(n.as_i64()),
        _ => Some(None),
    };
    match parsed {
        None => {
            v.fail(field, "required");
            None
        }
        Some(None) => {
            v.fail(field, "integer");
            None
        }
        Some(Some(n)) => Some(n),
    }
}

impl OptionPaymentInput {
    pub fn check(&self, v: &mut Validator) -> OptionPaymentValues {
        let title = text(v, "title", &self.title, TITLE_MAX, true);
        let amount = whole(v, "amount", &self.amount).unwrap_or_default();
        if !v.failed("amount") {
            if amount <= 0 {
                v.fail("amount", "gt:0");
            } else if amount > AMOUNT_MAX {
                v.fail("amount", format!("lte:{AMOUNT_MAX}"));
            }
        }
        let year = whole(v, "target_year", &self.target_year).unwrap_or_default();
        if !v.failed("target_year") && !(YEAR_MIN..=YEAR_MAX).contains(&year) {
            v.fail("target_year", format!("between:{YEAR_MIN},{YEAR_MAX}"));
        }
        let month = whole(v, "target_month", &self.target_month).unwrap_or_default();
        if !v.failed("target_month") && !(1..=12).contains(&month) {
            v.fail("target_month", "between:1,12");
        }
        let note = text(v, "note", &self.note, NOTE_MAX, false);
        OptionPaymentValues {
            title,
            amount,
            target_year: year as i32,
            target_month: month as i32,
            note,
        }
    }
}

/// One member of a medium's team: the team and where the member stands in it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct TeamMembership {
    pub id: i64,
    pub name: String,
    /// temporary, offered, negotiating, assignable, declined or left.
    #[schema(value_type = crate::clients::teams::status::MemberStatus)]
    pub status: String,
}

/// A creator in the medium's teams, with each of their memberships there.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct MediaMember {
    pub id: i64,
    pub user_name: String,
    #[schema(value_type = crate::users::model::WorkStatus)]
    pub work_status: String,
    #[sqlx(json)]
    pub teams: Vec<TeamMembership>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::AppError;
    use serde_json::json;

    fn rules(input: &OptionPaymentInput) -> Vec<(String, Vec<String>)> {
        let mut v = Validator::new();
        input.check(&mut v);
        match v.finish() {
            Ok(()) => Vec::new(),
            Err(AppError::Validation { rules, .. }) => rules.into_iter().collect(),
            Err(other) => panic!("{other:?}"),
        }
    }

    fn payment(amount: Value) -> OptionPaymentInput {
        OptionPaymentInput {
            title: "特集追加費".into(),
            amount,
            target_year: json!(2026),
            target_month: json!("11"),
            note: String::new(),
        }
    }

    #[test]
    fn amounts_are_whole_positive_yen() {
        assert!(rules(&payment(json!(30000))).is_empty());
        assert!(rules(&payment(json!("３０,０００"))).is_empty());
        let rule = |amount: Value| rules(&payment(amount))[0].1[0].clone();
        assert_eq!(rule(json!(0)), "gt:0");
        assert_eq!(rule(json!(-5)), "gt:0");
        assert_eq!(rule(json!(1.5)), "integer");
        assert_eq!(rule(json!("abc")), "integer");
        assert_eq!(rule(json!(null)), "required");
        assert_eq!(rule(json!(AMOUNT_MAX + 1)), "lte:100000000");
    }

    #[test]
    fn media_need_a_name_a_genre_group_and_a_known_schedule() {
        let mut v = Validator::new();
        MediaInput {
            payment_schedule: "monthly".into(),
            ..MediaInput::default()
        }
        .check(&mut v);
        let Err(AppError::Validation { rules, .. }) = v.finish() else {
            panic!("expected a 422")
        };
        assert_eq!(rules["name"], ["required"]);
        assert_eq!(rules["genre_group_id"], ["required"]);
        assert_eq!(
            rules["payment_schedule"],
            ["in:daily,weekly,last_day_of_month"]
        );
    }
}
