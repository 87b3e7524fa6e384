//! The OpenAPI document's frame (title, bearer scheme); the paths come from the domain routers.
//! `complete` then adds what holds for every operation, so no handler has to repeat it.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, Response};
use utoipa::{Modify, OpenApi, PartialSchema, ToSchema};

use crate::files::http as files;
use crate::platform::error::ErrorBody;
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

/// Paths the maintenance guard lets through (they never answer its 503).
const OUTSIDE_MAINTENANCE: &[&str] = &["/revision.json"];

/// Adds the answers every operation can give whatever its handler does, and the one error body
/// to every error answer:
/// - 401 where a bearer token is required (none, or a revoked or expired one);
/// - 404 where the path has parameters (nothing by that id, or a segment that cannot be one);
/// - 422 where there is a body or a query (unreadable JSON, wrong types, failed rules);
/// - 503 under `/api` (a maintenance window for non-staff callers, a request over its time
///   limit, the database not answering);
/// - every 4xx and 5xx carries `application/json` `ErrorBody` (`{"error": {"message", …}}`).
pub fn complete(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let mut schemas = vec![(ErrorBody::name().into_owned(), ErrorBody::schema())];
    ErrorBody::schemas(&mut schemas);
    doc.components
        .get_or_insert_with(Default::default)
        .schemas
        .extend(schemas);
    for (path, item) in doc.paths.paths.iter_mut() {
        let under_api = path.starts_with("/api/") && !OUTSIDE_MAINTENANCE.contains(&path.as_str());
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            complete_operation(operation, under_api);
        }
    }
    doc
}

fn complete_operation(operation: &mut Operation, under_api: bool) {
    let needs_token = operation.security.as_ref().is_some_and(|requirements| {
        !requirements.is_empty()
            && requirements
                .iter()
                .all(|r| serde_json::to_value(r).is_ok_and(|v| v != serde_json::json!({})))
    });
    let parameters_in = |place: ParameterIn| {
        operation.parameters.iter().flatten().any(
            |parameter| matches!(parameter, RefOr::T(parameter) if parameter.parameter_in == place),
        )
    };
    let has_path = parameters_in(ParameterIn::Path);
    let has_input = operation.request_body.is_some() || parameters_in(ParameterIn::Query);
    let responses = &mut operation.responses.responses;
    for (wanted, status) in [
        (needs_token, "401"),
        (has_path, "404"),
        (has_input, "422"),
        (under_api, "503"),
    ] {
        if wanted {
            responses
                .entry(status.to_string())
                .or_insert_with(|| RefOr::T(Response::new("")));
        }
    }
    for (status, response) in responses.iter_mut() {
        let RefOr::T(response) = response else {
            continue;
        };
        if response.description.is_empty() {
            response.description = reason(status).to_string();
        }
        if status.starts_with(['4', '5']) && response.content.is_empty() {
            response.content.insert(
                "application/json".to_string(),
                RefOr::T(Content::new(Some(Ref::from_schema_name(ErrorBody::name())))),
            );
        }
    }
}

fn reason(status: &str) -> &'static str {
    status
        .parse::<u16>()
        .ok()
        .and_then(|code| axum::http::StatusCode::from_u16(code).ok())
        .and_then(|code| code.canonical_reason())
        .unwrap_or("")
}
