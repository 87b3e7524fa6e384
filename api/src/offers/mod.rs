//! Offer templates.

mod db;
pub mod http;
pub mod model;
