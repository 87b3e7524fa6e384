//! The tasks' SQL: the scoped read model, one task's page, the writes of the task handlers,
//! the staff tools and `write.rs`, and the loads the task notices and pushes need.

use chrono::NaiveDate;

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::work::projects::status::ProjectStatus;
use crate::work::tasks::access as scope;
use crate::work::tasks::events::TaskState;
use crate::work::tasks::model::AssigneeState;
use crate::work::tasks::model::{
    Assignee, DeliveryFile, ExternalDelivery, InspectionView, TaskFilter, TaskView,
};
use crate::work::tasks::write::CheckedFields;

/// The columns of a `TaskView`, over `scope::TASK_JOINS`.
const TASK_COLUMNS: &str = "t.id, t.task_type, t.title, t.status, t.order_date, t.due_date, t.completed_date,
        w.id as work_id, w.name as work_name, p.id as project_id, p.name as project_name, t.updated_at";

/// The tasks the caller may see (never invalidated ones), by due date.
pub(crate) async fn scoped_tasks(
    db: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    filter: TaskFilter<'_>,
) -> AppResult<Vec<TaskView>> {
    let mut q = scope::SqlQuery::new(format!(
        "select {TASK_COLUMNS} from {} where ",
        scope::TASK_JOINS
    ));
    scope::push_visible_tasks(&mut q, caller);
    q.push(" and not t.is_invalid");
    if filter.mine {
        q.push(" and exists (select 1 from task_assignees a where a.task_id = t.id and a.state <> 'declined' and a.user_id = ");
        q.push_bind(caller.user_id);
        q.push(")");
    }
    if !filter.statuses.is_empty() {
        q.push(" and t.status = any(");
        q.push_bind(filter.statuses.to_vec());
        q.push(")");
    }
    if let Some(client_id) = filter.client_id {
        q.push(" and m.client_id = ");
        q.push_bind(client_id);
    }
    if let Some(work_id) = filter.work_id {
        q.push(" and t.work_id = ");
        q.push_bind(work_id);
    }
    if let Some(ids) = filter.ids {
        q.push(" and t.id = any(");
        q.push_bind(ids.to_vec());
        q.push(")");
    }
    q.push(" order by t.due_date asc nulls last, t.id");
    Ok(q.build_query_as().fetch_all(db).await?)
}

pub(crate) async fn client_exists(
    db: impl sqlx::PgExecutor<'_>,
    client_id: i64,
) -> AppResult<bool> {
    Ok(
        sqlx::query_scalar("select exists (select 1 from clients where id = $1)")
            .bind(client_id)
            .fetch_one(db)
            .await?,
    )
}

/// The client's live tasks (applying, under acceptance).
pub(crate) async fn important_counts(
    db: impl sqlx::PgExecutor<'_>,
    client_id: i64,
) -> AppResult<(i64, i64)> {
    Ok(sqlx::query_as(
        "select count(*) filter (where t.status = 'applying'), count(*) filter (where t.status = 'under_acceptance')
           from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id
          where m.client_id = $1 and not t.is_invalid",
    )
    .bind(client_id)
    .fetch_one(db)
    .await?)
}

/// A task with the fields only its own page shows.
#[derive(sqlx::FromRow)]
pub(crate) struct TaskDetailRow {
    #[sqlx(flatten)]
    pub task: TaskView,
    pub client_id: i64,
    pub reward_amount: Option<i64>,
    pub tags: Vec<String>,
    pub is_invalid: bool,
}

/// The task and whether the caller may see it; `None` when missing (or invalidated, for
/// non-staff).
pub(crate) async fn task_detail_row(
    db: impl sqlx::PgExecutor<'_>,
    caller: &Caller,
    task_id: i64,
) -> AppResult<Option<(TaskDetailRow, bool)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        detail: TaskDetailRow,
        may_see: bool,
    }
    let mut q = scope::SqlQuery::new(format!(
        "select {TASK_COLUMNS}, m.client_id, t.reward_amount, t.tags, t.is_invalid, ("
    ));
    scope::push_visible_tasks(&mut q, caller);
    q.push(format_args!(
        ") as may_see from {} where t.id = ",
        scope::TASK_JOINS
    ));
    q.push_bind(task_id);
    scope::push_invalid_hidden(&mut q, caller);
    let row: Option<Row> = q.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|r| (r.detail, r.may_see)))
}

/// The task's creators with their names, in the order they were offered it.
pub(crate) async fn assignees(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
) -> AppResult<Vec<Assignee>> {
    Ok(sqlx::query_as(
        "select a.user_id, u.user_name, a.state from task_assignees a join users u on u.id = a.user_id
          where a.task_id = $1 order by a.created_at, a.user_id",
    )
    .bind(task_id)
    .fetch_all(db)
    .await?)
}

