//! The application state every handler receives.

use std::sync::Arc;

use realtime::Hub;
use sqlx::PgPool;

use crate::auth::session_cache::SessionCache;
use crate::auth::site_verify::SiteVerifier;
use crate::config::Config;
use crate::maintenance::cache::ScheduleCache;
use crate::platform::mail::Mailer;
use crate::platform::read_pipeline::ReadPipeline;
use crate::platform::storage::Storage;

/// Cloned once per request by every middleware layer that takes the state, so it is one
/// reference count (`Arc`), not one per field; fields are read through `Deref`.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

impl AppState {
    pub fn new(services: Services) -> AppState {
        AppState(Arc::new(services))
    }
}

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

/// What the handlers share: the database, the hub, the configuration and the node's caches.
pub struct Services {
    pub db: PgPool,
    /// The hottest reads, pipelined over a few shared connections (`platform::read_pipeline`).
    pub reads: ReadPipeline,
    pub hub: Hub,
    pub config: Arc<Config>,
    pub mailer: Mailer,
    pub site_verifier: Arc<dyn SiteVerifier>,
    pub redis: Option<redis::aio::ConnectionManager>,
    pub revision_no: Arc<str>,
    /// The maintenance schedule as the 503 guard reads it (at most once a second).
    pub maintenance: ScheduleCache,
    /// Bearer tokens as the middleware resolves them (each read at most once a second).
    pub sessions: SessionCache,
    /// Every stored byte: uploads and image variants (`platform::storage`).
    pub storage: Storage,
    /// The node's memory for the S3 parts uploads fill (`files::uploads::budget`).
    pub upload_budget: crate::files::uploads::budget::PartBudget,
    /// Signs and checks the short-lived download links of files (`files::links`).
    pub file_links: crate::files::links::LinkSigner,
    /// Signs and checks the editor links' tokens of manuscripts (`manuscripts::links`).
    pub manuscript_links: crate::manuscripts::links::TokenKey,
    /// Starting, ready or draining (`GET /api/ready`, the background jobs' pauses).
    pub node: crate::platform::lifecycle::Lifecycle,
}
