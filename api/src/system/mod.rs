//! The system endpoints: health, the running revision and its announcement.

mod db;
pub mod http;
pub mod revision;