/// The files delivered for the task, latest delivery first.
pub(crate) async fn delivery_files(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
) -> AppResult<Vec<DeliveryFile>> {
    Ok(sqlx::query_as(
        "select d.id, f.id as file_id, f.name,
                case when f.is_private then 'private/' else 'files/' end || f.storage_key as path,
                f.scan_status as anti_virus_check_scan_status, f.content_type, v.name as manuscript_version_name,
                d.created_at
           from deliveries d join delivery_files df on df.delivery_id = d.id join files f on f.id = df.file_id
                left join manuscript_versions v on v.id = d.manuscript_version_id
          where d.task_id = $1 order by d.id desc, f.id",
    )
    .bind(task_id)
    .fetch_all(db)
    .await?)
}

/// The task's external (URL) deliveries, latest first.
pub(crate) async fn external_deliveries(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
) -> AppResult<Vec<ExternalDelivery>> {
    Ok(sqlx::query_as(
        "select id, user_id, url from deliveries where task_id = $1 and delivery_type = 'external' order by id desc",
    )
    .bind(task_id)
    .fetch_all(db)
    .await?)
}

/// The type of the task's latest delivery; `None` before the first.
pub(crate) async fn latest_delivery_type(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
) -> AppResult<Option<String>> {
    Ok(sqlx::query_scalar(
        "select delivery_type from deliveries where task_id = $1 order by id desc limit 1",
    )
    .bind(task_id)
    .fetch_optional(db)
    .await?)
}

/// The task's inspections, latest first.
pub(crate) async fn inspections(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
) -> AppResult<Vec<InspectionView>> {
    Ok(sqlx::query_as(
        "select result, reason, created_at from inspections where task_id = $1 order by id desc",
    )
    .bind(task_id)
    .fetch_all(db)
    .await?)
}

/// The client of a work and the status of its project; `None` when there is no such work.
pub(crate) async fn work_owner(
    db: impl sqlx::PgExecutor<'_>,
    work_id: i64,
) -> AppResult<Option<(i64, ProjectStatus)>> {
    Ok(sqlx::query_as(
        "select m.client_id, p.status from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id
          where w.id = $1",
    )
    .bind(work_id)
    .fetch_optional(db)
    .await?)
}

/// Everyone the task was offered to (declined offers too).
pub(crate) async fn assignee_ids(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
) -> AppResult<Vec<i64>> {
    Ok(
        sqlx::query_scalar("select user_id from task_assignees where task_id = $1")
            .bind(task_id)
            .fetch_all(db)
            .await?,
    )
}

