//! The HTTP surface: resource routers merged under `/api`, the caller and maintenance
//! middleware, JSON 404/405 answers, `/revision.json` and the web app.

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::{self, AUTHORIZATION};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_swagger_ui::SwaggerUi;

use crate::auth::session::Caller;
use crate::platform::error::AppError;
use crate::platform::openapi;
use crate::platform::web;
use crate::state::AppState;
use crate::{
    auth, bank_accounts, chat, files, maintenance, master, notices, offers, system, users, work,
};

/// Every domain's routes with their OpenAPI entries: adding an endpoint is one `routes!` line
/// in its domain's `router()`.
pub(crate) fn domain_routes() -> OpenApiRouter<AppState> {
    domain_routers()
        .into_iter()
        .fold(OpenApiRouter::new(), OpenApiRouter::merge)
}

/// The domains' routers one by one: `domain_routes` merges them, and the OpenAPI tests read each
/// one's schemas apart (a schema name two of them declare differently is a defect the merge
/// would hide, keeping the first).
pub(crate) fn domain_routers() -> Vec<OpenApiRouter<AppState>> {
    vec![
        auth::http::router(),
        users::http::router(),
        users::admin::router(),
        maintenance::http::router(),
        system::http::router(),
        chat::teams::http::router(),
        chat::channels::http::router(),
        chat::messages::http::router(),
        chat::search::http::router(),
        chat::presence::http::router(),
        files::http::router(),
        files::uploads::http::router(),
        notices::http::router(),
        work::projects::http::router(),
        work::works::http::router(),
        work::tasks::http::router(),
        work::tasks::admin::router(),
        work::deliveries::http::router(),
        work::deliveries::admin::router(),
        work::sheets::http::router(),
        crate::manuscripts::http::router(),
        offers::http::router(),
        master::http::router(),
        bank_accounts::http::router(),
        crate::accounts::http::router(),
        crate::creator_profile::router(),
        crate::creators::http::router(),
        crate::clients::clients::http::router(),
        crate::clients::media::http::router(),
        crate::clients::payments::http::router(),
        crate::clients::payments::admin::router(),
        crate::guests::http::router(),
        crate::assessments::http::router(),
        crate::money::rewards::http::router(),
        crate::money::confirmations::http::router(),
        crate::money::rewards::admin::router(),
        crate::money::purchase_orders::http::router(),
        crate::money::payments::http::router(),
        crate::clients::teams::http::router(),
        crate::information::http::router(),
    ]
}

/// The whole application without the socket.io layer (the caller adds it).
pub fn app(state: AppState) -> Router {
    let (api, api_doc) = domain_routes().split_for_parts();
    let request_timeout = state.config.request_timeout;
    let doc = openapi::complete(openapi::ApiDoc::openapi().nest("/api", api_doc));
    let served_doc = doc.clone();
    let api = api
        .route(
            "/openapi.json",
            get(move || std::future::ready(Json(served_doc.clone()))),
        )
        .fallback(|| async { AppError::NotFound })
        .method_not_allowed_fallback(|| async { AppError::MethodNotAllowed })
        .layer(middleware::from_fn(errors_as_json))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::maintenance::guard,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            resolve_caller,
        ))
        .layer(middleware::from_fn(refuse_unusable_input))
        .layer(middleware::from_fn(move |request, next| {
            crate::platform::limits::time_limit(request_timeout, request, next)
        }))
        .layer(crate::platform::limits::cors(&state.config.allowed_origins))
        .layer(middleware::from_fn(
            files::uploads::http::answer_tus_options,
        ));
    // Outermost of the API's layers, so `total` covers all of them.
    let api = if state.config.server_timing {
        api.layer(middleware::from_fn(crate::platform::server_timing::add))
    } else {
        api
    };
    // Counted by matched route (`METRICS_ADDR`); nothing at all is added without it.
    let api = if state.config.metrics_addr.is_some() {
        api.layer(middleware::from_fn(crate::platform::metrics::track))
    } else {
        api
    };
    Router::new()
        .merge(SwaggerUi::new("/api/docs").url("/api/docs/openapi.json", doc))
        .nest("/api", api)
        .route("/revision.json", get(system::http::revision))
        .fallback_service(web::service(&state.config.web_dir))
        .layer(crate::platform::compression::json())
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::platform::security_headers::add,
        ))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
}

/// The span every request's log events are in, with its request id (`x-request-id` as the
/// client or the load balancer sent it, else a fresh UUID; echoed in the answer), so one
/// request's lines can be found in the JSON log (`LOG_FORMAT=json`).
fn request_span(request: &Request) -> tracing::Span {
    let request_id = request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = request.uri().path(),
        request_id,
    )
}

/// Input no handler can use, refused once for every route: a NUL in the query string (422 on
/// that parameter; PostgreSQL refuses NUL in text) and path segments that are not canonical ids
/// or names (a signed number such as `+1`, or a NUL) are not found.
async fn refuse_unusable_input(request: Request, next: Next) -> Response {
    if let Some(query) = request.uri().query()
        && let Some((key, _)) = form_urlencoded::parse(query.as_bytes())
            .find(|(key, value)| key.contains('\0') || value.contains('\0'))
    {
        let field = key.trim_end_matches("[]").replace('\0', "");
        return AppError::rule(
            if field.is_empty() { "query" } else { &field },
            crate::platform::text::RULE_INVALID_CHARACTERS,
        )
        .into_response();
    }
    let unusable_segment = request.uri().path().split('/').any(|segment| {
        let signed = segment.len() > 1
            && segment.starts_with(['+', '-'])
            && segment[1..].bytes().all(|b| b.is_ascii_digit());
        signed || segment.contains("%00")
    });
    if unusable_segment {
        return AppError::NotFound.into_response();
    }
    next.run(request).await
}

/// axum's own extractors refuse in plain text with 400 (a path parameter that is not a number
/// or overflows one, a multipart body without a boundary); answer in the API's error format
/// instead: a path that cannot name anything is not found, any other unreadable request a 422.
async fn errors_as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let plain_text = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/plain"));
    if response.status() != StatusCode::BAD_REQUEST || !plain_text {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .unwrap_or_default();
    if text.starts_with(b"Invalid URL") {
        AppError::NotFound.into_response()
    } else {
        AppError::invalid("リクエストを読み取れませんでした。").into_response()
    }
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
        Some(token) => state.sessions.resolve(&state.db, &token).await?,
        None => None,
    };
    request.extensions_mut().insert(caller);
    Ok(next.run(request).await.into_response())
}
