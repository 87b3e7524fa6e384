//! Work: projects, works (products), tasks, deliveries and inspection.

pub mod status;
