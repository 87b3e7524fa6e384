//! Message search: words folded for width, case and kana, looked up through a character and
//! character-pair GIN index within the channels the caller may read now
//! (`docs/decisions/message-search.md`).

mod db;
pub mod fold;
pub mod http;
