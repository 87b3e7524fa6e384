//! A stored file as a download answer, once the caller's access has been decided: clean files
//! only, the name the uploader gave, never sniffed by the browser; streamed from storage with
//! constant memory, one byte range on request (`Range`, `If-Range`: a download resumes, a
//! video seeks) and revalidation (`ETag`, `Last-Modified`, `If-None-Match`,
//! `If-Modified-Since`: 304).

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use chrono::{DateTime, Utc};

use crate::files::FileRow;
use crate::files::scan::ScanStatus;
use crate::platform::attachment::content_disposition;
use crate::platform::error::{AppError, AppResult};
use crate::platform::storage::{ObjectInfo, Storage};

/// The bytes of `file` (the caller may download it); 403 when infected (nobody may download
/// it, as the API description says), 422 while it is still being scanned (try again later).
/// `request` carries the conditional and range headers of the request.
pub async fn respond(storage: &Storage, file: FileRow, request: &HeaderMap) -> AppResult<Response> {
    downloadable(&file)?;
    let info = storage
        .head(&file.storage_key)
        .await?
        .ok_or_else(|| anyhow::anyhow!("file {} has no stored bytes", file.id))?;
    let mut headers = HeaderMap::new();
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    if let Some(etag) = info
        .etag
        .as_deref()
        .and_then(|t| HeaderValue::from_str(t).ok())
    {
        headers.insert(header::ETAG, etag);
    }
    headers.insert(
        header::LAST_MODIFIED,
        HeaderValue::from_str(&http_date(info.last_modified)).map_err(anyhow::Error::from)?,
    );
    if not_modified(request, &info) {
        return Ok(answer(StatusCode::NOT_MODIFIED, headers, Body::empty()));
    }
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&file.content_type)
            .unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        content_disposition(&file.name)?,
    );
    let wanted = if if_range_holds(request, &info) {
        header_str(request, header::RANGE).map_or(Wanted::Whole, |r| wanted_range(r, info.size))
    } else {
        Wanted::Whole
    };
    let (status, stream) = match wanted {
        Wanted::Unsatisfiable => {
            headers.insert(
                header::CONTENT_RANGE,
                HeaderValue::from_str(&format!("bytes */{}", info.size))
                    .map_err(anyhow::Error::from)?,
            );
            headers.remove(header::CONTENT_TYPE);
            headers.remove(header::CONTENT_DISPOSITION);
            return Ok(answer(
                StatusCode::RANGE_NOT_SATISFIABLE,
                headers,
                Body::empty(),
            ));
        }
        Wanted::Part { first, last } => {
            let stream = storage
                .get_range(&file.storage_key, first..last + 1)
                .await?;
            headers.insert(
                header::CONTENT_RANGE,
                HeaderValue::from_str(&format!("bytes {first}-{last}/{}", info.size))
                    .map_err(anyhow::Error::from)?,
            );
            (StatusCode::PARTIAL_CONTENT, stream)
        }
        // As a range, so that a large object is read from S3 several pieces at a time.
        Wanted::Whole if info.size > 0 => (
            StatusCode::OK,
            storage.get_range(&file.storage_key, 0..info.size).await?,
        ),
        Wanted::Whole => (StatusCode::OK, storage.get(&file.storage_key).await?),
    };
    let stream = stream.ok_or_else(|| anyhow::anyhow!("file {} vanished", file.id))?;
    let length = stream.range.end - stream.range.start;
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    crate::platform::metrics::download_answered(length);
    Ok(answer(status, headers, Body::from_stream(stream.bytes)))
}

/// Whether anyone may have the bytes of `file` now: clean ones only; 403 when infected, 422
/// while it is still being scanned (try again later).
pub fn downloadable(file: &FileRow) -> AppResult<()> {
    match file.scan_status {
        ScanStatus::Clean => Ok(()),
        ScanStatus::Infected => Err(AppError::ForbiddenBecause(
            "ウイルスが検出されたため、このファイルはダウンロードできません。".into(),
        )),
        ScanStatus::Scanning => Err(AppError::invalid(
            "ウイルスチェック中です。しばらくしてから再度お試しください。",
        )),
    }
}

