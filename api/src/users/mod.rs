//! Users: the User record as the API returns it, the people picker and the Profile (its rules
//! are shared by sign-up, client sign-up and the profile edit).

mod db;
pub mod http;
pub mod model;
pub mod profile;
