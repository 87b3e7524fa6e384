//! Users: the User record as the API returns it, the people picker and the Profile (its rules
//! are shared by sign-up, client sign-up and the profile edit), and what staff do to users:
//! role changes, admin flags and the leave process (`admin`, `flags`, `leaving`).

pub mod access;
pub mod admin;
mod db;
pub mod events;
pub mod flags;
pub mod http;
pub mod leaving;
pub mod model;
pub mod profile;
