//! A creator's own information beyond the profile: skills, portfolio, possible works, job and
//! qualifications, attributes (with languages), and their work status. The creator writes it;
//! the creator and staff read it (the public view of a creator is the creators domain's).

pub mod access;
pub mod attributes;
mod db;
pub mod events;
pub mod jobs;
pub mod portfolio;
pub mod possible_works;
pub mod skills;
pub mod work_status;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(skills::http::router())
        .merge(portfolio::http::router())
        .merge(possible_works::http::router())
        .merge(jobs::http::router())
        .merge(attributes::http::router())
        .merge(work_status::http::router())
}
