//! The SQL of client usage and media payments. Which tasks are billed is said once, in
//! `billed_tasks!`: done, not invalid, completed (the completed date names the month), reached
//! through work → project → medium → client. Every query here that reads tasks starts from it.

use chrono::NaiveDate;
use sqlx::{PgConnection, PgExecutor};

use crate::clients::clients::model::NamedRef;
use crate::clients::payments::model::{
    MediaPayment, MediaPaymentValues, PaymentChange, PaymentStatus, UsageOptionLine, UsageTaskLine,
};
use crate::platform::error::AppResult;

/// `from` … `where` of the billed tasks, as a literal so `concat!` keeps the SQL static.
macro_rules! billed_tasks {
    () => {
        " from tasks t
            join works w on w.id = t.work_id
            join projects p on p.id = w.project_id
            join media m on m.id = p.media_id
           where t.status = 'done' and not t.is_invalid and t.completed_date is not null "
    };
}

/// A medium's month with any usage: its task and option sums (tax-exclusive yen).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MediaMonthRow {
    pub media_id: i64,
    pub media_name: String,
    /// The first day of the month.
    pub month: NaiveDate,
    pub task_count: i64,
    pub task_amount: i64,
    pub option_count: i64,
    pub option_amount: i64,
}

/// The months of `client_id` (one medium's when `media_id` is set) with usage, in
/// `[from, until)` when bounds are given; oldest month first, then by medium id.
pub async fn media_months(
    db: impl PgExecutor<'_>,
    client_id: i64,
    media_id: Option<i64>,
    from: Option<NaiveDate>,
    until: Option<NaiveDate>,
) -> AppResult<Vec<MediaMonthRow>> {
    let rows = sqlx::query_as(concat!(
        "with task_months as (
            select p.media_id, date_trunc('month', t.completed_date)::date as month,
                   count(*) as task_count, coalesce(sum(coalesce(t.reward_amount, 0)), 0)::bigint as task_amount",
        billed_tasks!(),
        "   and m.client_id = $1 and ($2::bigint is null or m.id = $2)
            and ($3::date is null or t.completed_date >= $3) and ($4::date is null or t.completed_date < $4)
          group by 1, 2
         ), option_months as (
            select o.media_id, make_date(o.target_year, o.target_month, 1) as month,
                   count(*) as option_count, sum(o.amount)::bigint as option_amount
              from media_option_payments o join media m on m.id = o.media_id
             where m.client_id = $1 and ($2::bigint is null or m.id = $2)
               and ($3::date is null or make_date(o.target_year, o.target_month, 1) >= $3)
               and ($4::date is null or make_date(o.target_year, o.target_month, 1) < $4)
             group by 1, 2
         )
         select m.id as media_id, m.name as media_name, coalesce(tm.month, om.month) as month,
                coalesce(tm.task_count, 0) as task_count, coalesce(tm.task_amount, 0) as task_amount,
                coalesce(om.option_count, 0) as option_count, coalesce(om.option_amount, 0) as option_amount
           from task_months tm
           full join option_months om on om.media_id = tm.media_id and om.month = tm.month
           join media m on m.id = coalesce(tm.media_id, om.media_id)
          order by 3, 1"
    ))
    .bind(client_id)
    .bind(media_id)
    .bind(from)
    .bind(until)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// The billed tasks of medium `media_id` completed in `[from, until)`, oldest first.
pub async fn task_lines(
    db: impl PgExecutor<'_>,
    media_id: i64,
    from: NaiveDate,
    until: NaiveDate,
) -> AppResult<Vec<UsageTaskLine>> {
    let lines = sqlx::query_as(concat!(
        "select t.id as task_id, t.title, t.task_type, p.name as project_name, w.name as work_name,
                array(select u.user_name from task_assignees ta join users u on u.id = ta.user_id
                       where ta.task_id = t.id and ta.state = 'taken' order by u.user_name) as creator_names,
                t.completed_date, coalesce(t.reward_amount, 0) as reward_amount",
        billed_tasks!(),
        "   and m.id = $1 and t.completed_date >= $2 and t.completed_date < $3
          order by t.completed_date, t.id"
    ))
    .bind(media_id)
    .bind(from)
    .bind(until)
    .fetch_all(db)
    .await?;
    Ok(lines)
}

