//! The job information as stored and answered.

use serde::Serialize;
use utoipa::ToSchema;

use super::{Occupation, OfficeSoftware};

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Jobs {
    pub occupation: Occupation,
    pub years_of_experience: Option<i16>,
    pub qualifications: Vec<String>,
    pub office_software: Vec<OfficeSoftware>,
}
