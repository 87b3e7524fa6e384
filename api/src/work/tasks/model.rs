//! The task read model (the list and detail views and how they load) and the task
//! vocabularies shared by the task, delivery and spreadsheet handlers.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::session::Caller;
use crate::files::scan::ScanStatus;
use crate::platform::error::AppResult;
use crate::platform::guards::visible;
use crate::state::AppState;
use crate::work::deliveries::model::InspectionResult;
use crate::work::tasks::{access, db, task_type};

crate::closed_set!(
    /// The task statuses; the task-status filter accepts exactly these.
    TaskStatus {
        Applying = "applying",
        Doing = "doing",
        UnderAcceptance = "under_acceptance",
        Done = "done",
    }
);

crate::closed_set!(
    /// A creator's relation to a task: offered, taken, or an offer they declined.
    AssigneeState {
        Offered = "offered",
        Taken = "taken",
        Declined = "declined",
    }
);

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct TaskView {
    pub id: i64,
    /// work_direction, project_direction, planning, writing, … (the spec's work types).
    #[serde(rename = "type")]
    pub task_type: String,
    pub title: String,
    /// applying, doing, under_acceptance or done.
    pub status: TaskStatus,
    pub order_date: Option<NaiveDate>,
    pub due_date: Option<NaiveDate>,
    pub completed_date: Option<NaiveDate>,
    pub work_id: i64,
    pub work_name: String,
    pub project_id: i64,
    pub project_name: String,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TaskList {
    /// work_direction and project_direction tasks, by due date.
    pub direction_tasks: Vec<TaskView>,
    /// Every other task, by due date.
    pub tasks: Vec<TaskView>,
}

/// Direction tasks apart from the others, each group by due date (undated last).
pub fn grouped(tasks: Vec<TaskView>) -> TaskList {
    let (direction_tasks, tasks) = tasks
        .into_iter()
        .partition(|t| task_type::is_direction(&t.task_type));
    TaskList {
        direction_tasks,
        tasks,
    }
}

/// Narrows the tasks the caller may see.
#[derive(Debug, Default)]
pub struct TaskFilter<'a> {
    /// Only tasks offered to or taken by the caller.
    pub mine: bool,
    pub client_id: Option<i64>,
    pub work_id: Option<i64>,
    pub statuses: &'a [String],
    /// Only these tasks.
    pub ids: Option<&'a [i64]>,
}

/// The tasks the caller may see (never invalidated ones), by due date.
pub async fn scoped_tasks(
    state: &AppState,
    caller: &Caller,
    filter: TaskFilter<'_>,
) -> AppResult<Vec<TaskView>> {
    db::scoped_tasks(&state.db, caller, filter).await
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct Assignee {
    pub user_id: i64,
    pub user_name: String,
    /// offered, taken or declined.
    pub state: AssigneeState,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliveryFile {
    /// The delivery the file came with.
    pub id: i64,
    pub file_id: i64,
    pub name: String,
    pub path: String,
    pub anti_virus_check_scan_status: ScanStatus,
    /// The sniffed type: a video or audio plays in the page through a signed link.
    pub content_type: String,
    /// The name of the manuscript version the delivery was made from (「初稿」…); null for
    /// uploaded files.
    pub manuscript_version_name: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ExternalDelivery {
    pub id: i64,
    pub user_id: i64,
    pub url: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Deliveries {
    /// The type of the latest delivery: file or external; null before the first.
    #[serde(rename = "type")]
    pub delivery_type: Option<String>,
    pub externals: Vec<ExternalDelivery>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct InspectionView {
    pub result: InspectionResult,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// One task with everything its page shows, and what the caller may do with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TaskDetail {
    #[serde(flatten)]
    pub task: TaskView,
    pub client_id: i64,
    pub reward_amount: Option<i64>,
    pub tags: Vec<String>,
    pub is_invalid: bool,
    pub assignees: Vec<Assignee>,
    pub delivery_files: Vec<DeliveryFile>,
    pub deliveries: Deliveries,
    pub inspections: Vec<InspectionView>,
    pub can_take: bool,
    pub can_decline: bool,
    pub can_deliver: bool,
    pub can_inspect: bool,
    pub can_edit: bool,
}

/// The task as its page shows it: 404 when missing (or invalidated, for non-staff), 403 when
/// the caller may not see it.
pub async fn task_detail(state: &AppState, caller: &Caller, task_id: i64) -> AppResult<TaskDetail> {
    let db::TaskDetailRow {
        task,
        client_id,
        reward_amount,
        tags,
        is_invalid,
    } = visible(db::task_detail_row(&state.db, caller, task_id).await?)?;
    let assignees = db::assignees(&state.db, task_id).await?;
    let delivery_files = db::delivery_files(&state.db, task_id).await?;
    let externals = db::external_deliveries(&state.db, task_id).await?;
    let latest_type = db::latest_delivery_type(&state.db, task_id).await?;
    let inspections = db::inspections(&state.db, task_id).await?;
    let my_state = assignees
        .iter()
        .find(|a| a.user_id == caller.user_id)
        .map(|a| a.state);
    let live = !is_invalid;
    let offered =
        live && task.status == TaskStatus::Applying && my_state == Some(AssigneeState::Offered);
    let for_client = access::may_change(caller, client_id);
    Ok(TaskDetail {
        can_take: offered,
        can_decline: offered,
        can_deliver: crate::work::deliveries::access::may_deliver(
            my_state == Some(AssigneeState::Taken),
            is_invalid,
            task.status,
        ),
        can_inspect: live && for_client && task.status == TaskStatus::UnderAcceptance,
        can_edit: live && for_client && task.status != TaskStatus::Done,
        client_id,
        reward_amount,
        tags,
        is_invalid,
        assignees,
        delivery_files,
        deliveries: Deliveries {
            delivery_type: latest_type,
            externals,
        },
        inspections,
        task,
    })
}
