//! Master records as the API returns them.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Prefecture {
    pub id: i16,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Address {
    pub prefecture_id: i16,
    pub prefecture_name: String,
    pub city: String,
    pub town: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PostalCodeAddresses {
    pub postal_code: String,
    /// Most codes have one address; some are shared by several towns.
    pub addresses: Vec<Address>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Bank {
    pub id: i32,
    pub name: String,
    pub bank_code: String,
    pub kana: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct BankBranch {
    pub id: i64,
    pub name: String,
    pub bank_branch_code: String,
    pub bank_id: i32,
    pub kana: String,
}

/// A genre as the forms list it (top-level genres of a group, or the children of a genre).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Genre {
    pub id: i64,
    pub name: String,
}

/// A genre group with its top-level genres.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GenreGroup {
    pub id: i64,
    pub name: String,
    pub genres: Vec<Genre>,
}

/// One of the spec's work types, as a possible work a creator can tick.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PossibleWorkType {
    /// The work type (`writing`, `planning`, …).
    pub id: &'static str,
    /// Its Japanese label.
    pub work_name: &'static str,
}
