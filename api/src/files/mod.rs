//! Uploaded files: storage on local disk under `DATA_DIR/files`, content sniffing, the
//! virus-scan status, access rules and image variants.

pub mod http;
pub mod images;
pub mod scan;

use crate::files::scan::ScanStatus;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgExecutor;
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

#[derive(sqlx::FromRow)]
pub struct FileRow {
    pub id: i64,
    pub name: String,
    pub storage_key: String,
    pub is_private: bool,
    pub user_id: i64,
    pub role: String,
    pub updated_at: DateTime<Utc>,
    pub scan_status: ScanStatus,
    pub content_type: String,
    pub size_bytes: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
}

impl FileRow {
    pub fn view(self) -> FileView {
        FileView {
            id: self.id,
            path: public_path(&self.storage_key, self.is_private),
            name: self.name,
            user_id: self.user_id,
            user_role_type: Role::from_db(&self.role).unwrap_or(Role::General),
            updated: self.updated_at,
            anti_virus_check_scan_status: self.scan_status,
            content_type: self.content_type,
            size: self.size_bytes,
            width: self.width,
            height: self.height,
        }
    }
}

pub fn public_path(storage_key: &str, is_private: bool) -> String {
    if is_private {
        format!("private/{storage_key}")
    } else {
        format!("files/{storage_key}")
    }
}

pub const FILE_COLUMNS: &str =
    "f.id, f.name, f.storage_key, f.is_private, f.user_id, u.role, f.updated_at, f.scan_status,
     f.content_type, f.size_bytes, f.width, f.height";

/// A file together with the message it is attached to.
#[derive(sqlx::FromRow)]
pub struct MessageFileRow {
    pub message_id: i64,
    #[sqlx(flatten)]
    pub file: FileRow,
}

pub async fn load_for_messages(
    db: impl PgExecutor<'_>,
    message_ids: &[i64],
) -> sqlx::Result<HashMap<i64, Vec<FileView>>> {
    let sql = format!(
        "select mf.message_id, {FILE_COLUMNS}
           from message_files mf join files f on f.id = mf.file_id join users u on u.id = f.user_id
          where mf.message_id = any($1) order by mf.position"
    );
    let rows: Vec<MessageFileRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(message_ids)
        .fetch_all(db)
        .await?;
    let mut by_message: HashMap<i64, Vec<FileView>> = HashMap::new();
    for row in rows {
        by_message
            .entry(row.message_id)
            .or_default()
            .push(row.file.view());
    }
    Ok(by_message)
}

pub async fn load(db: impl PgExecutor<'_>, file_id: i64) -> sqlx::Result<Option<FileRow>> {
    let sql = format!(
        "select {FILE_COLUMNS} from files f join users u on u.id = f.user_id where f.id = $1"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(file_id)
        .fetch_optional(db)
        .await
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
