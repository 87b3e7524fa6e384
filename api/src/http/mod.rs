//! The HTTP surface: resource routers merged under `/api`, the caller and maintenance
//! middleware, JSON 404/405 answers, `/revision.json` and the web app.

pub mod channels;
mod files;
mod maintenance;
mod messages;
mod notices;
mod offer_templates;
pub mod openapi;
mod projects;
mod query;
mod siteverify;
mod spreadsheets;
mod system;
mod task_admin;
mod task_edit;
mod task_flow;
mod tasks;
mod teams;
mod user_directory;
mod users;
mod web;
mod work_records;
mod works;

use axum::extract::{Request, State};
use axum::http::header::AUTHORIZATION;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

pub use users::WRONG_CREDENTIALS;

use crate::auth::session::{self, Caller};
use crate::error::AppError;
use crate::state::AppState;

fn api_router() -> Router<AppState> {
    Router::new()
        .merge(users::router())
        .merge(user_directory::router())
        .merge(siteverify::router())
        .merge(maintenance::router())
        .merge(system::router())
        .merge(teams::router())
        .merge(channels::router())
        .merge(messages::router())
        .merge(files::router())
        .merge(notices::router())
        .merge(projects::router())
        .merge(tasks::router())
        .merge(task_flow::router())
        .merge(task_edit::router())
        .merge(task_admin::router())
        .merge(offer_templates::router())
        .merge(works::router())
        .merge(work_records::router())
        .merge(spreadsheets::router())
        .route(
            "/openapi.json",
            get(|| async { Json(openapi::ApiDoc::openapi()) }),
        )
        .fallback(|| async { AppError::NotFound })
        .method_not_allowed_fallback(|| async { AppError::MethodNotAllowed })
}

/// The whole application without the socket.io layer (the caller adds it).
pub fn app(state: AppState) -> Router {
    let api = api_router()
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::maintenance::guard,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            resolve_caller,
        ));
    Router::new()
        .merge(
            SwaggerUi::new("/api/docs").url("/api/docs/openapi.json", openapi::ApiDoc::openapi()),
        )
        .nest("/api", api)
        .route("/revision.json", get(system::revision))
        .fallback_service(web::service(&state.config.web_dir))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Resolves the bearer token once per request; handlers read the result with `AuthUser`.
async fn resolve_caller(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Result<Response, AppError> {
    let bearer = request
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned);
    let caller: Option<Caller> = match bearer {
        Some(token) => session::resolve(&state.db, &token).await?,
        None => None,
    };
    request.extensions_mut().insert(caller);
    Ok(next.run(request).await.into_response())
}
