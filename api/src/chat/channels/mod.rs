//! Channels: who may read and write them, details, members, unread counts and read positions.

pub mod access;
pub mod http;
pub mod model;
