//! Skills: per genre group, the genres a creator works in and a free note.

mod db;
pub mod http;
pub mod model;
