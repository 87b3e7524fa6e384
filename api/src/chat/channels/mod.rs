//! Channels: who may read and write them, details, members, unread counts and read positions.

pub mod access;
mod db;
pub mod http;
pub mod model;

pub use db::{ChannelsOf, channels_where};
