//! Registering a delivery, the one way a task receives one: uploaded files or a URL
//! (`POST /tasks/{id}/deliveries`) and a manuscript's named version delivered as generated files
//! (`POST /manuscripts/{id}/versions/{version_id}/deliver`). The writes happen inside the
//! caller's transaction; `Registered::publish` pushes once it has committed.

use crate::files::scan::ScanStatus;
use crate::notices::NoticeType;
use crate::platform::error::{AppError, AppResult};
use crate::state::AppState;
use crate::work::deliveries::access::status_takes_delivery;
use crate::work::deliveries::db;
use crate::work::deliveries::events::DeliveryRegistered;
use crate::work::deliveries::model::DeliveryType;
use crate::work::tasks::events::{
    CreatedNotices, TaskState, announce, client_users, notify_client, task_state, user_name,
};

/// The task `user_id` delivers for, locked in the transaction: 404 when it is missing or
/// invalidated, 403 unless the user took it. Checked before anything about the delivery.
pub async fn open(tx: &mut sqlx::PgConnection, task_id: i64, user_id: i64) -> AppResult<TaskState> {
    let task = task_state(&mut *tx, task_id, true).await?;
    if !db::has_taken(&mut *tx, task_id, user_id).await? {
        return Err(AppError::Forbidden);
    }
    Ok(task)
}

/// 422 unless the task takes a delivery in its status (doing, or a new one while under
/// acceptance).
pub fn ensure_deliverable(task: &TaskState) -> AppResult<()> {
    if status_takes_delivery(task.status) {
        Ok(())
    } else {
        Err(AppError::rule(
            "status",
            format!("transition:{},under_acceptance", task.status),
        ))
    }
}

/// What is delivered.
pub struct Delivery {
    pub delivery_type: DeliveryType,
    /// An external delivery's URL.
    pub url: Option<String>,
    /// Files the deliverer owns (uploaded, or generated for them), attached in this order.
    pub file_ids: Vec<i64>,
    /// The manuscript version the files were made from.
    pub manuscript_version_id: Option<i64>,
}

/// A delivery written in a transaction that has not been announced yet.
#[must_use = "publish it once the transaction has committed"]
pub struct Registered {
    task_id: i64,
    delivery_id: i64,
    delivery: Delivery,
    notices: CreatedNotices,
}

/// Registers `delivery` by `user_id` for `task` (from `open`) inside `tx`: the delivery and its
/// files (each the user's own and not infected), the task moved to under_acceptance, and the
/// client's users' notice 「…の納品がありました。検収してください」.
pub async fn register(
    tx: &mut sqlx::PgConnection,
    task: &TaskState,
    user_id: i64,
    delivery: Delivery,
) -> AppResult<Registered> {
    ensure_deliverable(task)?;
    let delivery_id = db::insert_delivery(
        &mut *tx,
        task.id,
        user_id,
        delivery.delivery_type,
        delivery.url.as_deref(),
        delivery.manuscript_version_id,
    )
    .await?;
    for &file_id in &delivery.file_ids {
        match db::own_file_scan_status(&mut *tx, file_id, user_id).await? {
            None => return Err(AppError::rule("file_ids", "exists")),
            Some(ScanStatus::Infected) => return Err(AppError::rule("file_ids", "infected")),
            Some(_) => {}
        }
        db::attach_file(&mut *tx, delivery_id, file_id).await?;
    }
    // Delivering only moves the task to inspection and touches updated_at.
    db::mark_delivered(&mut *tx, task.id).await?;
    let name = user_name(&mut *tx, user_id).await?;
    let notices = notify_client(
        &mut *tx,
        task,
        NoticeType::CheckDelivery,
        format!(
            "{name}さんから「{}」の納品がありました。検収してください",
            task.title
        ),
    )
    .await?;
    Ok(Registered {
        task_id: task.id,
        delivery_id,
        delivery,
        notices,
    })
}

impl Registered {
    /// After the commit: `task.updated` and the notices, then `delivery.registered` to the
    /// client's users. The answer to the deliverer is the same payload.
    pub async fn publish(self, state: &AppState) -> AppResult<DeliveryRegistered> {
        let task = announce(state, self.task_id, self.notices).await?;
        let registered = DeliveryRegistered {
            task_id: self.task_id,
            delivery_id: self.delivery_id,
            delivery_type: self.delivery.delivery_type,
            url: self.delivery.url,
            file_ids: self.delivery.file_ids,
            manuscript_version_id: self.delivery.manuscript_version_id,
            updated_at: task.updated_at,
            recipients: client_users(&state.db, task.client_id).await?,
        };
        crate::platform::events::emit(&state.hub, &registered).await;
        Ok(registered)
    }
}
