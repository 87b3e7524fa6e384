//! Collects Laravel-style rule strings per field and turns them into one 422.

use chrono::NaiveDate;

use crate::platform::error::{AppError, AppResult, MESSAGE_VALIDATION, Rules};

/// A rule a request field is held to, declared once beside its request type (`Declared`).
/// The handler's checks use the same constants, and `platform::openapi` writes every declared
/// rule into the type's schema, so the document says what the server enforces (a request the
/// document calls valid is not refused for a rule it did not state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// `required`: present, not null, and text that is not blank (`required`, `minLength: 1`
    /// and a pattern asking for one visible character, unless a `Pattern` says more).
    Required,
    /// Text that, when sent, is not blank (`minLength: 1` and the same pattern as `Required`).
    NotBlank,
    /// `max:N` on text: at most N characters (`maxLength`).
    MaxChars(usize),
    /// `min:N` on text: at least N characters (`minLength`).
    MinChars(usize),
    /// `between:MIN,MAX` on a number (`minimum`, `maximum`).
    Between(i64, i64),
    /// `in:a,b,…`: one of these (`enum`).
    In(&'static [&'static str]),
    /// Text the server reads only in this shape (`pattern`, anchored): digits, katakana, …
    Pattern(&'static str),
    /// `date_format:Y-m-d`: a calendar date (`format: date`).
    Date,
    /// An array of at least N items (`minItems`).
    MinItems(usize),
    /// An array of at most N items (`maxItems`).
    MaxItems(usize),
    /// An array of text items of at most N characters each (the items' `maxLength`).
    EachMaxChars(usize),
}

/// A field of a request and the rules it is held to.
pub type FieldRules = (&'static str, &'static [Rule]);

/// A request type whose fields are held to rules the document must state.
pub trait Declared {
    /// Each field (a property of the type's own schema) and its rules.
    const RULES: &'static [FieldRules];
}

/// An http(s) address (`Validator::url`).
pub const PATTERN_URL: &str = r"^https?://\S*$";

/// A mail address the server reads and the mailer can send to (`Validator::email`): a dot-atom
/// local part and a domain of labels of 1–63 letters, digits and hyphens.
pub const PATTERN_MAIL: &str = r"^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

/// The pattern `Rule::Required` gives text: at least one character that is neither whitespace
/// nor invisible (what `platform::text::is_blank` reads as empty).
pub const PATTERN_NOT_BLANK: &str = r"[^\s\u200B\u200C\u200D\u2060\uFEFF]";

#[derive(Debug, Default)]
pub struct Validator {
    rules: Rules,
}

impl Validator {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fail(&mut self, field: &str, rule: impl Into<String>) -> &mut Self {
        self.rules
            .entry(field.to_string())
            .or_default()
            .push(rule.into());
        self
    }

    /// `required`: present and not only whitespace or invisible characters.
    pub fn required(&mut self, field: &str, value: &str) -> &mut Self {
        if crate::platform::text::is_blank(value) {
            self.fail(field, "required");
        }
        self
    }

    pub fn max_chars(&mut self, field: &str, value: &str, max: usize) -> &mut Self {
        if value.chars().count() > max {
            self.fail(field, format!("max:{max}"));
        }
        self
    }

    pub fn min_chars(&mut self, field: &str, value: &str, min: usize) -> &mut Self {
        if !value.is_empty() && value.chars().count() < min {
            self.fail(field, format!("min:{min}"));
        }
        self
    }

    pub fn email(&mut self, field: &str, value: &str) -> &mut Self {
        let trimmed = value.trim();
        let valid = match trimmed.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty() && domain.contains('.') && !domain.starts_with('.')
            }
            None => false,
            // An address the mailer cannot send to (a domain label over 63 characters) is no
            // address: it was a 500 at the first mail.
        } && trimmed.parse::<lettre::Address>().is_ok();
        if !trimmed.is_empty() && !valid {
            self.fail(field, "email");
        }
        self
    }

    /// `url`: an http(s) address, when not empty.
    pub fn url(&mut self, field: &str, value: &str) -> &mut Self {
        if !(value.is_empty() || value.starts_with("https://") || value.starts_with("http://")) {
            self.fail(field, "url");
        }
        self
    }

    /// Whether `field` has failed a rule so far.
    pub fn failed(&self, field: &str) -> bool {
        self.rules.contains_key(field)
    }

    pub fn finish(self) -> Result<(), AppError> {
        if self.rules.is_empty() {
            Ok(())
        } else {
            Err(AppError::Validation {
                message: MESSAGE_VALIDATION.into(),
                rules: self.rules,
            })
        }
    }
}

