//! Offer templates.

pub mod http;
