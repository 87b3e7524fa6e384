//! What the profile forms send (request keys snake_case), each type with the rules its fields
//! declare for the document; `rules.rs` checks them.

use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use super::rules::{
    ACCOUNT_TYPES, ADDRESS_MAX, BIRTH_YEAR_MIN, COMPANY_MAX, NAME_MAX, PATTERN_KATAKANA, SEXES,
};
use crate::platform::text::half_width_digits;
use crate::platform::validation::{Declared, FieldRules, Rule};

/// Whole numbers sent as numbers or as the strings selects hold ("1990"); empty is absent.
fn lenient_int<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(i64),
        Text(String),
    }
    Ok(match Option::<Raw>::deserialize(d)? {
        None => None,
        Some(Raw::Number(n)) => Some(n),
        // Not a number: kept as an impossible value so the rule, not the parser, answers.
        Some(Raw::Text(t)) if t.trim().is_empty() => None,
        Some(Raw::Text(t)) => Some(half_width_digits(t.trim()).parse().unwrap_or(-1)),
    })
}

/// The person's names and phone: what a creator's profile and a client's person share.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct PersonInput {
    pub last_name: String,
    pub first_name: String,
    /// Full-width katakana (ー and spaces allowed).
    pub last_name_kana: String,
    pub first_name_kana: String,
    /// 10 or 11 digits; full-width digits, hyphens and spaces are accepted.
    pub phone_number: String,
}

const KANA: &[Rule] = &[
    Rule::Required,
    Rule::MaxChars(NAME_MAX),
    Rule::Pattern(PATTERN_KATAKANA),
];

impl Declared for PersonInput {
    const RULES: &'static [FieldRules] = &[
        ("last_name", &[Rule::Required, Rule::MaxChars(NAME_MAX)]),
        ("first_name", &[Rule::Required, Rule::MaxChars(NAME_MAX)]),
        ("last_name_kana", KANA),
        ("first_name_kana", KANA),
        // Stored as 10 or 11 half-width digits; the document asks for them as stored.
        (
            "phone_number",
            &[Rule::Required, Rule::Pattern("^[0-9]{10,11}$")],
        ),
    ];
}

#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
pub struct BirthdayInput {
    #[serde(default, deserialize_with = "lenient_int")]
    #[schema(value_type = Option<i32>)]
    pub year: Option<i64>,
    #[serde(default, deserialize_with = "lenient_int")]
    #[schema(value_type = Option<i32>)]
    pub month: Option<i64>,
    #[serde(default, deserialize_with = "lenient_int")]
    #[schema(value_type = Option<i32>)]
    pub day: Option<i64>,
}

impl Declared for BirthdayInput {
    const RULES: &'static [FieldRules] = &[
        // A real date in the past: the document keeps to days every month has and to years
        // long past.
        (
            "year",
            &[Rule::Required, Rule::Between(BIRTH_YEAR_MIN as i64, 2000)],
        ),
        ("month", &[Rule::Required, Rule::Between(1, 12)]),
        ("day", &[Rule::Required, Rule::Between(1, 28)]),
    ];
}

/// A creator's profile as a form sends it (request keys snake_case).
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct ProfileInput {
    /// personal (default) or corporate.
    pub account_type: String,
    /// Required for a corporate account.
    pub company_name: String,
    /// Required for a corporate account.
    pub representative_name: String,
    #[serde(flatten)]
    pub person: PersonInput,
    /// The display name.
    pub user_name: String,
    /// male, female or other.
    pub sex: String,
    pub birthday: BirthdayInput,
    /// A prefecture id (1–47), or 99 for overseas.
    #[serde(deserialize_with = "lenient_int")]
    #[schema(value_type = Option<i32>)]
    pub prefecture_id: Option<i64>,
    /// The first 3 digits of the postal code (Japan).
    pub postal_code_first: String,
    /// The last 4 digits of the postal code (Japan).
    pub postal_code_last: String,
    pub city_address: String,
    pub street_address: String,
    pub building_name: String,
    /// One of the member's own clean image uploads (`POST /files`); absent keeps none.
    #[serde(deserialize_with = "lenient_int")]
    pub image_file_id: Option<i64>,
}

impl Declared for ProfileInput {
    const RULES: &'static [FieldRules] = &[
        ("account_type", &[Rule::In(ACCOUNT_TYPES)]),
        // Required for a corporate account (kept empty for a personal one).
        (
            "company_name",
            &[Rule::Required, Rule::MaxChars(COMPANY_MAX)],
        ),
        (
            "representative_name",
            &[Rule::Required, Rule::MaxChars(COMPANY_MAX)],
        ),
        ("user_name", &[Rule::Required, Rule::MaxChars(NAME_MAX)]),
        ("sex", &[Rule::Required, Rule::In(SEXES)]),
        ("birthday", &[Rule::Required]),
        // A prefecture of Japan (99, overseas, exists too).
        ("prefecture_id", &[Rule::Required, Rule::Between(1, 47)]),
        (
            "postal_code_first",
            &[Rule::Required, Rule::Pattern("^[0-9]{3}$")],
        ),
        (
            "postal_code_last",
            &[Rule::Required, Rule::Pattern("^[0-9]{4}$")],
        ),
        (
            "city_address",
            &[Rule::Required, Rule::MaxChars(ADDRESS_MAX)],
        ),
        (
            "street_address",
            &[Rule::Required, Rule::MaxChars(ADDRESS_MAX)],
        ),
        ("building_name", &[Rule::MaxChars(ADDRESS_MAX)]),
    ];
}
