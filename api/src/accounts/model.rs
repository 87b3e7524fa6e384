//! What the accounts routes answer besides the User and the Profile, and the mail address
//! field's rules and check.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::validation::{Declared, FieldRules, PATTERN_MAIL, Rule, Validator};

crate::closed_set!(
    /// How often one kind of notice is mailed.
    MailFrequency {
        Immediately = "immediately",
        Daily = "daily",
        Never = "none",
    }
);

/// One frequency per kind of notice: chat messages, task notices and information posts; and
/// whether the browser shows chat notices while its tab is in the background.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct MailFrequencies {
    pub message: MailFrequency,
    pub task: MailFrequency,
    pub information: MailFrequency,
    /// Mentions, one-to-one messages and thread replies as browser notifications while the tab
    /// is hidden (once the browser's permission is given); on until turned off.
    pub browser_notification: bool,
}

impl Default for MailFrequencies {
    fn default() -> Self {
        Self {
            message: MailFrequency::Immediately,
            task: MailFrequency::Immediately,
            information: MailFrequency::Immediately,
            browser_notification: true,
        }
    }
}

/// The longest mail address the API keeps.
pub const MAIL_MAX: usize = 255;

#[derive(Debug, Deserialize, ToSchema)]
pub struct MailAddressRequest {
    #[serde(default)]
    pub mail_address: String,
}

/// The name of the mail address field in the accounts' requests and their errors.
pub(super) const MAIL_ADDRESS: &str = "mail_address";

/// A mail address field (`check_mail_address` below).
pub const MAIL_ADDRESS_RULES: &[Rule] = &[
    Rule::Required,
    Rule::MaxChars(MAIL_MAX),
    Rule::Pattern(PATTERN_MAIL),
];

/// Checks a mail address field (what `MAIL_ADDRESS_RULES` declares).
pub(super) fn check_mail_address(v: &mut Validator, field: &str, value: &str) {
    v.required(field, value)
        .email(field, value)
        .max_chars(field, value, MAIL_MAX);
}

impl Declared for MailAddressRequest {
    const RULES: &'static [FieldRules] = &[("mail_address", MAIL_ADDRESS_RULES)];
}
