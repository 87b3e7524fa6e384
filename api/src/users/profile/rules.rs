//! The Profile's rules (spec section 3): the checks of what the forms send, the validated values
//! ready to store, and the katakana, phone and birthday helpers other forms share.

use chrono::{Datelike, NaiveDate};

use super::input::{PersonInput, ProfileInput};
use crate::master::OVERSEAS_PREFECTURE_ID;
use crate::platform::error::AppResult;
use crate::platform::text::{half_width_digits, is_blank};
use crate::platform::validation::Validator;
use crate::users::db;

pub const NAME_MAX: usize = 50;
pub const COMPANY_MAX: usize = 100;
pub const ADDRESS_MAX: usize = 255;
/// The postal code an overseas member has (spec section 5).
pub const OVERSEAS_POSTAL_CODE: &str = "0000000";
/// The earliest birth year the form offers.
pub const BIRTH_YEAR_MIN: i32 = 1900;
pub const RULE_KATAKANA: &str = "katakana";
pub const RULE_PHONE_DIGITS: &str = "digits_between:10,11";
pub const RULE_DATE: &str = "date";
pub const ACCOUNT_TYPES: &[&str] = crate::users::model::AccountType::NAMES;
pub const SEXES: &[&str] = crate::users::model::SexType::NAMES;

/// A validated person.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonValues {
    pub last_name: String,
    pub first_name: String,
    pub last_name_kana: String,
    pub first_name_kana: String,
    pub phone_number: String,
}

impl PersonValues {
    /// 「山田 花子」: the display name of someone without one of their own (a client's person).
    pub fn full_name(&self) -> String {
        format!("{} {}", self.last_name, self.first_name)
    }
}

/// A validated profile, ready to store.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileValues {
    pub account_type: String,
    pub company_name: String,
    pub representative_name: String,
    pub person: PersonValues,
    pub user_name: String,
    pub sex: String,
    pub birthday: NaiveDate,
    pub prefecture_id: i16,
    pub postal_code: String,
    pub city_address: String,
    pub street_address: String,
    pub building_name: String,
    /// The chosen upload and its public path.
    pub image: Option<(i64, String)>,
}

/// Full-width katakana, the prolonged sound mark, iteration marks and spaces, with at least one
/// katakana letter.
/// `is_katakana` as a pattern, for the document.
pub const PATTERN_KATAKANA: &str = "^[ァ-ヺーヽヾ 　]*[ァ-ヺ][ァ-ヺーヽヾ 　]*$";

pub fn is_katakana(value: &str) -> bool {
    let letter = |c: char| matches!(c, 'ァ'..='ヺ');
    value
        .chars()
        .all(|c| letter(c) || matches!(c, 'ー' | 'ヽ' | 'ヾ' | ' ' | '　'))
        && value.chars().any(letter)
}

/// The phone number as stored: half-width digits only (hyphens, spaces and brackets dropped).
pub fn normalize_phone(value: &str) -> String {
    half_width_digits(value)
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '-' | '－' | 'ー' | '‐' | ' ' | '　' | '(' | ')' | '（' | '）'
            )
        })
        .collect()
}

/// A birthday that exists on the calendar, is before `today` and not before 1900.
pub fn birthday(year: i64, month: i64, day: i64, today: NaiveDate) -> Option<NaiveDate> {
    let date = NaiveDate::from_ymd_opt(
        i32::try_from(year).ok()?,
        u32::try_from(month).ok()?,
        u32::try_from(day).ok()?,
    )?;
    (date.year() >= BIRTH_YEAR_MIN && date < today).then_some(date)
}

fn trimmed(value: &str) -> String {
    value.trim().to_string()
}

fn text(v: &mut Validator, field: &str, value: &str, max: usize, required: bool) -> String {
    let value = trimmed(value);
    if required {
        v.required(field, &value);
    }
    v.max_chars(field, &value, max);
    value
}