fn answer(status: StatusCode, headers: HeaderMap, body: Body) -> Response {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

fn header_str(request: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    request.get(name).and_then(|v| v.to_str().ok())
}

/// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
pub fn http_date(at: DateTime<Utc>) -> String {
    at.format("%a, %d %b %Y %H:%M:%S GMT").to_string()
}

fn parse_http_date(value: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc2822(value.trim())
        .ok()
        .map(|d| d.with_timezone(&Utc))
}

/// An entity tag without its weakness mark, for the weak comparison of `If-None-Match`.
fn opaque(tag: &str) -> &str {
    tag.trim().trim_start_matches("W/")
}

/// RFC 9110 §13.2.2: `If-None-Match` decides when present (weak comparison), otherwise
/// `If-Modified-Since` (HTTP dates have whole seconds).
fn not_modified(request: &HeaderMap, info: &ObjectInfo) -> bool {
    if let Some(tags) = header_str(request, header::IF_NONE_MATCH) {
        let Some(etag) = info.etag.as_deref() else {
            return tags.trim() == "*";
        };
        return tags
            .split(',')
            .any(|t| t.trim() == "*" || opaque(t) == opaque(etag));
    }
    header_str(request, header::IF_MODIFIED_SINCE)
        .and_then(parse_http_date)
        .is_some_and(|since| info.last_modified.timestamp() <= since.timestamp())
}

/// `If-Range`: the range applies only to the same representation: a strong entity tag equal to
/// the current one, or exactly its modification date. Without `If-Range` it always applies.
fn if_range_holds(request: &HeaderMap, info: &ObjectInfo) -> bool {
    let Some(condition) = header_str(request, header::IF_RANGE).map(str::trim) else {
        return true;
    };
    if condition.starts_with('"') {
        info.etag.as_deref() == Some(condition)
    } else if condition.starts_with("W/") {
        false
    } else {
        parse_http_date(condition)
            .is_some_and(|at| at.timestamp() == info.last_modified.timestamp())
    }
}

/// What a `Range` header asks of an object of `size` bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum Wanted {
    /// No usable single range (absent, malformed, several ranges): the whole object, 200.
    Whole,
    /// The bytes `first..=last`, 206.
    Part { first: u64, last: u64 },
    /// A range that starts past the end (or any range of an empty object), 416.
    Unsatisfiable,
}

/// One `bytes=first-last`, `bytes=first-` or `bytes=-suffix`; `last` past the end is clipped.
pub fn wanted_range(header: &str, size: u64) -> Wanted {
    let Some(spec) = header.trim().strip_prefix("bytes=") else {
        return Wanted::Whole;
    };
    if spec.contains(',') {
        return Wanted::Whole;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return Wanted::Whole;
    };
    let (first, last) = (first.trim(), last.trim());
    let parsed = |s: &str| s.parse::<u64>().ok();
    match (first.is_empty(), last.is_empty()) {
        (true, true) => Wanted::Whole,
        // The last `suffix` bytes.
        (true, false) => match parsed(last) {
            None => Wanted::Whole,
            Some(0) => Wanted::Unsatisfiable,
            Some(_) if size == 0 => Wanted::Unsatisfiable,
            Some(suffix) => Wanted::Part {
                first: size.saturating_sub(suffix),
                last: size - 1,
            },
        },
        (false, open) => {
            let Some(first) = parsed(first) else {
                return Wanted::Whole;
            };
            let last = if open {
                size.saturating_sub(1)
            } else {
                match parsed(last) {
                    Some(last) if last >= first => last.min(size.saturating_sub(1)),
                    _ => return Wanted::Whole,
                }
            };
            if first >= size {
                Wanted::Unsatisfiable
            } else {
                Wanted::Part { first, last }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_read_as_rfc_9110_says() {
        let part = |first, last| Wanted::Part { first, last };
        let cases = [
            ("bytes=0-0", 10, part(0, 0)),
            ("bytes=2-5", 10, part(2, 5)),
            ("bytes=2-", 10, part(2, 9)),
            ("bytes=2-100", 10, part(2, 9)),
            ("bytes=-3", 10, part(7, 9)),
            ("bytes=-30", 10, part(0, 9)),
            ("bytes=10-", 10, Wanted::Unsatisfiable),
            ("bytes=10-20", 10, Wanted::Unsatisfiable),
            ("bytes=-0", 10, Wanted::Unsatisfiable),
            ("bytes=0-", 0, Wanted::Unsatisfiable),
            ("bytes=-1", 0, Wanted::Unsatisfiable),
            ("bytes=5-2", 10, Wanted::Whole),
            ("bytes=0-1,3-4", 10, Wanted::Whole),
            ("items=0-1", 10, Wanted::Whole),
            ("bytes=a-b", 10, Wanted::Whole),
            ("bytes=-", 10, Wanted::Whole),
        ];
        for (header, size, wanted) in cases {
            assert_eq!(wanted_range(header, size), wanted, "{header} of {size}");
        }
    }

    #[test]
    fn http_dates_round_trip() {
        let at = DateTime::parse_from_rfc3339("2026-11-29T02:30:05Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(http_date(at), "Sun, 29 Nov 2026 02:30:05 GMT");
        assert_eq!(parse_http_date(&http_date(at)), Some(at));
    }
}
