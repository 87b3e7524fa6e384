//! Projects: the list, detail, and the status machine.

pub mod access;
mod db;
pub mod http;
pub mod model;
pub mod status;
