//! The User record of the spec (section 3) as the API returns it.

use crate::files::scan::ScanStatus;
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
