//! Work: projects, works (products), tasks, deliveries and inspection.

pub mod crm;
pub mod events;
pub mod scope;
pub mod sheet;
pub mod status;
pub mod task_type;
pub mod task_write;
