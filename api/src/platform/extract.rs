//! Request extractors shared by every handler: JSON bodies whose rejections use `AppError`,
//! the caller's session and the client address (role guards are in `guards`).

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{
    ConnectInfo, FromRequest, FromRequestParts, OptionalFromRequestParts, Request,
};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::auth::session::Caller;
use crate::platform::error::AppError;
use crate::platform::text;
use crate::state::AppState;

/// `Json<T>` whose failures answer 422 in the API's error format.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(json_rejection(JsonRejection::MissingJsonContentType(
                Default::default(),
            )));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|_| AppError::invalid("リクエストを読み取れませんでした。"))?;
        // PostgreSQL refuses NUL in text: refuse it here, for every body, naming the field. A
        // NUL can only arrive escaped (`\u0000`), so bodies without one parse once, directly.
        if bytes.windows(6).any(|w| w == b"\\u0000") {
            let axum::Json(value) =
                axum::Json::<serde_json::Value>::from_bytes(&bytes).map_err(json_rejection)?;
            if let Some(field) = text::nul_in_json(&value, "") {
                return Err(AppError::rule(
                    if field.is_empty() { "body" } else { &field },
                    text::RULE_INVALID_CHARACTERS,
                ));
            }
        }
        let axum::Json(value) = axum::Json::<T>::from_bytes(&bytes).map_err(json_rejection)?;
        Ok(ApiJson(value))
    }
}

/// `application/json` or any `+json` type, as axum's own `Json` accepts.
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|mime| {
            let mime = mime.trim().to_ascii_lowercase();
            mime == "application/json"
                || (mime.starts_with("application/") && mime.ends_with("+json"))
        })
        .unwrap_or(false)
}

/// `Query<T>` whose failures answer 422 in the API's error format (axum's own is a 400 in
/// plain text).
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned> FromRequestParts<AppState> for ApiQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        serde_urlencoded::from_str(query)
            .map(ApiQuery)
            .map_err(|error| {
                // serde_urlencoded names the failing field in its message; keep only the field.
                let message = error.to_string();
                match message.split('`').nth(1) {
                    Some(field) => AppError::rule(field, "invalid"),
                    None => AppError::invalid("検索条件の形式が正しくありません。"),
                }
            })
    }
}

fn json_rejection(rejection: JsonRejection) -> AppError {
    let message = match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "Content-Type は application/json にしてください。"
        }
        JsonRejection::JsonSyntaxError(_) => "JSON の形式が正しくありません。",
        JsonRejection::JsonDataError(_) => "入力内容の型が正しくありません。",
        _ => "リクエストを読み取れませんでした。",
    };
    AppError::invalid(message)
}

/// The logged-in caller; 401 when there is no live session.
pub struct AuthUser(pub Caller);

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match parts.extensions.get::<Option<Caller>>() {
            Some(Some(caller)) => Ok(AuthUser(caller.clone())),
            _ => Err(AppError::Unauthorized),
        }
    }
}

impl OptionalFromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &AppState,
    ) -> Result<Option<Self>, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Option<Caller>>()
            .cloned()
            .flatten()
            .map(AuthUser))
    }
}

/// The address a request came from: the socket peer, or behind `TRUST_PROXY` proxies the
/// address the farthest of them saw, read from the right of `X-Forwarded-For`
/// (`realtime::client_address`; the client's own entries on the left are never believed).
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let client = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|peer| {
                realtime::client_address(peer.0.ip(), &parts.headers, state.config.trust_proxy)
            });
        Ok(ClientIp(
            client.map_or_else(|| "unknown".into(), |ip| ip.to_string()),
        ))
    }
}
