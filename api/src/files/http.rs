//! Uploading files, downloading them with access checks, and serving image variants.

use crate::auth::session::Caller;
use crate::files::images::{self, PLACEHOLDER_SVG};
use crate::files::scan::ScanStatus;
use crate::files::{self, FileKind, FileView, MAX_UPLOAD_BYTES, access, db, links};
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::storage::PutError;
use crate::platform::validation::Validator;
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes({
            let (schemas, paths, upload) = routes!(upload);
            let limit = DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024);
            (schemas, paths, upload.layer(limit))
        })
        .routes(routes!(download))
        .routes(routes!(link))
        .routes(routes!(signed_download))
        .route("/images/{*path}", axum::routing::get(image))
}

/// Multipart form with a `file` part and an optional `is_private` part (`1` or `true`).
#[utoipa::path(post, path = "/files", tag = "files", security(("bearer" = [])),
    request_body(content = crate::platform::openapi::UploadForm, content_type = "multipart/form-data", description = "file: the file; is_private: 1 or true"),
    responses((status = 201, body = FileView), (status = 401),
        (status = 422, description = "missing file, too large for its kind (max:<KiB>: images 10 MiB, documents, media and archives 20 MiB, anything else 5 MiB), an image over 40 megapixels or 16384 pixels a side (dimensions), or a program (mimes)"),
        (status = 503, description = "the virus scanner (clamd) gave no verdict; nothing was stored")))]
pub async fn upload(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    mut multipart: Multipart,
) -> AppResult<(StatusCode, Json<FileView>)> {
    let mut upload: Option<Stored> = None;
    let mut is_private = false;
    let read = async {
        while let Some(field) = multipart
            .next_field()
            .await
            .map_err(|_| AppError::rule("file", "uploaded"))?
        {
            match field.name() {
                Some("file") => {
                    // The last file part counts, as it always did.
                    if let Some(earlier) = upload.take() {
                        discard(&state, &earlier.storage_key).await;
                    }
                    upload = Some(store(&state, field).await?);
                }
                Some("is_private") => {
                    let value = field.text().await.unwrap_or_default();
                    is_private = matches!(value.as_str(), "1" | "true");
                }
                _ => {}
            }
        }
        AppResult::Ok(())
    }
    .await;
    if let Err(error) = read {
        if let Some(stored) = &upload {
            discard(&state, &stored.storage_key).await;
        }
        return Err(error);
    }
    let Some(stored) = upload else {
        return Err(AppError::rule("file", "required"));
    };
    match record(&state, &caller, &stored, is_private).await {
        Ok(view) => Ok((StatusCode::CREATED, Json(view))),
        Err(error) => {
            discard(&state, &stored.storage_key).await;
            Err(error)
        }
    }
}

/// An upload's bytes in storage, checked as far as its first bytes allow.
struct Stored {
    storage_key: String,
    name: String,
    content_type: String,
    kind: FileKind,
    size: u64,
    /// From the first bytes; `Unreadable` may still be read from the whole image.
    header: images::Header,
}

/// Why streaming a file part into storage stopped.
enum PartRefused {
    /// The request body ended early or went over the request limit.
    Read,
    /// More bytes than the kind allows.
    OverKind,
}

/// The bytes kept in memory from the start of an upload: enough to sniff the type and read an
/// image's header.
const HEAD_BYTES: usize = images::HEADER_BYTES as usize;

fn too_large(max_bytes: usize) -> AppError {
    AppError::rule("file", format!("max:{}", max_bytes / 1024))
}

