//! A creator's statements as the API answers them.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::money::rewards::tax::Figures;
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

/// A line of a live statement, with whose it is and the medium's company (what a confirmation
/// stores).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpenLine {
    pub user_id: i64,
    pub client_id: Option<i64>,
    #[sqlx(flatten)]
    pub line: RewardLine,
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
    pub confirmed_at: Option<DateTime<Utc>>,
    pub rewards: Vec<RewardLine>,
}

/// One month of `AnnualRewards`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MonthSummary {
    pub month: u32,
    pub subtotal_reward_amount: i64,
    pub consumption_tax: i64,
    pub withholding_tax: i64,
    pub usage_fee: i64,
    pub total_reward_amount: i64,
    pub task_count: i64,
    pub is_confirmed: bool,
}

/// `GET /users/{id}/rewards/{year}`: the twelve months and the year's sums (the figures of a
/// 支払調書 and a tax return).
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnualRewards {
    pub base_url: String,
    pub year: i32,
    pub subtotal_reward_amount: i64,
    pub consumption_tax: i64,
    pub withholding_tax: i64,
    pub usage_fee: i64,
    pub total_reward_amount: i64,
    pub rewards: Vec<MonthSummary>,
    /// The years with rewards, newest first (always including this one).
    pub years: Vec<i32>,
}

impl MonthSummary {
    pub fn new(month: u32, figures: Figures, task_count: i64, is_confirmed: bool) -> Self {
        Self {
            month,
            subtotal_reward_amount: figures.subtotal_reward_amount,
            consumption_tax: figures.consumption_tax,
            withholding_tax: figures.withholding_tax,
            usage_fee: figures.usage_fee,
            total_reward_amount: figures.total_reward_amount,
            task_count,
            is_confirmed,
        }
    }
}
