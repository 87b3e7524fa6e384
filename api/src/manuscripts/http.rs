//! The manuscript REST API: a task's manuscript, a manuscript with its counts, editor links
//! (issue, list, revoke), `GET /editor/resolve`, and named versions.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use chrono::Duration;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::manuscripts::access;
use crate::manuscripts::count::Counts;
use crate::manuscripts::db::{self, LinkRow, ManuscriptRow, TaskFacts, VersionRow};
use crate::manuscripts::links::{self, Claims};
use crate::manuscripts::model::{
    EditorResolution, IssuedManuscriptLink, Manuscript, ManuscriptImage, ManuscriptLink,
    ManuscriptPermission, ManuscriptVersion, ManuscriptVersionContent,
};
use crate::manuscripts::{TEXTUAL_TASK_TYPES, doc, export, images, sync};
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult, Rules};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::validation::{Declared, FieldRules, Rule, Validator};
use crate::state::AppState;
use crate::work::deliveries::{self, events::DeliveryRegistered, model::DeliveryType};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(task_manuscript, create))
        .routes(routes!(show))
        .routes(routes!(list_links, issue_link))
        .routes(routes!(revoke_link))
        .routes(routes!(resolve))
        .routes(routes!(list_versions, create_version))
        .routes(routes!(show_version))
        .routes(routes!(deliver_version))
        .routes(routes!(add_image))
        .merge(crate::manuscripts::comments::http::router())
}

/// The answer for a manuscript as the caller sees it.
async fn view(
    state: &AppState,
    row: ManuscriptRow,
    facts: TaskFacts,
    permission: ManuscriptPermission,
) -> AppResult<Manuscript> {
    let document = sync::current_state(&state.db, row.id).await?;
    let counts = doc::counts(&document).map_err(anyhow::Error::from)?;
    Ok(Manuscript {
        id: row.id,
        task_id: row.task_id,
        task_name: facts.title.clone(),
        project_name: facts.project_name,
        title: facts.title,
        permission,
        can_issue_links: access::may_manage(permission),
        can_deliver: crate::work::deliveries::access::may_deliver(
            facts.assigned,
            facts.is_invalid,
            facts.status,
        ),
        counts,
        updated_at: row.updated_at,
    })
}

#[utoipa::path(get, path = "/tasks/{task_id}/manuscript", tag = "manuscripts", security(("bearer" = [])),
    responses((status = 200, body = Manuscript), (status = 401), (status = 404, description = "no manuscript, or not the caller's to see")))]
pub async fn task_manuscript(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<Json<Manuscript>> {
    let (facts, own) = access::task_for(&state.db, &caller, task_id).await?;
    let row = db::manuscript_of_task(&state.db, task_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(view(&state, row, facts, own).await?))
}

#[utoipa::path(post, path = "/tasks/{task_id}/manuscript", tag = "manuscripts", security(("bearer" = [])),
    responses((status = 201, body = Manuscript), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "the task has a manuscript"), (status = 422, description = "not a textual task type")))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(task_id): Path<i64>,
) -> AppResult<(StatusCode, Json<Manuscript>)> {
    let (facts, own) = access::task_for(&state.db, &caller, task_id).await?;
    if !access::may_manage(own) {
        return Err(AppError::Forbidden);
    }
    if !TEXTUAL_TASK_TYPES.contains(&facts.task_type.as_str()) {
        return Err(AppError::refused(
            "task_type",
            format!("in:{}", TEXTUAL_TASK_TYPES.join(",")),
            "この作業種別のタスクには原稿を作成できません",
        ));
    }
    db::insert(&state.db, task_id, &doc::empty_state(), caller.user_id)
        .await?
        .ok_or_else(|| AppError::WithStatus {
            status: StatusCode::CONFLICT,
            message: "このタスクには原稿があります".into(),
            rules: Rules::new(),
        })?;
    let row = db::manuscript_of_task(&state.db, task_id)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok((
        StatusCode::CREATED,
        Json(view(&state, row, facts, own).await?),
    ))
}

