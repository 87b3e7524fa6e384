//! The User record of the spec (section 3) as the API returns it, the people picker's rows and
//! filter (`GET /users`), users as staff manage them (`admin.rs`), and the Profile as the API
//! returns it (its rules are `profile/`).

use crate::files::scan::ScanStatus;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::role::Role;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImageFile {
    pub path: String,
    /// scanning, clean or infected.
    pub anti_virus_check_scan_status: ScanStatus,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClientRef {
    pub id: i64,
    pub company_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserRecord {
    pub id: i64,
    pub user_name: String,
    /// general, editor_assistant, client, tsumugi_manager, tsumugi_accountant, tsumugi_admin.
    #[schema(value_type = String)]
    pub role_type: Role,
    pub image_file: Option<ImageFile>,
    pub work_status: WorkStatus,
    pub has_skill: bool,
    pub has_bank_account: bool,
    pub has_portfolio: bool,
    pub has_possible_work: bool,
    pub has_attribute: bool,
    pub is_exists_new_information: bool,
    pub client: Option<ClientRef>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DirectoryUser {
    pub id: i64,
    pub user_name: String,
    #[schema(value_type = String)]
    pub role_type: Role,
    pub work_status: WorkStatus,
    /// Staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub account_status: Option<AccountStatus>,
}

/// What `GET /users` filters on.
pub struct DirectoryFilter {
    pub roles: Vec<Role>,
    pub statuses: Vec<AccountStatus>,
    /// Each word must appear in the user name, the full name or its reading, or (staff) the
    /// mail address.
    pub words: String,
    /// Staff also match mail addresses and read the account status.
    pub staff: bool,
}

/// A user as staff manage them.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ManagedUser {
    pub id: i64,
    pub user_name: String,
    #[schema(value_type = String)]
    pub role_type: Role,
    pub account_status: AccountStatus,
}

/// One user who is leaving or has left.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct LeftUser {
    pub user_id: i64,
    /// Their display name when the leave began.
    pub user_name: String,
    #[schema(value_type = String)]
    pub role_type: Role,
    pub account_status: AccountStatus,
    pub reason: String,
    pub banned_at: DateTime<Utc>,
    pub banned_by_name: Option<String>,
    pub left_at: Option<DateTime<Utc>>,
    pub left_by_name: Option<String>,
}

// Loading lives in `db.rs`; `users::model::load` stays the domain's public way to read a user.
pub use super::db::load;

crate::closed_set!(
    /// Where an account is in its life: active, banned (leaving, pending), or left.
    AccountStatus {
        Active = "active",
        Banned = "banned",
        Left = "left",
    }
);

crate::closed_set!(
    /// Whom an account stands for: a person, or a company (with its representative).
    AccountType {
        Personal = "personal",
        Corporate = "corporate",
    }
);

crate::closed_set!(
    /// A person's sex: a member's as the profile records it, a child's in the attributes.
    SexType {
        Male = "male",
        Female = "female",
        Other = "other",
    }
);

crate::closed_set!(
    /// A creator's availability for new work; `not_set` until they answer.
    WorkStatus {
        NotSet = "not_set",
        Accepting = "accepting",
        ConditionallyAccepting = "conditionally_accepting",
        NotAccepting = "not_accepting",
    }
);

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Birthday {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProfileImage {
    /// The upload; `None` for an image set before uploads were tied to profiles.
    pub id: Option<i64>,
    pub path: String,
    pub anti_virus_check_scan_status: ScanStatus,
}

/// The Profile as the API returns it (spec section 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Profile {
    pub id: i64,
    pub mail_address: String,
    #[schema(value_type = AccountType)]
    pub account_type: String,
    pub company_name: String,
    pub representative_name: String,
    pub last_name: String,
    pub first_name: String,
    pub last_name_kana: String,
    pub first_name_kana: String,
    pub user_name: String,
    pub image_file: Option<ProfileImage>,
    #[schema(value_type = Option<SexType>)]
    pub sex: Option<String>,
    pub birthday: Option<Birthday>,
    pub phone_number: String,
    /// 1–47, 99 when residing overseas, `None` when not given yet.
    pub prefecture_id: Option<i16>,
    pub postal_code_first: String,
    pub postal_code_last: String,
    pub city_address: String,
    pub street_address: String,
    pub building_name: String,
}

impl Profile {
    pub fn birthday_of(date: Option<NaiveDate>) -> Option<Birthday> {
        date.map(|d| Birthday {
            year: d.year(),
            month: d.month(),
            day: d.day(),
        })
    }

    /// The stored 7-digit postal code split after the 3rd digit, as the form shows it.
    pub fn split_postal_code(code: &str) -> (String, String) {
        if code.len() == 7 && code.is_ascii() {
            (code[..3].to_string(), code[3..].to_string())
        } else {
            (String::new(), String::new())
        }
    }
}
