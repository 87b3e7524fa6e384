//! Possible works: the work types a creator takes on, each with a note on their achievements.

mod db;
pub mod http;
pub mod model;
