//! The payee rules: deposit types, account numbers, Zengin-acceptable holder names and the
//! invoice registration number of the National Tax Agency.

use chrono::{Datelike, NaiveDate};

use crate::platform::text::half_width_digits;

/// The last day of a month on which a payee change still applies to that month's payment.
pub const CHANGE_DEADLINE_DAY: u32 = 5;

/// The first day of the month whose payment a payee change made on `day` (in Japan) applies
/// to: that month when made by the 5th, else the next month.
pub fn effective_month(day: NaiveDate) -> NaiveDate {
    let first = day.with_day(1).expect("every month has a first day");
    if day.day() <= CHANGE_DEADLINE_DAY {
        first
    } else {
        first
            .checked_add_months(chrono::Months::new(1))
            .expect("a month after a real date exists")
    }
}

pub const DEPOSIT_TYPES: &[&str] = super::model::DepositType::NAMES;

/// The account number with full-width digits made half-width and spaces dropped.
pub fn normalize_number(value: &str) -> String {
    half_width_digits(value)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

pub fn is_account_number(value: &str) -> bool {
    value.len() == 7 && value.bytes().all(|b| b.is_ascii_digit())
}

/// Characters a Zengin transfer accepts in the holder's name, in full-width or half-width form:
/// katakana and the prolonged sound mark, digits, Latin capitals, spaces and `( ) . - / , 「 」 ¥`.
fn is_zengin_char(c: char) -> bool {
    matches!(c,
        'ァ'..='ヴ' | 'ー' | '・'
        | '\u{FF66}'..='\u{FF9F}' // half-width katakana, sound marks included
        | 'A'..='Z' | 'Ａ'..='Ｚ' | '0'..='9' | '０'..='９'
        | ' ' | '　'
        | '(' | ')' | '（' | '）' | '.' | '．' | '-' | '－' | '‐' | '/' | '／' | ',' | '，'
        | '「' | '」' | '｢' | '｣' | '¥' | '￥')
}

/// A holder name the banks accept: at least one katakana, and only Zengin characters.
pub fn is_holder_kana(value: &str) -> bool {
    value.chars().all(is_zengin_char)
        && value
            .chars()
            .any(|c| matches!(c, 'ァ'..='ヴ' | '\u{FF66}'..='\u{FF9F}'))
}

/// The registration number as typed, made comparable: full-width `Ｔ` and digits made
/// half-width, a lower-case `t` raised, spaces and hyphens dropped.
pub fn normalize_invoice_number(value: &str) -> String {
    half_width_digits(value)
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '－' | 'ー'))
        .map(|c| match c {
            'Ｔ' | 't' | 'ｔ' => 'T',
            other => other,
        })
        .collect()
}

/// `T` followed by 13 digits.
pub fn is_invoice_format(value: &str) -> bool {
    value.len() == 14 && value.starts_with('T') && value[1..].bytes().all(|b| b.is_ascii_digit())
}

/// The check digit of a 13-digit corporate number (法人番号), which an invoice registration
/// number repeats after its `T`: 9 − (Σ Pn × Qn mod 9) over the 12 digits after it, Pn being the
/// nth of them counted from the right, Qn 1 for odd n and 2 for even n.
pub fn check_digit(twelve: &[u8]) -> u8 {
    let sum: u32 = twelve
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| u32::from(d - b'0') * if i % 2 == 0 { 1 } else { 2 })
        .sum();
    9 - (sum % 9) as u8
}

/// Whether a `T` + 13 digit number carries the right check digit.
pub fn has_valid_check_digit(value: &str) -> bool {
    let digits = &value.as_bytes()[1..];
    digits[0] - b'0' == check_digit(&digits[1..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_digit_of_real_corporate_numbers() {
        // 国税庁 7000012050002, トヨタ自動車 1180301018771.
        assert_eq!(check_digit(b"000012050002"), 7);
        assert_eq!(check_digit(b"180301018771"), 1);
        assert!(has_valid_check_digit("T7000012050002"));
        assert!(has_valid_check_digit("T1180301018771"));
        // The seeded demo creator's number.
        assert!(has_valid_check_digit("T7123456789012"));
        assert!(!has_valid_check_digit("T8000012050002"));
        assert!(!has_valid_check_digit("T1180301018772"));
    }

    #[test]
    fn invoice_numbers_are_normalized_before_checking() {
        assert_eq!(
            normalize_invoice_number("Ｔ７０００ ０１２０-５０００２"),
            "T7000012050002"
        );
        assert!(is_invoice_format("T7000012050002"));
        assert!(!is_invoice_format("7000012050002"));
        assert!(!is_invoice_format("T700001205000"));
        assert!(!is_invoice_format("TA000012050002"));
    }

    #[test]
    fn a_change_by_the_fifth_pays_this_month_later_ones_next_month() {
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        for (changed, pays_from) in [
            ("2026-11-01", "2026-11-01"),
            ("2026-11-05", "2026-11-01"),
            ("2026-11-06", "2026-12-01"),
            ("2026-11-30", "2026-12-01"),
            ("2026-12-05", "2026-12-01"),
            ("2026-12-31", "2027-01-01"),
        ] {
            assert_eq!(effective_month(day(changed)), day(pays_from), "{changed}");
        }
    }

    #[test]
    fn account_numbers_are_seven_digits() {
        assert_eq!(normalize_number("１２３４５６７"), "1234567");
        assert!(is_account_number("0012345"));
        assert!(!is_account_number("123456"));
        assert!(!is_account_number("12345678"));
        assert!(!is_account_number("12a4567"));
    }

    #[test]
    fn holder_names_use_zengin_characters() {
        assert!(is_holder_kana("ヤマダ　タロウ"));
        assert!(is_holder_kana("ｶ)ﾂﾑｷﾞ"));
        assert!(is_holder_kana("カ）ツムギ"));
        assert!(!is_holder_kana("山田太郎"));
        assert!(!is_holder_kana("やまだ たろう"));
        assert!(!is_holder_kana("ABC"));
    }
}
