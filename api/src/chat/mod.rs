//! Team chat: who may see which team and channel, and the message representation shared by
//! REST answers and pushed events.

pub mod access;
pub mod mentions;
pub mod messages;
