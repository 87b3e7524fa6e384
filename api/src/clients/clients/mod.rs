//! Client companies: the staff's list and form, the company's accounts and invitations, public
//! clients, plans, and the creators working in a client's teams.

pub mod access;
mod db;
pub mod http;
pub mod model;
