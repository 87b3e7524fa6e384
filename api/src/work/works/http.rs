//! Works (products) of a project: detail with its tasks, create (regular or operation agency),
//! rename, delete; and the CRM unit pricing an operation-agency work is billed by.

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::StaffOrClientUser;
use crate::platform::guards::visible;
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use crate::work::projects::access::owned_project;
use crate::work::projects::status::ProjectStatus;
use crate::work::tasks::access::{ensure_may_change, may_change};
use crate::work::tasks::model::{TaskFilter, TaskList, grouped, scoped_tasks};
use crate::work::tasks::task_type;
use crate::work::works::crm::{CRM_FAILURE, CrmError, UnitPricingSource};
use crate::work::works::model::WorkHead;
use crate::work::works::{access, db};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show, rename, remove))
        .routes(routes!(create))
        .routes(routes!(create_for_operation_agency))
        .routes(routes!(unit_pricing))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WorkView {
    #[serde(flatten)]
    pub work: WorkHead,
    /// Whether the caller may rename the work and write its tasks (its client's users, staff).
    pub can_edit: bool,
    #[serde(flatten)]
    pub tasks: TaskList,
}

/// The work if the caller may see it: 404 when it is not in the project, 403 when not theirs.
pub async fn visible_work(
    state: &AppState,
    caller: &Caller,
    project_id: i64,
    work_id: i64,
) -> AppResult<WorkHead> {
    visible(db::work(&state.db, caller, project_id, work_id).await?)
}

/// The work, if the caller may change it (its client's users or staff).
async fn owned_work(
    state: &AppState,
    caller: &Caller,
    project_id: i64,
    work_id: i64,
) -> AppResult<WorkHead> {
    let work = visible_work(state, caller, project_id, work_id).await?;
    ensure_may_change(caller, work.client_id)?;
    Ok(work)
}

async fn work_view(state: &AppState, caller: &Caller, work: WorkHead) -> AppResult<WorkView> {
    let filter = TaskFilter {
        work_id: Some(work.id),
        ..Default::default()
    };
    let tasks = grouped(scoped_tasks(state, caller, filter).await?);
    Ok(WorkView {
        can_edit: may_change(caller, work.client_id),
        work,
        tasks,
    })
}

#[utoipa::path(get, path = "/v2/projects/{project_id}/works/{work_id}", tag = "works", security(("bearer" = [])),
    responses((status = 200, body = WorkView), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((project_id, work_id)): Path<(i64, i64)>,
) -> AppResult<Json<WorkView>> {
    let work = visible_work(&state, &caller, project_id, work_id).await?;
    Ok(Json(work_view(&state, &caller, work).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct WorkInput {
    #[serde(default)]
    pub name: String,
    /// Operation agency works only: the CRM order their unit prices come from.
    pub crm_order_id: Option<String>,
}

impl Declared for WorkInput {
    const RULES: &'static [FieldRules] = &[
        ("name", &[Rule::Required, Rule::MaxChars(100)]),
        // Required for an operation agency's work.
        ("crm_order_id", &[Rule::MaxChars(50)]),
    ];
}

fn check_name(v: &mut Validator, name: &str) {
    v.required("name", name).max_chars("name", name, 100);
}

/// The project, if the caller may add works to it.
async fn writable_project(state: &AppState, caller: &Caller, project_id: i64) -> AppResult<()> {
    let project = owned_project(state, caller, project_id).await?;
    if project.status == ProjectStatus::Done {
        return Err(AppError::invalid(
            "完了したプロジェクトには作品を追加できません。",
        ));
    }
    Ok(())
}

fn crm_error(error: CrmError) -> AppError {
    match error {
        CrmError::UnknownOrder => AppError::rule("crm_order_id", "exists"),
        CrmError::Unreachable(reason) => {
            tracing::warn!(%reason, "CRM unit pricing failed");
            AppError::Upstream(CRM_FAILURE.into())
        }
    }
}

/// Adds a work to a project the caller may write to; an operation-agency work must name a CRM
/// order the CRM knows.
async fn add_work(
    state: &AppState,
    caller: &Caller,
    project_id: i64,
    input: &WorkInput,
    operation_agency: bool,
) -> AppResult<(StatusCode, Json<WorkView>)> {
    writable_project(state, caller, project_id).await?;
    let crm_order_id = input.crm_order_id.as_deref().unwrap_or("").trim();
    let mut v = Validator::new();
    check_name(&mut v, &input.name);
    if operation_agency {
        v.required("crm_order_id", crm_order_id)
            .max_chars("crm_order_id", crm_order_id, 50);
    }
    v.finish()?;
    if operation_agency {
        UnitPricingSource::configured(&state.config, &state.db)
            .unit_pricing(crm_order_id)
            .await
            .map_err(crm_error)?;
    }
    let work_id = db::insert_work(
        &state.db,
        project_id,
        input.name.trim(),
        operation_agency,
        operation_agency.then_some(crm_order_id),
    )
    .await?;
    let work = visible_work(state, caller, project_id, work_id).await?;
    Ok((
        StatusCode::CREATED,
        Json(work_view(state, caller, work).await?),
    ))
}

#[utoipa::path(post, path = "/v2/projects/{project_id}/works", tag = "works", security(("bearer" = [])), request_body = WorkInput,
    responses((status = 201, body = WorkView), (status = 403), (status = 404), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(project_id): Path<i64>,
    ApiJson(input): ApiJson<WorkInput>,
) -> AppResult<(StatusCode, Json<WorkView>)> {
    add_work(&state, &caller, project_id, &input, false).await
}

#[utoipa::path(post, path = "/v2/projects/{project_id}/works_for_operation_agency", tag = "works", security(("bearer" = [])), request_body = WorkInput,
    responses((status = 201, body = WorkView), (status = 403), (status = 404), (status = 422, description = "also when the CRM has no such order"), (status = 502, description = "the CRM failed")))]