#[utoipa::path(get, path = "/manuscripts/{manuscript_id}", tag = "manuscripts", security(("bearer" = [])),
    responses((status = 200, body = Manuscript), (status = 401), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
) -> AppResult<Json<Manuscript>> {
    let (row, facts, own) = access::manuscript_for(&state.db, &caller, manuscript_id).await?;
    Ok(Json(view(&state, row, facts, own).await?))
}

fn link_view(row: LinkRow, token: Option<&str>) -> ManuscriptLink {
    ManuscriptLink {
        id: row.id,
        permission: row.permission,
        expires_at: row.expires_at,
        revoked_at: row.revoked_at,
        created_by_name: row.created_by_name,
        url: token.map(links::url),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewManuscriptLink {
    /// edit, suggest or comment (the holder's own permission still bounds it).
    #[serde(default)]
    pub permission: String,
    /// 1–720.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub expires_in_hours: Option<i64>,
}

const LINK_HOURS: (i64, i64) = (1, 720);

impl Declared for NewManuscriptLink {
    const RULES: &'static [FieldRules] = &[
        (
            "permission",
            &[Rule::Required, Rule::In(ManuscriptPermission::NAMES)],
        ),
        (
            "expires_in_hours",
            &[Rule::Required, Rule::Between(LINK_HOURS.0, LINK_HOURS.1)],
        ),
    ];
}

#[utoipa::path(post, path = "/manuscripts/{manuscript_id}/links", tag = "manuscripts", security(("bearer" = [])),
    request_body = NewManuscriptLink,
    responses((status = 201, body = IssuedManuscriptLink), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn issue_link(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
    ApiJson(input): ApiJson<NewManuscriptLink>,
) -> AppResult<(StatusCode, Json<IssuedManuscriptLink>)> {
    access::managed_manuscript(&state.db, &caller, manuscript_id).await?;
    let mut v = Validator::new();
    let permission = ManuscriptPermission::parse(input.permission.trim());
    if input.permission.trim().is_empty() {
        v.fail("permission", "required");
    } else if permission.is_none() {
        v.fail("permission", ManuscriptPermission::rule());
    }
    match input.expires_in_hours {
        None => {
            v.fail("expires_in_hours", "required");
        }
        Some(hours) if !(LINK_HOURS.0..=LINK_HOURS.1).contains(&hours) => {
            v.fail(
                "expires_in_hours",
                format!("between:{},{}", LINK_HOURS.0, LINK_HOURS.1),
            );
        }
        Some(_) => {}
    }
    v.finish()?;
    let (Some(permission), Some(hours)) = (permission, input.expires_in_hours) else {
        unreachable!("checked above");
    };
    let expires_at = clock::now() + Duration::hours(hours);
    let row = db::insert_link(
        &state.db,
        manuscript_id,
        permission,
        expires_at,
        caller.user_id,
    )
    .await?;
    let token = state.manuscript_links.sign(&Claims {
        manuscript_id,
        link_id: row.id,
        permission,
        exp: expires_at.timestamp(),
    });
    let link = link_view(row, Some(&token));
    Ok((
        StatusCode::CREATED,
        Json(IssuedManuscriptLink { link, token }),
    ))
}

#[utoipa::path(get, path = "/manuscripts/{manuscript_id}/links", tag = "manuscripts", security(("bearer" = [])),
    responses((status = 200, body = [ManuscriptLink], description = "newest first; `url` is null (tokens are not kept)"),
        (status = 401), (status = 403), (status = 404)))]
pub async fn list_links(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
) -> AppResult<Json<Vec<ManuscriptLink>>> {
    access::managed_manuscript(&state.db, &caller, manuscript_id).await?;
    let rows = db::links(&state.db, manuscript_id).await?;
    Ok(Json(
        rows.into_iter().map(|row| link_view(row, None)).collect(),
    ))
}

#[utoipa::path(delete, path = "/manuscripts/{manuscript_id}/links/{link_id}", tag = "manuscripts", security(("bearer" = [])),
    responses((status = 204), (status = 401), (status = 403), (status = 404)))]
