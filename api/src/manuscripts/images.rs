//! Images in a manuscript (issue 44): which uploaded file may be put into one (PNG, JPEG, GIF or
//! WebP of at most 10 MiB, uploaded by the person putting it in), how the document refers to it
//! (`/api/files/{id}`: [`src_of`], [`file_reference`]), and the manuscript's own images read
//! for the delivered Word and HTML files ([`load_embedded`]): a reference to any file that is
//! not the manuscript's (another manuscript's, a chat attachment) is never read, so putting a
//! reference into the document never shows someone a file they could not download.

use std::collections::HashMap;

use axum::http::StatusCode;
use bytes::Bytes;

use crate::files::images;
use crate::files::scan::ScanStatus;
use crate::manuscripts::db;
use crate::manuscripts::doc::Node;
use crate::platform::error::{AppError, AppResult, Rules};
use crate::state::AppState;

/// The content types a manuscript takes, sniffed from the bytes.
pub const CONTENT_TYPES: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/// The rule a refused type answers.
pub const MIMES_RULE: &str = "mimes:png,jpeg,gif,webp";

/// The largest image a manuscript takes (the largest a one-request upload takes, too).
pub const MAX_BYTES: u64 = 10 * 1024 * 1024;

/// Where the document's `src` of an uploaded image points: the file's download, which only the
/// manuscript's members may read (`access::file_readable`).
pub fn src_of(file_id: i64) -> String {
    format!("/api/files/{file_id}")
}

/// The file an image's `src` refers to, when it is one of ours (exactly `/api/files/{id}`).
pub fn file_reference(src: &str) -> Option<i64> {
    let id = src.trim().strip_prefix("/api/files/")?;
    if id.is_empty() || id.len() > 18 || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    id.parse().ok()
}

pub fn accepts_type(content_type: &str) -> bool {
    CONTENT_TYPES.contains(&content_type)
}

/// 422 on `field` for a file that is no PNG, JPEG, GIF or WebP.
pub fn wrong_type(field: &str) -> AppError {
    AppError::refused(
        field,
        MIMES_RULE,
        "原稿に入れられる画像はPNG、JPEG、GIF、WebPのファイルです。",
    )
}

/// `status` (413 for an upload's declared length, 422 for a stored file) on `field` for an
/// image over [`MAX_BYTES`].
pub fn too_large(field: &str, status: StatusCode) -> AppError {
    AppError::WithStatus {
        status,
        message: "画像が大きすぎます。原稿に入れられる画像は10 MBまでです。".into(),
        rules: Rules::from([(field.to_string(), vec![format!("max:{}", MAX_BYTES / 1024)])]),
    }
}

/// Checks an image about to go into a manuscript: its (sniffed or declared) type and size.
pub fn check(field: &str, content_type: &str, size: u64, status: StatusCode) -> AppResult<()> {
    if !accepts_type(content_type) {
        return Err(wrong_type(field));
    }
    if size > MAX_BYTES {
        return Err(too_large(field, status));
    }
    Ok(())
}

/// An image as a delivered file carries it.
#[derive(Debug, Clone)]
pub struct Embedded {
    /// The stored bytes, as uploaded (the HTML's data URL).
    pub bytes: Bytes,
    pub content_type: String,
    /// The same image as PNG (the only kind `docx-rs` writes), when it could be decoded
    /// within the budget (`files::images`); without it Word shows the image's name.
    pub png: Option<(Vec<u8>, u32, u32)>,
}

/// Every `src` of the document's images, in document order.
fn image_sources(nodes: &[Node], out: &mut Vec<String>) {
    for node in nodes {
        match node {
            Node::Image { src, .. } => out.push(src.clone()),
            Node::Quote(inner) => image_sources(inner, out),
            Node::BulletList(items) | Node::OrderedList { items, .. } => {
                for item in items {
                    image_sources(item, out);
                }
            }
            Node::Heading { .. } | Node::Paragraph(_) => {}
        }
    }
}

/// The images of `outline` that are files of the manuscript (clean, and still of an accepted
/// type), read from storage, by their `src`. Anything else is left out: the export writes
/// only its name.
pub async fn load_embedded(
    state: &AppState,
    manuscript_id: i64,
    outline: &[Node],
) -> AppResult<HashMap<String, Embedded>> {
    let mut sources = Vec::new();
    image_sources(outline, &mut sources);
    let wanted: HashMap<i64, String> = sources
        .into_iter()
        .filter_map(|src| file_reference(&src).map(|id| (id, src)))
        .collect();
    if wanted.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<i64> = wanted.keys().copied().collect();
    let mut embedded = HashMap::new();
    for file in db::manuscript_files(&state.db, manuscript_id, &ids).await? {
        if file.scan_status != ScanStatus::Clean || !accepts_type(&file.content_type) {
            continue;
        }
        let Some(bytes) = state.storage.read(&file.storage_key).await? else {
            tracing::warn!(
                file_id = file.file_id,
                "a manuscript image is missing from storage"
            );
            continue;
        };
        let png = as_png(&file.content_type, &bytes).await;
        if let Some(src) = wanted.get(&file.file_id) {
            embedded.insert(
                src.clone(),
                Embedded {
                    bytes,
                    content_type: file.content_type,
                    png,
                },
            );
        }
    }
    Ok(embedded)
}

/// The image as PNG with its size in pixels: a PNG as it is, anything else decoded (one decode
/// slot of the node's, under the decoding budget) and written again; `None` when it cannot be.
async fn as_png(content_type: &str, bytes: &Bytes) -> Option<(Vec<u8>, u32, u32)> {
    let (width, height) = match images::Header::of_bytes(bytes) {
        images::Header::Fits { width, height } => (width, height),
        images::Header::TooLarge | images::Header::Unreadable => return None,
    };
    if content_type == "image/png" {
        return Some((bytes.to_vec(), width, height));
    }
    let permit = images::DECODES.enter().await.ok()?;
    let source = bytes.clone();
    let rendered = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        images::render_variant(&source, width)
    })
    .await
    .ok()?;
    match rendered {
        Ok(png) => Some((png, width, height)),
        Err(error) => {
            tracing::warn!(%error, "a manuscript image could not be written as PNG");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_file_download_path_is_a_reference() {
        assert_eq!(file_reference("/api/files/42"), Some(42));
        assert_eq!(file_reference(&src_of(7)), Some(7));
        for other in [
            "/api/files/",
            "/api/files/42/link",
            "/api/files/4x2",
            "/api/files/-1",
            "https://example.jp/api/files/42",
            "/api/images/files/abc.png",
            "//api/files/42",
            "/api/files/99999999999999999999",
        ] {
            assert_eq!(file_reference(other), None, "{other}");
        }
    }

    #[test]
    fn only_the_four_web_image_types_up_to_ten_mib_are_taken() {
        let ok = StatusCode::UNPROCESSABLE_ENTITY;
        for content_type in CONTENT_TYPES {
            assert!(check("file", content_type, MAX_BYTES, ok).is_ok());
        }
        for content_type in [
            "image/svg+xml",
            "image/tiff",
            "application/pdf",
            "text/plain",
        ] {
            let refused = check("file", content_type, 10, ok).unwrap_err();
            assert_eq!(refused.status(), ok, "{content_type}");
        }
        let large = check(
            "file",
            "image/png",
            MAX_BYTES + 1,
            StatusCode::PAYLOAD_TOO_LARGE,
        );
        assert_eq!(large.unwrap_err().status(), StatusCode::PAYLOAD_TOO_LARGE);
    }
}
