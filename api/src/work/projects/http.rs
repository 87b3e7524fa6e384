//! Projects (v2): a scoped, paged list with search, detail with its works, and the status
//! machine of `work::status` enforced on every change.

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::guards::StaffOrClientUser;
use crate::platform::guards::visible;
use crate::platform::pagination::Paging;
use crate::platform::query::{list_param, single_param};
use crate::platform::validation::Validator;
use crate::state::AppState;
use crate::work::projects::status::{ProjectStatus, check_transition};
use crate::work::tasks::access as scope;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(show, update, remove))
}

pub const PER_PAGE: i64 = 20;

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ProjectView {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// setting, applying, doing, under_acceptance or done.
    pub status: ProjectStatus,
    pub media_id: i64,
    pub media_name: String,
    pub client_id: i64,
    pub company_name: String,
    pub work_count: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectList {
    pub projects: Vec<ProjectView>,
    #[serde(flatten)]
    pub paging: Paging,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct WorkSummary {
    pub id: i64,
    pub name: String,
    pub is_operation_agency: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProjectDetail {
    #[serde(flatten)]
    pub project: ProjectView,
    pub works: Vec<WorkSummary>,
}

const PROJECT_COLUMNS: &str = "p.id, p.name, p.description, p.status, m.id as media_id, m.name as media_name,
        c.id as client_id, c.company_name,
        (select count(*) from works w where w.project_id = p.id) as work_count, p.created_at, p.updated_at";
const PROJECT_FROM: &str =
    " from projects p join media m on m.id = p.media_id join clients c on c.id = m.client_id";

/// `?page=1&keyword=…&status[]=applying`: newest first, 20 a page.
#[utoipa::path(get, path = "/v2/projects", tag = "projects", security(("bearer" = [])),
    params(("page" = Option<i64>, Query, description = "from 1"), ("keyword" = Option<String>, Query), ("status[]" = Option<Vec<String>>, Query)),
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
    let filter = |q: &mut scope::SqlQuery| {
        q.push(" where ");
        scope::push_visible_projects(q, &caller);
        if !keyword.is_empty() {
            q.push(" and (p.name ilike '%' || ");
            q.push_bind(keyword.clone());
            q.push(" || '%' or m.name ilike '%' || ");
            q.push_bind(keyword.clone());
            q.push(" || '%')");
        }
        if !statuses.is_empty() {
            q.push(" and p.status = any(");
            q.push_bind(statuses.clone());
            q.push(")");
        }
    };
    let mut count =
        scope::SqlQuery::new("select count(*) from projects p join media m on m.id = p.media_id");
    filter(&mut count);
    let total: i64 = count.build_query_scalar().fetch_one(&state.db).await?;
    let mut select = scope::SqlQuery::new(format!("select {PROJECT_COLUMNS} {PROJECT_FROM}"));
    filter(&mut select);
    select.push(" order by p.id desc limit ");
    select.push_bind(PER_PAGE);
    select.push(" offset ");
    select.push_bind(Paging::offset(page, PER_PAGE, 1));
    let projects = select.build_query_as().fetch_all(&state.db).await?;
    Ok(Json(ProjectList {
        projects,
        paging: Paging::new(page, PER_PAGE, total, 1),
    }))
}

/// The project if the caller may see it: 404 when it does not exist, 403 when it is not theirs.
pub async fn visible_project(
    state: &AppState,
    caller: &Caller,
    project_id: i64,
) -> AppResult<ProjectView> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        project: ProjectView,
        may_see: bool,
    }
    let mut q = scope::SqlQuery::new(format!("select {PROJECT_COLUMNS}, ("));
    scope::push_visible_projects(&mut q, caller);
    q.push(format_args!(") as may_see {PROJECT_FROM} where p.id = "));
    q.push_bind(project_id);
    let row: Option<Row> = q.build_query_as().fetch_optional(&state.db).await?;
    visible(row.map(|r| (r.project, r.may_see)))
}

#[utoipa::path(get, path = "/v2/projects/{project_id}", tag = "projects", security(("bearer" = [])),
    responses((status = 200, body = ProjectDetail), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(project_id): Path<i64>,
) -> AppResult<Json<ProjectDetail>> {
    let project = visible_project(&state, &caller, project_id).await?;
    let works = sqlx::query_as(
        "select id, name, is_operation_agency from works where project_id = $1 order by id",
    )
    .bind(project_id)
    .fetch_all(&state.db)
    .await?;
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
    let client_id: Option<i64> = sqlx::query_scalar("select client_id from media where id = $1")
        .bind(media_id)
        .fetch_optional(&state.db)
        .await?;
    let client_id = client_id.ok_or_else(|| AppError::rule("media_id", "exists"))?;
    if !caller.acts_for_client(client_id) {
        return Err(AppError::Forbidden);
    }
    let project_id: i64 =
        sqlx::query_scalar("insert into projects (media_id, name, description, created_by) values ($1, $2, $3, $4) returning id")
            .bind(media_id)
            .bind(input.name.trim())
            .bind(&input.description)
            .bind(caller.user_id)
            .fetch_one(&state.db)
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

#[utoipa::path(put, path = "/v2/projects/{project_id}", tag = "projects", security(("bearer" = [])), request_body = ProjectChange,
    responses((status = 200, body = ProjectView), (status = 403), (status = 404), (status = 422, description = "validation or an illegal status move (rule transition:from,to)")))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(project_id): Path<i64>,
    ApiJson(change): ApiJson<ProjectChange>,
) -> AppResult<Json<ProjectView>> {
    let project = visible_project(&state, &caller, project_id).await?;
    let owner = caller.belongs_to_client(project.client_id);
    if !caller.acts_for_client(project.client_id) {
        return Err(AppError::Forbidden);
    }
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
    let current: String =
        sqlx::query_scalar("select status from projects where id = $1 for update")
            .bind(project_id)
            .fetch_one(&mut *tx)
            .await?;
    if let Some(next) = &change.status {
        let to = ProjectStatus::parse(next).ok_or_else(|| {
            AppError::rule("status", "in:setting,applying,doing,under_acceptance,done")
        })?;
        let from = ProjectStatus::parse(&current).expect("the database only holds known statuses");
        check_transition(from, to, caller.role, owner)?;
    }
    sqlx::query(
        "update projects set name = coalesce($2, name), description = coalesce($3, description),
                status = coalesce($4, status), updated_at = now() where id = $1",
    )
    .bind(project_id)
    .bind(change.name.as_deref().map(str::trim))
    .bind(&change.description)
    .bind(&change.status)
    .execute(&mut *tx)
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
    let project = visible_project(&state, &caller, project_id).await?;
    if !caller.acts_for_client(project.client_id) {
        return Err(AppError::Forbidden);
    }
    let deleted = sqlx::query("delete from projects where id = $1 and status = 'setting'")
        .bind(project_id)
        .execute(&state.db)
        .await?;
    if deleted.rows_affected() == 0 {
        return Err(AppError::invalid("設定中のプロジェクトのみ削除できます。"));
    }
    Ok(StatusCode::NO_CONTENT)
}
