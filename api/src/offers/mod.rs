//! Offer templates.

mod db;
pub mod http;
