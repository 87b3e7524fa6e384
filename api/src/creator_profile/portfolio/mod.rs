//! The portfolio: a text (URLs, a description), whether clients may see it, and up to ten
//! files the creator uploaded.

mod db;
pub mod http;
pub mod model;

crate::closed_set!(
    /// Whether the portfolio may be shown to clients.
    Publishability {
        NotSet = "not_set",
        Publishable = "publishable",
        ConditionallyPublishable = "conditionally_publishable",
        Unpublishable = "unpublishable",
    }
);
