//! Assessments: every month a client rates each creator who completed work for it (quality,
//! deadlines, communication, would ask again, a comment). The monthly job (`job.rs`) creates
//! them; the client's users answer; the header count and the reminder dialog follow.

mod access;
mod db;
pub mod events;
pub mod http;
pub mod job;
pub mod model;

pub use db::unanswered_count;
