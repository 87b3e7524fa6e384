//! Money: creators' rewards and their monthly confirmation (and, as issue 13 lands, purchase
//! orders and payments).

pub mod confirmations;
pub mod purchase_orders;
pub mod rewards;
