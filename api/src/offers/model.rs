//! The offer template as the API returns it (the handlers and the queries share it).

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct OfferTemplate {
    pub id: i64,
    pub name: String,
    pub body: String,
}
