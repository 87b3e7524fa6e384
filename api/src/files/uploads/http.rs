//! tus 1.0 at `/api/uploads`: `OPTIONS` (what the server supports), `POST` (creation),
//! `HEAD` (the offset), `PATCH` (bytes at the offset), `DELETE` (termination), and
//! `GET /api/uploads/{upload_id}` for the finished file. Every answer carries
//! `Tus-Resumable: 1.0.0`; every tus request must send it (412 otherwise).

use axum::Json;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use futures::TryStreamExt;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::files::scan::ScanStatus;
use crate::files::uploads::parts::{self, Ended, Parts, Progress};
use crate::files::uploads::{self, Purpose, db};
use crate::files::{FileKind, FileView, images};
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::AuthUser;
use crate::state::AppState;

pub const TUS_VERSION: &str = "1.0.0";
pub const PATCH_CONTENT_TYPE: &str = "application/offset+octet-stream";
/// The header naming the file a finished upload became.
pub const FILE_ID_HEADER: &str = "tsumugi-file-id";
/// Request headers a browser on another allowed origin may send.
pub const REQUEST_HEADERS: [&str; 5] = [
    "tus-resumable",
    "upload-length",
    "upload-metadata",
    "upload-offset",
    "x-http-method-override",
];
/// Answer headers a browser on another allowed origin may read.
pub const RESPONSE_HEADERS: [&str; 10] = [
    "tus-resumable",
    "tus-version",
    "tus-extension",
    "tus-max-size",
    "upload-offset",
    "upload-length",
    "upload-metadata",
    "upload-expires",
    "location",
    FILE_ID_HEADER,
];

/// How long a `PATCH` holds an upload without news of bytes; renewed as they arrive.
const LEASE: chrono::TimeDelta = chrono::TimeDelta::seconds(90);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(options, create))
        .routes(routes!(head, patch, terminate, show))
        .layer(middleware::from_fn(tus_resumable))
}

/// `Tus-Resumable` on every answer; a tus request without `Tus-Resumable: 1.0.0` is refused
/// with 412 (`OPTIONS` and the JSON `GET` need none).
async fn tus_resumable(request: Request, next: Next) -> Response {
    let exempt = matches!(*request.method(), Method::OPTIONS | Method::GET);
    let speaks_tus = request
        .headers()
        .get("tus-resumable")
        .is_some_and(|v| v == TUS_VERSION);
    let mut response = if exempt || speaks_tus {
        next.run(request).await
    } else {
        let mut response = AppError::WithStatus {
            status: StatusCode::PRECONDITION_FAILED,
            message: "このアップロード方式には対応していません（tus 1.0.0 のみ）。".into(),
            rules: Default::default(),
        }
        .into_response();
        response
            .headers_mut()
            .insert("tus-version", HeaderValue::from_static(TUS_VERSION));
        response
    };
    response
        .headers_mut()
        .insert("tus-resumable", HeaderValue::from_static(TUS_VERSION));
    response
}

fn set(headers: &mut HeaderMap, name: &'static str, value: impl ToString) {
    if let Ok(value) = HeaderValue::from_str(&value.to_string()) {
        headers.insert(HeaderName::from_static(name), value);
    }
}

/// RFC 9110's date format for `Upload-Expires`.
fn http_date(at: DateTime<Utc>) -> String {
    at.format("%a, %d %b %Y %H:%M:%S GMT").to_string()
}

fn header_u64(headers: &HeaderMap, name: &str) -> Option<u64> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

/// The CORS layer answers every `OPTIONS` request as a browser's preflight; a tus client's own
/// `OPTIONS /api/uploads` (no `Access-Control-Request-Method`) is answered here, outside it.
pub async fn answer_tus_options(request: Request, next: Next) -> Response {
    let preflight = request
        .headers()
        .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    let path = request.uri().path();
    if request.method() == Method::OPTIONS
        && !preflight
        && path.trim_end_matches('/').ends_with("/uploads")
    {
        let mut response = options().await;
        response
            .headers_mut()
            .insert("tus-resumable", HeaderValue::from_static(TUS_VERSION));
        return response;
    }
    next.run(request).await
}

/// What the server supports.
#[utoipa::path(options, path = "/uploads", tag = "files",
    responses((status = 204, description = "Tus-Version, Tus-Extension (creation, termination, expiration) and Tus-Max-Size")))]