/// Streams one `file` part into storage under a fresh key: its first bytes decide the type and
/// the size limit (programs and images over the pixel budget refused before a byte is stored),
/// the rest follows chunk by chunk. On any refusal nothing is left in storage.
async fn store(
    state: &AppState,
    mut field: axum::extract::multipart::Field<'_>,
) -> AppResult<Stored> {
    let name = files::clean_file_name(field.file_name().unwrap_or("file"));
    let mut head = Vec::new();
    while head.len() < HEAD_BYTES {
        match field.chunk().await {
            Ok(Some(chunk)) => head.extend_from_slice(&chunk),
            Ok(None) => break,
            Err(_) => return Err(too_large(MAX_UPLOAD_BYTES)),
        }
    }
    if head.is_empty() {
        return Err(AppError::rule("file", "required"));
    }
    let content_type = files::sniff_content_type(&head);
    let kind = FileKind::of(&content_type);
    if kind == FileKind::Executable {
        return Err(AppError::rule("file", "mimes"));
    }
    let limit = kind.max_bytes().min(MAX_UPLOAD_BYTES);
    if head.len() > limit {
        return Err(too_large(kind.max_bytes()));
    }
    let header = if kind == FileKind::Image {
        match images::Header::of_bytes(&head) {
            images::Header::TooLarge => return Err(images::too_many_pixels()),
            header => header,
        }
    } else {
        images::Header::Unreadable
    };
    let storage_key = crate::files::create::new_storage_key(&name);
    let mut seen = head.len();
    let rest = field.map(move |read| {
        let chunk = read.map_err(|_| PartRefused::Read)?;
        seen += chunk.len();
        if seen > limit {
            return Err(PartRefused::OverKind);
        }
        Ok(chunk)
    });
    let bytes = futures::stream::once(async { Ok(Bytes::from(head)) }).chain(rest);
    let _active = crate::platform::metrics::ActiveUpload::start();
    let size = match state.storage.put_stream(&storage_key, bytes).await {
        Ok(size) => {
            crate::platform::metrics::upload_received(size);
            size
        }
        Err(PutError::Source(PartRefused::Read)) => return Err(too_large(MAX_UPLOAD_BYTES)),
        Err(PutError::Source(PartRefused::OverKind)) => return Err(too_large(kind.max_bytes())),
        Err(PutError::Store(error)) => return Err(error.into()),
    };
    Ok(Stored {
        storage_key,
        name,
        content_type,
        kind,
        size,
        header,
    })
}

/// Scans the stored upload and records it as a File of `caller`; the caller removes the bytes
/// when this fails.
async fn record(
    state: &AppState,
    caller: &Caller,
    stored: &Stored,
    is_private: bool,
) -> AppResult<FileView> {
    let header = match stored.header {
        // The first bytes did not say (large metadata before the dimensions): the whole image.
        images::Header::Unreadable
            if stored.kind == FileKind::Image && stored.size > HEAD_BYTES as u64 =>
        {
            images::Header::of_stored(&state.storage, &stored.storage_key).await?
        }
        header => header,
    };
    let dimensions = match header {
        images::Header::Fits { width, height } => Some((width, height)),
        images::Header::TooLarge => return Err(images::too_many_pixels()),
        images::Header::Unreadable => None,
    };
    let verdict = state
        .config
        .scanner
        .scan_stored(&state.storage, &stored.storage_key)
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, "upload refused: the virus scan gave no verdict");
            AppError::Unavailable
        })?;
    let file_id = files::create::record(
        &state.storage,
        &state.db,
        &stored.storage_key,
        &files::create::NewFile {
            user_id: caller.user_id,
            name: &stored.name,
            content_type: &stored.content_type,
            size_bytes: stored.size as i64,
            scan_status: verdict.as_status(),
            is_private,
            dimensions,
        },
    )
    .await?;
    Ok(db::load(&state.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?
        .view())
}

/// Removes the bytes of an upload that was refused (a failure is logged: the object is an
/// orphan no File points at).
async fn discard(state: &AppState, storage_key: &str) {
    if let Err(error) = state.storage.delete(storage_key).await {
        tracing::warn!(%error, storage_key, "a refused upload's bytes stay in storage");
    }
}

/// The uploader, staff, and readers of a channel where the file was posted may download it.
#[utoipa::path(get, path = "/files/{file_id}", tag = "files", security(("bearer" = [])),
    responses((status = 200, description = "the file's bytes"), (status = 206, description = "the byte range asked for (Range, If-Range)"),
        (status = 304, description = "unchanged (If-None-Match, If-Modified-Since)"), (status = 401), (status = 403, description = "no access, or infected"), (status = 404),
        (status = 416, description = "the range starts past the end"),
        (status = 422, description = "still being scanned for viruses; try again later")))]
