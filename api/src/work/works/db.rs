//! The works' SQL: one work with the caller's right to see it, and the writes.

use crate::auth::session::Caller;
use crate::platform::error::AppResult;
use crate::work::tasks::access as scope;
use crate::work::works::model::WorkHead;

/// The work of the project and whether the caller may see it; `None` when the project has no
/// such work.
pub(crate) async fn work(
    db: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    project_id: i64,
    work_id: i64,
) -> AppResult<Option<(WorkHead, bool)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        work: WorkHead,
        may_see: bool,
    }
    let mut q = scope::SqlQuery::new(
        "select w.id, w.project_id, p.name as project_name, p.status as project_status, m.client_id, w.name,
                w.is_operation_agency, w.crm_order_id, (",
    );
    scope::push_visible_works(&mut q, caller);
    q.push(") as may_see from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id where w.id = ");
    q.push_bind(work_id);
    q.push(" and w.project_id = ");
    q.push_bind(project_id);
    let row: Option<Row> = q.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|r| (r.work, r.may_see)))
}

/// Adds a work; `crm_order_id` only for operation-agency works.
pub(crate) async fn insert_work(
    db: impl sqlx::PgExecutor<'_>,
    project_id: i64,
    name: &str,
    operation_agency: bool,
    crm_order_id: Option<&str>,
) -> AppResult<i64> {
    Ok(sqlx::query_scalar(
        "insert into works (project_id, name, is_operation_agency, crm_order_id) values ($1, $2, $3, $4) returning id",
    )
    .bind(project_id)
    .bind(name)
    .bind(operation_agency)
    .bind(crm_order_id)
    .fetch_one(db)
    .await?)
}

pub(crate) async fn rename_work(
    db: impl sqlx::PgExecutor<'_>,
    work_id: i64,
    name: &str,
) -> AppResult<()> {
    sqlx::query("update works set name = $2, updated_at = now() where id = $1")
        .bind(work_id)
        .bind(name)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes the work unless one of its tasks was already taken; whether it did.
pub(crate) async fn delete_if_untaken(
    db: impl sqlx::PgExecutor<'_>,
    work_id: i64,
) -> AppResult<bool> {
    let deleted = sqlx::query(
        "delete from works w where w.id = $1 and not exists (
            select 1 from tasks t join task_assignees a on a.task_id = t.id where t.work_id = w.id and a.state = 'taken')",
    )
    .bind(work_id)
    .execute(db)
    .await?;
    Ok(deleted.rows_affected() > 0)
}

/// Whether CRM order `crm_order_id` is already billed through a work of another company than
/// `client_id`: its unit prices are that company's terms, never shown to another client.
pub async fn crm_order_of_another_client(
    db: &sqlx::PgPool,
    crm_order_id: &str,
    client_id: Option<i64>,
) -> AppResult<bool> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id
          where w.crm_order_id = $1 and m.client_id is distinct from $2)",
    )
    .bind(crm_order_id)
    .bind(client_id)
    .fetch_one(db)
    .await?)
}
