//! Unit pricing of operation-agency works, read from a CRM behind one interface: the built-in
//! `crm_unit_prices` table by default, or an external CRM over HTTP when configured. A CRM
//! failure is its own error (502 with the spec's text) so the page can show it apart.

use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::config::Config;

pub const CRM_FAILURE: &str = "SFからのデータ取得に失敗しました。";

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, sqlx::FromRow, PartialEq)]
pub struct UnitPrice {
    /// A work type (writing, planning, …).
    pub task_type: String,
    pub unit_price: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum CrmError {
    #[error("the CRM order does not exist")]
    UnknownOrder,
    #[error("the CRM could not be read: {0}")]
    Unreachable(String),
}

/// Where unit prices come from.
pub enum UnitPricingSource<'a> {
    BuiltIn(&'a PgPool),
    Http { base_url: &'a str },
}

impl<'a> UnitPricingSource<'a> {
    pub fn configured(config: &'a Config, db: &'a PgPool) -> Self {
        match &config.crm_unit_pricing_url {
            Some(base_url) => UnitPricingSource::Http { base_url },
            None => UnitPricingSource::BuiltIn(db),
        }
    }

    pub async fn unit_pricing(&self, crm_order_id: &str) -> Result<Vec<UnitPrice>, CrmError> {
        match self {
            UnitPricingSource::BuiltIn(db) => {
                let prices: Vec<UnitPrice> = sqlx::query_as(
                    "select task_type, unit_price from crm_unit_prices where crm_order_id = $1 order by task_type",
                )
                .bind(crm_order_id)
                .fetch_all(*db)
                .await
                .map_err(|e| CrmError::Unreachable(e.to_string()))?;
                if prices.is_empty() {
                    Err(CrmError::UnknownOrder)
                } else {
                    Ok(prices)
                }
            }
            UnitPricingSource::Http { base_url } => {
                let url = format!(
                    "{}/orders/{}/unit_pricing",
                    base_url.trim_end_matches('/'),
                    crate::platform::text::percent_encode(crm_order_id)
                );
                let response = reqwest::Client::new()
                    .get(url)
                    .timeout(std::time::Duration::from_secs(5))
                    .send()
                    .await
                    .map_err(|e| CrmError::Unreachable(e.to_string()))?;
                if response.status() == reqwest::StatusCode::NOT_FOUND {
                    return Err(CrmError::UnknownOrder);
                }
                let response = response
                    .error_for_status()
                    .map_err(|e| CrmError::Unreachable(e.to_string()))?;
                response
                    .json::<Vec<UnitPrice>>()
                    .await
                    .map_err(|e| CrmError::Unreachable(e.to_string()))
            }
        }
    }
}
