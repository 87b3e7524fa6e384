//! Media of client companies: the list, the staff's form, the detail, its information (genre
//! group, search tags, managers), its members, option payments and customer information.

pub mod access;
mod db;
pub mod events;
pub mod http;
pub mod model;
