//! Team chat: teams, channels and messages (with reactions, pins and mentions).

pub mod channels;
pub mod messages;
pub mod teams;