pub async fn download(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(file_id): Path<i64>,
    headers: HeaderMap,
) -> AppResult<Response> {
    download_as(&state, &caller, file_id, &headers).await
}

/// The file's bytes (ranges and revalidation as `files::respond` answers them) for `caller`, who
/// must be allowed to download it.
async fn download_as(
    state: &AppState,
    caller: &Caller,
    file_id: i64,
    headers: &HeaderMap,
) -> AppResult<Response> {
    let file = db::load(&state.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !access::may_download(&state.db, caller, &file).await? {
        return Err(AppError::Forbidden);
    }
    files::respond(&state.storage, file, headers).await
}

/// A short-lived link to a file's bytes, for a `<video>` or `<audio>` element (which cannot send
/// the bearer token).
#[derive(Debug, Serialize, ToSchema)]
pub struct FileLink {
    /// `/api/files/{id}/signed?session=…&expires=…&signature=…`; answers ranges like the download.
    pub url: String,
    /// When the link stops working (5 minutes from now); ask for a new one then.
    pub expires: DateTime<Utc>,
}

/// A signed link to the file for whoever may download it now (the same rule as the download;
/// the file must be clean). It lives 5 minutes and dies with the caller's session.
#[utoipa::path(post, path = "/files/{file_id}/link", tag = "files", security(("bearer" = [])),
    responses((status = 200, body = FileLink), (status = 401), (status = 403, description = "no access, or infected"), (status = 404),
        (status = 422, description = "still being scanned for viruses; try again later")))]
pub async fn link(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(file_id): Path<i64>,
) -> AppResult<Json<FileLink>> {
    let file = db::load(&state.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !access::may_download(&state.db, &caller, &file).await? {
        return Err(AppError::Forbidden);
    }
    files::downloadable(&file)?;
    let signed = state
        .file_links
        .sign(file_id, caller.session_id, clock::now());
    Ok(Json(FileLink {
        url: links::path(file_id, &signed),
        expires: DateTime::from_timestamp(signed.expires, 0).unwrap_or_default(),
    }))
}

/// What a signed link carries (`POST /files/{file_id}/link` makes it).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignedQuery {
    pub session: Option<String>,
    /// Unix seconds.
    pub expires: Option<String>,
    pub signature: Option<String>,
}

/// The file's bytes through a signed link, without a bearer token: the signature and expiry are
/// checked, then the download rule for the link's session as it is now. Ranges, `ETag` and
/// revalidation as `GET /files/{file_id}`.
#[utoipa::path(get, path = "/files/{file_id}/signed", tag = "files", params(SignedQuery),
    responses((status = 200, description = "the file's bytes"), (status = 206, description = "the byte range asked for (Range, If-Range)"),
        (status = 304, description = "unchanged"),
        (status = 403, description = "not a link we signed for this file, expired, its session ended, no access any more, or infected"),
        (status = 404), (status = 416, description = "the range starts past the end"),
        (status = 422, description = "still being scanned for viruses")))]
pub async fn signed_download(
    State(state): State<AppState>,
    Path(file_id): Path<i64>,
    ApiQuery(query): ApiQuery<SignedQuery>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let signed = (|| {
        Some(links::Signed {
            session: query.session.as_deref()?.parse().ok()?,
            expires: query.expires.as_deref()?.parse().ok()?,
            signature: query.signature.clone()?,
        })
    })()
    .ok_or(AppError::Forbidden)?;
    match state.file_links.check(file_id, &signed, clock::now()) {
        Ok(()) => {}
        Err(links::LinkRefused::Forged) => return Err(AppError::Forbidden),
        Err(links::LinkRefused::Expired) => {
            return Err(AppError::ForbiddenBecause(
                "リンクの有効期限が切れました。ページを開き直してください。".into(),
            ));
        }
    }
    let caller = state
        .sessions
        .resolve_session(&state.db, signed.session)
        .await?
        .ok_or(AppError::Forbidden)?;
    download_as(&state, &caller, file_id, &headers).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageQuery {
    /// At most `MAX_IMAGE_SIDE`; the answer is the next of 64, 128, 256, 512, 1024 or 2048
    /// pixels wide at or above the width asked for (never wider than the image).
    pub width: Option<u32>,
    /// At most `MAX_IMAGE_SIDE`; decides the width through the aspect ratio.
    pub height: Option<u32>,
}

/// The largest width or height a request may ask for, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 4096;

fn placeholder() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        PLACEHOLDER_SVG,
    )
        .into_response()
}

