//! Resumable uploads with the tus 1.0 protocol (core, creation, termination, expiration) at
//! `/api/uploads`: the state of each upload in PostgreSQL (`db`), its bytes in its parts
//! (`parts`) until the last one arrives; then it becomes a file through `files::create`, like
//! `POST /api/files`, and is scanned while its status is `scanning` (`file.scanned` follows).
//! Limits by kind are checked at creation, before a byte is stored, and again on the content
//! sniffed from the first bytes. See docs/decisions/resumable-uploads.md.

pub mod budget;
mod db;
pub mod http;
pub mod parts;

use std::time::Duration;

use base64::Engine;
use chrono::{DateTime, Utc};

use crate::files::events::FileScanned;
use crate::files::scan::ScanStatus;
use crate::files::{FileKind, FileView};
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult, Rules};
use crate::platform::events::emit;
use crate::state::AppState;
use parts::Parts;

crate::closed_set!(
    /// What an upload is for (the `use` metadata): where its file will be attached
    /// (`manuscript_image`: an image put into a manuscript, `manuscripts::images`).
    Purpose {
        Delivery = "delivery",
        Message = "message",
        Portfolio = "portfolio",
        ProfileImage = "profile_image",
        ManuscriptImage = "manuscript_image",
    }
);

/// An upload not finished within this time expires; its bytes are deleted.
pub const LIFETIME: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// How many first bytes are sniffed for the content type.
pub(crate) const SNIFF_BYTES: usize = 8 * 1024;

/// The name is enough to refuse these before a byte arrives.
const PROGRAM_EXTENSIONS: [&str; 12] = [
    "exe", "msi", "bat", "cmd", "com", "scr", "dll", "ps1", "vbs", "apk", "jar", "app",
];

/// The largest upload of any kind (`Tus-Max-Size`).
pub fn max_size() -> u64 {
    [
        FileKind::Image,
        FileKind::Document,
        FileKind::Media,
        FileKind::Archive,
        FileKind::Other,
    ]
    .into_iter()
    .map(FileKind::max_resumable_bytes)
    .max()
    .unwrap_or(0)
}

/// `Upload-Metadata`: comma-separated `key base64(value)` pairs (a value may be absent).
pub fn parse_metadata(header: &str) -> Option<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    for pair in header.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = match pair.split_once(' ') {
            Some((key, value)) => {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(value.trim())
                    .ok()?;
                (key, String::from_utf8(bytes).ok()?)
            }
            None => (pair, String::new()),
        };
        if key.is_empty() || !key.is_ascii() {
            return None;
        }
        pairs.push((key.to_string(), value));
    }
    Some(pairs)
}

/// What an upload's metadata declares.
#[derive(Debug)]
pub struct Declared {
    pub name: String,
    pub is_private: bool,
    pub purpose: Purpose,
    /// The declared `filetype`, or the type the name suggests.
    pub content_type: String,
}

fn one_rule(field: &str, rule: impl Into<String>) -> Rules {
    [(field.to_string(), vec![rule.into()])].into()
}

/// Reads the metadata: `filename` and `use` are required, `filetype` and `is_private` optional.
pub fn declared(metadata: &[(String, String)]) -> AppResult<Declared> {
    let value = |key: &str| {
        metadata
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let Some(name) = value("filename").filter(|n| !n.trim().is_empty()) else {
        return Err(AppError::rule("filename", "required"));
    };
    let purpose = match value("use") {
        None => return Err(AppError::rule("use", "required")),
        Some(purpose) => {
            Purpose::parse(purpose).ok_or_else(|| AppError::rule("use", Purpose::rule()))?
        }
    };
    let name = crate::files::clean_file_name(name);
    let content_type = value("filetype")
        .filter(|t| !t.is_empty() && t.contains('/'))
        .map(|t| t.to_ascii_lowercase())
        .unwrap_or_else(|| {
            mime_guess::from_path(&name)
                .first_raw()
                .unwrap_or("application/octet-stream")
                .to_string()
        });
    Ok(Declared {
        name,
        is_private: matches!(value("is_private"), Some("1" | "true")),
        purpose,
        content_type,
    })
}

/// 422 for a program.
fn program_refused() -> AppError {
    AppError::refused(
        "file",
        "mimes",
        "プログラム（実行ファイル）はアップロードできません。",
    )
}

/// What a kind is called in messages, and its limit written for a person.
fn kind_limit_text(kind: FileKind) -> (&'static str, &'static str) {
    match kind {
        FileKind::Media => ("動画・音声", "5 GiB"),
        FileKind::Archive => ("圧縮ファイル", "5 GiB"),
        FileKind::Document => ("文書", "200 MB"),
        FileKind::Other => ("このファイル", "200 MB"),
        FileKind::Image => ("画像", "30 MB"),
        FileKind::Executable => ("プログラム", "0"),
    }
}

/// Checks a new upload against its kind before a byte is stored: programs refused (422), a
/// profile image must be an image (422), a manuscript's image one of the types and sizes a
/// manuscript takes (422, 413), a length over the kind's limit refused with 413.
pub fn check_creation(declared: &Declared, length: u64) -> AppResult<()> {
    let kind = FileKind::of(&declared.content_type);
    let extension = declared
        .name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase());
    if kind == FileKind::Executable
        || extension.is_some_and(|ext| PROGRAM_EXTENSIONS.contains(&ext.as_str()))
    {
        return Err(program_refused());
    }
    if declared.purpose == Purpose::ProfileImage && kind != FileKind::Image {
        return Err(AppError::refused(
            "file",
            "image",
            "プロフィール画像には画像ファイルを選んでください。",
        ));
    }
    if length == 0 {
        return Err(AppError::rule("file", "required"));
    }
    if declared.purpose == Purpose::ManuscriptImage {
        crate::manuscripts::images::check(
            "file",
            &declared.content_type,
            length,
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
        )?;
    }
    too_large(kind, length)
}