pub async fn options() -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    let headers = response.headers_mut();
    set(headers, "tus-version", TUS_VERSION);
    set(headers, "tus-extension", "creation,termination,expiration");
    set(headers, "tus-max-size", uploads::max_size());
    response
}

/// Creates an upload of `Upload-Length` bytes. `Upload-Metadata` carries `filename`, `use`
/// (delivery, message, portfolio, profile_image or manuscript_image), and optionally `filetype` and `is_private`
/// (`1` or `true`). The kind's limit is checked here, before a byte is stored.
#[utoipa::path(post, path = "/uploads", tag = "files", security(("bearer" = [])),
    params(("Tus-Resumable" = String, Header, pattern = r"^1\.0\.0$", description = "the protocol version: 1.0.0"), ("Upload-Length" = u64, Header, maximum = 5368709120.0), ("Upload-Metadata" = String, Header)),
    responses((status = 201, description = "Location: the upload's URL; Upload-Expires"), (status = 401),
        (status = 412, description = "no Tus-Resumable: 1.0.0"),
        (status = 413, description = "over the kind's limit: video, audio and archives 5 GiB, documents and anything else 200 MB, images 30 MB"),
        (status = 422, description = "metadata missing or unreadable, or a program (mimes)")))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    headers: HeaderMap,
) -> AppResult<Response> {
    if headers.contains_key("upload-defer-length") {
        return Err(AppError::rule("upload_length", "required"));
    }
    let length = header_u64(&headers, "upload-length")
        .ok_or_else(|| AppError::rule("upload_length", "required"))?;
    let metadata = headers
        .get("upload-metadata")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let pairs = uploads::parse_metadata(metadata)
        .ok_or_else(|| AppError::rule("upload_metadata", "format"))?;
    let declared = uploads::declared(&pairs)?;
    uploads::check_creation(&declared, length)?;
    let id = uploads::new_id();
    let now = clock::now();
    let expires_at = uploads::expires_at(now);
    let storage_key = crate::files::create::new_storage_key(&declared.name);
    let parts = Parts::of(&state);
    let multipart_id = parts.create(&id, &storage_key).await?;
    let inserted = db::insert(
        &state.db,
        &db::NewUpload {
            id: &id,
            user_id: caller.user_id,
            length: length as i64,
            name: &declared.name,
            is_private: declared.is_private,
            purpose: declared.purpose,
            declared_type: &declared.content_type,
            metadata,
            now,
            expires_at,
            storage_key: &storage_key,
            multipart_id: multipart_id.as_deref(),
        },
    )
    .await;
    if let Err(error) = inserted {
        parts
            .delete(&id, Some(&storage_key), multipart_id.as_deref())
            .await?;
        return Err(error.into());
    }
    let mut response = StatusCode::CREATED.into_response();
    let headers = response.headers_mut();
    set(headers, "location", format!("/api/uploads/{id}"));
    set(headers, "upload-expires", http_date(expires_at));
    set(headers, "upload-offset", 0);
    Ok(response)
}

/// The caller's upload, or why not: someone else's or none is 404, an expired one 410.
async fn own_open(state: &AppState, id: &str, user_id: i64) -> AppResult<db::UploadRow> {
    let row = db::load_own(&state.db, id, user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    if row.file_id.is_none() && row.expires_at <= clock::now() {
        return Err(AppError::WithStatus {
            status: StatusCode::GONE,
            message: "アップロードの期限が切れました。最初からやり直してください。".into(),
            rules: Default::default(),
        });
    }
    Ok(row)
}

/// How far the upload has come.
#[utoipa::path(head, path = "/uploads/{upload_id}", tag = "files", security(("bearer" = [])),
    params(("Tus-Resumable" = String, Header, pattern = r"^1\.0\.0$", description = "the protocol version: 1.0.0")),
    responses((status = 200, description = "Upload-Offset, Upload-Length, Upload-Metadata, Upload-Expires; Tsumugi-File-Id once finished"),
        (status = 404, description = "none, or someone else's"), (status = 410, description = "expired"),
        (status = 412, description = "no Tus-Resumable: 1.0.0")))]
