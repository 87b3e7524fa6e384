//! Work: projects, works (products), tasks, deliveries and inspection, spreadsheets.

pub mod deliveries;
pub mod projects;
pub mod sheets;
pub mod tasks;
pub mod works;
