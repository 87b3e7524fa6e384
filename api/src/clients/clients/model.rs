//! The client company as the API shows it, and the input of the staff's form with its rules.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::text::half_width_digits;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, PATTERN_URL, Rule};
use crate::users::profile::{self, ADDRESS_MAX, COMPANY_MAX};

pub const URL_MAX: usize = 255;
pub const NOTE_MAX: usize = 1000;
pub const RULE_POSTAL_DIGITS: &str = "digits:7";

/// Any record shown by id and name (plans, prefectures, genre groups, tags, teams): the
/// creators' type, so the document's one `NamedRef` schema is the one both domains write.
pub use crate::creators::model::NamedRef;

/// A row of the staff's client list.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ClientSummary {
    pub id: i64,
    pub company_name: String,
    pub company_name_kana: String,
    #[sqlx(json(nullable))]
    pub plan: Option<NamedRef>,
    pub is_public: bool,
    pub media_count: i64,
    pub account_count: i64,
    pub created_at: DateTime<Utc>,
}

/// One client company with everything its form holds.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ClientDetail {
    pub id: i64,
    pub company_name: String,
    pub company_name_kana: String,
    pub plan_id: Option<i64>,
    #[sqlx(json(nullable))]
    pub plan: Option<NamedRef>,
    pub postal_code: String,
    pub prefecture_id: Option<i64>,
    #[sqlx(json(nullable))]
    pub prefecture: Option<NamedRef>,
    pub address: String,
    pub phone_number: String,
    pub url: String,
    pub is_public: bool,
    /// The staff's note; only staff see it (null for a client user).
    pub note: Option<String>,
    pub media_count: i64,
    pub account_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Whether the caller may edit the company (managers and admins).
    #[sqlx(skip)]
    pub can_edit: bool,
}

/// The body of `POST /clients` and `PUT /clients/{id}`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ClientInput {
    #[serde(default)]
    pub company_name: String,
    #[serde(default)]
    pub company_name_kana: String,
    #[serde(default)]
    pub plan_id: Option<i64>,
    /// Seven digits; a hyphen and full-width digits are accepted.
    #[serde(default)]
    pub postal_code: String,
    #[serde(default)]
    pub prefecture_id: Option<i64>,
    #[serde(default)]
    pub address: String,
    /// Ten or eleven digits; hyphens, spaces and brackets are dropped.
    #[serde(default)]
    pub phone_number: String,
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub is_public: bool,
    #[serde(default)]
    pub note: String,
}

impl Declared for ClientInput {
    const RULES: &'static [FieldRules] = &[
        (
            "company_name",
            &[Rule::Required, Rule::MaxChars(COMPANY_MAX)],
        ),
        (
            "company_name_kana",
            &[
                Rule::Required,
                Rule::MaxChars(COMPANY_MAX),
                Rule::Pattern(profile::PATTERN_KATAKANA),
            ],
        ),
        ("plan_id", &[Rule::Required]),
        // Stored as 7 and as 10 or 11 half-width digits; the document asks for them so.
        (
            "postal_code",
            &[Rule::Required, Rule::Pattern("^[0-9]{7}$")],
        ),
        ("prefecture_id", &[Rule::Required, Rule::Between(1, 47)]),
        ("address", &[Rule::Required, Rule::MaxChars(ADDRESS_MAX)]),
        (
            "phone_number",
            &[Rule::Required, Rule::Pattern("^[0-9]{10,11}$")],
        ),
        (
            "url",
            &[Rule::MaxChars(URL_MAX), Rule::Pattern(PATTERN_URL)],
        ),
        ("note", &[Rule::MaxChars(NOTE_MAX)]),
    ];
}

/// The input once its rules hold, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientValues {
    pub company_name: String,
    pub company_name_kana: String,
    pub plan_id: i64,
    pub postal_code: String,
    pub prefecture_id: i64,
    pub address: String,
    pub phone_number: String,
    pub url: String,
    pub is_public: bool,
    pub note: String,
}

fn text(v: &mut Validator, field: &str, value: &str, max: usize, required: bool) -> String {
    let value = value.trim().to_string();
    if required {
        v.required(field, &value);
    }
    v.max_chars(field, &value, max);
    value
}

