//! A file answered as a download: its type, a Japanese-safe file name (RFC 5987 `filename*`
//! with an ASCII `filename` for old clients) and `nosniff`, so a browser saves it and never
//! renders it.

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
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_str(content_type)
                    .unwrap_or(HeaderValue::from_static("application/octet-stream")),
            ),
            (header::CONTENT_DISPOSITION, content_disposition(file_name)?),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        bytes.into(),
    )
        .into_response())
}

/// `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<the name, percent-encoded>`:
/// clients that read RFC 5987 (every current browser) take the exact name, others a name with
/// each character outside printable ASCII (and `"`, `\`, `%`) replaced by `_`.
pub fn content_disposition(file_name: &str) -> AppResult<HeaderValue> {
    let fallback: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && !matches!(c, '"' | '\\' | '%') || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let value = format!(
        "attachment; filename=\"{fallback}\"; filename*=UTF-8''{}",
        crate::platform::text::percent_encode(file_name)
    );
    Ok(HeaderValue::from_str(&value).map_err(anyhow::Error::from)?)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_name_is_exact_in_filename_star_and_ascii_in_filename() {
        let value = super::content_disposition("原稿 \"第1稿\".pdf").unwrap();
        assert_eq!(
            value.to_str().unwrap(),
            "attachment; filename=\"__ __1__.pdf\"; filename*=UTF-8''%E5%8E%9F%E7%A8%BF%20%22%E7%AC%AC1%E7%A8%BF%22.pdf"
        );
    }
}
