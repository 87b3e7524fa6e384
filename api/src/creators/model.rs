//! The creator views the API returns (detail, simple detail, search card) and the vocabularies
//! of the search: age bands (spec section 9) and regions.

use chrono::{Datelike, Months, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

pub use crate::master::model::Prefecture;
use crate::users::model::{ImageFile, WorkStatus};

crate::closed_set!(
    /// The age bands of spec section 9 (lower bound inclusive, upper exclusive).
    AgeBand {
        Teens = "teens",
        EarlyTwenties = "early_twenties",
        LateTwenties = "late_twenties",
        EarlyThirties = "early_thirties",
        LateThirties = "late_thirties",
        EarlyForties = "early_forties",
        LateForties = "late_forties",
        EarlyFifties = "early_fifties",
        LateFifties = "late_fifties",
        OverSixties = "over_sixties",
    }
);

impl AgeBand {
    /// Ages `lower..upper` (spec section 9: teens 0-20 … over sixties 60-999).
    pub const fn bounds(self) -> (u32, u32) {
        match self {
            AgeBand::Teens => (0, 20),
            AgeBand::EarlyTwenties => (20, 25),
            AgeBand::LateTwenties => (25, 30),
            AgeBand::EarlyThirties => (30, 35),
            AgeBand::LateThirties => (35, 40),
            AgeBand::EarlyForties => (40, 45),
            AgeBand::LateForties => (45, 50),
            AgeBand::EarlyFifties => (50, 55),
            AgeBand::LateFifties => (55, 60),
            AgeBand::OverSixties => (60, 999),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            AgeBand::Teens => "10代",
            AgeBand::EarlyTwenties => "20代前半",
            AgeBand::LateTwenties => "20代後半",
            AgeBand::EarlyThirties => "30代前半",
            AgeBand::LateThirties => "30代後半",
            AgeBand::EarlyForties => "40代前半",
            AgeBand::LateForties => "40代後半",
            AgeBand::EarlyFifties => "50代前半",
            AgeBand::LateFifties => "50代後半",
            AgeBand::OverSixties => "60代以上",
        }
    }

    /// The band of someone born on `birthday`, on `today`.
    pub fn of(birthday: NaiveDate, today: NaiveDate) -> Option<AgeBand> {
        let age = age_on(birthday, today)?;
        AgeBand::ALL.iter().copied().find(|band| {
            let (lower, upper) = band.bounds();
            (lower..upper).contains(&age)
        })
    }

    /// Birthdays in the band on `today`: `(after, up_to)` — born after the first date and on or
    /// before the second (so the birthday index answers the filter).
    pub fn birthday_range(self, today: NaiveDate) -> (NaiveDate, NaiveDate) {
        let (lower, upper) = self.bounds();
        (years_before(today, upper), years_before(today, lower))
    }
}

/// Full years from `birthday` to `today`; `None` for a birthday in the future.
pub fn age_on(birthday: NaiveDate, today: NaiveDate) -> Option<u32> {
    if birthday > today {
        return None;
    }
    let mut age = today.year() - birthday.year();
    if (today.month(), today.day()) < (birthday.month(), birthday.day()) {
        age -= 1;
    }
    u32::try_from(age).ok()
}

/// The same day `years` earlier (29 February becomes 28 February).
fn years_before(day: NaiveDate, years: u32) -> NaiveDate {
    day.checked_sub_months(Months::new(years * 12))
        .unwrap_or(NaiveDate::MIN)
}

crate::closed_set!(
    /// Where a creator lives: Japan, or overseas (the special prefecture id 99).
    Region {
        Japan = "japan",
        Overseas = "overseas",
    }
);

/// Any record shown by id and name (plans, prefectures, genre groups, tags, teams); the clients'
/// domain uses it too.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow, serde::Deserialize)]
pub struct NamedRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SkillView {
    pub genre_group: NamedRef,
    pub genres: Vec<NamedRef>,
    pub detail: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PortfolioView {
    pub portfolio: String,
    /// not_set, publishable, conditionally_publishable or unpublishable.
    pub publishability: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PossibleWorkView {
    pub id: i64,
    pub work_name: String,
    pub achievement: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct LanguageView {
    /// english 1, korean 2, chinese 3, french 4, german 5, italian 6, other 99999.
    pub id: i32,
    /// 1..5.
    pub level: i16,
}

#[derive(Debug, Clone, Serialize, ToSchema, serde::Deserialize)]
pub struct SocialLink {
    /// twitter 1, facebook 2, instagram 3, line 4, blog/homepage 5.
    pub id: i64,
    pub url: String,
}

/// What only staff (and the creator themself) see of a creator: identity, contact and address.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PrivateProfile {
    pub mail_address: String,
    pub last_name: String,
    pub first_name: String,
    pub last_name_kana: String,
    pub first_name_kana: String,
    pub account_type: String,
    pub company_name: String,
    pub representative_name: String,
    pub sex: Option<String>,
    pub birthday: Option<NaiveDate>,
    pub phone_number: String,
    pub postal_code: String,
    pub city_address: String,
    pub street_address: String,
    pub building_name: String,
    /// active, banned or left.
    pub account_status: String,
}

/// What the caller may do on a creator's page; the web app shows exactly this.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, Default)]
pub struct CreatorAbilities {
    /// Read and write the memo of the caller's client company (clients).
    pub can_write_memo: bool,
    /// Read every client company's memo about the creator (staff).
    pub can_read_client_memos: bool,
    /// Read and write the staff memo (staff).
    pub can_write_manager_memo: bool,
    /// Read the NG combinations (staff).
    pub can_read_combinations: bool,
    /// Change the NG combinations (manager, admin).
    pub can_edit_combinations: bool,
    /// Change the creator's search tags (staff).
    pub can_edit_tags: bool,
    /// See the creator's tasks page.
    pub can_read_tasks: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreatorDetail {
    pub id: i64,
    pub user_name: String,
    /// general or editor_assistant.
    pub role_type: String,
    pub image_file: Option<ImageFile>,
    pub work_status: WorkStatus,
    pub prefecture: Option<Prefecture>,
    /// Never the birthday itself for clients.
    pub age_band: Option<AgeBand>,
    pub profile_text: String,
    pub skills: Vec<SkillView>,
    /// Absent for clients when the creator marked it unpublishable.
    pub portfolio: Option<PortfolioView>,
    pub possible_works: Vec<PossibleWorkView>,
    pub languages: Vec<LanguageView>,
    pub socials: Vec<SocialLink>,
    /// Profile photo policy: unanswered, face_photo, profile_photo, illustration.
    pub can_open_image_type: Option<String>,
    pub available_time_slot: Option<String>,
    /// Staff and the creator themself only; the keys are absent otherwise.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = private_profile_keys)]
    pub private: Option<PrivateProfile>,
    #[serde(flatten)]
    pub abilities: CreatorAbilities,
}

/// The private keys as they are flattened into `CreatorDetail`: all there or none, so the
/// document lists them without requiring any (a null or a required set would refuse the page
/// a client sees).
fn private_profile_keys() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::PartialSchema;
    let mut schema = PrivateProfile::schema();
    if let utoipa::openapi::RefOr::T(utoipa::openapi::schema::Schema::Object(object)) = &mut schema
    {
        object.required.clear();
    }
    schema
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SimpleCreator {
    pub id: i64,
    pub user_name: String,
    pub image_file: Option<ImageFile>,
    pub work_status: WorkStatus,
}

/// One search result.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreatorCard {
    pub id: i64,
    pub user_name: String,
    pub image_file: Option<ImageFile>,
    pub work_status: WorkStatus,
    pub prefecture_name: Option<String>,
    pub age_band: Option<AgeBand>,
    /// Genre names of the creator's skills, by group and position.
    pub genres: Vec<String>,
    /// The tags the creator carries (never exclude-type ones).
    pub tags: Vec<NamedRef>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn ages_count_full_years() {
        assert_eq!(age_on(day(2000, 5, 10), day(2026, 5, 9)), Some(25));
        assert_eq!(age_on(day(2000, 5, 10), day(2026, 5, 10)), Some(26));
        assert_eq!(age_on(day(2030, 1, 1), day(2026, 5, 10)), None);
    }

    #[test]
    fn bands_follow_the_spec_bounds() {
        let today = day(2026, 11, 24);
        assert_eq!(AgeBand::of(day(2010, 1, 1), today), Some(AgeBand::Teens));
        assert_eq!(
            AgeBand::of(day(2006, 11, 24), today),
            Some(AgeBand::EarlyTwenties)
        );
        assert_eq!(AgeBand::of(day(2006, 11, 25), today), Some(AgeBand::Teens));
        assert_eq!(
            AgeBand::of(day(1996, 11, 25), today),
            Some(AgeBand::LateTwenties)
        );
        assert_eq!(
            AgeBand::of(day(1940, 1, 1), today),
            Some(AgeBand::OverSixties)
        );
    }

    #[test]
    fn birthday_ranges_agree_with_the_bands() {
        let today = day(2026, 11, 24);
        for band in AgeBand::ALL {
            let (after, up_to) = band.birthday_range(today);
            assert_eq!(AgeBand::of(up_to, today), Some(*band), "{band}");
            if *band != AgeBand::OverSixties {
                assert_ne!(AgeBand::of(after, today), Some(*band), "{band}");
                assert_eq!(AgeBand::of(after.succ_opt().unwrap(), today), Some(*band));
            }
        }
    }
}
