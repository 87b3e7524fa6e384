//! Which release this node runs, and the announcement a new release makes to every browser.

use std::path::Path;

use realtime::Hub;
use serde::Deserialize;
use sqlx::PgPool;

#[derive(Deserialize)]
struct RevisionFile {
    revision_no: String,
}

/// `REVISION_NO` when set, else the revision the web build wrote, else the server's build time.
pub fn resolve(configured: Option<&str>, web_dir: &Path) -> String {
    if let Some(revision) = configured {
        return revision.to_string();
    }
    std::fs::read(web_dir.join("revision.json"))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<RevisionFile>(&bytes).ok())
        .map(|file| file.revision_no)
        .unwrap_or_else(|| env!("TSUMUGI_BUILD_TIME").to_string())
}

/// Records the revision; the first node to start a new one tells every socket on every node.
pub async fn announce(db: &PgPool, hub: &Hub, revision_no: &str) -> sqlx::Result<bool> {
    let is_new = crate::system::db::record_release(db, revision_no).await?;
    if is_new {
        tracing::info!(revision_no, "new release; announcing it");
        let bumped = VersionBumped {
            revision_no: revision_no.to_string(),
        };
        crate::platform::events::emit(hub, &bumped).await;
    }
    Ok(is_new)
}

/// A new release started: every open browser compares it with its own build.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct VersionBumped {
    pub revision_no: String,
}

crate::impl_event!(VersionBumped, VersionBumped, |_e| vec![realtime::Room::All]);