/// The rules on a person's names, readings and phone.
pub fn check_person(v: &mut Validator, input: &PersonInput) -> PersonValues {
    let last_name = text(v, "last_name", &input.last_name, NAME_MAX, true);
    let first_name = text(v, "first_name", &input.first_name, NAME_MAX, true);
    let mut kana = |field: &str, value: &str| {
        let value = text(v, field, value, NAME_MAX, true);
        if !is_blank(&value) && !is_katakana(&value) {
            v.fail(field, RULE_KATAKANA);
        }
        value
    };
    let last_name_kana = kana("last_name_kana", &input.last_name_kana);
    let first_name_kana = kana("first_name_kana", &input.first_name_kana);
    let phone_number = normalize_phone(&input.phone_number);
    v.required("phone_number", &phone_number);
    if !phone_number.is_empty() {
        if !phone_number.bytes().all(|b| b.is_ascii_digit()) {
            v.fail("phone_number", "numeric");
        } else if !(10..=11).contains(&phone_number.len()) {
            v.fail("phone_number", RULE_PHONE_DIGITS);
        }
    }
    PersonValues {
        last_name,
        first_name,
        last_name_kana,
        first_name_kana,
        phone_number,
    }
}

/// The basic information of a member who is not a creator (clients and staff): names, readings,
/// phone and display name; the rest of the profile is a creator's.
pub fn check_basic(v: &mut Validator, input: &ProfileInput) -> (PersonValues, String) {
    let person = check_person(v, &input.person);
    let user_name = text(v, "user_name", &input.user_name, NAME_MAX, true);
    (person, user_name)
}

/// The address part once the prefecture is known to exist: Japan needs the postal code halves
/// and the address; overseas stores the placeholder postal code.
fn check_residence(
    v: &mut Validator,
    input: &ProfileInput,
    overseas: bool,
) -> (String, String, String) {
    let city = text(
        v,
        "city_address",
        &input.city_address,
        ADDRESS_MAX,
        !overseas,
    );
    let street = text(
        v,
        "street_address",
        &input.street_address,
        ADDRESS_MAX,
        !overseas,
    );
    if overseas {
        return (OVERSEAS_POSTAL_CODE.to_string(), city, street);
    }
    let mut half = |field: &str, value: &str, digits: usize| {
        let value = half_width_digits(value.trim());
        if value.is_empty() {
            v.fail(field, "required");
        } else if !value.bytes().all(|b| b.is_ascii_digit()) {
            v.fail(field, "numeric");
        } else if value.len() != digits {
            v.fail(field, format!("digits:{digits}"));
        }
        value
    };
    let first = half("postal_code_first", &input.postal_code_first, 3);
    let last = half("postal_code_last", &input.postal_code_last, 4);
    (format!("{first}{last}"), city, street)
}

