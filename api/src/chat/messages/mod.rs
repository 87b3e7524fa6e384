//! Messages: history, sending, editing, reactions, pins and mentions.

pub mod http;
pub mod mentions;
pub mod model;
