//! The attributes document as stored in `user_attributes.attributes` (the keys are shared with
//! the creators domain, which shows them on a creator's page) and its closed sets.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::closed_set!(
    /// Marital status.
    MarriedType {
        Unanswered = "unanswered",
        Unmarried = "unmarried",
        Married = "married",
    }
);

crate::closed_set!(
    /// Whether the creator has been divorced.
    DivorceHistoryType {
        Unanswered = "unanswered",
        None = "none",
        Exists = "exists",
    }
);

crate::closed_set!(
    /// Which picture of themselves the creator allows to be shown.
    CanOpenImageType {
        Unanswered = "unanswered",
        FacePhoto = "face_photo",
        ProfilePhoto = "profile_photo",
        Illustration = "illustration",
    }
);

crate::closed_set!(
    /// Whom the creator lives with.
    FamiliesType {
        Unanswered = "unanswered",
        Alone = "alone",
        WithFamily = "with_family",
    }
);

/// A child's sex: the same set as a member's (`users::model::SexType`).
pub use crate::users::model::SexType;

/// Income bands (spec section 9): 1 under 2M yen, 2 2–4M, 3 4–6M, 4 6–8M, 5 8–10M, 6 10–12M,
/// 7 12–15M, 8 15–20M, 9 over 20M, 99999 unknown.
pub const INCOME_IDS: [i32; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 99999];

/// Languages (spec section 3): english 1, korean 2, chinese 3, french 4, german 5, italian 6,
/// other 99999.
pub const LANGUAGE_IDS: [i32; 7] = [1, 2, 3, 4, 5, 6, 99999];

/// Social links: twitter 1, facebook 2, instagram 3, line 4, blog or homepage 5.
pub const SOCIAL_IDS: [i32; 5] = [1, 2, 3, 4, 5];

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Child {
    /// `YYYY-MM`, from year and month.
    pub birthday: String,
    pub year: i32,
    pub month: i32,
    pub sex_type: SexType,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Social {
    /// 1 twitter, 2 facebook, 3 instagram, 4 line, 5 blog / homepage.
    pub id: i32,
    pub url: String,
}

/// The stored document; every key has a default, so older documents read as unanswered.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct StoredAttributes {
    pub available_time_slot: String,
    pub married_type: MarriedType,
    pub divorce_history_type: DivorceHistoryType,
    pub can_open_image_type: CanOpenImageType,
    pub families_type: FamiliesType,
    pub children: Vec<Child>,
    pub publish_information: bool,
    pub annual_income_id: Option<i32>,
    pub household_income_id: Option<i32>,
    pub chatwork_id: String,
    pub socials: Vec<Social>,
}

impl Default for StoredAttributes {
    fn default() -> Self {
        Self {
            available_time_slot: String::new(),
            married_type: MarriedType::Unanswered,
            divorce_history_type: DivorceHistoryType::Unanswered,
            can_open_image_type: CanOpenImageType::Unanswered,
            families_type: FamiliesType::Unanswered,
            children: Vec::new(),
            publish_information: false,
            annual_income_id: None,
            household_income_id: None,
            chatwork_id: String::new(),
            socials: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct Language {
    /// 1 english … 6 italian, 99999 other.
    pub id: i32,
    /// 1 (basic) to 5 (native-like).
    pub level: i16,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IncomeRef {
    pub id: i32,
}

/// The attributes as the API returns them (spec section 3, User attributes).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserAttributes {
    pub id: i64,
    pub available_time_slot: String,
    pub married_type: MarriedType,
    pub divorce_history_type: DivorceHistoryType,
    pub can_open_image_type: CanOpenImageType,
    pub families_type: FamiliesType,
    pub children: Vec<Child>,
    pub publish_information: bool,
    pub annual_income: Option<IncomeRef>,
    pub household_income: Option<IncomeRef>,
    pub chatwork_id: String,
    pub languages: Vec<Language>,
    pub socials: Vec<Social>,
}

impl UserAttributes {
    pub fn new(id: i64, stored: StoredAttributes, languages: Vec<Language>) -> Self {
        Self {
            id,
            available_time_slot: stored.available_time_slot,
            married_type: stored.married_type,
            divorce_history_type: stored.divorce_history_type,
            can_open_image_type: stored.can_open_image_type,
            families_type: stored.families_type,
            children: stored.children,
            publish_information: stored.publish_information,
            annual_income: stored.annual_income_id.map(|id| IncomeRef { id }),
            household_income: stored.household_income_id.map(|id| IncomeRef { id }),
            chatwork_id: stored.chatwork_id,
            languages,
            socials: stored.socials,
        }
    }
}
