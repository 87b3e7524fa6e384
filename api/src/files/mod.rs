//! Uploaded files: their bytes in `platform::storage` (keyed by `storage_key`), content
//! sniffing, the virus-scan status, access rules, downloads and image variants; resumable
//! uploads (tus) in `uploads`; short-lived signed download links (for `<video>`) in `links`.

pub mod access;
pub mod create;
mod db;
pub mod events;
pub mod http;
pub mod images;
pub mod links;
pub mod scan;
mod serve;
pub mod uploads;

pub use db::{FILE_COLUMNS, FileRow, MessageFileRow, load, load_for_messages};
pub use serve::{downloadable, respond};

use crate::files::scan::ScanStatus;

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::role::Role;

/// The largest upload of any kind (the request body limit follows it).
pub const MAX_UPLOAD_BYTES: usize = 20 * 1024 * 1024;

/// What an upload is, by its sniffed content type; each kind has its own size limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// Photos and illustrations (shown inline, scaled on demand).
    Image,
    /// Manuscripts and layouts: PDF, office documents, plain text.
    Document,
    /// Audio and video clips.
    Media,
    /// Zip and other archives of deliverables.
    Archive,
    /// Programs: never accepted.
    Executable,
    /// Anything else.
    Other,
}

impl FileKind {
    pub fn of(content_type: &str) -> Self {
        const EXECUTABLES: [&str; 6] = [
            "application/x-executable",
            "application/vnd.microsoft.portable-executable",
            "application/x-msdownload",
            "application/x-mach-binary",
            "application/x-sharedlib",
            "application/x-elf",
        ];
        const ARCHIVES: [&str; 6] = [
            "application/zip",
            "application/x-7z-compressed",
            "application/x-rar-compressed",
            "application/x-tar",
            "application/gzip",
            "application/vnd.rar",
        ];
        let (top, _) = content_type.split_once('/').unwrap_or((content_type, ""));
        if EXECUTABLES.contains(&content_type) {
            Self::Executable
        } else if top == "image" {
            Self::Image
        } else if top == "audio" || top == "video" {
            Self::Media
        } else if ARCHIVES.contains(&content_type) {
            Self::Archive
        } else if top == "text"
            || content_type == "application/pdf"
            || content_type.starts_with("application/vnd.openxmlformats-officedocument")
            || content_type.starts_with("application/vnd.ms-")
            || content_type == "application/msword"
            || content_type == "application/rtf"
        {
            Self::Document
        } else {
            Self::Other
        }
    }

    /// The size limit of a resumable upload (`files::uploads`) of the kind in bytes: 5 GiB of
    /// video, audio or archives, 200 MB of documents (and anything else), 30 MB of images.
    pub fn max_resumable_bytes(self) -> u64 {
        const GIB: u64 = 1024 * 1024 * 1024;
        const MB: u64 = 1000 * 1000;
        match self {
            Self::Media | Self::Archive => 5 * GIB,
            Self::Document | Self::Other => 200 * MB,
            Self::Image => 30 * MB,
            Self::Executable => 0,
        }
    }

    /// The size limit of the kind in bytes (none for executables: they are refused).
    pub fn max_bytes(self) -> usize {
        const MIB: usize = 1024 * 1024;
        match self {
            Self::Image => 10 * MIB,
            Self::Document | Self::Media | Self::Archive => MAX_UPLOAD_BYTES,
            Self::Other => 5 * MIB,
            Self::Executable => 0,
        }
    }
}

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

/// The content type from the bytes themselves (the first of them: a sequence cut at their end
/// still reads as text), never from the name the browser sent.
pub fn sniff_content_type(bytes: &[u8]) -> String {
    if let Some(kind) = infer::get(bytes) {
        return kind.mime_type().to_string();
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(_) => true,
        Err(cut) => cut.error_len().is_none(),
    };
    if text {
        "text/plain".into()
    } else {
        "application/octet-stream".into()
    }
}

