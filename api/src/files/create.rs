//! The one way a file comes to be: its bytes stored under a fresh key, then its record. Both
//! `POST /api/files` (a small file, already checked and scanned in memory) and a finished
//! resumable upload (`files::uploads`, scanned afterwards) go through `create`.

use std::path::Path;

use sqlx::PgExecutor;
use tokio::io::AsyncRead;
use uuid::Uuid;

use crate::files::scan::ScanStatus;
use crate::files::{db, stored_path};
use crate::platform::error::AppResult;

/// A checked file about to be stored: its bytes come as a stream.
pub struct NewFile<'a> {
    pub user_id: i64,
    /// Already cleaned (`clean_file_name`).
    pub name: &'a str,
    pub is_private: bool,
    /// Sniffed from the bytes.
    pub content_type: &'a str,
    pub size_bytes: i64,
    pub scan_status: ScanStatus,
    pub dimensions: Option<(u32, u32)>,
}

/// Stores `bytes` under a new key (keeping a short alphanumeric extension of the name) and
/// records the file; its id. The record is written through `db`, so a caller may make it part
/// of its own transaction.
pub async fn create(
    data_dir: &Path,
    db: impl PgExecutor<'_>,
    file: &NewFile<'_>,
    mut bytes: impl AsyncRead + Unpin,
) -> AppResult<i64> {
    let extension = file
        .name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .filter(|e| e.len() <= 8 && e.chars().all(|c| c.is_ascii_alphanumeric()));
    let storage_key = match extension {
        Some(ext) => format!("{}.{ext}", Uuid::new_v4()),
        None => Uuid::new_v4().to_string(),
    };
    let target = stored_path(data_dir, &storage_key);
    if let Some(parent) = target.parent() {
        tokio::fs::create_dir_all(parent)
            .await
            .map_err(anyhow::Error::from)?;
    }
    let mut out = tokio::fs::File::create(&target)
        .await
        .map_err(anyhow::Error::from)?;
    tokio::io::copy(&mut bytes, &mut out)
        .await
        .map_err(anyhow::Error::from)?;
    tokio::io::AsyncWriteExt::flush(&mut out)
        .await
        .map_err(anyhow::Error::from)?;
    let id = db::insert(
        db,
        &db::NewFile {
            user_id: file.user_id,
            name: file.name,
            storage_key: &storage_key,
            content_type: file.content_type,
            size_bytes: file.size_bytes,
            scan_status: file.scan_status,
            is_private: file.is_private,
            width: file.dimensions.map(|d| d.0 as i32),
            height: file.dimensions.map(|d| d.1 as i32),
        },
    )
    .await?;
    Ok(id)
}
