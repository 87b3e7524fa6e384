//! Works (products) of a project, and the CRM unit pricing of operation-agency works.

mod access;
pub mod crm;
mod db;
pub mod http;
pub mod model;