pub async fn head(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(upload_id): Path<String>,
) -> AppResult<Response> {
    let row = own_open(&state, &upload_id, caller.user_id).await?;
    let mut response = StatusCode::OK.into_response();
    let headers = response.headers_mut();
    set(headers, "upload-offset", row.upload_offset);
    set(headers, "upload-length", row.length);
    if !row.metadata.is_empty() {
        set(headers, "upload-metadata", &row.metadata);
    }
    set(headers, "upload-expires", http_date(row.expires_at));
    set(headers, "cache-control", "no-store");
    if let Some(file_id) = row.file_id {
        set(headers, FILE_ID_HEADER, file_id);
    }
    Ok(response)
}

/// Stores the body at `Upload-Offset`. A body that stops early keeps what arrived (`HEAD`
/// tells the new offset). The answer to the last bytes carries `Tsumugi-File-Id`.
#[utoipa::path(patch, path = "/uploads/{upload_id}", tag = "files", security(("bearer" = [])),
    params(("Tus-Resumable" = String, Header, pattern = r"^1\.0\.0$", description = "the protocol version: 1.0.0"), ("Upload-Offset" = u64, Header)),
    request_body(content_type = "application/offset+octet-stream"),
    responses((status = 204, description = "Upload-Offset; Tsumugi-File-Id when the upload is complete"),
        (status = 404, description = "none, or someone else's"), (status = 409, description = "Upload-Offset is not the upload's offset"),
        (status = 410, description = "expired"), (status = 415, description = "not application/offset+octet-stream, or content that does not fit its name's kind"),
        (status = 422, description = "a program, or an image over the pixel budget (the upload is deleted)"),
        (status = 412, description = "no Tus-Resumable: 1.0.0"),
        (status = 423, description = "another request is writing to this upload"),
        (status = 503, description = "the node's memory for upload parts stayed spent for 30 s (UPLOAD_PART_MEMORY_MIB); Upload-Offset says what was kept, Retry-After when to resume")))]
