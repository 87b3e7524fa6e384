//! The assessments domain's SQL: lists and reads scoped to the caller, the answer, the
//! reminder and the monthly creation.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgExecutor, Postgres, QueryBuilder};

use crate::assessments::access;
use crate::assessments::model::{
    AnsweredBy, AssessedCreator, AssessmentAnswer, AssessmentState, AssessmentView,
};
use crate::auth::session::Caller;
use crate::files::scan::ScanStatus;
use crate::platform::error::AppResult;
use crate::users::model::{ClientRef, ImageFile};

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    client_id: i64,
    company_name: String,
    creator_id: i64,
    creator_name: String,
    image_path: Option<String>,
    image_scan_status: Option<ScanStatus>,
    target_month: NaiveDate,
    state: AssessmentState,
    completed_task_count: i64,
    quality: Option<i16>,
    deadline: Option<i16>,
    communication: Option<i16>,
    rehire: Option<i16>,
    comment: String,
    answered_by: Option<i64>,
    answered_by_name: Option<String>,
    answered_at: Option<DateTime<Utc>>,
}

impl Row {
    fn view(self, caller: &Caller) -> AssessmentView {
        let answer = match (self.quality, self.deadline, self.communication, self.rehire) {
            (Some(quality), Some(deadline), Some(communication), Some(rehire)) => {
                Some(AssessmentAnswer {
                    quality,
                    deadline,
                    communication,
                    rehire,
                    comment: self.comment,
                })
            }
            _ => None,
        };
        AssessmentView {
            id: self.id,
            can_answer: self.state == AssessmentState::NoAnswered
                && access::may_answer(caller, self.client_id),
            client: ClientRef {
                id: self.client_id,
                company_name: self.company_name,
            },
            creator: AssessedCreator {
                id: self.creator_id,
                user_name: self.creator_name,
                image_file: self.image_path.map(|path| ImageFile {
                    path,
                    anti_virus_check_scan_status: self
                        .image_scan_status
                        .unwrap_or(ScanStatus::Scanning),
                }),
            },
            target_month: self.target_month,
            state: self.state,
            completed_task_count: self.completed_task_count,
            answer,
            answered_by: self
                .answered_by
                .zip(self.answered_by_name)
                .map(|(id, user_name)| AnsweredBy { id, user_name }),
            answered_at: self.answered_at,
        }
    }
}

/// The creator's completed tasks behind an assessment: done, valid, completed in its month,
/// for a medium of its client.
const COMPLETED_TASKS: &str =
    "from tasks t join task_assignees ta on ta.task_id = t.id and ta.state = 'taken'
       join works w on w.id = t.work_id join projects p on p.id = w.project_id
       join media m on m.id = p.media_id
      where t.status = 'done' and not t.is_invalid and t.completed_date is not null";

fn select() -> String {
    format!(
        "select a.id, a.client_id, c.company_name, a.creator_id, u.user_name as creator_name,
                u.image_path, u.image_scan_status, a.target_month, a.state,
                (select count(distinct t.id) {COMPLETED_TASKS}
                    and m.client_id = a.client_id and ta.user_id = a.creator_id
                    and t.completed_date >= a.target_month
                    and t.completed_date < (a.target_month + interval '1 month')::date) as completed_task_count,
                a.quality, a.deadline, a.communication, a.rehire, a.comment,
                a.answered_by, b.user_name as answered_by_name, a.answered_at
           from assessments a join clients c on c.id = a.client_id
           join users u on u.id = a.creator_id
           left join users b on b.id = a.answered_by"
    )
}

pub(super) struct ListFilter {
    pub state: Option<AssessmentState>,
    pub client_id: Option<i64>,
    pub limit: i64,
    pub offset: i64,
}

/// A page of the caller's assessments, newest month first, and their total.
pub(super) async fn list(
    db: &sqlx::PgPool,
    caller: &Caller,
    filter: &ListFilter,
) -> AppResult<(i64, Vec<AssessmentView>)> {
    let push_filter = |q: &mut QueryBuilder<Postgres>| {
        access::push_scope(q, caller, filter.client_id);
        if let Some(state) = filter.state {
            q.push(" and a.state = ").push_bind(state);
        }
    };
    let mut count = QueryBuilder::new("select count(*) from assessments a");
    push_filter(&mut count);
    let total: i64 = count.build_query_scalar().fetch_one(db).await?;
    let mut q = QueryBuilder::new(select());
    push_filter(&mut q);
    q.push(" order by a.target_month desc, a.state = 'answered', a.id desc limit ")
        .push_bind(filter.limit)
        .push(" offset ")
        .push_bind(filter.offset);
    let rows: Vec<Row> = q.build_query_as().fetch_all(db).await?;
    Ok((total, rows.into_iter().map(|r| r.view(caller)).collect()))
}

