//! Task spreadsheets over HTTP: download a template, upload a filled one. An upload is one
//! transaction: every bad cell (in the sheet or against the database) comes back as a 422
//! keyed by cell name, and then nothing has been written.

use crate::platform::attachment::{XLSX, attachment};
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::AuthUser;
use crate::platform::guards::StaffOrClientUser;
use crate::state::AppState;
use crate::work::sheets::db;
use crate::work::sheets::workbook::{self as sheet, CellErrors, SheetError, SheetKind, SheetRow};
use crate::work::tasks::access::{may_change, writable_work};
use crate::work::tasks::events::{CreatedNotices, announce, task_state};
use crate::work::tasks::model::TaskStatus;
use crate::work::tasks::write as task_write;
use crate::work::works::crm::{CRM_FAILURE, CrmError, UnitPricingSource};
use axum::Json;
use axum::extract::{Multipart, Path, State};
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(template))
        .routes(routes!(import_tasks))
        .routes(routes!(import_tags))
}

pub const SHEET_INVALID: &str = "スプレッドシートの内容に誤りがあります。";
pub const SHEET_UNREADABLE: &str = "Excel（.xlsx）形式のファイルをアップロードしてください。";

fn cells_invalid(errors: CellErrors) -> AppError {
    AppError::Validation {
        message: SHEET_INVALID.into(),
        rules: errors,
    }
}

fn push(errors: &mut CellErrors, cell: String, message: String) {
    errors.entry(cell).or_default().push(message);
}

