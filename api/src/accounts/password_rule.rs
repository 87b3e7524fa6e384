//! The password rule of spec section 5 (at least 8 characters with upper- and lower-case letters
//! and digits), its confirmation, and passwords generated to meet it.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::platform::validation::Validator;

pub const MIN_CHARS: usize = 8;
/// argon2 takes any length; the bound only keeps hashing cheap.
pub const MAX_CHARS: usize = 128;
/// The rule string when a letter case or a digit is missing.
pub const RULE: &str = "password";
/// The rule string on the confirmation when it differs.
pub const RULE_CONFIRMATION: &str = "same:password";
pub const GENERATED_CHARS: usize = 16;

/// Whether `password` has an upper-case letter, a lower-case letter and a digit (ASCII).
pub fn has_required_classes(password: &str) -> bool {
    password.chars().any(|c| c.is_ascii_uppercase())
        && password.chars().any(|c| c.is_ascii_lowercase())
        && password.chars().any(|c| c.is_ascii_digit())
}

/// Checks `password` on `field` and its confirmation on `confirmation_field`.
pub fn check(
    v: &mut Validator,
    field: &str,
    password: &str,
    confirmation_field: &str,
    confirmation: &str,
) {
    if password.is_empty() {
        v.fail(field, "required");
    } else {
        let chars = password.chars().count();
        if chars < MIN_CHARS {
            v.fail(field, format!("min:{MIN_CHARS}"));
        } else if chars > MAX_CHARS {
            v.fail(field, format!("max:{MAX_CHARS}"));
        }
        if !has_required_classes(password) {
            v.fail(field, RULE);
        }
    }
    if confirmation.is_empty() {
        v.fail(confirmation_field, "required");
    } else if confirmation != password {
        v.fail(confirmation_field, RULE_CONFIRMATION);
    }
}

// Letters and digits that cannot be mistaken for one another when read aloud or copied by hand
// (no 0/O/o, 1/l/I).
const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER: &[u8] = b"abcdefghijkmnpqrstuvwxyz";
const DIGITS: &[u8] = b"23456789";

/// A fresh password of `GENERATED_CHARS` characters from the thread's CSPRNG (ChaCha, seeded by
/// the OS), always meeting the rule: one of each class, the rest from all of them, shuffled.
pub fn generate() -> String {
    let mut rng = rand::rng();
    let all: Vec<u8> = [UPPER, LOWER, DIGITS].concat();
    let mut chars: Vec<u8> = vec![
        UPPER[rng.random_range(0..UPPER.len())],
        LOWER[rng.random_range(0..LOWER.len())],
        DIGITS[rng.random_range(0..DIGITS.len())],
    ];
    while chars.len() < GENERATED_CHARS {
        chars.push(all[rng.random_range(0..all.len())]);
    }
    chars.shuffle(&mut rng);
    String::from_utf8(chars).expect("ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::{AppError, Rules};

    fn rules(password: &str, confirmation: &str) -> Rules {
        let mut v = Validator::new();
        check(
            &mut v,
            "password",
            password,
            "password_confirmation",
            confirmation,
        );
        match v.finish() {
            Ok(()) => Rules::new(),
            Err(AppError::Validation { rules, .. }) => rules,
            Err(other) => panic!("{other:?}"),
        }
    }

    fn on(rules: &Rules, field: &str) -> Vec<String> {
        rules.get(field).cloned().unwrap_or_default()
    }

    #[test]
    fn a_password_needs_eight_characters_upper_lower_and_digits() {
        assert!(rules("Tsumugi2026", "Tsumugi2026").is_empty());
        assert_eq!(on(&rules("Ts2026", "Ts2026"), "password"), ["min:8"]);
        assert_eq!(
            on(&rules("tsumugi2026", "tsumugi2026"), "password"),
            ["password"]
        );
        assert_eq!(
            on(&rules("TSUMUGI2026", "TSUMUGI2026"), "password"),
            ["password"]
        );
        assert_eq!(
            on(&rules("TsumugiDemo", "TsumugiDemo"), "password"),
            ["password"]
        );
        assert_eq!(on(&rules("ab", "ab"), "password"), ["min:8", "password"]);
        let long = format!("Aa1{}", "x".repeat(MAX_CHARS));
        assert_eq!(on(&rules(&long, &long), "password"), ["max:128"]);
        // Full-width letters do not count as the ASCII classes the rule asks for.
        assert_eq!(
            on(
                &rules("Ｔｓｕｍｕｇｉ２０２６", "Ｔｓｕｍｕｇｉ２０２６"),
                "password"
            ),
            ["password"]
        );
    }

    #[test]
    fn the_confirmation_must_match_and_is_required() {
        let r = rules("Tsumugi2026", "Tsumugi2025");
        assert_eq!(on(&r, "password_confirmation"), ["same:password"]);
        assert!(on(&r, "password").is_empty());
        assert_eq!(on(&rules("", ""), "password"), ["required"]);
        assert_eq!(
            on(&rules("Tsumugi2026", ""), "password_confirmation"),
            ["required"]
        );
    }

    #[test]
    fn generated_passwords_meet_the_rule_and_differ() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let password = generate();
            assert_eq!(password.len(), GENERATED_CHARS);
            assert!(rules(&password, &password).is_empty(), "{password}");
            assert!(!password.contains(['0', 'O', 'o', '1', 'l', 'I']));
            seen.insert(password);
        }
        assert_eq!(seen.len(), 200);
    }
}
