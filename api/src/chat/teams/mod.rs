//! Teams as the caller sees them, and leader teams.

pub mod http;
