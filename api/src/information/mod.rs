//! Information posts: staff write a notice for an audience of roles with a scheduled start; a
//! scheduler publishes each post when it is due (once, whatever the number of nodes) and pushes
//! `information.published` to the audience, whose open browsers show the latest-notices dialog.
//! A member's `users.information_seen_at` says what they have seen, so whoami knows whether
//! there is something new.

pub mod access;
pub mod db;
pub mod events;
pub mod http;
pub mod model;
pub mod scheduler;
