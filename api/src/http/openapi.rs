//! The OpenAPI document, generated from the handlers' annotations.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{maintenance, siteverify, system, users};

#[derive(OpenApi)]
#[openapi(
    info(title = "Tsumugi API", description = "REST API of Tsumugi. Errors: {\"error\": {\"message\", \"rules\"?}}."),
    paths(
        users::login, users::two_step_password, users::two_step_verification, users::whoami, users::logout,
        siteverify::challenge, siteverify::verify,
        maintenance::show, maintenance::update, maintenance::remove,
        system::health, system::revision,
    ),
    modifiers(&BearerAuth)
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}
