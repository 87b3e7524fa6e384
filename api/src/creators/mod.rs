//! Creators as others see them: the creator page (detail, attributes, tasks), the creator
//! search, memos, NG combinations and search tags, with one who-may-see rule (`access.rs`).

pub mod access;
mod db;
pub mod detail;
pub mod http;
pub mod model;
pub mod notes;
pub mod search;

/// The creator search of `GET /users/search` (one page of cards and the total), for the teams'
/// candidate list.
pub(crate) use db::search as search_creators;
pub use db::{ClientMemo, CreatorSearchTag, GenreGroupOption, ManagerMemo, SearchTag, UserRef};
