//! A confirmed month as the API answers it.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::pagination::Paging;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
// Named apart from the payments' Confirmation: the document has one schema per name.
#[schema(as = RewardConfirmation)]
pub struct Confirmation {
    pub id: i64,
    pub year: i32,
    pub month: i32,
    pub confirmed_at: DateTime<Utc>,
    pub confirmed_by: Option<i64>,
    /// The staff member's display name; `None` when their account is gone.
    pub confirmed_by_name: Option<String>,
    /// How many creators are paid for the month.
    pub statement_count: i32,
    /// Σ what reaches the creators' banks.
    pub total_reward_amount: i64,
}

/// `GET /reward_confirmations`: newest month first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmationList {
    #[serde(flatten)]
    pub paging: Paging,
    pub reward_confirmations: Vec<Confirmation>,
    /// The newest month that may be confirmed now (the last month that has ended).
    pub latest_confirmable: YearMonth,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct YearMonth {
    pub year: i32,
    pub month: u32,
}

/// A delivery received in a month that is still awaiting inspection: once accepted it is paid
/// with that month only if the month is still open then.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct AwaitingTask {
    pub task_id: i64,
    pub title: String,
    pub project_id: i64,
    pub project_name: String,
    pub client_name: String,
    /// The day (Tokyo) the latest deliverable was received.
    pub received_on: NaiveDate,
}

/// `GET /reward_confirmations/awaiting_inspection`: what confirming the month now would push
/// into a later payment.
#[derive(Debug, Serialize, ToSchema)]
pub struct AwaitingInspection {
    pub year: i32,
    pub month: u32,
    /// All of them, however many are listed.
    pub total: i64,
    /// The oldest first, at most `AWAITING_LISTED`.
    pub tasks: Vec<AwaitingTask>,
}
