//! `maintenance.changed`: every open page learns of a window scheduled, cancelled, started or
//! ended at once (the global broadcast; anonymous pages too).

use crate::maintenance::{MaintenanceState, db};
use crate::state::AppState;

crate::impl_event!(MaintenanceState, MaintenanceChanged, |_e| vec![
    realtime::Room::All
]);

/// Reads the schedule and pushes it to everyone; returns what was pushed.
pub async fn announce(state: &AppState) -> sqlx::Result<MaintenanceState> {
    let current = db::schedule(&state.db).await?;
    crate::platform::events::emit(&state.hub, &current).await;
    Ok(current)
}
