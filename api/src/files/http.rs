//! Uploading files, downloading them with access checks, and serving image variants.

use crate::auth::session::Caller;
use crate::files::images::{self, PLACEHOLDER_SVG};
use crate::files::scan::ScanStatus;
use crate::files::{self, FileKind, FileView, MAX_UPLOAD_BYTES, db};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::validation::Validator;
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes({
            let (schemas, paths, upload) = routes!(upload);
            let limit = DefaultBodyLimit::max(MAX_UPLOAD_BYTES + 64 * 1024);
            (schemas, paths, upload.layer(limit))
        })
        .routes(routes!(download))
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
    let mut upload: Option<(String, Vec<u8>)> = None;
    let mut is_private = false;
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| AppError::rule("file", "uploaded"))?
    {
        match field.name() {
            Some("file") => {
                let name = files::clean_file_name(field.file_name().unwrap_or("file"));
                let bytes = field.bytes().await.map_err(|_| {
                    AppError::rule("file", format!("max:{}", MAX_UPLOAD_BYTES / 1024))
                })?;
                upload = Some((name, bytes.to_vec()));
            }
            Some("is_private") => {
                let value = field.text().await.unwrap_or_default();
                is_private = matches!(value.as_str(), "1" | "true");
            }
            _ => {}
        }
    }
    let Some((name, bytes)) = upload else {
        return Err(AppError::rule("file", "required"));
    };
    if bytes.is_empty() {
        return Err(AppError::rule("file", "required"));
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(AppError::rule(
            "file",
            format!("max:{}", MAX_UPLOAD_BYTES / 1024),
        ));
    }
    let content_type = files::sniff_content_type(&bytes);
    let kind = FileKind::of(&content_type);
    if kind == FileKind::Executable {
        return Err(AppError::rule("file", "mimes"));
    }
    if bytes.len() > kind.max_bytes() {
        return Err(AppError::rule(
            "file",
            format!("max:{}", kind.max_bytes() / 1024),
        ));
    }
    let dimensions = if kind == FileKind::Image {
        match images::Header::of_bytes(&bytes) {
            images::Header::Fits { width, height } => Some((width, height)),
            images::Header::TooLarge => return Err(too_many_pixels()),
            images::Header::Unreadable => None,
        }
    } else {
        None
    };
    let verdict = state.config.scanner.scan(&bytes).await.map_err(|e| {
        tracing::warn!(error = %e, "upload refused: the virus scan gave no verdict");
        AppError::Unavailable
    })?;
    let extension = name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .filter(|e| e.len() <= 8 && e.chars().all(|c| c.is_ascii_alphanumeric()));
    let storage_key = match extension {
        Some(ext) => format!("{}.{ext}", Uuid::new_v4()),
        None => Uuid::new_v4().to_string(),
    };
    let target = files::stored_path(&state.config.data_dir, &storage_key);
    if let Some(parent) = target.parent() {
        tokio::fs::create_dir_all(parent)
            .await
            .map_err(anyhow::Error::from)?;
    }
    tokio::fs::write(&target, &bytes)
        .await
        .map_err(anyhow::Error::from)?;
    let file_id = db::insert(
        &state.db,
        &db::NewFile {
            user_id: caller.user_id,
            name: &name,
            storage_key: &storage_key,
            content_type: &content_type,
            size_bytes: bytes.len() as i64,
            scan_status: verdict.as_status(),
            is_private,
            width: dimensions.map(|d| d.0 as i32),
            height: dimensions.map(|d| d.1 as i32),
        },
    )
    .await?;
    let view = db::load(&state.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?
        .view();
    Ok((StatusCode::CREATED, Json(view)))
}

/// The uploader, staff, and readers of a channel where the file was posted may download it.
#[utoipa::path(get, path = "/files/{file_id}", tag = "files", security(("bearer" = [])),
    responses((status = 200, description = "the file's bytes"), (status = 401), (status = 403, description = "no access, or infected"), (status = 404),
        (status = 422, description = "still being scanned for viruses; try again later")))]
pub async fn download(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(file_id): Path<i64>,
) -> AppResult<Response> {
    let file = db::load(&state.db, file_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if !may_download(&state, &caller, &file).await? {
        return Err(AppError::Forbidden);
    }
    files::respond(&state.config.data_dir, file).await
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

/// 422 for an image over the decoding budget.
fn too_many_pixels() -> AppError {
    AppError::Validation {
        message: "画像が大きすぎます。4,000万画素以下（一辺16,384ピクセル以下）の画像をアップロードしてください。".into(),
        rules: [("file".to_string(), vec!["dimensions".to_string()])].into(),
    }
}

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
    /// The variant is on disk already.
    Cached(Vec<u8>),
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
    let source = files::stored_path(&state.config.data_dir, storage_key);
    let plan = {
        let source = source.clone();
        let (data_dir, key) = (state.config.data_dir.clone(), storage_key.to_string());
        let ImageQuery { width, height } = query;
        tokio::task::spawn_blocking(move || match images::Header::of_file(&source) {
            images::Header::Fits {
                width: w,
                height: h,
            } => {
                let width = images::variant_width(w, h, width, height);
                match std::fs::read(images::variant_path(&data_dir, &key, width)) {
                    Ok(bytes) => Plan::Cached(bytes),
                    Err(_) => Plan::Render { width },
                }
            }
            images::Header::TooLarge | images::Header::Unreadable => Plan::Placeholder,
        })
        .await
        .map_err(anyhow::Error::from)?
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
            let target = images::variant_path(&state.config.data_dir, storage_key, width);
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                images::render_variant(&source, &target, width)
            })
            .await
            .map_err(anyhow::Error::from)?
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

/// The uploader and staff may download any file; anyone else only where a domain that holds the
/// file lets them see it (a channel's message, a task's delivery).
async fn may_download(state: &AppState, caller: &Caller, file: &files::FileRow) -> AppResult<bool> {
    if file.user_id == caller.user_id || caller.role.is_staff() {
        return Ok(true);
    }
    Ok(
        crate::chat::messages::access::file_readable(&state.db, caller, file.id).await?
            || crate::work::deliveries::access::file_readable(&state.db, caller, file.id).await?,
    )
}
