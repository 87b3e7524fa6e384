//! Guest share pages: a team's share link, the guest token it opens (120 minutes, spec section
//! 9) and the shared team's pages a guest may read — that team, its members and their public
//! details, child genres, and the members' publishable portfolio files. Nothing else.

pub mod access;
mod db;
pub mod http;
pub mod model;

pub use db::issue_share_link;
