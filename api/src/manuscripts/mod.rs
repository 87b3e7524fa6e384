//! Manuscripts (原稿, issue 44): one collaborative rich-text document per textual task, edited
//! live through the hub (`sync.rs`, the hub's view in `platform::realtime_auth`), with editor
//! links (`links.rs`), named versions and the character count (`count.rs`) shared with the web;
//! a version is delivered through the task's delivery as Word and HTML files (`export.rs`);
//! images uploaded into a manuscript belong to it (`images.rs`).

pub mod access;
pub mod comments;
pub mod count;
pub mod db;
pub mod doc;
pub mod events;
pub mod export;
pub mod http;
pub mod images;
pub mod links;
pub mod model;
pub mod sync;

/// The task types whose work is a text, and so may have a manuscript. Left out: direction
/// (it manages others' work), CMS入稿 (it enters a finished text elsewhere), illustration and
/// design, image selection.
pub const TEXTUAL_TASK_TYPES: &[&str] = &[
    "writing",
    "proofreading_and_review",
    "planning",
    "supervise",
    "coverage_and_shooting",
    "other",
];