/// A safe file name: no path parts, no control or invisible direction characters, at most 200
/// characters. Every stored name comes through here (uploads), so every shown name is clean.
pub fn clean_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && !is_invisible_format(*c))
        .take(200)
        .collect();
    let cleaned = cleaned.trim().trim_start_matches('.').to_string();
    if cleaned.is_empty() {
        "file".into()
    } else {
        cleaned
    }
}

/// Characters that change how a name is shown without being seen: the bidirectional controls
/// (`invoice\u{202E}gnp.exe` shows as `invoiceexe.png`), line and paragraph separators, zero
/// width spaces, the byte order mark and interlinear annotation marks.
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{061C}'                 // arabic letter mark
        | '\u{200B}'               // zero width space
        | '\u{200E}' | '\u{200F}' // left-to-right and right-to-left marks
        | '\u{2028}' | '\u{2029}' // line and paragraph separators
        | '\u{202A}'..='\u{202E}' // embeddings and overrides
        | '\u{2066}'..='\u{2069}' // isolates
        | '\u{FEFF}'               // byte order mark
        | '\u{FFF9}'..='\u{FFFB}' // interlinear annotation
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_limit_and_programs_have_none() {
        let cases = [
            ("image/png", FileKind::Image, 10 * 1024 * 1024),
            ("application/pdf", FileKind::Document, MAX_UPLOAD_BYTES),
            ("text/plain", FileKind::Document, MAX_UPLOAD_BYTES),
            (
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                FileKind::Document,
                MAX_UPLOAD_BYTES,
            ),
            ("video/mp4", FileKind::Media, MAX_UPLOAD_BYTES),
            ("application/zip", FileKind::Archive, MAX_UPLOAD_BYTES),
            ("application/octet-stream", FileKind::Other, 5 * 1024 * 1024),
            ("application/x-msdownload", FileKind::Executable, 0),
            ("application/x-executable", FileKind::Executable, 0),
        ];
        for (content_type, kind, limit) in cases {
            assert_eq!(FileKind::of(content_type), kind, "{content_type}");
            assert_eq!(kind.max_bytes(), limit, "{content_type}");
        }
    }

    #[test]
    fn names_lose_paths_and_control_characters() {
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("C:\\temp\\原稿.docx"), "原稿.docx");
        assert_eq!(clean_file_name("a\u{0}b.txt"), "ab.txt");
        assert_eq!(clean_file_name(".."), "file");
    }

    #[test]
    fn names_lose_direction_controls_and_invisible_characters() {
        assert_eq!(clean_file_name("invoice\u{202E}gnp.exe"), "invoicegnp.exe");
        for c in ('\u{202A}'..='\u{202E}')
            .chain('\u{2066}'..='\u{2069}')
            .chain([
                '\u{200E}', '\u{200F}', '\u{061C}', '\u{200B}', '\u{FEFF}', '\u{2028}',
            ])
            .chain(['\u{85}', '\u{9B}', '\u{7F}', '\n', '\t'])
        {
            assert_eq!(
                clean_file_name(&format!("原{c}稿.pdf")),
                "原稿.pdf",
                "U+{:04X}",
                c as u32
            );
        }
        assert_eq!(
            clean_file_name("\u{202E}\u{2066}"),
            "file",
            "nothing visible left"
        );
        // Joiners stay: emoji sequences need them.
        assert_eq!(clean_file_name("👩\u{200D}💻.png"), "👩\u{200D}💻.png");
    }

    #[test]
    fn content_type_comes_from_the_bytes() {
        let png = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
        assert_eq!(sniff_content_type(&png), "image/png");
        assert_eq!(sniff_content_type("こんにちは".as_bytes()), "text/plain");
        let cut = &"こんにちは".as_bytes()[..4];
        assert_eq!(
            sniff_content_type(cut),
            "text/plain",
            "cut inside a character"
        );
        assert_eq!(
            sniff_content_type(&[0xff, 0xfe, 0x00, 0x81]),
            "application/octet-stream"
        );
    }
}
