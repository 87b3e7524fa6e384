//! Money: rewards (and, as issue 13 lands, confirmations, purchase orders and payments).

pub mod purchase_orders;
pub mod rewards;
