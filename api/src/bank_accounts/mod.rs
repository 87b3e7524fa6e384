//! A creator's payee: the bank account rewards are paid to, picked from the master bank and
//! branch list, and the optional invoice registration number.

pub mod access;
mod db;
pub mod http;
pub mod invoice_registry;
pub mod model;
pub mod rules;

pub use db::{payee_for_month, payees_for_month, record_version};
