//! The deliveries' SQL: the client's paged deliveries, uploaded destinations, deliverable
//! works, the delivery and inspection writes, and staff's delivery reports.

use sqlx::PgPool;

use crate::files::scan::ScanStatus;
use crate::platform::error::AppResult;
use crate::platform::pagination::Paging;
use crate::work::deliveries::model::{
    ClientDelivery, DELIVERIES_PER_PAGE, DeliverableWork, DeliveryReport, DeliveryType,
    InspectionResult, UploadedDestination,
};
use crate::work::tasks::model::TaskStatus;

/// The total of the client's deliveries (of live tasks) and page `page` of them, newest first.
pub(crate) async fn client_delivery_page(
    db: &PgPool,
    client_id: i64,
    page: i64,
) -> AppResult<(i64, Vec<ClientDelivery>)> {
    const FROM: &str = "from deliveries d join tasks t on t.id = d.task_id join works w on w.id = t.work_id
        join projects p on p.id = w.project_id join media m on m.id = p.media_id join users u on u.id = d.user_id
       where m.client_id = $1 and not t.is_invalid";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select count(*) {FROM}")))
        .bind(client_id)
        .fetch_one(db)
        .await?;
    let deliveries = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select d.id, t.id as task_id, t.title as task_title, t.status as task_status, p.id as project_id,
                p.name as project_name, w.id as work_id, w.name as work_name, u.id as user_id, u.user_name,
                d.delivery_type, d.url,
                coalesce((select json_agg(json_build_object('file_id', f.id, 'name', f.name,
                            'path', case when f.is_private then 'private/' else 'files/' end || f.storage_key) order by f.id)
                            from delivery_files df join files f on f.id = df.file_id where df.delivery_id = d.id), '[]') as files,
                (select v.name from manuscript_versions v where v.id = d.manuscript_version_id) as manuscript_version_name,
                d.created_at
         {FROM} order by d.created_at desc, d.id desc limit $2 offset $3"
    )))
    .bind(client_id)
    .bind(DELIVERIES_PER_PAGE)
    .bind(Paging::offset(page, DELIVERIES_PER_PAGE, 1))
    .fetch_all(db)
    .await?;
    Ok((total, deliveries))
}

/// Where the task was published, latest first.
pub(crate) async fn uploaded_destinations(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
) -> AppResult<Vec<UploadedDestination>> {
    Ok(sqlx::query_as(
        "select id, task_id, name, url, created_at from uploaded_destinations where task_id = $1 order by id desc",
    )
    .bind(task_id)
    .fetch_all(db)
    .await?)
}

pub(crate) async fn insert_uploaded_destination(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
    name: &str,
    url: &str,
    created_by: i64,
) -> AppResult<UploadedDestination> {
    Ok(sqlx::query_as(
        "insert into uploaded_destinations (task_id, name, url, created_by) values ($1, $2, $3, $4)
         returning id, task_id, name, url, created_at",
    )
    .bind(task_id)
    .bind(name)
    .bind(url)
    .bind(created_by)
    .fetch_one(db)
    .await?)
}

