//! Teams as the caller sees them, and leader teams.

mod db;
pub mod http;
