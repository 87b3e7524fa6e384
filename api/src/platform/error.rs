//! The one error type of the API: every failure renders `{"error": {"message", "rules"?}}`.

use std::collections::BTreeMap;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde_json::json;

/// Field name → Laravel-style rule strings (`required`, `min:8`, ...).
pub type Rules = BTreeMap<String, Vec<String>>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("unauthorized")]
    Unauthorized,
    /// 401 whose message says the person why (a guest link that expired or no longer opens).
    #[error("unauthorized: {0}")]
    UnauthorizedBecause(&'static str),
    #[error("forbidden")]
    Forbidden,
    /// 403 whose message says the person why (an infected file cannot be downloaded).
    #[error("forbidden: {0}")]
    ForbiddenBecause(String),
    #[error("not found")]
    NotFound,
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("validation failed")]
    Validation { message: String, rules: Rules },
    #[error("too many requests")]
    TooManyRequests { retry_after_secs: u64 },
    /// 429 with a message saying what was sent too often (`platform::limits::Rate`).
    #[error("rate limited")]
    RateLimited {
        message: &'static str,
        retry_after_secs: u64,
    },
    #[error("maintenance")]
    Maintenance {
        message: String,
        start_datetime: DateTime<Utc>,
        end_datetime: DateTime<Utc>,
    },
    #[error("unavailable")]
    Unavailable,
    /// A refusal whose status a protocol fixes (tus: 409, 410, 412, 413, 423), with a message
    /// for the person and the rules failed, if a field is at fault.
    #[error("refused with {status}")]
    WithStatus {
        status: StatusCode,
        message: String,
        rules: Rules,
    },
    /// A service behind ours (the CRM) failed; 502 with a message for the person.
    #[error("upstream failure: {0}")]
    Upstream(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The body of every error answer, as the OpenAPI document describes it (`IntoResponse` below
/// renders it).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ErrorDetail {
    /// For the person, in Japanese.
    pub message: String,
    /// 422 only: field name → the rules it failed (`required`, `max:255`, …).
    #[schema(required = false)]
    pub rules: Option<BTreeMap<String, Vec<String>>>,
    /// 503 during a maintenance window: when it started.
    #[schema(required = false)]
    pub start_datetime: Option<DateTime<Utc>>,
    /// 503 during a maintenance window: when it ends.
    #[schema(required = false)]
    pub end_datetime: Option<DateTime<Utc>>,
}

pub const MESSAGE_UNAUTHORIZED: &str = "ログインが必要です。";
pub const MESSAGE_FORBIDDEN: &str = "アクセスが許可されていません。";
pub const MESSAGE_NOT_FOUND: &str = "お探しのデータは存在しません。";
pub const MESSAGE_METHOD_NOT_ALLOWED: &str = "許可されていないアクセス方法です。";
pub const MESSAGE_VALIDATION: &str = "入力内容に誤りがあります。";
pub const MESSAGE_TOO_MANY: &str =
    "試行回数が上限に達しました。しばらくしてから再度お試しください。";
pub const MESSAGE_UNAVAILABLE: &str =
    "ただいまサービスを利用できません。しばらくしてから再度お試しください。";
pub const MESSAGE_INTERNAL: &str = "サーバーエラーが発生しました。";

impl AppError {
    /// A 422 with one rule on one field.
    pub fn rule(field: &str, rule: impl Into<String>) -> Self {
        let mut rules = Rules::new();
        rules.insert(field.to_string(), vec![rule.into()]);
        AppError::Validation {
            message: MESSAGE_VALIDATION.into(),
            rules,
        }
    }

    /// A 422 whose message is meant for the person, with no field rules.
    pub fn invalid(message: impl Into<String>) -> Self {
        AppError::Validation {
            message: message.into(),
            rules: Rules::new(),
        }
    }

    /// A 422 with one rule on one field and a message for the person saying why.
    pub fn refused(field: &str, rule: impl Into<String>, message: impl Into<String>) -> Self {
        let mut rules = Rules::new();
        rules.insert(field.to_string(), vec![rule.into()]);
        AppError::Validation {
            message: message.into(),
            rules,
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::Internal(error) if unavailable_in_chain(error) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            AppError::Unauthorized | AppError::UnauthorizedBecause(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::ForbiddenBecause(_) => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::TooManyRequests { .. } | AppError::RateLimited { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            AppError::Maintenance { .. } | AppError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Upstream(_) => StatusCode::BAD_GATEWAY,
            AppError::WithStatus { status, .. } => *status,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        if database_unavailable(&error) {
            tracing::warn!(%error, "database unavailable");
            return AppError::Unavailable;
        }
        AppError::Internal(error.into())
    }
}

/// Whether `error` means PostgreSQL cannot be reached right now (restarting, shutting down,
/// out of connections, a dropped connection) rather than a fault of this request: the caller
/// gets 503 and may retry, as the spec's generic "service unavailable" says. Transactions make
/// sure such a request left nothing half-written.
pub fn database_unavailable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| unavailable_code(&code)),
        _ => false,
    }
}

/// SQLSTATEs that mean the server cannot serve now: 08 connection exception; 57P01-57P03
/// admin/crash shutdown, cannot connect now; 53300 too many connections.
fn unavailable_code(code: &str) -> bool {
    code.starts_with("08") || backend_shut_down(code) || code == "53300"
}

/// SQLSTATEs that say the backend serving the connection shut down (admin or crash
/// shutdown) or the server cannot accept connections now: 57P01-57P03.
pub(crate) fn backend_shut_down(code: &str) -> bool {
    matches!(code, "57P01" | "57P02" | "57P03")
}

/// The read pipeline's errors (`platform::read_pipeline`) by the same rule as the pool's: a
/// closed connection, a failed connect or one of those SQLSTATEs is 503.
impl From<tokio_postgres::Error> for AppError {
    fn from(error: tokio_postgres::Error) -> Self {
        let io =
            std::error::Error::source(&error).is_some_and(|cause| cause.is::<std::io::Error>());
        if error.is_closed()
            || io
            || error
                .code()
                .is_some_and(|code| unavailable_code(code.code()))
        {
            tracing::warn!(%error, "database unavailable");
            return AppError::Unavailable;
        }
        AppError::Internal(error.into())
    }
}

/// The same test through an `anyhow` chain (errors that reached a handler as `anyhow::Error`).
fn unavailable_in_chain(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<sqlx::Error>()
            .is_some_and(database_unavailable)
    })
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = match &self {
            AppError::Unauthorized => json!({ "error": { "message": MESSAGE_UNAUTHORIZED } }),
            AppError::UnauthorizedBecause(message) => json!({ "error": { "message": message } }),
            AppError::Forbidden => json!({ "error": { "message": MESSAGE_FORBIDDEN } }),
            AppError::ForbiddenBecause(message) => json!({ "error": { "message": message } }),
            AppError::NotFound => json!({ "error": { "message": MESSAGE_NOT_FOUND } }),
            AppError::MethodNotAllowed => {
                json!({ "error": { "message": MESSAGE_METHOD_NOT_ALLOWED } })
            }
            AppError::Validation { message, rules }
            | AppError::WithStatus { message, rules, .. }
                if rules.is_empty() =>
            {
                json!({ "error": { "message": message } })
            }
            AppError::Validation { message, rules }
            | AppError::WithStatus { message, rules, .. } => {
                json!({ "error": { "message": message, "rules": rules } })
            }
            AppError::TooManyRequests { .. } => json!({ "error": { "message": MESSAGE_TOO_MANY } }),
            AppError::RateLimited { message, .. } => json!({ "error": { "message": message } }),
            AppError::Maintenance {
                message,
                start_datetime,
                end_datetime,
            } => json!({
                "error": { "message": message, "start_datetime": start_datetime, "end_datetime": end_datetime }
            }),
            AppError::Unavailable => json!({ "error": { "message": MESSAGE_UNAVAILABLE } }),
            AppError::Upstream(message) => json!({ "error": { "message": message } }),
            AppError::Internal(error) if unavailable_in_chain(error) => {
                tracing::warn!(error = ?error, "database unavailable");
                json!({ "error": { "message": MESSAGE_UNAVAILABLE } })
            }
            AppError::Internal(error) => {
                tracing::error!(error = ?error, "internal error");
                json!({ "error": { "message": MESSAGE_INTERNAL } })
            }
        };
        let mut response = (status, axum::Json(body)).into_response();
        if let AppError::TooManyRequests { retry_after_secs }
        | AppError::RateLimited {
            retry_after_secs, ..
        } = self
        {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs.max(1)),
            );
        }
        response
    }
}

pub type AppResult<T> = Result<T, AppError>;
