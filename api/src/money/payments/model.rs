//! The payment tabs and the downloads page as the API answers them. Money is integer yen.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::money::rewards::model::RewardLine;
use crate::platform::pagination::Paging;

/// A confirmed month (`reward_confirmations`).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Confirmation {
    #[serde(skip)]
    pub id: i64,
    /// The first day of the month.
    pub month: NaiveDate,
    pub confirmed_at: DateTime<Utc>,
    pub statement_count: i32,
    pub total_reward_amount: i64,
}

/// The month a tab shows and whether staff have confirmed it.
#[derive(Debug, Serialize, ToSchema)]
pub struct MonthState {
    pub year: i32,
    pub month: u32,
    pub is_confirmed: bool,
    pub confirmed_at: Option<DateTime<Utc>>,
    /// The day the month is transferred (`payday::payment_date`).
    pub payment_date: NaiveDate,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreatorRef {
    pub id: i64,
    pub user_name: String,
}

/// One done task of the month and one creator it pays (tab completed_task_payments).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CompletedTaskPayment {
    #[serde(flatten)]
    pub line: RewardLine,
    pub creator: CreatorRef,
    /// On a confirmed statement (its amount is then the one stored and paid).
    pub is_confirmed: bool,
    /// The day (Tokyo) the latest deliverable was received; `None` for work done off the
    /// platform (no delivery).
    pub received_on: Option<NaiveDate>,
    /// The payment date its purchase order states (the end of the month after receipt).
    pub payment_due_date: Option<NaiveDate>,
    /// The month's transfer comes after that date: the task was accepted after the month of
    /// its receipt had been confirmed.
    pub is_paid_late: bool,
}

/// `GET /payments/completed_tasks`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CompletedTaskPayments {
    pub base_url: String,
    #[serde(flatten)]
    pub paging: Paging,
    #[serde(flatten)]
    pub month: MonthState,
    pub tasks: Vec<CompletedTaskPayment>,
}

/// The figures of one statement (stored or live).
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema, PartialEq, Eq)]
pub struct Amounts {
    pub subtotal_reward_amount: i64,
    pub consumption_tax: i64,
    pub withholding_tax: i64,
    pub usage_fee: i64,
    /// What is transferred.
    pub total_reward_amount: i64,
}

impl Amounts {
    pub fn add(&mut self, other: &Amounts) {
        self.subtotal_reward_amount += other.subtotal_reward_amount;
        self.consumption_tax += other.consumption_tax;
        self.withholding_tax += other.withholding_tax;
        self.usage_fee += other.usage_fee;
        self.total_reward_amount += other.total_reward_amount;
    }
}

/// One creator's payment of the month (tab payment_for_users).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserPayment {
    pub user_id: i64,
    pub user_name: String,
    /// The name paid: the company for a corporation, else the person's name.
    pub payee_name: String,
    /// `personal` or `corporate`.
    #[schema(value_type = crate::users::model::AccountType)]
    pub account_type: String,
    /// Tasks on the statement.
    pub task_count: i64,
    #[serde(flatten)]
    pub amounts: Amounts,
    /// Whether the payment has an account to go to (the month's account when confirmed).
    pub has_bank_account: bool,
    /// Stored figures of a confirmed month; false means computed now (未確定).
    pub is_confirmed: bool,
}

/// The month's sums over every creator, not only the page.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
pub struct PaymentSums {
    pub user_count: i64,
    #[serde(flatten)]
    pub amounts: Amounts,
    /// Creators without a bank account (their payment cannot be transferred yet).
    pub without_bank_account_count: i64,
}

/// `GET /payments/users`.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserPayments {
    pub base_url: String,
    #[serde(flatten)]
    pub paging: Paging,
    #[serde(flatten)]
    pub month: MonthState,
    pub sums: PaymentSums,
    pub users: Vec<UserPayment>,
}

/// A bank account as the accountant reads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AccountView {
    pub bank_code: String,
    pub bank_name: String,
    pub branch_code: String,
    pub branch_name: String,
    /// `ordinary` (普通), `current` (当座) or `savings` (貯蓄).
    pub deposit_type: String,
    pub number: String,
    pub holder_kana: String,
}

/// A creator's current payee (tab bank_accounts).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PayeeAccount {
    pub user_id: i64,
    pub user_name: String,
    pub name: String,
    pub name_kana: String,
    /// `None` when the creator has not registered one.
    pub bank_account: Option<AccountView>,
    pub invoice_registration_number: Option<String>,
    /// The first month paid to this account.
    pub pays_from: Option<NaiveDate>,
}

/// `GET /payments/bank_accounts`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayeeAccounts {
    pub base_url: String,
    #[serde(flatten)]
    pub paging: Paging,
    pub accounts: Vec<PayeeAccount>,
}

/// A confirmed month on the downloads page.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DownloadMonth {
    pub year: i32,
    pub month: i32,
    pub confirmed_at: DateTime<Utc>,
    pub statement_count: i64,
    pub total_reward_amount: i64,
    /// The data records of the transfer file: statements with an account and a positive total.
    pub transfer_count: i64,
    pub transfer_total: i64,
    /// Statements left out of the file for want of an account.
    pub without_bank_account_count: i64,
    /// The month's transfer day; always set by the handler (`payday::payment_date`), `None`
    /// only between the row being read and that.
    #[sqlx(skip)]
    #[schema(value_type = NaiveDate)]
    pub payment_date: Option<NaiveDate>,
}

/// `GET /admin/downloads`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DownloadMonths {
    pub months: Vec<DownloadMonth>,
}