pub(crate) async fn delete_task(db: impl sqlx::PgExecutor<'_>, task_id: i64) -> AppResult<()> {
    sqlx::query("delete from tasks where id = $1")
        .bind(task_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Moves the user's offer of the task to `answer`; false when the task was not offered to
/// them (or they already answered).
pub(crate) async fn answer_offer(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    user_id: i64,
    answer: AssigneeState,
) -> AppResult<bool> {
    let answered = sqlx::query(
        "update task_assignees set state = $3, updated_at = now() where task_id = $1 and user_id = $2 and state = 'offered'",
    )
    .bind(task_id)
    .bind(user_id)
    .bind(answer)
    .execute(&mut *tx)
    .await?;
    Ok(answered.rows_affected() > 0)
}

/// The task was taken: it is being worked on, ordered today unless it already had an order date.
pub(crate) async fn start_task(tx: &mut sqlx::PgConnection, task_id: i64) -> AppResult<()> {
    sqlx::query("update tasks set status = 'doing', order_date = coalesce(order_date, $2), updated_at = now() where id = $1")
        .bind(task_id)
        .bind(crate::platform::clock::tokyo_today())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

pub(crate) async fn touch_task(tx: &mut sqlx::PgConnection, task_id: i64) -> AppResult<()> {
    sqlx::query("update tasks set updated_at = now() where id = $1")
        .bind(task_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

pub(crate) async fn set_completed_date(
    tx: &mut sqlx::PgConnection,
    task_ids: &[i64],
    date: Option<NaiveDate>,
) -> AppResult<()> {
    sqlx::query("update tasks set completed_date = $2, updated_at = now() where id = any($1)")
        .bind(task_ids)
        .bind(date)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The completed dates the tasks have now, each once (`None` for a task without one).
pub(crate) async fn completed_dates(
    tx: &mut sqlx::PgConnection,
    task_ids: &[i64],
) -> AppResult<Vec<Option<NaiveDate>>> {
    Ok(
        sqlx::query_scalar("select distinct completed_date from tasks where id = any($1)")
            .bind(task_ids)
            .fetch_all(&mut *tx)
            .await?,
    )
}

pub(crate) async fn invalidate(tx: &mut sqlx::PgConnection, task_ids: &[i64]) -> AppResult<()> {
    sqlx::query("update tasks set is_invalid = true, updated_at = now() where id = any($1)")
        .bind(task_ids)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Staff's fields: `None` leaves a field alone, `Some(None)` clears a date.
pub(crate) async fn set_staff_fields(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    status: Option<&str>,
    order_date: Option<Option<NaiveDate>>,
    completed_date: Option<Option<NaiveDate>>,
) -> AppResult<()> {
    sqlx::query(
        "update tasks set status = coalesce($2, status),
                order_date = case when $3 then $4 else order_date end,
                completed_date = case when $5 then $6 else completed_date end
          where id = $1",
    )
    .bind(task_id)
    .bind(status)
    .bind(order_date.is_some())
    .bind(order_date.flatten())
    .bind(completed_date.is_some())
    .bind(completed_date.flatten())
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Inserts a task in `applying`; `fields` must carry type and title.
pub(crate) async fn insert_task(
    tx: &mut sqlx::PgConnection,
    work_id: i64,
    fields: &CheckedFields,
) -> AppResult<i64> {
    Ok(sqlx::query_scalar(
        "insert into tasks (work_id, task_type, title, due_date, reward_amount, tags)
         values ($1, $2, $3, $4, $5, coalesce($6, '{}')) returning id",
    )
    .bind(work_id)
    .bind(fields.task_type.unwrap_or("other"))
    .bind(fields.title.as_deref().unwrap_or_default())
    .bind(fields.due_date.flatten())
    .bind(fields.reward_amount)
    .bind(&fields.tags)
    .fetch_one(&mut *tx)
    .await?)
}

/// Applies the present fields and touches `updated_at`.
pub(crate) async fn update_task(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    fields: &CheckedFields,
) -> AppResult<()> {
    sqlx::query(
        "update tasks set task_type = coalesce($2, task_type), title = coalesce($3, title),
                due_date = case when $4 then $5 else due_date end,
                reward_amount = coalesce($6, reward_amount), tags = coalesce($7, tags), updated_at = now()
          where id = $1",
    )
    .bind(task_id)
    .bind(fields.task_type)
    .bind(&fields.title)
    .bind(fields.due_date.is_some())
    .bind(fields.due_date.flatten())
    .bind(fields.reward_amount)
    .bind(&fields.tags)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Of `user_ids`, the ones that are active creators.
pub(crate) async fn active_creators(
    db: impl sqlx::PgExecutor<'_>,
    user_ids: &[i64],
) -> AppResult<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "select id from users where id = any($1) and role in ('general', 'editor_assistant') and account_status = 'active'",
    )
    .bind(user_ids)
    .fetch_all(db)
    .await?)
}

/// Offers the task to the user; false when it already was.
pub(crate) async fn add_assignee(
    tx: &mut sqlx::PgConnection,
    task_id: i64,
    user_id: i64,
) -> AppResult<bool> {
    let inserted = sqlx::query(
        "insert into task_assignees (task_id, user_id) values ($1, $2) on conflict do nothing",
    )
    .bind(task_id)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// The task (not invalidated), locked `for update` when `lock` is set; 404 when missing.
pub async fn task_state(
    db: impl sqlx::PgExecutor<'_>,
    task_id: i64,
    lock: bool,
) -> AppResult<TaskState> {
    let sql = format!(
        "select t.id, t.status, p.id as project_id, w.id as work_id, m.client_id, t.title, t.updated_at
           from {} where t.id = $1 and not t.is_invalid {}",
        scope::TASK_JOINS,
        if lock { "for update of t" } else { "" }
    );
    let task: Option<TaskState> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(task_id)
        .fetch_optional(db)
        .await?;
    task.ok_or(AppError::NotFound)
}

/// The active users of a client.
pub async fn client_users(db: impl sqlx::PgExecutor<'_>, client_id: i64) -> AppResult<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "select id from users where client_id = $1 and account_status = 'active'",
    )
    .bind(client_id)
    .fetch_all(db)
    .await?)
}

pub async fn user_name(tx: &mut sqlx::PgConnection, user_id: i64) -> AppResult<String> {
    Ok(
        sqlx::query_scalar("select user_name from users where id = $1")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?,
    )
}
