//! Images in a manuscript (issue 44): which uploaded file may be put into one (PNG, JPEG, GIF or
//! WebP of at most 10 MiB, uploaded by the person putting it in), how the document refers to it
//! (`/api/files/{id}`: [`src_of`], [`file_reference`]).

use axum::http::StatusCode;

use crate::platform::error::{AppError, AppResult, Rules};

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
