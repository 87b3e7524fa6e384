//! Messages: history, sending, editing, reactions, pins and mentions.

pub mod access;
mod db;
pub mod events;
pub mod http;
pub mod mentions;
pub mod model;

/// Posting a message from another domain (same checks, notices and push as the REST call).
pub use http::{NewMessage, TOO_MANY_MESSAGES, post};

/// Loads live messages by id in the order given (what search answers with).
pub async fn load(db: &sqlx::PgPool, ids: &[i64]) -> sqlx::Result<Vec<model::MessageView>> {
    db::load(db, ids).await
}
