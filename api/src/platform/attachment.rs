//! A file answered as a download: its type, a Japanese-safe file name (RFC 5987 `filename*`)
//! and `nosniff`, so a browser saves it and never renders it.

use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::platform::error::AppResult;

pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
pub const PDF: &str = "application/pdf";

/// `bytes` as an attachment named `file_name`.
pub fn attachment(
    content_type: &str,
    file_name: &str,
    bytes: impl Into<Body>,
) -> AppResult<Response> {
    let disposition = format!(
        "attachment; filename*=UTF-8''{}",
        crate::platform::text::percent_encode(file_name)
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_str(content_type)
                    .unwrap_or(HeaderValue::from_static("application/octet-stream")),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).map_err(anyhow::Error::from)?,
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        bytes.into(),
    )
        .into_response())
}