pub async fn revoke_link(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((manuscript_id, link_id)): Path<(i64, i64)>,
) -> AppResult<StatusCode> {
    access::managed_manuscript(&state.db, &caller, manuscript_id).await?;
    if !db::revoke_link(&state.db, manuscript_id, link_id).await? {
        return Err(AppError::NotFound);
    }
    // Whoever opened it through this link stops hearing the manuscript before this answers.
    state.hub.manuscript_access_changed().await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/editor/resolve", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = String, Query, description = "the editor link's token")),
    responses((status = 200, body = EditorResolution),
        (status = 400, description = "「無効なURLです」 or 「URLの有効期限が切れています」"),
        (status = 401), (status = 404, description = "the holder has no access of their own")))]
pub async fn resolve(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    RawQuery(query): RawQuery,
) -> AppResult<Json<EditorResolution>> {
    let token = links::token_in_query(query.as_deref()).map_err(access::token_error)?;
    let now = clock::now();
    let link = access::live_link(&state.db, &state.manuscript_links, &token, now).await?;
    let permission = access::effective(
        &state.db,
        &state.manuscript_links,
        &caller,
        link.manuscript_id,
        Some(&token),
        now,
    )
    .await?;
    Ok(Json(EditorResolution {
        manuscript_id: link.manuscript_id,
        permission,
    }))
}

fn version_view(row: VersionRow) -> ManuscriptVersion {
    ManuscriptVersion {
        id: row.id,
        name: row.name,
        counts: row.counts.0,
        created_by_name: row.created_by_name,
        created_at: row.created_at,
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewManuscriptVersion {
    #[serde(default)]
    pub name: String,
}

const VERSION_NAME_MAX: usize = 50;

impl Declared for NewManuscriptVersion {
    const RULES: &'static [FieldRules] =
        &[("name", &[Rule::Required, Rule::MaxChars(VERSION_NAME_MAX)])];
}

#[utoipa::path(post, path = "/manuscripts/{manuscript_id}/versions", tag = "manuscripts", security(("bearer" = [])),
    request_body = NewManuscriptVersion,
    responses((status = 201, body = ManuscriptVersion), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn create_version(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
    ApiJson(input): ApiJson<NewManuscriptVersion>,
) -> AppResult<(StatusCode, Json<ManuscriptVersion>)> {
    access::writable_manuscript(&state.db, &caller, manuscript_id).await?;
    let name = input.name.trim();
    let mut v = Validator::new();
    v.required("name", name)
        .max_chars("name", name, VERSION_NAME_MAX);
    v.finish()?;
    let document = sync::current_state(&state.db, manuscript_id).await?;
    let counts: Counts = doc::counts(&document).map_err(anyhow::Error::from)?;
    let row = db::insert_version(
        &state.db,
        manuscript_id,
        name,
        &document,
        &counts,
        caller.user_id,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(version_view(row))))
}

#[utoipa::path(get, path = "/manuscripts/{manuscript_id}/versions", tag = "manuscripts", security(("bearer" = [])),
    responses((status = 200, body = [ManuscriptVersion], description = "newest first"), (status = 401), (status = 404)))]
pub async fn list_versions(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
) -> AppResult<Json<Vec<ManuscriptVersion>>> {
    access::manuscript_for(&state.db, &caller, manuscript_id).await?;
    let rows = db::versions(&state.db, manuscript_id).await?;
    Ok(Json(rows.into_iter().map(version_view).collect()))
}

#[utoipa::path(get, path = "/manuscripts/{manuscript_id}/versions/{version_id}", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = Option<String>, Query, description = "an editor link's token: `can_restore` follows the link's narrower permission")),
    responses((status = 200, body = ManuscriptVersionContent),
        (status = 400, description = "「無効なURLです」 or 「URLの有効期限が切れています」 (the token)"),
        (status = 401), (status = 404, description = "no such version of this manuscript, or not the caller's to see")))]
