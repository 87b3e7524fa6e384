//! Publishing due posts: every node runs the loop; `db::publish_due` lets exactly one of them
//! publish each post, and the state lives in the database, so a restart neither loses nor
//! repeats one. The publishing transaction also queues the post's mails; the push follows the
//! commit.

use std::time::Duration;

use crate::information::db;
use crate::information::events::InformationPublished;
use crate::information::model::Post;
use crate::notices::mails::{self, MailKind, QueuedMail, Recipients};
use crate::platform::error::AppResult;
use crate::platform::events::emit;
use crate::state::AppState;

/// How often each node looks for due posts: a post goes live within a second of its start.
pub const TICK: Duration = Duration::from_secs(1);

/// Posts published per transaction; more wait for the next pass (which follows at once).
const BATCH: i64 = 100;

/// Publishes every due post this call wins, queues their mails, pushes
/// `information.published`; answers the posts it published.
pub async fn publish_due(state: &AppState) -> AppResult<Vec<Post>> {
    let mut published = Vec::new();
    loop {
        let mut tx = state.db.begin().await?;
        let batch = db::publish_due(&mut tx, BATCH).await?;
        for post in &batch {
            let roles: Vec<String> = post
                .audience_roles
                .iter()
                .map(|r| r.as_str().to_string())
                .collect();
            let detail = post
                .body
                .clone()
                .or_else(|| post.url.clone())
                .unwrap_or_default();
            let mail = QueuedMail {
                kind: MailKind::Information,
                summary: &post.title,
                detail: &detail,
                link_path: "/information",
            };
            mails::queue(&mut tx, Recipients::Roles(&roles), &mail).await?;
        }
        tx.commit().await?;
        for post in &batch {
            tracing::info!(information_id = post.id, "information published");
            let event = InformationPublished {
                item: post.item(),
                reached_roles: post.reached_roles().to_vec(),
            };
            emit(&state.hub, &event).await;
        }
        let full = batch.len() as i64 == BATCH;
        published.extend(batch);
        if !full {
            return Ok(published);
        }
    }
}

/// Runs `publish_due` every `TICK` on this node.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let result = publish_due(&state).await;
            if let Err(error) = &result {
                tracing::error!(?error, "publishing information failed");
            }
            crate::platform::metrics::job_ran("information_scheduler", result.is_ok());
            if !state.node.pause(TICK).await {
                break;
            }
        }
    })
}
