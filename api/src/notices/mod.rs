//! The notice inbox: creation (with its push to the recipient), the message/task grouping
//! behind the envelope and the bell, and unread counts.

pub mod http;

use chrono::{DateTime, Utc};
use realtime::{Hub, Room};
use serde::Serialize;
use sqlx::{PgExecutor, PgPool};
use utoipa::ToSchema;

crate::closed_set!(
    /// What a notice is about: a message (the envelope) or a step of a task (the bell).
    NoticeType {
        Message = "message",
        OrderTask = "order_task",
        RejectClientOrder = "reject_client_order",
        RejectDelivery = "reject_delivery",
        InspectedDelivery = "inspected_delivery",
        CheckDelivery = "check_delivery",
        CheckClientOrder = "check_client_order",
    }
);

/// The envelope shows `message` notices; the bell shows every task notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoticeGroup {
    Message,
    Task,
}

impl NoticeGroup {
    pub fn of(notice_type: NoticeType) -> Self {
        if notice_type == NoticeType::Message {
            NoticeGroup::Message
        } else {
            NoticeGroup::Task
        }
    }

    /// The notice types in this group.
    pub fn types(self) -> Vec<NoticeType> {
        NoticeType::ALL
            .iter()
            .copied()
            .filter(|t| NoticeGroup::of(*t) == self)
            .collect()
    }

    /// `message`, `task`, or a single notice type (a task type selects the task group).
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "task" => Some(NoticeGroup::Task),
            other => NoticeType::parse(other).map(NoticeGroup::of),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, Default)]
pub struct NoticeReference {
    pub team_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub message_id: Option<i64>,
    pub project_id: Option<i64>,
    pub work_id: Option<i64>,
    pub task_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NoticeView {
    pub id: i64,
    /// message, order_task, reject_client_order, reject_delivery, inspected_delivery, check_delivery, check_client_order.
    #[serde(rename = "type")]
    pub notice_type: NoticeType,
    pub is_read: bool,
    pub notification_date: DateTime<Utc>,
    pub message: String,
    pub reference: NoticeReference,
}

#[derive(sqlx::FromRow)]
pub struct NoticeRow {
    id: i64,
    notice_type: NoticeType,
    is_read: bool,
    created_at: DateTime<Utc>,
    message: String,
    team_id: Option<i64>,
    channel_id: Option<i64>,
    message_id: Option<i64>,
    project_id: Option<i64>,
    work_id: Option<i64>,
    task_id: Option<i64>,
}

pub const NOTICE_COLUMNS: &str = "id, notice_type, is_read, created_at, message, team_id, channel_id, message_id, project_id, work_id, task_id";

impl From<NoticeRow> for NoticeView {
    fn from(r: NoticeRow) -> Self {
        NoticeView {
            id: r.id,
            notice_type: r.notice_type,
            is_read: r.is_read,
            notification_date: r.created_at,
            message: r.message,
            reference: NoticeReference {
                team_id: r.team_id,
                channel_id: r.channel_id,
                message_id: r.message_id,
                project_id: r.project_id,
                work_id: r.work_id,
                task_id: r.task_id,
            },
        }
    }
}

pub struct NewNotice {
    pub user_id: i64,
    pub notice_type: NoticeType,
    pub message: String,
    pub reference: NoticeReference,
}

/// What `notice.created` carries: the notice and the recipient's new unread count for its group.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NoticeCreated {
    /// The recipient.
    #[serde(skip)]
    pub user_id: i64,
    pub notice: NoticeView,
    pub group: NoticeGroup,
    pub unread_count: i64,
}

pub async fn insert(db: impl PgExecutor<'_>, notice: &NewNotice) -> sqlx::Result<NoticeView> {
    let sql = format!(
        "insert into notices (user_id, notice_type, message, team_id, channel_id, message_id, project_id, work_id, task_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning {NOTICE_COLUMNS}"
    );
    let row: NoticeRow = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(notice.user_id)
        .bind(notice.notice_type)
        .bind(&notice.message)
        .bind(notice.reference.team_id)
        .bind(notice.reference.channel_id)
        .bind(notice.reference.message_id)
        .bind(notice.reference.project_id)
        .bind(notice.reference.work_id)
        .bind(notice.reference.task_id)
        .fetch_one(db)
        .await?;
    Ok(row.into())
}

pub async fn unread_count(
    db: impl PgExecutor<'_>,
    user_id: i64,
    group: NoticeGroup,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "select count(*) from notices where user_id = $1 and notice_type = any($2) and not is_read",
    )
    .bind(user_id)
    .bind(group.types())
    .fetch_one(db)
    .await
}

/// Pushes committed notices to their recipients, each with a fresh unread count.
pub async fn publish_created(db: &PgPool, hub: &Hub, created: Vec<(i64, NoticeView)>) {
    for (user_id, notice) in created {
        let group = NoticeGroup::of(notice.notice_type);
        let unread_count = match unread_count(db, user_id, group).await {
            Ok(count) => count,
            Err(error) => {
                tracing::warn!(%error, "unread count for a notice push failed");
                continue;
            }
        };
        let created = NoticeCreated {
            user_id,
            notice,
            group,
            unread_count,
        };
        crate::platform::events::emit(hub, &created).await;
    }
}

crate::impl_event!(NoticeCreated, NoticeCreated, |e| vec![Room::User(
    e.user_id
)]);