/// The works where the user has a taken task in doing, with how many.
pub(crate) async fn deliverable_works(
    db: impl sqlx::PgExecutor<'_>,
    user_id: i64,
) -> AppResult<Vec<DeliverableWork>> {
    Ok(sqlx::query_as(
        "select w.id, w.name, p.id as project_id, p.name as project_name, count(*) as task_count
           from task_assignees a join tasks t on t.id = a.task_id join works w on w.id = t.work_id
           join projects p on p.id = w.project_id
          where a.user_id = $1 and a.state = 'taken' and t.status = 'doing' and not t.is_invalid
          group by w.id, p.id order by w.id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

/// Whether the user took the task.
pub(crate) async fn has_taken(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
    user_id: i64,
) -> AppResult<bool> {
    Ok(sqlx::query_scalar("select exists (select 1 from task_assignees where task_id = $1 and user_id = $2 and state = 'taken')")
        .bind(task_id)
        .bind(user_id)
        .fetch_one(db)
        .await?)
}

pub(crate) async fn insert_delivery(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    user_id: i64,
    delivery_type: DeliveryType,
    url: Option<&str>,
    manuscript_version_id: Option<i64>,
) -> AppResult<i64> {
    Ok(sqlx::query_scalar("insert into deliveries (task_id, user_id, delivery_type, url, manuscript_version_id) values ($1, $2, $3, $4, $5) returning id")
        .bind(task_id)
        .bind(user_id)
        .bind(delivery_type)
        .bind(url)
        .bind(manuscript_version_id)
        .fetch_one(&mut *tx)
        .await?)
}

/// The scan status of the user's own file; `None` when it is not theirs or missing.
pub(crate) async fn own_file_scan_status(
    tx: &mut sqlx::PgConnection,
    file_id: i64,
    user_id: i64,
) -> AppResult<Option<ScanStatus>> {
    Ok(
        sqlx::query_scalar("select scan_status from files where id = $1 and user_id = $2")
            .bind(file_id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?,
    )
}

pub(crate) async fn attach_file(
    tx: &mut sqlx::PgConnection,
    delivery_id: i64,
    file_id: i64,
) -> AppResult<()> {
    sqlx::query("insert into delivery_files (delivery_id, file_id) values ($1, $2)")
        .bind(delivery_id)
        .bind(file_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Delivering only moves the task to inspection and touches updated_at.
pub(crate) async fn mark_delivered(tx: &mut sqlx::PgConnection, task_id: i64) -> AppResult<()> {
    sqlx::query("update tasks set status = 'under_acceptance', updated_at = now() where id = $1")
        .bind(task_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The day (Tokyo) the task's latest deliverable was received, if anything was delivered.
pub(crate) async fn received_on(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
) -> AppResult<Option<chrono::NaiveDate>> {
    Ok(sqlx::query_scalar("select task_received_on($1)")
        .bind(task_id)
        .fetch_one(&mut *tx)
        .await?)
}

/// Moves the inspected task on; a done task is completed on `completed_on`.
pub(crate) async fn set_inspected_status(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    next: TaskStatus,
    completed_on: chrono::NaiveDate,
) -> AppResult<()> {
    sqlx::query(
        "update tasks set status = $2, completed_date = case when $2 = 'done' then $3 else completed_date end, updated_at = now() where id = $1",
    )
    .bind(task_id)
    .bind(next)
    .bind(completed_on)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

pub(crate) async fn insert_inspection(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    result: Option<InspectionResult>,
    reason: Option<&str>,
    inspected_by: i64,
) -> AppResult<()> {
    sqlx::query(
        "insert into inspections (task_id, result, reason, inspected_by) values ($1, $2, $3, $4)",
    )
    .bind(task_id)
    .bind(result)
    .bind(reason)
    .bind(inspected_by)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// The creators who took the task.
pub(crate) async fn taken_by(tx: &mut sqlx::PgConnection, task_id: i64) -> AppResult<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "select user_id from task_assignees where task_id = $1 and state = 'taken'",
    )
    .bind(task_id)
    .fetch_all(&mut *tx)
    .await?)
}

const REPORT_SELECT: &str = "select r.id, r.media_id, m.name as media_name, r.year, r.month, r.task_count, r.reward_total, r.created_at
   from delivery_reports r join media m on m.id = r.media_id";

/// The latest 200 delivery reports, newest month first.
pub(crate) async fn delivery_reports(
    db: impl sqlx::PgExecutor<'_>,
) -> AppResult<Vec<DeliveryReport>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{REPORT_SELECT} order by r.year desc, r.month desc, r.id desc limit 200"
    )))
    .fetch_all(db)
    .await?)
}

pub(crate) async fn delivery_report(
    db: impl sqlx::PgExecutor<'_>,
    report_id: i64,
) -> AppResult<DeliveryReport> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{REPORT_SELECT} where r.id = $1"
    )))
    .bind(report_id)
    .fetch_one(db)
    .await?)
}

pub(crate) async fn media_exists(db: impl sqlx::PgExecutor<'_>, media_id: i64) -> AppResult<bool> {
    Ok(
        sqlx::query_scalar("select exists (select 1 from media where id = $1)")
            .bind(media_id)
            .fetch_one(db)
            .await?,
    )
}

/// Counts and sums the media's tasks completed in the month into a new report; `None` when
/// the month was already reported.
pub(crate) async fn insert_delivery_report(
    db: impl sqlx::PgExecutor<'_>,
    media_id: i64,
    year: i32,
    month: i32,
    created_by: i64,
) -> AppResult<Option<i64>> {
    Ok(sqlx::query_scalar(
        "insert into delivery_reports (media_id, year, month, task_count, reward_total, created_by)
         select $1, $2, $3, count(*), coalesce(sum(t.reward_amount), 0), $4
           from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
          where p.media_id = $1 and t.status = 'done' and not t.is_invalid
            and extract(year from t.completed_date) = $2 and extract(month from t.completed_date) = $3
         on conflict on constraint delivery_reports_media_month_key do nothing
         returning id",
    )
    .bind(media_id)
    .bind(year)
    .bind(month)
    .bind(created_by)
    .fetch_optional(db)
    .await?)
}
