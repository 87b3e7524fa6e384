//! A stored file as a download answer, once the caller's access has been decided: clean files
//! only, the name the uploader gave, never sniffed by the browser.

use std::path::Path;

use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::files::scan::ScanStatus;
use crate::files::{FileRow, stored_path};
use crate::platform::error::{AppError, AppResult};

/// The bytes of `file` (the caller may download it); 422 while it is scanned or when infected.
pub async fn respond(data_dir: &Path, file: FileRow) -> AppResult<Response> {
    match file.scan_status {
        ScanStatus::Clean => {}
        ScanStatus::Infected => {
            return Err(AppError::invalid(
                "ウイルスが検出されたため、このファイルはダウンロードできません。",
            ));
        }
        ScanStatus::Scanning => {
            return Err(AppError::invalid(
                "ウイルスチェック中です。しばらくしてから再度お試しください。",
            ));
        }
    }
    let bytes = tokio::fs::read(stored_path(data_dir, &file.storage_key))
        .await
        .map_err(anyhow::Error::from)?;
    let disposition = format!(
        "attachment; filename*=UTF-8''{}",
        crate::platform::text::percent_encode(&file.name)
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_str(&file.content_type)
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
        Body::from(bytes),
    )
        .into_response())
}
