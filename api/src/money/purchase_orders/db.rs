//! The SQL of purchase orders: what an issue snapshots, the append-only inserts, and the reads
//! of one creator's orders with what happened since (deliveries, inspections).

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgConnection, PgExecutor};

use crate::money::purchase_orders::model::{PurchaseOrderSummary, VersionRef};
use crate::money::purchase_orders::terms::Terms;
use crate::platform::error::AppResult;

/// A task's terms and whom it is for, as an issue copies them. `order_date` is `None` only when
/// staff cleared it.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct TaskFacts {
    pub task_type: String,
    pub title: String,
    pub reward_amount: Option<i64>,
    pub order_date: Option<NaiveDate>,
    pub due_date: Option<NaiveDate>,
    pub client_id: i64,
    pub client_name: String,
    pub media_id: i64,
    pub media_name: String,
    pub project_name: String,
    pub work_name: String,
}

/// The task, locked for the rest of the transaction so two writers cannot issue the same
/// version; `None` when there is no such task.
pub(super) async fn lock_task(tx: &mut PgConnection, task_id: i64) -> AppResult<Option<TaskFacts>> {
    Ok(sqlx::query_as(
        "select t.task_type, t.title, t.reward_amount, t.order_date, t.due_date,
                c.id as client_id, c.company_name as client_name, m.id as media_id, m.name as media_name,
                p.name as project_name, w.name as work_name
           from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
           join media m on m.id = p.media_id join clients c on c.id = m.client_id
          where t.id = $1 for update of t",
    )
    .bind(task_id)
    .fetch_optional(&mut *tx)
    .await?)
}

#[derive(Debug, sqlx::FromRow)]
pub(super) struct RecipientRow {
    pub user_id: i64,
    pub name: String,
    pub account_type: String,
}

/// The creators who took the task, named as a purchase order names them (the company of a
/// corporate payee, else family and given name, else the user name).
pub(super) async fn taken_by(tx: &mut PgConnection, task_id: i64) -> AppResult<Vec<RecipientRow>> {
    Ok(sqlx::query_as(
        "select u.id as user_id,
                case when u.account_type = 'corporate' and u.company_name <> '' then u.company_name
                     else coalesce(nullif(trim(u.last_name || ' ' || u.first_name), ''), u.user_name) end as name,
                u.account_type
           from task_assignees ta join users u on u.id = ta.user_id
          where ta.task_id = $1 and ta.state = 'taken' order by ta.user_id",
    )
    .bind(task_id)
    .fetch_all(&mut *tx)
    .await?)
}

/// The newest version of the order and its terms.
pub(super) async fn latest(
    tx: &mut PgConnection,
    task_id: i64,
    user_id: i64,
) -> AppResult<Option<(i32, Terms)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        version: i32,
        #[sqlx(flatten)]
        terms: Terms,
    }
    let row: Option<Row> = sqlx::query_as(
        "select version, task_type, title, reward_amount, order_date, due_date from purchase_orders
          where task_id = $1 and user_id = $2 order by version desc limit 1",
    )
    .bind(task_id)
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?;
    Ok(row.map(|r| (r.version, r.terms)))
}

/// The invoice registration number on the creator's account as it is now.
pub(super) async fn current_invoice_number(
    tx: &mut PgConnection,
    user_id: i64,
) -> AppResult<Option<String>> {
    Ok(sqlx::query_scalar::<_, Option<String>>(
        "select invoice_registration_number from bank_accounts where user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?
    .flatten())
}

/// A version about to be issued.
pub(super) struct NewOrder<'a> {
    pub task_id: i64,
    pub version: i32,
    pub reason: &'static str,
    pub issuer: &'a crate::config::Operator,
    pub task: &'a TaskFacts,
    pub recipient: &'a RecipientRow,
    pub recipient_invoice_number: Option<String>,
    pub terms: &'a Terms,
    pub consumption_tax_rate_bp: i32,
    pub consumption_tax: Option<i64>,
}

pub(super) async fn insert(tx: &mut PgConnection, order: &NewOrder<'_>) -> AppResult<i64> {
    use crate::money::purchase_orders::terms::{DELIVERY_PLACE, PAYMENT_METHOD, PAYMENT_TERMS};
    Ok(sqlx::query_scalar(
        "insert into purchase_orders (task_id, user_id, version, reason, issuer_name, issuer_address,
                issuer_invoice_number, client_id, client_name, media_id, media_name, project_name, work_name,
                recipient_name, recipient_account_type, recipient_invoice_number, task_type, title, reward_amount,
                consumption_tax_rate_bp, consumption_tax, order_date, due_date, delivery_place, payment_terms,
                payment_method)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
                 $22, $23, $24, $25, $26)
         returning id",
    )
    .bind(order.task_id)
    .bind(order.recipient.user_id)
    .bind(order.version)
    .bind(order.reason)
    .bind(&order.issuer.name)
    .bind(&order.issuer.address)
    .bind(&order.issuer.invoice_number)
    .bind(order.task.client_id)
    .bind(&order.task.client_name)
    .bind(order.task.media_id)
    .bind(&order.task.media_name)
    .bind(&order.task.project_name)
    .bind(&order.task.work_name)
    .bind(&order.recipient.name)
    .bind(&order.recipient.account_type)
    .bind(&order.recipient_invoice_number)
    .bind(&order.terms.task_type)
    .bind(&order.terms.title)
    .bind(order.terms.reward_amount)
    .bind(order.consumption_tax_rate_bp)
    .bind(order.consumption_tax)
    .bind(order.terms.order_date)
    .bind(order.terms.due_date)
    .bind(DELIVERY_PLACE)
    .bind(PAYMENT_TERMS)
    .bind(PAYMENT_METHOD)
    .fetch_one(&mut *tx)
    .await?)
}

