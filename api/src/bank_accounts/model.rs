//! The bank account as the API returns it (spec section 3: bankAccount and invoice).

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

crate::closed_set!(
    /// How a bank account holds its money (`rules::DEPOSIT_TYPES`): 普通, 当座, 貯蓄.
    DepositType {
        Ordinary = "ordinary",
        Current = "current",
        Savings = "savings",
    }
);

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BankAccountDetail {
    pub bank_account: BankAccount,
    pub invoice: Invoice,
    /// The first day of the month whose payment goes to this account: a change made by the 5th
    /// pays that month, a later one from the next month.
    pub pays_from: Option<NaiveDate>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct BankAccount {
    pub id: i64,
    /// `None` only for accounts registered before the master list (the seeded demo row).
    pub bank_id: Option<i32>,
    pub bank_name: String,
    pub bank_code: String,
    pub bank_branch_id: Option<i64>,
    pub branch_name: String,
    pub branch_code: String,
    /// `ordinary` (普通), `current` (当座) or `savings` (貯蓄): stored only after
    /// `rules::DEPOSIT_TYPES` accepted it.
    #[schema(value_type = DepositType)]
    pub deposit_type: String,
    /// 7 digits.
    pub number: String,
    pub holder_kana: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Invoice {
    /// `T` and 13 digits; `None` when the creator is not a registered invoice issuer.
    pub registration_number: Option<String>,
}
