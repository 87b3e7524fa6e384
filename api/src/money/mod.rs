//! Money: rewards, payments (and, as issue 13 lands, confirmations and purchase orders).

pub mod payments;
pub mod rewards;
