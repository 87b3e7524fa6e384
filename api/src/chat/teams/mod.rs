//! Teams as the caller sees them, and leader teams.

mod db;
pub mod http;
pub mod model;

/// The team list's query, for comparing the read pipeline with the pool (tests).
pub use db::{TeamsOf, push_teams_query};
/// A user's favourite teams (the media teams list stars the same favourites).
pub(crate) use db::{add_favorite, remove_favorite};
