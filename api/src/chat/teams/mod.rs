//! Teams as the caller sees them, and leader teams.

mod db;
pub mod http;

/// A user's favourite teams (the media teams list stars the same favourites).
pub(crate) use db::{add_favorite, remove_favorite};