/// Assessment `id` if the caller may see it (another company's is absent).
pub(super) async fn find(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    id: i64,
) -> AppResult<Option<AssessmentView>> {
    let mut q = QueryBuilder::new(select());
    access::push_scope(&mut q, caller, None);
    q.push(" and a.id = ").push_bind(id);
    let row: Option<Row> = q.build_query_as().fetch_optional(db).await?;
    Ok(row.map(|r| r.view(caller)))
}

/// Stores the answer if the assessment is still unanswered; whether it was.
pub(super) async fn answer(
    db: impl PgExecutor<'_>,
    id: i64,
    client_id: i64,
    user_id: i64,
    answer: &AssessmentAnswer,
) -> AppResult<bool> {
    let done = sqlx::query(
        "update assessments
            set state = 'answered', quality = $3, deadline = $4, communication = $5, rehire = $6,
                comment = $7, answered_by = $8, answered_at = now(), updated_at = now()
          where id = $1 and client_id = $2 and state = 'no_answered'",
    )
    .bind(id)
    .bind(client_id)
    .bind(answer.quality)
    .bind(answer.deadline)
    .bind(answer.communication)
    .bind(answer.rehire)
    .bind(&answer.comment)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The client's unanswered assessments: the header's 未評価 count.
pub async fn unanswered_count(db: impl PgExecutor<'_>, client_id: i64) -> AppResult<i64> {
    Ok(sqlx::query_scalar(
        "select count(*) from assessments where client_id = $1 and state = 'no_answered'",
    )
    .bind(client_id)
    .fetch_one(db)
    .await?)
}

/// Whether to remind `user_id` of client `client_id`: unanswered assessments of a month before
/// `this_month`, and the reminder not closed this month.
pub(super) async fn should_remind(
    db: impl PgExecutor<'_>,
    client_id: i64,
    user_id: i64,
    this_month: NaiveDate,
) -> AppResult<bool> {
    Ok(sqlx::query_scalar(
        "select exists (select 1 from assessments
                         where client_id = $1 and state = 'no_answered' and target_month < $3)
            and not exists (select 1 from assessment_remind_dismissals where user_id = $2 and month = $3)",
    )
    .bind(client_id)
    .bind(user_id)
    .bind(this_month)
    .fetch_one(db)
    .await?)
}

pub(super) async fn dismiss_remind(
    db: impl PgExecutor<'_>,
    user_id: i64,
    this_month: NaiveDate,
) -> AppResult<()> {
    sqlx::query(
        "insert into assessment_remind_dismissals (user_id, month) values ($1, $2)
         on conflict do nothing",
    )
    .bind(user_id)
    .bind(this_month)
    .execute(db)
    .await?;
    Ok(())
}

/// The lock the monthly job holds while it inserts, so nodes run it one at a time.
const JOB_LOCK: i64 = 0x7473_756d_6173_7365; // "tsumasse"

/// Creates the assessments of `month` (its first day) for every client × creator pair with a
/// task completed that month; returns the clients that got new ones (one entry per new row).
pub(super) async fn create_for_month(db: &sqlx::PgPool, month: NaiveDate) -> AppResult<Vec<i64>> {
    let mut tx = db.begin().await?;
    sqlx::query("select pg_advisory_xact_lock($1)")
        .bind(JOB_LOCK)
        .execute(&mut *tx)
        .await?;
    let clients: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "insert into assessments (client_id, creator_id, target_month)
         select distinct m.client_id, ta.user_id, $1::date {COMPLETED_TASKS}
            and t.completed_date >= $1::date and t.completed_date < ($1::date + interval '1 month')::date
            and exists (select 1 from users u where u.id = ta.user_id and u.role in ('general', 'editor_assistant'))
         on conflict on constraint assessments_client_creator_month_key do nothing
         returning client_id"
    )))
    .bind(month)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(clients)
}
