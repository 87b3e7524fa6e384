//! The system endpoints: health, the running revision and its announcement.

pub mod http;
pub mod revision;
