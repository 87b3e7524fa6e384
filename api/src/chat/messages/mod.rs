//! Messages: history, sending, editing, reactions, pins and mentions.

pub mod access;
mod db;
pub mod events;
pub mod http;
pub mod mentions;
pub mod model;
