//! The work status a creator answers (accepting, conditionally accepting, not accepting).

mod db;
pub mod http;
