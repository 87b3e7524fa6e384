//! Deliveries: the client deliveries list, delivery reports, uploaded destinations, deliverable works.

pub mod http;
