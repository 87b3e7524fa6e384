//! Team chat: teams, channels and messages (with reactions, pins, mentions and search), and who
//! is online.

pub mod channels;
pub mod messages;
pub mod presence;
pub mod search;
pub mod teams;
