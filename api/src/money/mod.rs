//! Money: creators' rewards and their monthly confirmation, purchase orders, and payments (the
//! accountant's tabs and the transfer file).

pub mod confirmations;
pub mod payments;
pub mod purchase_orders;
pub mod rewards;
