//! The application state every handler receives.

use std::sync::Arc;

use realtime::Hub;
use sqlx::PgPool;

use crate::auth::session_cache::SessionCache;
use crate::auth::site_verify::SiteVerifier;
use crate::config::Config;
use crate::maintenance::cache::ScheduleCache;
use crate::platform::mail::Mailer;

#[derive(Clone)]
pub struct AppState {
    pub db: PgPool,
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
}
