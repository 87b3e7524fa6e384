//! The projects' SQL: the scoped, paged list, one project with the caller's right to see it,
//! its works, and the writes.

use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::platform::error::AppResult;
use crate::platform::pagination::Paging;
use crate::work::projects::model::{PER_PAGE, ProjectView, WorkSummary};
use crate::work::tasks::access as scope;

const PROJECT_COLUMNS: &str = "p.id, p.name, p.description, p.status, m.id as media_id, m.name as media_name,
        c.id as client_id, c.company_name,
        (select count(*) from works w where w.project_id = p.id) as work_count, p.created_at, p.updated_at";
const PROJECT_FROM: &str =
    " from projects p join media m on m.id = p.media_id join clients c on c.id = m.client_id";

/// The total of the projects the caller may see that match `keyword` (name or media name) and
/// `statuses` (any, when empty), and page `page` of them, newest first.
pub(crate) async fn project_page(
    db: &PgPool,
    caller: &Caller,
    keyword: &str,
    statuses: &[String],
    page: i64,
) -> AppResult<(i64, Vec<ProjectView>)> {
    let filter = |q: &mut scope::SqlQuery| {
        q.push(" where ");
        scope::push_visible_projects(q, caller);
        if !keyword.is_empty() {
            q.push(" and (p.name ilike '%' || ");
            q.push_bind(keyword.to_owned());
            q.push(" || '%' or m.name ilike '%' || ");
            q.push_bind(keyword.to_owned());
            q.push(" || '%')");
        }
        if !statuses.is_empty() {
            q.push(" and p.status = any(");
            q.push_bind(statuses.to_vec());
            q.push(")");
        }
    };
    let mut count =
        scope::SqlQuery::new("select count(*) from projects p join media m on m.id = p.media_id");
    filter(&mut count);
    let total: i64 = count.build_query_scalar().fetch_one(db).await?;
    let mut select = scope::SqlQuery::new(format!("select {PROJECT_COLUMNS} {PROJECT_FROM}"));
    filter(&mut select);
    select.push(" order by p.id desc limit ");
    select.push_bind(PER_PAGE);
    select.push(" offset ");
    select.push_bind(Paging::offset(page, PER_PAGE, 1));
    let projects = select.build_query_as().fetch_all(db).await?;
    Ok((total, projects))
}

/// The project and whether the caller may see it; `None` when it does not exist.
pub(crate) async fn project(
    db: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    project_id: i64,
) -> AppResult<Option<(ProjectView, bool)>> {
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
    let row: Option<Row> = q.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|r| (r.project, r.may_see)))
}

/// The works of a project, oldest first.
pub(crate) async fn works_of(
    db: impl sqlx::PgExecutor<'_>,
    project_id: i64,
) -> AppResult<Vec<WorkSummary>> {
    Ok(sqlx::query_as(
        "select id, name, is_operation_agency from works where project_id = $1 order by id",
    )
    .bind(project_id)
    .fetch_all(db)
    .await?)
}

/// The client a media belongs to; `None` when there is no such media.
pub(crate) async fn media_client(
    db: impl sqlx::PgExecutor<'_>,
    media_id: i64,
) -> AppResult<Option<i64>> {
    Ok(
        sqlx::query_scalar("select client_id from media where id = $1")
            .bind(media_id)
            .fetch_optional(db)
            .await?,
    )
}

pub(crate) async fn insert_project(
    db: impl sqlx::PgExecutor<'_>,
    media_id: i64,
    name: &str,
    description: &str,
    created_by: i64,
) -> AppResult<i64> {
    Ok(sqlx::query_scalar(
        "insert into projects (media_id, name, description, created_by) values ($1, $2, $3, $4) returning id",
    )
    .bind(media_id)
    .bind(name)
    .bind(description)
    .bind(created_by)
    .fetch_one(db)
    .await?)
}

/// The project's status, its row locked `for update` until the transaction ends.
pub(crate) async fn lock_status(tx: &mut sqlx::PgConnection, project_id: i64) -> AppResult<String> {
    Ok(
        sqlx::query_scalar("select status from projects where id = $1 for update")
            .bind(project_id)
            .fetch_one(&mut *tx)
            .await?,
    )
}

/// Sets the present fields and touches `updated_at`.
pub(crate) async fn update_project(
    tx: &mut sqlx::PgConnection,
    project_id: i64,
    name: Option<&str>,
    description: Option<&str>,
    status: Option<&str>,
) -> AppResult<()> {
    sqlx::query(
        "update projects set name = coalesce($2, name), description = coalesce($3, description),
                status = coalesce($4, status), updated_at = now() where id = $1",
    )
    .bind(project_id)
    .bind(name)
    .bind(description)
    .bind(status)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Deletes the project if it is still being set up; whether it did.
pub(crate) async fn delete_if_setting(
    db: impl sqlx::PgExecutor<'_>,
    project_id: i64,
) -> AppResult<bool> {
    let deleted = sqlx::query("delete from projects where id = $1 and status = 'setting'")
        .bind(project_id)
        .execute(db)
        .await?;
    Ok(deleted.rows_affected() > 0)
}
