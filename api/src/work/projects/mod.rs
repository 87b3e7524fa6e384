//! Projects: the list, detail, and the status machine.

mod db;
pub mod http;
pub mod status;
