//! `assessments.changed`: a client's assessments moved (one was answered, the monthly job
//! created some); every open browser of the client's users updates the header's 未評価 count
//! and the assessment list.

use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::events;
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct AssessmentsChanged {
    pub client_id: i64,
    /// The assessment answered; absent when the monthly job created new ones.
    pub assessment_id: Option<i64>,
    pub unanswered_assessments_count: i64,
    #[serde(skip)]
    pub recipients: Vec<i64>,
}

crate::impl_event!(AssessmentsChanged, AssessmentsChanged, |e| events::users(
    e.recipients.iter().copied()
));

/// Pushes the client's new count to its users (after the change has committed).
pub async fn announce(state: &AppState, client_id: i64, assessment_id: Option<i64>) {
    let loaded = async {
        let count = super::unanswered_count(&state.db, client_id).await?;
        let recipients = crate::work::tasks::events::client_users(&state.db, client_id).await?;
        Ok::<_, crate::platform::error::AppError>((count, recipients))
    };
    match loaded.await {
        Ok((unanswered_assessments_count, recipients)) => {
            let event = AssessmentsChanged {
                client_id,
                assessment_id,
                unanswered_assessments_count,
                recipients,
            };
            events::emit(&state.hub, &event).await;
        }
        Err(error) => tracing::warn!(?error, client_id, "assessments.changed not pushed"),
    }
}
