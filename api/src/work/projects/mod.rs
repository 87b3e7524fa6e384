//! Projects: the list, detail, and the status machine.

pub mod http;
pub mod status;