/// The years the money screens accept (statements, usage, payments).
pub const YEAR_MIN: i32 = 2000;
pub const YEAR_MAX: i32 = 2100;

/// Checks a year and month (`required` when absent, `between` when out of range) and answers
/// the first day of that month when both pass.
pub fn year_month(v: &mut Validator, year: Option<i32>, month: Option<u32>) -> Option<NaiveDate> {
    match year {
        None => {
            v.fail("year", "required");
        }
        Some(year) if !(YEAR_MIN..=YEAR_MAX).contains(&year) => {
            v.fail("year", format!("between:{YEAR_MIN},{YEAR_MAX}"));
        }
        Some(_) => {}
    }
    match month {
        None => {
            v.fail("month", "required");
        }
        Some(month) if !(1..=12).contains(&month) => {
            v.fail("month", "between:1,12");
        }
        Some(_) => {}
    }
    NaiveDate::from_ymd_opt(year?, month?, 1).filter(|_| !v.failed("year") && !v.failed("month"))
}

/// The first day of `year`/`month`, or a 422 naming the field out of range.
pub fn month_start(year: i32, month: u32) -> AppResult<NaiveDate> {
    let mut v = Validator::new();
    let first_day = year_month(&mut v, Some(year), Some(month));
    v.finish()?;
    first_day.ok_or_else(|| AppError::rule("month", "between:1,12"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_month_starts_on_its_first_day_within_the_money_years() {
        use super::month_start;
        assert_eq!(month_start(2026, 2).unwrap().to_string(), "2026-02-01");
        for (year, month) in [(2026, 13), (2026, 0), (1999, 1), (2101, 1)] {
            assert!(month_start(year, month).is_err(), "{year}/{month}");
        }
    }

    use super::Validator;
    use crate::platform::error::AppError;

    fn rules_of(v: Validator) -> Vec<(String, Vec<String>)> {
        match v.finish() {
            Err(AppError::Validation { rules, .. }) => rules.into_iter().collect(),
            other => panic!("expected validation error, got {other:?}"),
        }
    }

    #[test]
    fn collects_every_failed_rule_per_field() {
        let mut v = Validator::new();
        v.required("mail_address", " ")
            .required("password", "")
            .max_chars("message", "あいうえお", 4)
            .min_chars("password2", "abc", 8);
        assert_eq!(
            rules_of(v),
            vec![
                ("mail_address".into(), vec!["required".into()]),
                ("message".into(), vec!["max:4".into()]),
                ("password".into(), vec!["required".into()]),
                ("password2".into(), vec!["min:8".into()]),
            ]
        );
    }

    #[test]
    fn email_needs_an_at_and_a_domain() {
        let mut bad = Validator::new();
        bad.email("mail_address", "creator.demo.jp");
        assert_eq!(
            rules_of(bad),
            vec![("mail_address".into(), vec!["email".into()])]
        );
        let mut good = Validator::new();
        good.email("mail_address", "creator@demo.tsumugi.jp");
        assert!(good.finish().is_ok());
    }
}

#[cfg(test)]
mod email_tests {
    use super::Validator;

    #[test]
    fn an_address_the_mailer_refuses_is_not_an_email() {
        let long = format!("0@0.{}", "0".repeat(250));
        let mut v = Validator::new();
        v.email("mail_address", &long);
        assert!(v.failed("mail_address"));
        let mut v = Validator::new();
        v.email("mail_address", "creator@demo.tsumugi.jp");
        assert!(!v.failed("mail_address"));
    }
}
