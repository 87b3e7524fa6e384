//! A medium's teams of creators: teams, members with their memos, the member status machine,
//! offers from templates and the creators' answers, the client's message to a team, favourites,
//! and the notices and pushes each member-status change makes.

pub mod access;
mod changes;
mod db;
pub mod events;
pub mod http;
pub mod members;
pub mod model;
pub mod offers;
pub mod status;