pub async fn show_version(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((manuscript_id, version_id)): Path<(i64, i64)>,
    RawQuery(query): RawQuery,
) -> AppResult<Json<ManuscriptVersionContent>> {
    // Whoever may open the manuscript reads its versions; a link only narrows what they may do.
    let permission =
        access::permission_in_query(&state, &caller, manuscript_id, query.as_deref()).await?;
    let row = db::version_state(&state.db, manuscript_id, version_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let document = doc::load(&row.state).map_err(anyhow::Error::from)?;
    Ok(Json(ManuscriptVersionContent {
        blocks: doc::blocks(&document),
        state: BASE64.encode(&row.state),
        can_restore: access::may_restore(permission),
        version: version_view(row.version),
    }))
}

/// One generated file of a delivered version.
struct Generated {
    name: String,
    content_type: &'static str,
    bytes: bytes::Bytes,
}

/// The version's Word and HTML files, named `<title>_<version>`, with the manuscript's own
/// images embedded.
async fn generate(
    state: &AppState,
    manuscript_id: i64,
    title: &str,
    version: &db::VersionStateRow,
) -> AppResult<[Generated; 2]> {
    let outline = doc::outline(&doc::load(&version.state).map_err(anyhow::Error::from)?);
    let images = images::load_embedded(state, manuscript_id, &outline).await?;
    // A slash in a title or a version name is not a folder.
    let base = format!("{title}_{}", version.version.name).replace(['/', '\\'], "／");
    Ok([
        Generated {
            name: crate::files::clean_file_name(&format!("{base}.docx")),
            content_type: export::DOCX_CONTENT_TYPE,
            bytes: export::docx(&outline, &images)?.into(),
        },
        Generated {
            name: crate::files::clean_file_name(&format!("{base}.html")),
            content_type: export::HTML_CONTENT_TYPE,
            bytes: export::html(title, &version.version.name, &outline, &images).into(),
        },
    ])
}

/// Stores and records the generated files as the caller's (scanned like any upload: the text is
/// people's), in `tx`; every stored key is pushed to `stored` so a failure can remove them.
async fn store_files(
    state: &AppState,
    tx: &mut sqlx::PgConnection,
    user_id: i64,
    files: [Generated; 2],
    stored: &mut Vec<String>,
) -> AppResult<Vec<i64>> {
    let mut file_ids = Vec::with_capacity(files.len());
    for file in files {
        let verdict = state
            .config
            .scanner
            .scan(futures::stream::iter([Ok(file.bytes.clone())]))
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "delivery refused: the virus scan gave no verdict");
                AppError::Unavailable
            })?;
        let key = crate::files::create::new_storage_key(&file.name);
        let size = file.bytes.len() as i64;
        state.storage.put(&key, file.bytes).await?;
        stored.push(key.clone());
        file_ids.push(
            crate::files::create::record(
                &state.storage,
                &mut *tx,
                &key,
                &crate::files::create::NewFile {
                    user_id,
                    name: &file.name,
                    is_private: false,
                    content_type: file.content_type,
                    size_bytes: size,
                    scan_status: verdict.as_status(),
                    dimensions: None,
                },
            )
            .await?,
        );
    }
    Ok(file_ids)
}

/// Delivers a named version through the task's delivery (the same delivery, notice and
/// `delivery.registered` as `POST /tasks/{id}/deliveries`): the version as `.docx` and `.html`
/// files of the caller, and the delivery naming the version.
#[utoipa::path(post, path = "/manuscripts/{manuscript_id}/versions/{version_id}/deliver", tag = "manuscripts", security(("bearer" = [])),
    responses((status = 201, body = DeliveryRegistered), (status = 401),
        (status = 403, description = "the caller did not take the task"),
        (status = 404, description = "no such manuscript or version, or not the caller's to see"),
        (status = 422, description = "the task does not take a delivery in its status")))]
