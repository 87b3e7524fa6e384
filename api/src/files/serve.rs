//! A stored file as a download answer, once the caller's access has been decided: clean files
//! only, the name the uploader gave, never sniffed by the browser.

use std::path::Path;

use axum::response::Response;

use crate::files::scan::ScanStatus;
use crate::files::{FileRow, stored_path};
use crate::platform::error::{AppError, AppResult};

/// The bytes of `file` (the caller may download it); 403 when infected (nobody may download
/// it, as the API description says), 422 while it is still being scanned (try again later).
pub async fn respond(data_dir: &Path, file: FileRow) -> AppResult<Response> {
    match file.scan_status {
        ScanStatus::Clean => {}
        ScanStatus::Infected => {
            return Err(AppError::ForbiddenBecause(
                "ウイルスが検出されたため、このファイルはダウンロードできません。".into(),
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
    crate::platform::attachment::attachment(&file.content_type, &file.name, bytes)
}