pub async fn patch(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(upload_id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<Response> {
    // Someone else's upload is not found, whatever the request looks like.
    own_open(&state, &upload_id, caller.user_id).await?;
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    if content_type != Some(PATCH_CONTENT_TYPE) {
        return Err(AppError::WithStatus {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            message: "送信形式が正しくありません。".into(),
            rules: Default::default(),
        });
    }
    let offset = header_u64(&headers, "upload-offset")
        .ok_or_else(|| AppError::rule("upload_offset", "required"))?;
    let now = clock::now();
    let Some(row) = db::lock(
        &state.db,
        &upload_id,
        caller.user_id,
        offset as i64,
        now,
        now + LEASE,
    )
    .await?
    else {
        let row = own_open(&state, &upload_id, caller.user_id).await?;
        let (status, message) = if row.upload_offset as u64 != offset || row.file_id.is_some() {
            (
                StatusCode::CONFLICT,
                "送信位置が一致しません。アップロードを再開してください。",
            )
        } else {
            (
                StatusCode::LOCKED,
                "このアップロードは別の送信が処理中です。しばらくしてから再開してください。",
            )
        };
        let mut error = AppError::WithStatus {
            status,
            message: message.into(),
            rules: Default::default(),
        }
        .into_response();
        set(error.headers_mut(), "upload-offset", row.upload_offset);
        return Ok(error);
    };
    // In a task of its own: a client that goes away mid-body drops this handler, but the
    // bytes that arrived are still counted and the lock given back.
    tokio::spawn(receive(state, row, body))
        .await
        .map_err(anyhow::Error::from)?
}

/// Records what a `PATCH` stores: the sniffed content type, the offset and S3 parts, each
/// renewing the lease.
struct Recording {
    state: AppState,
    id: String,
    purpose: Purpose,
    length: u64,
    content_type: Option<String>,
    /// The first bytes were refused: the upload is to be deleted.
    refused: bool,
}

impl parts::Recorder for Recording {
    async fn sniffed(&mut self, head: &[u8]) -> AppResult<()> {
        let content_type = uploads::check_content(head, self.purpose, self.length)
            .inspect_err(|_| self.refused = true)?;
        db::set_content_type(&self.state.db, &self.id, &content_type).await?;
        self.content_type = Some(content_type);
        Ok(())
    }

    async fn progress(&mut self, progress: Progress) -> AppResult<()> {
        let lease = clock::now() + LEASE;
        let recorded = match progress {
            Progress::Stored { offset } => {
                db::advance(&self.state.db, &self.id, offset as i64, Some(lease)).await?
            }
            Progress::Part {
                index,
                etag,
                offset,
            } => db::add_part(&self.state.db, &self.id, index, &etag, offset as i64, lease).await?,
        };
        if recorded {
            Ok(())
        } else {
            Err(anyhow::anyhow!("upload {} was terminated", self.id).into())
        }
    }
}

/// The upload as its parts need it.
fn upload_of(row: &db::UploadRow) -> parts::Upload<'_> {
    parts::Upload {
        id: &row.id,
        storage_key: row.storage_key.as_deref().unwrap_or_default(),
        multipart_id: row.multipart_id.as_deref(),
        offset: row.upload_offset as u64,
        length: row.length as u64,
        sniff: row.content_type.is_none(),
    }
}

/// Stores the body, sniffs the first bytes, and makes the file when the last byte is in.
async fn receive(state: AppState, mut row: db::UploadRow, body: Body) -> AppResult<Response> {
    // Uploads begun before keys were chosen at creation (local disk only) get theirs now.
    let storage_key = row
        .storage_key
        .get_or_insert_with(|| crate::files::create::new_storage_key(&row.name))
        .clone();
    let parts = Parts::of(&state);
    let (start, length) = (row.upload_offset as u64, row.length as u64);
    let active = crate::platform::metrics::ActiveUpload::start();
    let mut recording = Recording {
        state: state.clone(),
        id: row.id.clone(),
        purpose: row.purpose,
        length,
        content_type: row.content_type.clone(),
        refused: false,
    };
    let received = parts
        .append(&upload_of(&row), body.into_data_stream(), &mut recording)
        .await;
    let (offset, ended) = match received {
        Ok(received) => received,
        Err(error) if recording.refused => {
            discard(&state, &parts, &row).await?;
            return Err(error);
        }
        Err(error) => {
            let Some(still_there) = db::load_own(&state.db, &row.id, row.user_id).await? else {
                parts
                    .delete(&row.id, Some(&storage_key), row.multipart_id.as_deref())
                    .await?;
                return Err(AppError::NotFound);
            };
            db::advance(&state.db, &row.id, still_there.upload_offset, None).await?;
            return Err(error);
        }
    };
    drop(active);
    crate::platform::metrics::upload_received(offset.saturating_sub(start));
    if ended == Ended::Broken {
        tracing::info!(upload_id = %row.id, offset, "upload body ended early; the bytes received are kept");
    }
    if offset == length {
        row.upload_offset = offset as i64;
        row.content_type = recording.content_type;
        let file_id = match finish(&state, &parts, &row).await {
            Ok(file_id) => file_id,
            Err(refusal) => {
                discard(&state, &parts, &row).await?;
                return Err(refusal);
            }
        };
        let mut response = StatusCode::NO_CONTENT.into_response();
        set(response.headers_mut(), "upload-offset", offset);
        set(response.headers_mut(), FILE_ID_HEADER, file_id);
        return Ok(response);
    }
    db::advance(&state.db, &row.id, offset as i64, None).await?;
    if ended == Ended::TooLong {
        return Err(AppError::WithStatus {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: "宣言されたサイズを超えるデータが送られました。".into(),
            rules: Default::default(),
        });
    }
    if ended == Ended::Busy {
        // The node's part memory is spent (`uploads::budget`): the client resumes from here.
        tracing::info!(upload_id = %row.id, offset, "upload paused: the part memory budget is spent");
        let mut response = AppError::WithStatus {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "混み合っています。しばらくすると自動で再開します。".into(),
            rules: Default::default(),
        }
        .into_response();
        set(response.headers_mut(), "upload-offset", offset);
        set(response.headers_mut(), "retry-after", 5);
        return Ok(response);
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    set(response.headers_mut(), "upload-offset", offset);
    Ok(response)
}

/// Deletes a refused or terminated upload and what waits of its bytes.
async fn discard(state: &AppState, parts: &Parts, row: &db::UploadRow) -> AppResult<()> {
    db::delete(&state.db, &row.id).await?;
    parts
        .delete(
            &row.id,
            row.storage_key.as_deref(),
            row.multipart_id.as_deref(),
        )
        .await
}

/// The first bytes of a stored object.
async fn stored_head(state: &AppState, key: &str) -> AppResult<Vec<u8>> {
    let Some(head) = state
        .storage
        .get_range(key, 0..uploads::SNIFF_BYTES as u64)
        .await?
    else {
        return Err(anyhow::anyhow!("{key} is not stored").into());
    };
    let bytes = head
        .bytes
        .try_fold(Vec::new(), |mut all, chunk| async move {
            all.extend_from_slice(&chunk);
            Ok(all)
        })
        .await
        .map_err(anyhow::Error::from)?;
    Ok(bytes)
}

/// The whole upload is stored under its key (`Parts::complete`) and becomes a file (status
/// `scanning`) through `files::create::record`, in one transaction with the upload's `file_id`;
/// the scan runs after. When it is refused (or fails) the stored object is deleted.
async fn finish(state: &AppState, parts: &Parts, row: &db::UploadRow) -> AppResult<i64> {
    let upload = upload_of(row);
    let etags = if row.multipart_id.is_some() {
        db::part_etags(&state.db, &row.id).await?
    } else {
        Vec::new()
    };
    parts.complete(&upload, etags).await?;
    let key = upload.storage_key;
    let recorded = async {
        let content_type = match &row.content_type {
            Some(content_type) => content_type.clone(),
            None => {
                uploads::check_content(&stored_head(state, key).await?, row.purpose, upload.length)?
            }
        };
        let dimensions = if FileKind::of(&content_type) == FileKind::Image {
            match images::Header::of_stored(&state.storage, key).await? {
                images::Header::Fits { width, height } => Some((width, height)),
                images::Header::TooLarge => return Err(images::too_many_pixels()),
                images::Header::Unreadable => None,
            }
        } else {
            None
        };
        let mut tx = state.db.begin().await?;
        let file_id = crate::files::create::record(
            &state.storage,
            &mut *tx,
            key,
            &crate::files::create::NewFile {
                user_id: row.user_id,
                name: &row.name,
                is_private: row.is_private,
                content_type: &content_type,
                size_bytes: row.length,
                scan_status: ScanStatus::Scanning,
                dimensions,
            },
        )
        .await?;
        db::finish(&mut *tx, &row.id, file_id).await?;
        tx.commit().await?;
        Ok(file_id)
    }
    .await;
    let file_id = match recorded {
        Ok(file_id) => file_id,
        Err(error) => {
            if let Err(cleanup) = state.storage.delete(key).await {
                tracing::warn!(key, error = %cleanup, "the bytes of a refused upload stay in storage");
            }
            return Err(error);
        }
    };
    parts.delete(&row.id, None, None).await?;
    tracing::info!(upload_id = %row.id, file_id, size = row.length, "upload finished");
    let scanning = state.clone();
    tokio::spawn(async move {
        // A failure is logged in `scan_stored`; the file stays `scanning`.
        let _ = uploads::scan_stored(&scanning, file_id).await;
    });
    Ok(file_id)
}

/// Ends an upload: its bytes are deleted (a finished upload's file stays).
#[utoipa::path(delete, path = "/uploads/{upload_id}", tag = "files", security(("bearer" = [])),
    params(("Tus-Resumable" = String, Header, pattern = r"^1\.0\.0$", description = "the protocol version: 1.0.0")),
    responses((status = 204), (status = 404, description = "none, or someone else's"),
        (status = 412, description = "no Tus-Resumable: 1.0.0")))]
pub async fn terminate(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(upload_id): Path<String>,
) -> AppResult<StatusCode> {
    let row = db::load_own(&state.db, &upload_id, caller.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    discard(&state, &Parts::of(&state), &row).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// An upload as JSON: `file` is the File record (as `POST /api/files` answers it) once the
/// upload is complete, null before.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadView {
    pub file: Option<FileView>,
    pub offset: i64,
    pub length: i64,
    pub expires: DateTime<Utc>,
}

/// The upload and, once complete, its file: deliveries, messages, the portfolio and the
/// profile image attach the file by its id.
#[utoipa::path(get, path = "/uploads/{upload_id}", tag = "files", security(("bearer" = [])),
    responses((status = 200, body = UploadView), (status = 404, description = "none, or someone else's"), (status = 410, description = "expired")))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(upload_id): Path<String>,
) -> AppResult<Json<UploadView>> {
    let row = own_open(&state, &upload_id, caller.user_id).await?;
    let file = match row.file_id {
        Some(file_id) => crate::files::load(&state.db, file_id)
            .await?
            .map(|f| f.view()),
        None => None,
    };
    Ok(Json(UploadView {
        file,
        offset: row.upload_offset,
        length: row.length,
        expires: row.expires_at,
    }))
}
