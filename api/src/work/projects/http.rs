//! Projects (v2): a scoped, paged list with search, detail with its works, and the status
//! machine of `work::status` enforced on every change.

use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::StaffOrClientUser;
use crate::platform::pagination::Paging;
use crate::platform::query::{list_param, single_param};
use crate::platform::validation::Validator;
use crate::platform::validation::{Declared, FieldRules, Rule};
use crate::state::AppState;
use crate::work::projects::access::{self, owned_project, visible_project};
use crate::work::projects::db;
use crate::work::projects::model::{PER_PAGE, ProjectView, WorkSummary};
use crate::work::projects::status::{ProjectStatus, check_transition};
use crate::work::tasks::access::ensure_may_change;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show, update, remove))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectList {
    pub projects: Vec<ProjectView>,
    #[serde(flatten)]
    pub paging: Paging,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectDetail {
    #[serde(flatten)]
    pub project: ProjectView,
    pub works: Vec<WorkSummary>,
}

/// `?page=1&keyword=…&status[]=applying`: newest first, 20 a page.
#[utoipa::path(get, path = "/v2/projects", tag = "projects", security(("bearer" = [])),
    params(("page" = Option<i64>, Query, minimum = 0, maximum = 100000, description = "from 1"), ("keyword" = Option<String>, Query), ("status[]" = Option<Vec<ProjectStatus>>, Query)),
    responses((status = 200, body = ProjectList), (status = 422)))]
pub async fn list(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    RawQuery(query): RawQuery,
) -> AppResult<Json<ProjectList>> {
    let query = query.as_deref();
    let page = match single_param(query, "page") {
        None => None,
        Some(page) => Some(
            page.parse::<i64>()
                .map_err(|_| AppError::rule("page", "integer"))?,
        ),
    };
    let page = Paging::requested(page, 1)?;
    let keyword = single_param(query, "keyword").unwrap_or_default();
    let statuses = list_param(query, "status");
    if statuses.iter().any(|s| ProjectStatus::parse(s).is_none()) {
        return Err(AppError::rule(
            "status",
            "in:setting,applying,doing,under_acceptance,done",
        ));
    }
    let (total, projects) = db::project_page(&state.db, &caller, &keyword, &statuses, page).await?;
    Ok(Json(ProjectList {
        projects: projects
            .into_iter()
            .map(|project| project.for_caller(&caller))
            .collect(),
        paging: Paging::new(page, PER_PAGE, total, 1),
    }))
}

#[utoipa::path(get, path = "/v2/projects/{project_id}", tag = "projects", security(("bearer" = [])),
    responses((status = 200, body = ProjectDetail), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(project_id): Path<i64>,
) -> AppResult<Json<ProjectDetail>> {
    let project = visible_project(&state, &caller, project_id).await?;
    let works = db::works_of(&state.db, project_id).await?;
    Ok(Json(ProjectDetail { project, works }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewProject {
    pub media_id: Option<i64>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
}

impl Declared for NewProject {
    const RULES: &'static [FieldRules] = &[
        ("media_id", &[Rule::Required]),
        ("name", &[Rule::Required, Rule::MaxChars(100)]),
        ("description", &[Rule::MaxChars(5000)]),
    ];
}

#[utoipa::path(post, path = "/v2/projects", tag = "projects", security(("bearer" = [])), request_body = NewProject,
    responses((status = 201, body = ProjectView), (status = 403), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    StaffOrClientUser(caller): StaffOrClientUser,
    ApiJson(input): ApiJson<NewProject>,
) -> AppResult<(StatusCode, Json<ProjectView>)> {
    let mut v = Validator::new();
    v.required("name", &input.name)
        .max_chars("name", &input.name, 100)
        .max_chars("description", &input.description, 5000);
    if input.media_id.is_none() {
        v.fail("media_id", "required");
    }
    v.finish()?;
    let media_id = input.media_id.expect("validated");
    let client_id = db::media_client(&state.db, media_id)
        .await?
        .ok_or_else(|| AppError::rule("media_id", "exists"))?;
    ensure_may_change(&caller, client_id)?;
    let project_id = db::insert_project(
        &state.db,
        media_id,
        input.name.trim(),
        &input.description,
        caller.user_id,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(visible_project(&state, &caller, project_id).await?),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProjectChange {
    pub name: Option<String>,
    pub description: Option<String>,
    /// The next status; only the legal moves of the status machine are accepted.
    pub status: Option<String>,
}

impl Declared for ProjectChange {
    const RULES: &'static [FieldRules] = &[
        ("name", &[Rule::NotBlank, Rule::MaxChars(100)]),
        ("description", &[Rule::MaxChars(5000)]),
        ("status", &[Rule::In(ProjectStatus::NAMES)]),
    ];
}

#[utoipa::path(put, path = "/v2/projects/{project_id}", tag = "projects", security(("bearer" = [])), request_body = ProjectChange,
    responses((status = 200, body = ProjectView), (status = 403), (status = 404), (status = 422, description = "validation or an illegal status move (rule transition:from,to)")))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(project_id): Path<i64>,
    ApiJson(change): ApiJson<ProjectChange>,
) -> AppResult<Json<ProjectView>> {
    let project = owned_project(&state, &caller, project_id).await?;
    let mut v = Validator::new();
    if let Some(name) = &change.name {
        v.required("name", name).max_chars("name", name, 100);
    }
    if let Some(description) = &change.description {
        v.max_chars("description", description, 5000);
    }
    v.finish()?;
    let mut tx = state.db.begin().await?;
    // Lock the row so two simultaneous moves cannot both start from the same status.
    let current = db::lock_status(&mut tx, project_id).await?;
    let mut status = None;
    if let Some(next) = &change.status {
        let to = ProjectStatus::parse(next).ok_or_else(|| {
            AppError::rule("status", "in:setting,applying,doing,under_acceptance,done")
        })?;
        let from = ProjectStatus::parse(&current).expect("the database only holds known statuses");
        // The status the project is in is no move (a form sends back what it read).
        if from != to {
            check_transition(from, to, access::actor(&caller, project.client_id))?;
            status = Some(to.as_str());
        }
    }
    db::update_project(
        &mut tx,
        project_id,
        change.name.as_deref().map(str::trim),
        change.description.as_deref(),
        status,
    )
    .await?;
    tx.commit().await?;
    Ok(Json(visible_project(&state, &caller, project_id).await?))
}

#[utoipa::path(delete, path = "/v2/projects/{project_id}", tag = "projects", security(("bearer" = [])),
    responses((status = 204), (status = 403), (status = 404), (status = 422, description = "only projects still being set up can be deleted")))]
pub async fn remove(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(project_id): Path<i64>,
) -> AppResult<StatusCode> {
    owned_project(&state, &caller, project_id).await?;
    if !db::delete_if_setting(&state.db, project_id).await? {
        return Err(AppError::invalid("設定中のプロジェクトのみ削除できます。"));
    }
    Ok(StatusCode::NO_CONTENT)
}
