//! The OpenAPI document's frame (title, bearer scheme); the paths come from the domain routers.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::files::http as files;
use crate::system::http as system;

#[derive(OpenApi)]
#[openapi(
    info(title = "Tsumugi API", description = "REST API of Tsumugi. Errors: {\"error\": {\"message\", \"rules\"?}}."),
    // Routes outside the `/api` routers, or with a wildcard axum spells differently; every
    // other path comes from its domain's `router()`.
    paths(files::image, system::revision),
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