/// The day (Tokyo) the creator's latest deliverable of the order `po` was received: a literal,
/// so the queries stay `&'static str`.
macro_rules! received_on {
    () => {
        "(select (max(d.created_at) at time zone 'Asia/Tokyo')::date from deliveries d
           where d.task_id = po.task_id and d.user_id = po.user_id)"
    };
}

/// How many orders the creator has (one per task, whatever its versions).
pub(super) async fn count(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<i64> {
    Ok(
        sqlx::query_scalar(
            "select count(distinct task_id) from purchase_orders where user_id = $1",
        )
        .bind(user_id)
        .fetch_one(db)
        .await?,
    )
}

/// The current version of each of the creator's orders, newest order first.
pub(super) async fn page(
    db: impl PgExecutor<'_>,
    user_id: i64,
    offset: i64,
    limit: i64,
) -> AppResult<Vec<PurchaseOrderSummary>> {
    let sql = concat!(
        "select po.id, po.version, po.issued_at, po.task_id, po.task_type, po.title, po.client_name, po.media_name,
                po.order_date, po.due_date, po.reward_amount, po.consumption_tax, ",
        received_on!(),
        " as received_on
           from purchase_orders po
          where po.user_id = $1
            and not exists (select 1 from purchase_orders n
                             where n.task_id = po.task_id and n.user_id = po.user_id and n.version > po.version)
          order by po.order_date desc, po.task_id desc
          offset $2 limit $3"
    );
    Ok(sqlx::query_as(sql)
        .bind(user_id)
        .bind(offset)
        .bind(limit)
        .fetch_all(db)
        .await?)
}

/// One version as stored, with the receipt and acceptance of its task.
#[derive(Debug, sqlx::FromRow)]
pub(super) struct DetailRow {
    pub id: i64,
    pub task_id: i64,
    pub user_id: i64,
    pub version: i32,
    pub reason: String,
    pub issued_at: DateTime<Utc>,
    pub issuer_name: Option<String>,
    pub issuer_address: Option<String>,
    pub issuer_invoice_number: Option<String>,
    pub client_name: String,
    pub media_name: String,
    pub project_name: String,
    pub work_name: String,
    pub recipient_name: String,
    pub recipient_account_type: String,
    pub recipient_invoice_number: Option<String>,
    #[sqlx(flatten)]
    pub terms: Terms,
    pub consumption_tax_rate_bp: i32,
    pub consumption_tax: Option<i64>,
    pub delivery_place: String,
    pub payment_terms: String,
    pub payment_method: String,
    pub received_on: Option<NaiveDate>,
    pub inspected_on: Option<NaiveDate>,
}

/// The purchase order `id` if it is one of `user_id`'s.
pub(super) async fn find(
    db: impl PgExecutor<'_>,
    user_id: i64,
    id: i64,
) -> AppResult<Option<DetailRow>> {
    let sql = concat!(
        "select po.id, po.task_id, po.user_id, po.version, po.reason, po.issued_at, po.issuer_name, po.issuer_address,
                po.issuer_invoice_number, po.client_name, po.media_name, po.project_name, po.work_name,
                po.recipient_name, po.recipient_account_type, po.recipient_invoice_number, po.task_type, po.title,
                po.reward_amount, po.order_date, po.due_date, po.consumption_tax_rate_bp, po.consumption_tax,
                po.delivery_place, po.payment_terms, po.payment_method, ",
        received_on!(),
        " as received_on,
                (select (max(i.created_at) at time zone 'Asia/Tokyo')::date from inspections i
                  where i.task_id = po.task_id and i.result = 'accepted') as inspected_on
           from purchase_orders po
          where po.id = $1 and po.user_id = $2"
    );
    Ok(sqlx::query_as(sql)
        .bind(id)
        .bind(user_id)
        .fetch_optional(db)
        .await?)
}

/// Every version of the order, oldest first.
pub(super) async fn versions(
    db: impl PgExecutor<'_>,
    task_id: i64,
    user_id: i64,
) -> AppResult<Vec<VersionRef>> {
    Ok(sqlx::query_as(
        "select id, version, issued_at from purchase_orders where task_id = $1 and user_id = $2 order by version",
    )
    .bind(task_id)
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

/// The terms of the version before `version`.
pub(super) async fn terms_of_version(
    db: impl PgExecutor<'_>,
    task_id: i64,
    user_id: i64,
    version: i32,
) -> AppResult<Option<Terms>> {
    Ok(sqlx::query_as(
        "select task_type, title, reward_amount, order_date, due_date from purchase_orders
          where task_id = $1 and user_id = $2 and version = $3",
    )
    .bind(task_id)
    .bind(user_id)
    .bind(version)
    .fetch_optional(db)
    .await?)
}