/// The option payments of medium `media_id` targeted at the month starting `month`.
pub async fn option_lines(
    db: impl PgExecutor<'_>,
    media_id: i64,
    month: NaiveDate,
) -> AppResult<Vec<UsageOptionLine>> {
    let lines = sqlx::query_as(
        "select id, title, amount, note from media_option_payments
          where media_id = $1 and make_date(target_year, target_month, 1) = $2
          order by id",
    )
    .bind(media_id)
    .bind(month)
    .fetch_all(db)
    .await?;
    Ok(lines)
}

/// The company's name, or `None` when it does not exist.
pub async fn client(db: impl PgExecutor<'_>, client_id: i64) -> AppResult<Option<NamedRef>> {
    let client = sqlx::query_as("select id, company_name as name from clients where id = $1")
        .bind(client_id)
        .fetch_optional(db)
        .await?;
    Ok(client)
}

/// Every medium of the company, by id.
pub async fn client_media(db: impl PgExecutor<'_>, client_id: i64) -> AppResult<Vec<NamedRef>> {
    let media = sqlx::query_as("select id, name from media where client_id = $1 order by id")
        .bind(client_id)
        .fetch_all(db)
        .await?;
    Ok(media)
}

/// The stored status of each of the company's media bills for the month starting `month`.
pub async fn statuses(
    db: impl PgExecutor<'_>,
    client_id: i64,
    month: NaiveDate,
) -> AppResult<Vec<(i64, PaymentStatus)>> {
    let rows = sqlx::query_as(
        "select mp.media_id, mp.status from media_payments mp join media m on m.id = mp.media_id
          where m.client_id = $1 and mp.month = $2",
    )
    .bind(client_id)
    .bind(month)
    .fetch_all(db)
    .await?;
    Ok(rows)
}

/// The stored bill of medium `media_id` for the month starting `month`.
pub async fn payment(
    db: impl PgExecutor<'_>,
    media_id: i64,
    month: NaiveDate,
) -> AppResult<Option<MediaPayment>> {
    let payment = sqlx::query_as(
        "select mp.media_id, m.name as media_name, m.client_id,
                extract(year from mp.month)::int as year, extract(month from mp.month)::int as month,
                mp.status, mp.billed_amount, mp.invoiced_on, mp.paid_on, mp.note,
                u.user_name as updated_by_name, mp.updated_at
           from media_payments mp
           join media m on m.id = mp.media_id
           left join users u on u.id = mp.updated_by
          where mp.media_id = $1 and mp.month = $2",
    )
    .bind(media_id)
    .bind(month)
    .fetch_optional(db)
    .await?;
    Ok(payment)
}

/// Every write of that bill, newest first.
pub async fn changes(
    db: impl PgExecutor<'_>,
    media_id: i64,
    month: NaiveDate,
) -> AppResult<Vec<PaymentChange>> {
    let changes = sqlx::query_as(
        "select c.status, c.billed_amount, c.invoiced_on, c.paid_on, c.note,
                u.user_name as changed_by_name, c.changed_at
           from media_payment_changes c
           join media_payments mp on mp.id = c.media_payment_id
           left join users u on u.id = c.changed_by
          where mp.media_id = $1 and mp.month = $2
          order by c.changed_at desc, c.id desc",
    )
    .bind(media_id)
    .bind(month)
    .fetch_all(db)
    .await?;
    Ok(changes)
}

/// Writes the bill of medium `media_id` (with `billed_amount` resolved) and records the change.
pub async fn save_payment(
    tx: &mut PgConnection,
    media_id: i64,
    values: &MediaPaymentValues,
    billed_amount: Option<i64>,
    user_id: i64,
) -> AppResult<()> {
    let payment_id: i64 = sqlx::query_scalar(
        "insert into media_payments (media_id, month, status, billed_amount, invoiced_on, paid_on, note, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict on constraint media_payments_media_month_key do update
            set status = excluded.status, billed_amount = excluded.billed_amount,
                invoiced_on = excluded.invoiced_on, paid_on = excluded.paid_on, note = excluded.note,
                updated_by = excluded.updated_by, updated_at = now()
         returning id",
    )
    .bind(media_id)
    .bind(values.month)
    .bind(values.status)
    .bind(billed_amount)
    .bind(values.invoiced_on)
    .bind(values.paid_on)
    .bind(&values.note)
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "insert into media_payment_changes (media_payment_id, status, billed_amount, invoiced_on, paid_on, note, changed_by)
         select id, status, billed_amount, invoiced_on, paid_on, note, updated_by from media_payments where id = $1",
    )
    .bind(payment_id)
    .execute(&mut *tx)
    .await?;
    Ok(())
}
