//! Purchase orders as the API answers them.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::money::purchase_orders::terms::payment_due;
use crate::platform::pagination::Paging;

crate::closed_set!(
    /// Why a version of a purchase order was issued (`issue.rs`).
    IssueReason {
        Taken = "taken",
        Revised = "revised",
        Backfilled = "backfilled",
    }
);

/// The number printed on a purchase order: the task and the version (`000123-2`).
pub fn number(task_id: i64, version: i32) -> String {
    format!("{task_id:06}-{version}")
}

/// One order in the list: its current version. Read as stored; `complete` adds what follows
/// from it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct PurchaseOrderSummary {
    pub id: i64,
    #[sqlx(skip)]
    pub number: String,
    pub version: i32,
    /// Whether earlier versions exist (the terms changed after the order).
    #[sqlx(skip)]
    pub is_revised: bool,
    pub issued_at: DateTime<Utc>,
    pub task_id: i64,
    pub task_type: String,
    pub title: String,
    pub client_name: String,
    pub media_name: String,
    pub order_date: NaiveDate,
    pub due_date: Option<NaiveDate>,
    /// Yen without consumption tax; `None` while undecided.
    pub reward_amount: Option<i64>,
    pub consumption_tax: Option<i64>,
    /// Reward plus consumption tax.
    #[sqlx(skip)]
    pub total_amount: Option<i64>,
    /// The day the latest deliverable was received (Tokyo).
    pub received_on: Option<NaiveDate>,
    /// Set once a deliverable was received (the end of the next month).
    #[sqlx(skip)]
    pub payment_due_date: Option<NaiveDate>,
}

impl PurchaseOrderSummary {
    pub fn complete(self) -> Self {
        Self {
            number: number(self.task_id, self.version),
            is_revised: self.version > 1,
            total_amount: total(self.reward_amount, self.consumption_tax),
            payment_due_date: self.received_on.map(payment_due),
            ..self
        }
    }
}

/// Reward plus consumption tax, when the reward is decided.
pub fn total(reward_amount: Option<i64>, consumption_tax: Option<i64>) -> Option<i64> {
    Some(reward_amount? + consumption_tax?)
}

/// `GET /users/{id}/purchase_orders`: newest order first.
#[derive(Debug, Serialize, ToSchema)]
pub struct PurchaseOrderList {
    pub base_url: String,
    #[serde(flatten)]
    pub paging: Paging,
    pub purchase_orders: Vec<PurchaseOrderSummary>,
}

/// 発注者: the platform's operator.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Issuer {
    pub name: String,
    pub address: String,
    pub invoice_registration_number: Option<String>,
}

/// 受注者: the creator.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Recipient {
    pub user_id: i64,
    /// The company name of a corporate payee, else family and given name.
    pub name: String,
    /// `personal` or `corporate`.
    #[schema(value_type = crate::users::model::AccountType)]
    pub account_type: String,
    pub invoice_registration_number: Option<String>,
}

/// One version of the same order, for the links between them.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct VersionRef {
    pub id: i64,
    pub version: i32,
    pub issued_at: DateTime<Utc>,
}

/// `GET /users/{id}/purchase_orders/{purchase_order_id}`: everything Freelance Act art. 3 asks
/// a purchase order to state. The terms are as issued; receipt, inspection and the payment date
/// are what has happened since.
#[derive(Debug, Serialize, ToSchema)]
pub struct PurchaseOrder {
    pub id: i64,
    pub number: String,
    pub version: i32,
    /// `taken`, `revised` or `backfilled` (issued for an order older than purchase orders).
    #[schema(value_type = IssueReason)]
    pub reason: String,
    pub issued_at: DateTime<Utc>,
    /// A newer version replaces this one.
    pub is_superseded: bool,
    pub superseded_by: Option<i64>,
    /// What changed against the previous version (`reward_amount`, `due_date`, …).
    pub changed_fields: Vec<String>,
    /// Every version of this order, oldest first.
    pub versions: Vec<VersionRef>,
    pub issuer: Issuer,
    pub recipient: Recipient,
    /// Whom the work is for.
    pub client_name: String,
    pub media_name: String,
    pub project_name: String,
    pub work_name: String,
    /// The content of the work.
    pub task_id: i64,
    pub task_type: String,
    pub title: String,
    /// Yen without consumption tax; `None` while undecided (未定).
    pub reward_amount: Option<i64>,
    /// An exact decimal string (`"10"`).
    pub consumption_tax_rate_percent: String,
    pub consumption_tax: Option<i64>,
    pub total_amount: Option<i64>,
    /// Income tax is withheld from the payment (individual payees).
    pub withholding_applies: bool,
    pub order_date: NaiveDate,
    pub due_date: Option<NaiveDate>,
    pub delivery_place: String,
    /// The day the latest deliverable was received (Tokyo).
    pub received_on: Option<NaiveDate>,
    /// The day the delivery was accepted (検収完了日).
    pub inspected_on: Option<NaiveDate>,
    /// The rule (納品月の翌月末日 …) and, once received, the date.
    pub payment_terms: String,
    pub payment_due_date: Option<NaiveDate>,
    pub payment_method: String,
}