/// 413 when `length` is over the kind's limit.
fn too_large(kind: FileKind, length: u64) -> AppResult<()> {
    let limit = kind.max_resumable_bytes();
    if length <= limit {
        return Ok(());
    }
    let (what, limit_text) = kind_limit_text(kind);
    Err(AppError::WithStatus {
        status: axum::http::StatusCode::PAYLOAD_TOO_LARGE,
        message: format!("ファイルが大きすぎます。{what}は{limit_text}までアップロードできます。"),
        rules: one_rule("file", format!("max:{}", limit / 1024)),
    })
}

/// Checks the content sniffed from the first bytes: a program, anything over its own kind's
/// limit (a large "video" that is an image), a profile image that is no image, or a
/// manuscript's image of another type is refused.
/// The sniffed content type when it passes.
pub fn check_content(head: &[u8], purpose: Purpose, length: u64) -> AppResult<String> {
    // A prefix may end inside a character: sniff the part that is whole.
    let whole = match std::str::from_utf8(head) {
        Err(e) if e.error_len().is_none() => &head[..e.valid_up_to()],
        _ => head,
    };
    let content_type = crate::files::sniff_content_type(whole);
    let kind = FileKind::of(&content_type);
    if kind == FileKind::Executable {
        return Err(program_refused());
    }
    if purpose == Purpose::ProfileImage && kind != FileKind::Image {
        return Err(AppError::refused(
            "file",
            "image",
            "プロフィール画像には画像ファイルを選んでください。",
        ));
    }
    if purpose == Purpose::ManuscriptImage
        && !crate::manuscripts::images::accepts_type(&content_type)
    {
        return Err(crate::manuscripts::images::wrong_type("file"));
    }
    too_large(kind, length).map_err(|error| match error {
        AppError::WithStatus { message, rules, .. } => AppError::WithStatus {
            status: axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message: format!("ファイルの中身が名前と一致しません。{message}"),
            rules,
        },
        other => other,
    })?;
    Ok(content_type)
}

/// A new upload id: 128 random bits in hex.
pub fn new_id() -> String {
    let bytes: [u8; 16] = rand::random();
    hex::encode(bytes)
}

/// The moment an upload made `now` expires.
pub fn expires_at(now: DateTime<Utc>) -> DateTime<Utc> {
    now + LIFETIME
}

