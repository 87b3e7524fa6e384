//! Users: the User record as the API returns it, and the people picker.

mod db;
pub mod http;
pub mod model;
