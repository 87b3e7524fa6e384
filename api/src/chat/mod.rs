//! Team chat: teams, channels and messages (with reactions, pins, mentions and search).

pub mod channels;
pub mod messages;
pub mod search;
pub mod teams;
