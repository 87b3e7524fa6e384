//! Attributes: availability, family, photo policy, children, incomes, contact ids, social links
//! (stored as one JSON document under fixed snake_case keys the creators domain also reads) and
//! the languages the creator speaks (rows of `user_languages`, which search filters on).

mod db;
pub mod http;
pub mod model;
