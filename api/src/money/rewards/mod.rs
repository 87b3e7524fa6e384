//! Creators' rewards: `tax` holds every money rule of a statement; `statement` is the one
//! reading of a month or a year (stored when confirmed, live otherwise); `http` answers
//! `/users/{id}/rewards/…` and its downloads (`documents`).

pub mod access;
pub mod admin;
pub mod db;
pub mod documents;
pub mod http;
pub mod model;
pub mod statement;
pub mod tax;
