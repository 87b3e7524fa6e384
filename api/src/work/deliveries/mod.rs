//! Deliveries: the client deliveries list, delivery reports, uploaded destinations, deliverable works.

pub mod access;
pub mod admin;
mod db;
pub mod http;
pub mod model;
