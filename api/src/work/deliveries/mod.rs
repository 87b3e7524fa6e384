//! Deliveries: registering one (`register`, also used by manuscripts), the client deliveries
//! list, delivery reports, uploaded destinations, deliverable works.

pub mod access;
pub mod admin;
mod db;
pub mod events;
pub mod http;
pub mod model;
mod register;

pub use register::{Delivery, Registered, ensure_deliverable, open, register};