pub async fn create_for_operation_agency(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(project_id): Path<i64>,
    ApiJson(input): ApiJson<WorkInput>,
) -> AppResult<(StatusCode, Json<WorkView>)> {
    add_work(&state, &caller, project_id, &input, true).await
}

#[utoipa::path(put, path = "/v2/projects/{project_id}/works/{work_id}", tag = "works", security(("bearer" = [])), request_body = WorkInput,
    responses((status = 200, body = WorkView), (status = 403), (status = 404), (status = 422)))]
pub async fn rename(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((project_id, work_id)): Path<(i64, i64)>,
    ApiJson(input): ApiJson<WorkInput>,
) -> AppResult<Json<WorkView>> {
    owned_work(&state, &caller, project_id, work_id).await?;
    let mut v = Validator::new();
    check_name(&mut v, &input.name);
    v.finish()?;
    db::rename_work(&state.db, work_id, input.name.trim()).await?;
    let work = visible_work(&state, &caller, project_id, work_id).await?;
    Ok(Json(work_view(&state, &caller, work).await?))
}

#[utoipa::path(delete, path = "/v2/projects/{project_id}/works/{work_id}", tag = "works", security(("bearer" = [])),
    responses((status = 204), (status = 403), (status = 404), (status = 422, description = "a task of the work was already taken")))]
pub async fn remove(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path((project_id, work_id)): Path<(i64, i64)>,
) -> AppResult<StatusCode> {
    owned_work(&state, &caller, project_id, work_id).await?;
    if !db::delete_if_untaken(&state.db, work_id).await? {
        return Err(AppError::invalid(
            "受注済みのタスクがある作品は削除できません。",
        ));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnitPricingItem {
    pub task_type: String,
    /// The Japanese name of the work type.
    pub label: String,
    pub unit_price: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnitPricing {
    pub crm_order_id: String,
    pub items: Vec<UnitPricingItem>,
}

/// Staff and clients may look up a CRM order's unit prices (creators may not); a client never
/// sees an order another company's works are billed by (404, as if it did not exist).
#[utoipa::path(get, path = "/crm/order/{crm_order_id}/unit_pricing", tag = "works", security(("bearer" = [])),
    responses((status = 200, body = UnitPricing), (status = 403), (status = 404), (status = 422, description = "no such CRM order"), (status = 502, description = "the CRM failed: SFからのデータ取得に失敗しました。")))]
pub async fn unit_pricing(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    Path(crm_order_id): Path<String>,
) -> AppResult<Json<UnitPricing>> {
    access::ensure_crm_order_visible(&state.db, &caller, &crm_order_id).await?;
    let prices = UnitPricingSource::configured(&state.config, &state.db)
        .unit_pricing(&crm_order_id)
        .await
        .map_err(crm_error)?;
    Ok(Json(UnitPricing {
        crm_order_id,
        items: prices
            .into_iter()
            .map(|p| UnitPricingItem {
                label: task_type::label(&p.task_type).into(),
                task_type: p.task_type,
                unit_price: p.unit_price,
            })
            .collect(),
    }))
}