/// Every rule of the profile that needs no lookup; `None` in the answer where a field failed.
/// `today` decides which birthdays are in the past.
pub fn check_profile(
    v: &mut Validator,
    input: &ProfileInput,
    today: NaiveDate,
    prefecture_exists: bool,
) -> Option<ProfileValues> {
    let account_type = if input.account_type.trim().is_empty() {
        "personal".to_string()
    } else {
        trimmed(&input.account_type)
    };
    if !ACCOUNT_TYPES.contains(&account_type.as_str()) {
        v.fail("account_type", format!("in:{}", ACCOUNT_TYPES.join(",")));
    }
    let corporate = account_type == "corporate";
    let mut company = |field: &str, value: &str| {
        let value = trimmed(value);
        if corporate && is_blank(&value) {
            v.fail(field, "required_if:account_type,corporate");
        }
        v.max_chars(field, &value, COMPANY_MAX);
        // A personal account keeps no company.
        if corporate { value } else { String::new() }
    };
    let company_name = company("company_name", &input.company_name);
    let representative_name = company("representative_name", &input.representative_name);

    let person = check_person(v, &input.person);
    let user_name = text(v, "user_name", &input.user_name, NAME_MAX, true);

    let sex = trimmed(&input.sex);
    if sex.is_empty() {
        v.fail("sex", "required");
    } else if !SEXES.contains(&sex.as_str()) {
        v.fail("sex", format!("in:{}", SEXES.join(",")));
    }

    let b = &input.birthday;
    let birthday = match (b.year, b.month, b.day) {
        (None, None, None) => {
            v.fail("birthday", "required");
            None
        }
        (Some(y), Some(m), Some(d)) => {
            let date = self::birthday(y, m, d, today);
            if date.is_none() {
                v.fail("birthday", RULE_DATE);
            }
            date
        }
        _ => {
            v.fail("birthday", RULE_DATE);
            None
        }
    };

    let prefecture_id = match input.prefecture_id {
        None => {
            v.fail("prefecture_id", "required");
            None
        }
        Some(_) if !prefecture_exists => {
            v.fail("prefecture_id", "exists");
            None
        }
        Some(id) => i16::try_from(id).ok(),
    };
    let overseas = prefecture_id == Some(OVERSEAS_PREFECTURE_ID);
    let (postal_code, city_address, street_address) = check_residence(v, input, overseas);
    let building_name = text(v, "building_name", &input.building_name, ADDRESS_MAX, false);

    Some(ProfileValues {
        account_type,
        company_name,
        representative_name,
        person,
        user_name,
        sex,
        birthday: birthday?,
        prefecture_id: prefecture_id?,
        postal_code,
        city_address,
        street_address,
        building_name,
        image: None,
    })
}

/// Every rule of the profile, with its lookups: the prefecture must exist, and the image must be
/// one of `owner`'s own clean, public image uploads (nobody owns uploads before sign-up).
pub async fn validate(
    db: &sqlx::PgPool,
    input: &ProfileInput,
    owner: Option<i64>,
) -> AppResult<ProfileValues> {
    let mut v = Validator::new();
    let values = validate_into(db, input, owner, &mut v).await?;
    v.finish()?;
    values.ok_or_else(|| anyhow::anyhow!("a failed profile rule was not reported").into())
}

