//! Tasks: the read model, who sees which task, writing tasks, answering offers, staff tools and task notices.

pub mod access;
pub mod admin;
mod db;
pub mod events;
pub mod http;
pub mod model;
pub mod task_type;
pub mod write;
