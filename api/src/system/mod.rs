//! The system endpoints: health, the running revision and its announcement; the hourly
//! housekeeping of tables that only grow.

mod db;
pub mod housekeeping;
pub mod http;
pub mod revision;