/// `validate` adding its failures to `v`, for forms with more fields (sign-up's password and
/// terms); `None` when a rule failed.
pub async fn validate_into(
    db: &sqlx::PgPool,
    input: &ProfileInput,
    owner: Option<i64>,
    v: &mut Validator,
) -> AppResult<Option<ProfileValues>> {
    let prefecture_exists = match input.prefecture_id.map(i16::try_from) {
        Some(Ok(id)) => db::prefecture_exists(db, id).await?,
        _ => false,
    };
    let values = check_profile(
        v,
        input,
        crate::platform::clock::tokyo_today(),
        prefecture_exists,
    );
    let image = match (input.image_file_id, owner) {
        (None, _) => None,
        (Some(file_id), Some(owner)) => {
            let path = db::own_clean_image(db, owner, file_id).await?;
            if path.is_none() {
                v.fail("image_file_id", "exists");
            }
            path.map(|path| (file_id, path))
        }
        (Some(_), None) => {
            v.fail("image_file_id", "exists");
            None
        }
    };
    Ok(values.map(|values| ProfileValues { image, ..values }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::{AppError, Rules};
    use crate::users::model::Profile;
    use crate::users::profile::input::BirthdayInput;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
    }

    fn valid() -> ProfileInput {
        ProfileInput {
            account_type: "personal".into(),
            person: PersonInput {
                last_name: "山田".into(),
                first_name: "花子".into(),
                last_name_kana: "ヤマダ".into(),
                first_name_kana: "ハナコ".into(),
                phone_number: "０９０-１２３４-５６７８".into(),
            },
            user_name: "はなこ".into(),
            sex: "female".into(),
            birthday: BirthdayInput {
                year: Some(1990),
                month: Some(4),
                day: Some(1),
            },
            prefecture_id: Some(13),
            postal_code_first: "１００".into(),
            postal_code_last: "0005".into(),
            city_address: "千代田区丸の内".into(),
            street_address: "1-1-1".into(),
            ..Default::default()
        }
    }

    fn check(input: &ProfileInput) -> (Option<ProfileValues>, Rules) {
        let mut v = Validator::new();
        let values = check_profile(&mut v, input, today(), true);
        let rules = match v.finish() {
            Ok(()) => Rules::new(),
            Err(AppError::Validation { rules, .. }) => rules,
            Err(other) => panic!("{other:?}"),
        };
        (values, rules)
    }

    fn rules_of(input: &ProfileInput) -> Rules {
        check(input).1
    }

    fn single(rules: &Rules) -> (&str, &str) {
        assert_eq!(rules.len(), 1, "{rules:?}");
        let (field, list) = rules.iter().next().unwrap();
        assert_eq!(list.len(), 1, "{rules:?}");
        (field.as_str(), list[0].as_str())
    }

    #[test]
    fn a_valid_profile_is_normalized() {
        let (values, rules) = check(&valid());
        assert!(rules.is_empty(), "{rules:?}");
        let values = values.unwrap();
        assert_eq!(values.person.phone_number, "09012345678");
        assert_eq!(values.postal_code, "1000005");
        assert_eq!(
            values.birthday,
            NaiveDate::from_ymd_opt(1990, 4, 1).unwrap()
        );
        assert_eq!(values.company_name, "");
    }

    #[test]
    fn names_are_required_and_bounded() {
        let mut input = valid();
        input.person.last_name = " ".into();
        assert_eq!(single(&rules_of(&input)), ("last_name", "required"));
        let mut input = valid();
        input.person.first_name = "あ".repeat(51);
        assert_eq!(single(&rules_of(&input)), ("first_name", "max:50"));
        let mut input = valid();
        input.user_name = String::new();
        assert_eq!(single(&rules_of(&input)), ("user_name", "required"));
    }

    #[test]
    fn readings_are_full_width_katakana() {
        assert!(is_katakana("ヤマダ"));
        assert!(is_katakana("ヴィクトール"));
        assert!(is_katakana("ヤマダ　タロー"));
        assert!(!is_katakana("やまだ"));
        assert!(!is_katakana("ﾔﾏﾀﾞ"));
        assert!(!is_katakana("山田"));
        assert!(!is_katakana("YAMADA"));
        assert!(!is_katakana("ー "));
        let mut input = valid();
        input.person.first_name_kana = "はなこ".into();
        assert_eq!(single(&rules_of(&input)), ("first_name_kana", "katakana"));
        let mut input = valid();
        input.person.last_name_kana = String::new();
        assert_eq!(single(&rules_of(&input)), ("last_name_kana", "required"));
    }

    #[test]
    fn phones_have_ten_or_eleven_digits() {
        assert_eq!(normalize_phone("０３-１２３４-５６７８"), "0312345678");
        let mut input = valid();
        input.person.phone_number = "090-123-456".into();
        assert_eq!(
            single(&rules_of(&input)),
            ("phone_number", RULE_PHONE_DIGITS)
        );
        input.person.phone_number = "090123456789".into();
        assert_eq!(
            single(&rules_of(&input)),
            ("phone_number", RULE_PHONE_DIGITS)
        );
        input.person.phone_number = "090-1234-abcd".into();
        assert_eq!(single(&rules_of(&input)), ("phone_number", "numeric"));
        input.person.phone_number = "0312345678".into();
        assert!(rules_of(&input).is_empty());
    }

    #[test]
    fn birthdays_are_real_past_dates() {
        let day = |y, m, d| birthday(y, m, d, today());
        assert!(day(2000, 2, 29).is_some());
        assert!(day(2001, 2, 29).is_none());
        assert!(day(1990, 13, 1).is_none());
        assert!(day(2026, 11, 24).is_none(), "today is not past");
        assert!(day(2030, 1, 1).is_none());
        assert!(day(1899, 12, 31).is_none());
        let mut input = valid();
        input.birthday.day = Some(31);
        input.birthday.month = Some(4);
        assert_eq!(single(&rules_of(&input)), ("birthday", "date"));
        input.birthday = BirthdayInput::default();
        assert_eq!(single(&rules_of(&input)), ("birthday", "required"));
        input.birthday = BirthdayInput {
            year: Some(1990),
            month: None,
            day: Some(1),
        };
        assert_eq!(single(&rules_of(&input)), ("birthday", "date"));
    }

    #[test]
    fn postal_codes_are_three_and_four_digits_in_japan() {
        let mut input = valid();
        input.postal_code_first = "10".into();
        assert_eq!(single(&rules_of(&input)), ("postal_code_first", "digits:3"));
        let mut input = valid();
        input.postal_code_last = "00a5".into();
        assert_eq!(single(&rules_of(&input)), ("postal_code_last", "numeric"));
        let mut input = valid();
        input.postal_code_last = String::new();
        assert_eq!(single(&rules_of(&input)), ("postal_code_last", "required"));
        let mut input = valid();
        input.street_address = String::new();
        assert_eq!(single(&rules_of(&input)), ("street_address", "required"));
    }

    #[test]
    fn overseas_stores_the_placeholder_postal_code() {
        let mut input = valid();
        input.prefecture_id = Some(99);
        input.postal_code_first = String::new();
        input.postal_code_last = String::new();
        input.city_address = String::new();
        input.street_address = String::new();
        let (values, rules) = check(&input);
        assert!(rules.is_empty(), "{rules:?}");
        let values = values.unwrap();
        assert_eq!(values.postal_code, OVERSEAS_POSTAL_CODE);
        assert_eq!(values.prefecture_id, 99);
        assert_eq!(
            Profile::split_postal_code(&values.postal_code),
            ("000".into(), "0000".into())
        );
    }

    #[test]
    fn corporate_accounts_need_company_and_representative() {
        let mut input = valid();
        input.account_type = "corporate".into();
        let rules = rules_of(&input);
        assert_eq!(
            rules["company_name"],
            ["required_if:account_type,corporate"]
        );
        assert_eq!(
            rules["representative_name"],
            ["required_if:account_type,corporate"]
        );
        input.company_name = "株式会社ツムギ".into();
        input.representative_name = "山田 花子".into();
        assert!(rules_of(&input).is_empty());
        input.account_type = "company".into();
        assert_eq!(
            single(&rules_of(&input)),
            ("account_type", "in:personal,corporate")
        );
    }

    #[test]
    fn prefectures_must_exist_and_sex_is_one_of_three() {
        let mut v = Validator::new();
        check_profile(&mut v, &valid(), today(), false);
        match v.finish() {
            Err(AppError::Validation { rules, .. }) => {
                assert_eq!(single(&rules), ("prefecture_id", "exists"))
            }
            other => panic!("{other:?}"),
        }
        let mut input = valid();
        input.prefecture_id = None;
        assert_eq!(single(&rules_of(&input)), ("prefecture_id", "required"));
        let mut input = valid();
        input.sex = "unknown".into();
        assert_eq!(single(&rules_of(&input)), ("sex", "in:male,female,other"));
    }

    #[test]
    fn birthday_parts_may_arrive_as_strings() {
        let input: ProfileInput = serde_json::from_value(serde_json::json!({
            "birthday": { "year": "1990", "month": "４", "day": 1 },
            "prefecture_id": "13",
            "last_name": "山田",
        }))
        .unwrap();
        assert_eq!(input.birthday.year, Some(1990));
        assert_eq!(input.birthday.month, Some(4));
        assert_eq!(input.prefecture_id, Some(13));
        assert_eq!(input.person.last_name, "山田");
    }
}