/// What the public image route does with a stored image, decided without decoding it.
enum Plan {
    /// The variant is in storage already.
    Cached(Bytes),
    /// The variant `width` pixels wide is to be made.
    Render { width: u32 },
    /// Unreadable or over the budget: the placeholder.
    Placeholder,
}

/// Public image URL (usable in `<img>`): the image when it is clean and not private, scaled
/// to the variant width that serves `width`×`height`; a placeholder otherwise (also for images
/// that cannot be decoded or are over the decoding budget). 503 when every decode slot stays
/// busy.
#[utoipa::path(get, path = "/api/images/{path}", tag = "files", params(("path" = String, Path, description = "files/<key>"), ImageQuery),
    responses((status = 200, description = "PNG variant (64, 128, 256, 512, 1024 or 2048 pixels wide, or the image's own width when narrower) or an SVG placeholder"),
        (status = 422, description = "width or height over 4096"),
        (status = 503, description = "every image decode slot stayed busy; try again")))]
pub async fn image(
    State(state): State<AppState>,
    Path(path): Path<String>,
    ApiQuery(query): ApiQuery<ImageQuery>,
) -> AppResult<Response> {
    let mut v = Validator::new();
    for (field, side) in [("width", query.width), ("height", query.height)] {
        if side.is_some_and(|side| side > MAX_IMAGE_SIDE) {
            v.fail(field, format!("max:{MAX_IMAGE_SIDE}"));
        }
    }
    v.finish()?;
    let Some(storage_key) = path.strip_prefix("files/") else {
        return Ok(placeholder());
    };
    let row = db::image_by_storage_key(&state.db, storage_key).await?;
    let Some((scan_status, content_type, is_private)) = row else {
        return Ok(placeholder());
    };
    if scan_status != ScanStatus::Clean || is_private || !content_type.starts_with("image/") {
        return Ok(placeholder());
    }
    let plan = match images::Header::of_stored(&state.storage, storage_key).await? {
        images::Header::Fits { width, height } => {
            let width = images::variant_width(width, height, query.width, query.height);
            match state
                .storage
                .read(&images::variant_key(storage_key, width))
                .await?
            {
                Some(bytes) => Plan::Cached(bytes),
                None => Plan::Render { width },
            }
        }
        images::Header::TooLarge | images::Header::Unreadable => Plan::Placeholder,
    };
    let rendered = match plan {
        Plan::Cached(bytes) => Ok(bytes),
        Plan::Placeholder => {
            tracing::info!(storage_key, "image unreadable or over the decoding budget");
            return Ok(placeholder());
        }
        Plan::Render { width } => {
            let permit = images::DECODES.enter().await.map_err(|busy| {
                tracing::warn!(%busy, storage_key, "image variant refused");
                AppError::Unavailable
            })?;
            let Some(source) = state.storage.read(storage_key).await? else {
                return Ok(placeholder());
            };
            let rendered = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                images::render_variant(&source, width)
            })
            .await
            .map_err(anyhow::Error::from)?;
            match rendered {
                Ok(bytes) => {
                    let (bytes, key) =
                        (Bytes::from(bytes), images::variant_key(storage_key, width));
                    // Kept for the next request; this one is answered either way.
                    if let Err(error) = state.storage.put(&key, bytes.clone()).await {
                        tracing::warn!(%error, key, "an image variant was not kept");
                    }
                    Ok(bytes)
                }
                Err(error) => Err(error),
            }
        }
    };
    match rendered {
        Ok(bytes) => Ok((
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "public, max-age=86400"),
            ],
            bytes,
        )
            .into_response()),
        Err(error) => {
            tracing::warn!(%error, storage_key, "image variant failed");
            Ok(placeholder())
        }
    }
}
