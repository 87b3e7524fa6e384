//! Uploaded files: storage on local disk under `DATA_DIR/files`, content sniffing, the
//! virus-scan status, access rules and image variants.

mod db;
pub mod http;
pub mod images;
pub mod scan;
mod serve;

pub use db::{FILE_COLUMNS, FileRow, MessageFileRow, load, load_for_messages};
pub use serve::respond;

use crate::files::scan::ScanStatus;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::role::Role;

pub const MAX_UPLOAD_BYTES: usize = 20 * 1024 * 1024;

/// The File record as the API returns it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FileView {
    pub id: i64,
    pub name: String,
    /// `files/<key>` or `private/<key>`; images are fetched from `/api/images/<path>`.
    pub path: String,
    pub user_id: i64,
    #[schema(value_type = String)]
    pub user_role_type: Role,
    pub updated: DateTime<Utc>,
    /// scanning, clean or infected.
    pub anti_virus_check_scan_status: ScanStatus,
    pub content_type: String,
    pub size: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
}

pub fn public_path(storage_key: &str, is_private: bool) -> String {
    if is_private {
        format!("private/{storage_key}")
    } else {
        format!("files/{storage_key}")
    }
}

/// Where a stored file lives on disk.
pub fn stored_path(data_dir: &Path, storage_key: &str) -> PathBuf {
    data_dir.join("files").join(storage_key)
}

/// The content type from the bytes themselves, never from the name the browser sent.
pub fn sniff_content_type(bytes: &[u8]) -> String {
    if let Some(kind) = infer::get(bytes) {
        return kind.mime_type().to_string();
    }
    if std::str::from_utf8(bytes).is_ok() {
        "text/plain".into()
    } else {
        "application/octet-stream".into()
    }
}

/// A safe file name: no path parts, no control characters, at most 200 characters.
pub fn clean_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    let cleaned = cleaned.trim().trim_start_matches('.').to_string();
    if cleaned.is_empty() {
        "file".into()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_paths_and_control_characters() {
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("C:\\temp\\原稿.docx"), "原稿.docx");
        assert_eq!(clean_file_name("a\u{0}b.txt"), "ab.txt");
        assert_eq!(clean_file_name(".."), "file");
    }

    #[test]
    fn content_type_comes_from_the_bytes() {
        let png = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
        assert_eq!(sniff_content_type(&png), "image/png");
        assert_eq!(sniff_content_type("こんにちは".as_bytes()), "text/plain");
        assert_eq!(
            sniff_content_type(&[0xff, 0xfe, 0x00, 0x81]),
            "application/octet-stream"
        );
    }
}