pub async fn deliver_version(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((manuscript_id, version_id)): Path<(i64, i64)>,
) -> AppResult<(StatusCode, Json<DeliveryRegistered>)> {
    let (row, facts, _) = access::manuscript_for(&state.db, &caller, manuscript_id).await?;
    let version = db::version_state(&state.db, manuscript_id, version_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut tx = state.db.begin().await?;
    let task = deliveries::open(&mut tx, row.task_id, caller.user_id).await?;
    deliveries::ensure_deliverable(&task)?;
    let files = generate(&state, manuscript_id, &facts.title, &version).await?;
    let mut stored = Vec::new();
    let registered = async {
        let file_ids = store_files(&state, &mut tx, caller.user_id, files, &mut stored).await?;
        let registered = deliveries::register(
            &mut tx,
            &task,
            caller.user_id,
            deliveries::Delivery {
                delivery_type: DeliveryType::File,
                url: None,
                file_ids,
                manuscript_version_id: Some(version_id),
            },
        )
        .await?;
        tx.commit().await?;
        AppResult::Ok(registered)
    }
    .await;
    let registered = match registered {
        Ok(registered) => registered,
        Err(error) => {
            for key in &stored {
                if let Err(cleanup) = state.storage.delete(key).await {
                    tracing::warn!(storage_key = %key, error = %cleanup, "could not remove a generated file that was not delivered");
                }
            }
            return Err(error);
        }
    };
    Ok((StatusCode::CREATED, Json(registered.publish(&state).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewManuscriptImage {
    /// A file the caller uploaded (`POST /api/uploads` with `use` `manuscript_image`, or
    /// `POST /api/files`), private, PNG, JPEG, GIF or WebP, at most 10 MiB.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub file_id: Option<i64>,
}

impl Declared for NewManuscriptImage {
    const RULES: &'static [FieldRules] = &[("file_id", &[Rule::Required])];
}

/// Puts an uploaded image into the manuscript: the file belongs to it from now on, so everyone
/// who may open the manuscript downloads it, and a delivered version embeds it. The caller
/// inserts the image node with the answer's `src` into the document (through the editor).
#[utoipa::path(post, path = "/manuscripts/{manuscript_id}/images", tag = "manuscripts", security(("bearer" = [])),
    params(("token" = Option<String>, Query, description = "an editor link's token: its permission must write too")),
    request_body = NewManuscriptImage,
    responses((status = 201, body = ManuscriptImage),
        (status = 400, description = "「無効なURLです」 or 「URLの有効期限が切れています」 (the token)"),
        (status = 401), (status = 403, description = "the caller (or the link) may only comment"), (status = 404),
        (status = 422, description = "file_id: required; exists (no file the caller uploaded); private (uploaded as public); mimes:png,jpeg,gif,webp; max:10240 (KiB); clean (infected)")))]
pub async fn add_image(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(manuscript_id): Path<i64>,
    RawQuery(query): RawQuery,
    ApiJson(input): ApiJson<NewManuscriptImage>,
) -> AppResult<(StatusCode, Json<ManuscriptImage>)> {
    let permission =
        access::permission_in_query(&state, &caller, manuscript_id, query.as_deref()).await?;
    if !access::may_add_image(permission) {
        return Err(AppError::Forbidden);
    }
    let Some(file_id) = input.file_id else {
        return Err(AppError::rule("file_id", "required"));
    };
    let file = crate::files::load(&state.db, file_id)
        .await?
        .filter(|file| access::may_put_in_file(&caller, file.user_id))
        .ok_or_else(|| AppError::rule("file_id", "exists"))?;
    images::check(
        "file_id",
        &file.content_type,
        file.size_bytes.max(0) as u64,
        StatusCode::UNPROCESSABLE_ENTITY,
    )?;
    if !file.is_private {
        // A public file's image variants are anyone's (`/api/images/files/…`).
        return Err(AppError::rule("file_id", "private"));
    }
    if file.scan_status == crate::files::scan::ScanStatus::Infected {
        return Err(AppError::refused(
            "file_id",
            "clean",
            "ウイルスが検出されたため、この画像は使えません。",
        ));
    }
    db::attach_file(&state.db, manuscript_id, file_id, caller.user_id).await?;
    Ok((
        StatusCode::CREATED,
        Json(ManuscriptImage {
            src: images::src_of(file_id),
            file: file.view(),
        }),
    ))
}
