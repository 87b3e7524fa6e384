//! The notice inbox: creation (with its push to the recipient and its mail), the message/task
//! grouping behind the envelope and the bell, and unread counts.

mod db;
pub mod http;
pub mod mails;

pub use db::insert;

use chrono::{DateTime, Utc};
use realtime::{Hub, Room};
use serde::Serialize;
use sqlx::PgPool;
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
        TeamOffer = "team_offer",
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
    /// The medium of a team offer notice (the client's team page lives under it).
    pub media_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NoticeView {
    pub id: i64,
    /// message, order_task, reject_client_order, reject_delivery, inspected_delivery, check_delivery, check_client_order, team_offer.
    #[serde(rename = "type")]
    pub notice_type: NoticeType,
    pub is_read: bool,
    pub notification_date: DateTime<Utc>,
    pub message: String,
    pub reference: NoticeReference,
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

/// Pushes committed notices to their recipients, each with a fresh unread count.
pub async fn publish_created(db: &PgPool, hub: &Hub, created: Vec<(i64, NoticeView)>) {
    for (user_id, notice) in created {
        let group = NoticeGroup::of(notice.notice_type);
        let unread_count = match db::unread_count(db, user_id, group).await {
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
