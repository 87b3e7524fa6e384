//! Accounts: sign-up and client invitations by single-use mail links, password recovery, the
//! member's password and mail address changes, generated passwords and mail notification
//! frequencies. The Profile and its rules live in `users::profile`.

mod db;
pub mod http;
pub mod invitations;
mod mails;
pub mod model;
pub mod password_rule;
mod signup_link;
pub mod throttle;
pub mod tokens;
