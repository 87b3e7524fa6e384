//! A creator's monthly statement as the API answers it.

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::pagination::Paging;

/// One completed task of the month.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct RewardLine {
    pub task_id: i64,
    pub title: String,
    pub task_type: String,
    pub completed_date: Option<NaiveDate>,
    /// Yen, excluding consumption tax.
    pub reward_amount: i64,
    pub media_id: i64,
    pub media_name: String,
    pub project_name: String,
    pub work_name: String,
}

/// `GET /users/{id}/rewards/{year}/{month}`. Rates are exact decimal strings (`"10"`,
/// `"10.21"`): money and rates never pass through floating point.
#[derive(Debug, Serialize, ToSchema)]
pub struct MonthlyRewards {
    pub base_url: String,
    #[serde(flatten)]
    pub paging: Paging,
    pub year: i32,
    pub month: u32,
    pub subtotal_reward_amount: i64,
    pub consumption_tax: i64,
    pub consumption_tax_rate_percent: String,
    pub withholding_tax: i64,
    pub reduced_withholding_rate_percent: Option<String>,
    pub usage_fee: i64,
    pub total_reward_amount: i64,
    /// Whether staff have closed the month (its figures are then stored, never recomputed).
    pub is_confirmed: bool,
    pub rewards: Vec<RewardLine>,
}
