//! Who is asking: passwords, sessions, two-step verification, login throttling and the bot check.

mod db;
pub mod http;
pub mod password;
pub mod rate_limit;
pub mod role;
pub mod session;
pub mod session_cache;
pub mod site_verify;
pub mod token;
pub mod two_step;
