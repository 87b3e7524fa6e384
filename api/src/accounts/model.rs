//! What the accounts routes answer besides the User and the Profile.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::closed_set!(
    /// How often one kind of notice is mailed.
    MailFrequency {
        Immediately = "immediately",
        Daily = "daily",
        Never = "none",
    }
);

/// One frequency per kind of notice: chat messages, task notices and information posts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct MailFrequencies {
    pub message: MailFrequency,
    pub task: MailFrequency,
    pub information: MailFrequency,
}

impl Default for MailFrequencies {
    fn default() -> Self {
        Self {
            message: MailFrequency::Immediately,
            task: MailFrequency::Immediately,
            information: MailFrequency::Immediately,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MailAddressRequest {
    #[serde(default)]
    #[schema(
        required = true,
        max_length = 255,
        pattern = r"^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$"
    )]
    pub mail_address: String,
}