/// Scans a stored file from its bytes, records the verdict and pushes `file.scanned`. A
/// scanner that gives no verdict leaves the file `scanning` (never downloadable).
pub async fn scan_stored(state: &AppState, file_id: i64) -> AppResult<()> {
    let file = crate::files::load(&state.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let verdict = match state
        .config
        .scanner
        .scan_stored(&state.storage, &file.storage_key)
        .await
    {
        Ok(verdict) => verdict,
        Err(error) => {
            tracing::warn!(file_id, %error, "the virus scan gave no verdict; the file stays unscanned");
            return Err(AppError::Unavailable);
        }
    };
    db::set_scan_status(&state.db, file_id, verdict.as_status(), clock::now()).await?;
    let file: FileView = crate::files::load(&state.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?
        .view();
    tracing::info!(file_id, status = %file.anti_virus_check_scan_status, "stored file scanned");
    debug_assert!(file.anti_virus_check_scan_status != ScanStatus::Scanning);
    emit(&state.hub, &FileScanned { file }).await;
    Ok(())
}

/// Deletes every upload expired at `now` with its parts (an S3 multipart upload is aborted);
/// how many. Each node may run it: an
/// upload is deleted by the one pass that wins its row.
pub async fn expire(state: &AppState, now: DateTime<Utc>) -> AppResult<usize> {
    let parts = Parts::of(state);
    let mut deleted = 0;
    loop {
        let expired = db::delete_expired(&state.db, now, 100).await?;
        for upload in &expired {
            // A finished upload has no multipart upload left: its file is never touched.
            parts
                .delete(
                    &upload.id,
                    upload.storage_key.as_deref(),
                    upload.multipart_id.as_deref(),
                )
                .await?;
        }
        deleted += expired.len();
        if expired.len() < 100 {
            return Ok(deleted);
        }
    }
}

/// A file still `scanning` this long after its scan began is taken to have lost its scan (the
/// node died, or the scanner gave no verdict) and is scanned again. Longer than clamd takes for
/// the largest upload.
pub const SCAN_STALE: chrono::TimeDelta = chrono::TimeDelta::minutes(30);

/// Scans again the files left `scanning` for longer than [`SCAN_STALE`] at `now`; how many
/// this node took. Each node may run it: a file is taken by one of them (and by another only
/// once it is stale again).
pub async fn rescan_stuck(state: &AppState, now: DateTime<Utc>) -> AppResult<usize> {
    let mut taken = 0;
    loop {
        let ids = db::claim_stuck_scans(&state.db, now - SCAN_STALE, now, 100).await?;
        for &file_id in &ids {
            tracing::info!(file_id, "a scan left unfinished runs again");
            // A failure is logged in `scan_stored`; the file stays `scanning` for the next pass.
            let _ = scan_stored(state, file_id).await;
        }
        taken += ids.len();
        if ids.len() < 100 {
            return Ok(taken);
        }
    }
}

/// How often each node deletes expired uploads and scans again what lost its scan.
pub const EXPIRY_TICK: Duration = Duration::from_secs(10 * 60);

/// Runs `expire` and `rescan_stuck` every `EXPIRY_TICK` on this node.
pub fn spawn_expiry(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let result = expire(&state, clock::now()).await;
            match &result {
                Ok(0) => {}
                Ok(count) => tracing::info!(count, "expired uploads deleted"),
                Err(error) => tracing::error!(?error, "deleting expired uploads failed"),
            }
            let rescanned = rescan_stuck(&state, clock::now()).await;
            if let Err(error) = &rescanned {
                tracing::error!(?error, "scanning stuck files again failed");
            }
            crate::platform::metrics::job_ran("upload_expiry", result.is_ok() && rescanned.is_ok());
            if !state.node.pause(EXPIRY_TICK).await {
                break;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_pairs_decode_and_bad_ones_are_refused() {
        let pairs = parse_metadata("filename 5Y6f56i/LnBkZg==,is_private MQ==,flag").unwrap();
        assert_eq!(
            pairs,
            vec![
                ("filename".to_string(), "原稿.pdf".to_string()),
                ("is_private".to_string(), "1".to_string()),
                ("flag".to_string(), String::new()),
            ]
        );
        assert!(parse_metadata("filename !!!").is_none());
    }

    #[test]
    fn the_kind_comes_from_the_declared_type_or_the_name() {
        let declared = |name: &str, filetype: Option<&str>| {
            let mut pairs = vec![
                ("filename".to_string(), name.to_string()),
                ("use".to_string(), "delivery".to_string()),
            ];
            if let Some(t) = filetype {
                pairs.push(("filetype".to_string(), t.to_string()));
            }
            super::declared(&pairs).unwrap()
        };
        assert_eq!(declared("master.mp4", None).content_type, "video/mp4");
        assert_eq!(
            declared("x", Some("application/zip")).content_type,
            "application/zip"
        );
        let gib = 1024 * 1024 * 1024;
        assert!(check_creation(&declared("master.mp4", None), 5 * gib).is_ok());
        assert!(check_creation(&declared("master.mp4", None), 5 * gib + 1).is_err());
        assert!(check_creation(&declared("cover.png", None), 30_000_001).is_err());
        assert!(matches!(
            check_creation(&declared("setup.exe", None), 10),
            Err(AppError::Validation { .. })
        ));
    }

    #[test]
    fn a_prefix_ending_inside_a_character_is_still_text() {
        let text = "あ".repeat(10);
        let cut = &text.as_bytes()[..text.len() - 1];
        assert_eq!(
            check_content(cut, Purpose::Delivery, 100).unwrap(),
            "text/plain"
        );
    }
}