#[utoipa::path(get, path = "/v2/projects/works/tasks/templates/{kind}", tag = "spreadsheets", security(("bearer" = [])),
    params(("kind" = String, Path, description = "regular, operation_agency or update_tags")),
    responses((status = 200, description = "the .xlsx template", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"), (status = 403), (status = 404)))]
pub async fn template(
    StaffOrClientUser(_caller): StaffOrClientUser,
    Path(kind): Path<String>,
) -> AppResult<Response> {
    let kind = SheetKind::parse(&kind).ok_or(AppError::NotFound)?;
    let bytes = sheet::template(kind).map_err(anyhow::Error::from)?;
    attachment(XLSX, kind.file_name(), bytes)
}

/// The bytes of the multipart `file` part.
async fn uploaded_sheet(mut multipart: Multipart) -> AppResult<Vec<u8>> {
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|_| AppError::rule("file", "uploaded"))?
    {
        if field.name() == Some("file") {
            let bytes = field
                .bytes()
                .await
                .map_err(|_| AppError::rule("file", "uploaded"))?;
            if bytes.is_empty() {
                break;
            }
            return Ok(bytes.to_vec());
        }
    }
    Err(AppError::rule("file", "required"))
}

/// The rows and the cells the sheet itself already finds bad.
fn read_sheet(kind: SheetKind, bytes: &[u8]) -> AppResult<(Vec<SheetRow>, CellErrors)> {
    sheet::read_lenient(kind, bytes).map_err(|error| match error {
        SheetError::Unreadable => AppError::invalid(SHEET_UNREADABLE),
        SheetError::Cells(errors) => cells_invalid(errors),
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportResult {
    pub created: usize,
    pub updated: usize,
}

/// Creates (rows without a task id) and updates (rows with one) the tasks of a work from the
/// regular template, or the operation agency template for such works (reward = CRM unit price
/// of the type × quantity).
#[utoipa::path(post, path = "/v2/projects/works/{work_id}/tasks/import", tag = "spreadsheets", security(("bearer" = [])),
    request_body(content_type = "multipart/form-data", description = "file: the filled .xlsx template"),
    responses((status = 200, body = ImportResult), (status = 403), (status = 404), (status = 422, description = "rules keyed by cell, e.g. C4"), (status = 502, description = "the CRM failed")))]
pub async fn import_tasks(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(work_id): Path<i64>,
    multipart: Multipart,
) -> AppResult<Json<ImportResult>> {
    // Refused callers are turned away before their upload is read.
    writable_work(&state.db, &caller, work_id).await?;
    let bytes = uploaded_sheet(multipart).await?;
    let mut tx = state.db.begin().await?;
    writable_work(&mut *tx, &caller, work_id).await?;
    let crm_order_id = db::operation_agency_order(&mut tx, work_id).await?;
    let kind = if crm_order_id.is_some() {
        SheetKind::OperationAgency
    } else {
        SheetKind::Regular
    };
    let (mut rows, mut errors) = read_sheet(kind, &bytes)?;
    let prices = match &crm_order_id {
        Some(order) => UnitPricingSource::configured(&state.config, &state.db)
            .unit_pricing(order)
            .await
            .map_err(|e| match e {
                CrmError::UnknownOrder => AppError::invalid(CRM_FAILURE),
                CrmError::Unreachable(_) => AppError::Upstream(CRM_FAILURE.into()),
            })?,
        None => Vec::new(),
    };
    for row in &mut rows {
        let mut existing_type = None;
        if let Some(task_id) = row.task_id {
            match db::lock_task(&mut tx, task_id).await? {
                Some((w, status, task_type)) if w == work_id => {
                    if status == TaskStatus::Done {
                        push(
                            &mut errors,
                            row.cell_of(kind, "task_id"),
                            "完了したタスクは更新できません".into(),
                        );
                    }
                    existing_type = Some(task_type);
                }
                _ => push(
                    &mut errors,
                    row.cell_of(kind, "task_id"),
                    format!("タスクID {task_id} はこの作品にありません"),
                ),
            }
        }
        for user_id in task_write::non_creators(&mut *tx, &row.assignee_ids).await? {
            push(
                &mut errors,
                row.cell_of(kind, "assignees"),
                format!("ユーザーID {user_id} のクリエイターが見つかりません"),
            );
        }
        let row_type = row.fields.task_type.or(existing_type.as_deref());
        for user_id in
            crate::users::flags::refused_offers(&mut *tx, &row.assignee_ids, row_type).await?
        {
            push(
                &mut errors,
                row.cell_of(kind, "assignees"),
                format!("ユーザーID {user_id} のクリエイターには現在お仕事を依頼できません"),
            );
        }
        if let Some(quantity) = row.quantity {
            let task_type = row.fields.task_type.map(str::to_owned).or(existing_type);
            match prices
                .iter()
                .find(|p| Some(&p.task_type) == task_type.as_ref())
            {
                Some(price) => row.fields.reward_amount = Some(price.unit_price * quantity),
                None => push(
                    &mut errors,
                    row.cell_of(kind, "type"),
                    "この作業種別の単価がCRMに登録されていません".into(),
                ),
            }
        }
    }
    if !errors.is_empty() {
        return Err(cells_invalid(errors));
    }
    let (mut created, mut updated, mut notices) = (0, 0, CreatedNotices::new());
    let mut touched = Vec::with_capacity(rows.len());
    for row in &rows {
        let task_id = match row.task_id {
            Some(task_id) => {
                task_write::update(&mut tx, &state.config.operator, task_id, &row.fields).await?;
                updated += 1;
                task_id
            }
            None => {
                created += 1;
                task_write::insert(&mut tx, work_id, &row.fields).await?
            }
        };
        let (_, offered) = task_write::offer(&mut tx, task_id, &row.assignee_ids).await?;
        notices.extend(offered);
        touched.push(task_id);
    }
    tx.commit().await?;
    for task_id in touched {
        let mine: CreatedNotices = notices
            .iter()
            .filter(|(_, n)| n.reference.task_id == Some(task_id))
            .cloned()
            .collect();
        announce(&state, task_id, mine).await?;
    }
    Ok(Json(ImportResult { created, updated }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TagsImportResult {
    pub updated: usize,
}

/// Replaces the tags of the listed tasks (update tags template: task id, tags).
#[utoipa::path(post, path = "/v2/projects/works/tasks/tags/import", tag = "spreadsheets", security(("bearer" = [])),
    request_body(content_type = "multipart/form-data", description = "file: the filled update tags template"),
    responses((status = 200, body = TagsImportResult), (status = 403), (status = 422, description = "rules keyed by cell")))]
pub async fn import_tags(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    multipart: Multipart,
) -> AppResult<Json<TagsImportResult>> {
    let bytes = uploaded_sheet(multipart).await?;
    let (rows, mut errors) = read_sheet(SheetKind::UpdateTags, &bytes)?;
    let mut tx = state.db.begin().await?;
    for row in &rows {
        let Some(task_id) = row.task_id else {
            continue;
        };
        match task_state(&mut *tx, task_id, true).await {
            Ok(task) if may_change(&caller, task.client_id) => {}
            Ok(_) | Err(AppError::NotFound) => push(
                &mut errors,
                row.cell_of(SheetKind::UpdateTags, "task_id"),
                format!("タスクID {task_id} が見つかりません"),
            ),
            Err(other) => return Err(other),
        }
    }
    if !errors.is_empty() {
        return Err(cells_invalid(errors));
    }
    for row in &rows {
        let tags = row.fields.tags.clone().unwrap_or_default();
        db::set_tags(&mut tx, row.task_id, &tags).await?;
    }
    tx.commit().await?;
    for row in &rows {
        announce(&state, row.task_id.expect("checked"), CreatedNotices::new()).await?;
    }
    Ok(Json(TagsImportResult {
        updated: rows.len(),
    }))
}