impl ClientInput {
    /// The field rules that need no database (plan and prefecture existence are checked by the
    /// caller, on the ids this returns).
    pub fn check(&self, v: &mut Validator) -> ClientValues {
        let company_name = text(v, "company_name", &self.company_name, COMPANY_MAX, true);
        let company_name_kana = text(
            v,
            "company_name_kana",
            &self.company_name_kana,
            COMPANY_MAX,
            true,
        );
        if !v.failed("company_name_kana") && !profile::is_katakana(&company_name_kana) {
            v.fail("company_name_kana", profile::RULE_KATAKANA);
        }
        if self.plan_id.is_none() {
            v.fail("plan_id", "required");
        }
        let postal_code: String = half_width_digits(self.postal_code.trim())
            .chars()
            .filter(|c| !matches!(c, '-' | '－' | 'ー' | '‐' | '〒' | ' ' | '　'))
            .collect();
        if postal_code.is_empty() {
            v.fail("postal_code", "required");
        } else if !postal_code.bytes().all(|b| b.is_ascii_digit()) {
            v.fail("postal_code", "numeric");
        } else if postal_code.len() != 7 {
            v.fail("postal_code", RULE_POSTAL_DIGITS);
        }
        if self.prefecture_id.is_none() {
            v.fail("prefecture_id", "required");
        }
        let address = text(v, "address", &self.address, ADDRESS_MAX, true);
        let phone_number = profile::normalize_phone(&self.phone_number);
        if phone_number.is_empty() {
            v.fail("phone_number", "required");
        } else if !phone_number.bytes().all(|b| b.is_ascii_digit()) {
            v.fail("phone_number", "numeric");
        } else if !(10..=11).contains(&phone_number.len()) {
            v.fail("phone_number", profile::RULE_PHONE_DIGITS);
        }
        let url = text(v, "url", &self.url, URL_MAX, false);
        v.url("url", &url);
        let note = text(v, "note", &self.note, NOTE_MAX, false);
        ClientValues {
            company_name,
            company_name_kana,
            plan_id: self.plan_id.unwrap_or_default(),
            postal_code,
            prefecture_id: self.prefecture_id.unwrap_or_default(),
            address,
            phone_number,
            url,
            is_public: self.is_public,
            note,
        }
    }
}

/// A login of a client company.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ClientAccount {
    pub id: i64,
    pub user_name: String,
    pub mail_address: String,
    /// active, banned or left.
    #[schema(value_type = crate::users::model::AccountStatus)]
    pub account_status: String,
    /// When the account last logged in (null: never).
    pub last_login_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// A company's visible name, for `GET /public_clients`.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct PublicClient {
    pub id: i64,
    pub company_name: String,
}

/// A creator who is a member of at least one of the client's teams.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ClientTeamMember {
    pub id: i64,
    pub user_name: String,
    pub work_status: String,
    /// The client's teams the creator is in (left ones excluded), by name.
    #[sqlx(json)]
    pub teams: Vec<NamedRef>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::AppError;

    fn valid() -> ClientInput {
        ClientInput {
            company_name: "株式会社テスト".into(),
            company_name_kana: "カブシキガイシャテスト".into(),
            plan_id: Some(1),
            postal_code: "１００-０００１".into(),
            prefecture_id: Some(13),
            address: "千代田区千代田1-1".into(),
            phone_number: "03-1234-5678".into(),
            url: "https://example.jp".into(),
            is_public: true,
            note: String::new(),
        }
    }

    fn rules(input: &ClientInput) -> Vec<(String, Vec<String>)> {
        let mut v = Validator::new();
        input.check(&mut v);
        match v.finish() {
            Ok(()) => Vec::new(),
            Err(AppError::Validation { rules, .. }) => rules.into_iter().collect(),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn normalises_digits_of_a_valid_input() {
        let mut v = Validator::new();
        let values = valid().check(&mut v);
        assert!(v.finish().is_ok());
        assert_eq!(values.postal_code, "1000001");
        assert_eq!(values.phone_number, "0312345678");
    }

    #[test]
    fn each_field_names_its_rule() {
        let bad = ClientInput {
            company_name_kana: "かぶしき".into(),
            postal_code: "123456".into(),
            phone_number: "0312abc".into(),
            url: "example.jp".into(),
            ..valid()
        };
        assert_eq!(
            rules(&bad),
            vec![
                ("company_name_kana".into(), vec!["katakana".into()]),
                ("phone_number".into(), vec!["numeric".into()]),
                ("postal_code".into(), vec!["digits:7".into()]),
                ("url".into(), vec!["url".into()]),
            ]
        );
    }
}
