//! The Profile of spec section 3 and its rules, said once for sign-up, client sign-up and the
//! profile edit: names and their katakana readings, display name, sex, birthday, phone, the
//! residence (Japan with a postal code and address, or overseas), and the profile image.
//!
//! `input.rs` is what the forms send, `rules.rs` how it is checked; the Profile as the API
//! returns it is `users::model::Profile`, and its SQL is in `users/db.rs` with the rest of the
//! domain's. Below: how other domains read and store a profile.

mod input;
mod rules;

use sqlx::PgExecutor;

pub use input::{BirthdayInput, PersonInput, ProfileInput};
pub use rules::{
    ACCOUNT_TYPES, ADDRESS_MAX, BIRTH_YEAR_MIN, COMPANY_MAX, NAME_MAX, OVERSEAS_POSTAL_CODE,
    PATTERN_KATAKANA, PersonValues, ProfileValues, RULE_DATE, RULE_KATAKANA, RULE_PHONE_DIGITS,
    SEXES, birthday, check_basic, check_person, check_profile, is_katakana, normalize_phone,
    validate, validate_into,
};

use crate::users::db;
use crate::users::model::Profile;

/// The profile of `user_id`.
pub async fn load(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<Profile>> {
    db::profile(db, user_id).await
}

/// Stores a validated profile on an existing user.
pub async fn save(
    db: impl PgExecutor<'_>,
    user_id: i64,
    values: &ProfileValues,
) -> sqlx::Result<()> {
    db::update_profile(db, user_id, values).await
}

/// Stores the basic information of a member who is not a creator.
pub async fn save_basic(
    db: impl PgExecutor<'_>,
    user_id: i64,
    person: &PersonValues,
    user_name: &str,
) -> sqlx::Result<()> {
    db::update_person(db, user_id, person, user_name).await
}

/// A new account: who it is for and how it signs in.
pub struct NewAccount<'a> {
    pub mail_address: &'a str,
    pub password_hash: &'a str,
    pub role: crate::auth::role::Role,
    pub client_id: Option<i64>,
    pub user_name: &'a str,
    pub person: &'a PersonValues,
}

/// Creates a user with a person's names; `None` when the address is already registered.
pub async fn create_account(
    db: impl PgExecutor<'_>,
    account: &NewAccount<'_>,
) -> sqlx::Result<Option<i64>> {
    db::insert_user(db, account).await
}
