//! `GET /users/{id}/jobs` (the creator and staff) and `PUT /users/me/jobs` (the creator).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::model::Jobs;
use super::{Occupation, OfficeSoftware, db};
use crate::creator_profile::access;
use crate::platform::error::AppResult;
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::text::half_width_digits;
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, update))
}

pub const QUALIFICATION_MAX: usize = 100;
pub const QUALIFICATIONS_MAX: usize = 20;
pub const YEARS_MAX: i16 = 80;

#[derive(Debug, Serialize, ToSchema)]
pub struct JobsDetail {
    /// `None` until the creator saves it.
    pub jobs: Option<Jobs>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct JobsInput {
    #[serde(default)]
    pub occupation: String,
    /// Whole years, 0 to 80 (a number, or digits as text); empty when not answered.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub years_of_experience: Value,
    /// Each at most 100 characters; at most 20.
    #[serde(default)]
    pub qualifications: Vec<String>,
    #[serde(default)]
    pub office_software: Vec<String>,
    /// What `GET` answers (`{"jobs": {…}}`) is accepted too: its `jobs` is read in place of
    /// the fields above.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub jobs: Option<Box<JobsInput>>,
}

/// The job information of user `id` (`me` for the caller).
#[utoipa::path(get, path = "/users/{id}/jobs", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")),
    responses((status = 200, body = JobsDetail), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<JobsDetail>> {
    let user_id = access::readable(&state.db, &caller, &id).await?;
    Ok(Json(JobsDetail {
        jobs: db::find(&state.db, user_id).await?,
    }))
}

/// Saves the caller's job information. Errors: `occupation` (required, in),
/// `years_of_experience` (numeric, between:0,80), `qualifications` (max:20),
/// `qualifications.{n}` (max:100), `office_software` (in).
#[utoipa::path(put, path = "/users/{id}/jobs", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "`me`")), request_body = JobsInput,
    responses((status = 200, body = JobsDetail), (status = 401), (status = 403), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<JobsInput>,
) -> AppResult<Json<JobsDetail>> {
    let user_id = access::writable(&caller, &id)?;
    let input = match input.jobs {
        Some(read) => *read,
        None => input,
    };
    let jobs = validate(input)?;
    Ok(Json(JobsDetail {
        jobs: Some(db::save(&state.db, user_id, &jobs).await?),
    }))
}

/// Years as a number or as digits (full-width accepted); `Err` with the failed rule.
fn years(value: &Value) -> Result<Option<i16>, String> {
    let number = match value {
        Value::Null => return Ok(None),
        Value::Number(n) => n.as_i64(),
        Value::String(s) => {
            let s = half_width_digits(s.trim());
            if s.is_empty() {
                return Ok(None);
            }
            if !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err("numeric".into());
            }
            s.parse::<i64>().ok()
        }
        _ => None,
    };
    match number {
        None => Err("numeric".into()),
        Some(n) if !(0..=i64::from(YEARS_MAX)).contains(&n) => {
            Err(format!("between:0,{YEARS_MAX}"))
        }
        Some(n) => Ok(Some(n as i16)),
    }
}

fn validate(input: JobsInput) -> AppResult<Jobs> {
    let mut v = Validator::new();
    let occupation = Occupation::parse(input.occupation.trim());
    if input.occupation.trim().is_empty() {
        v.fail("occupation", "required");
    } else if occupation.is_none() {
        v.fail("occupation", Occupation::rule());
    }
    let years_of_experience = years(&input.years_of_experience).unwrap_or_else(|rule| {
        v.fail("years_of_experience", rule);
        None
    });
    // Blank rows are dropped; an error names the row as it was sent.
    let mut qualifications = Vec::new();
    for (index, qualification) in input.qualifications.iter().enumerate() {
        let qualification = qualification.trim();
        if qualification.is_empty() {
            continue;
        }
        v.max_chars(
            &format!("qualifications.{index}"),
            qualification,
            QUALIFICATION_MAX,
        );
        qualifications.push(qualification.to_string());
    }
    if qualifications.len() > QUALIFICATIONS_MAX {
        v.fail("qualifications", format!("max:{QUALIFICATIONS_MAX}"));
    }
    let mut office_software = Vec::new();
    for value in &input.office_software {
        match OfficeSoftware::parse(value) {
            Some(software) if !office_software.contains(&software) => {
                office_software.push(software)
            }
            Some(_) => {}
            None => {
                v.fail("office_software", OfficeSoftware::rule());
            }
        }
    }
    v.finish()?;
    Ok(Jobs {
        occupation: occupation.unwrap_or(Occupation::Other),
        years_of_experience,
        qualifications,
        office_software,
    })
}
