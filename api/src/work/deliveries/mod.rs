//! Deliveries: the client deliveries list, delivery reports, uploaded destinations, deliverable works.

pub mod access;
pub mod admin;
pub mod http;
pub mod model;
