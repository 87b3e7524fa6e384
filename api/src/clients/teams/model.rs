//! A medium's team, a team member and a received offer as REST returns them and the socket
//! pushes them (`team_member.updated` carries a `MemberView`).

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::clients::teams::status::{Actor, MemberStatus, allowed_transitions};
use crate::creators::model::CreatorCard;
use crate::files::scan::ScanStatus;
use crate::users::model::{ImageFile, WorkStatus};

/// How many members a team has in each status.
#[derive(Debug, Clone, Default, Serialize, ToSchema, sqlx::FromRow)]
pub struct StatusCounts {
    pub temporary: i64,
    pub offered: i64,
    pub negotiating: i64,
    pub assignable: i64,
    pub declined: i64,
    pub left: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
// Named apart from the chat's TeamView: the document has one schema per name.
#[schema(as = ClientTeamView)]
pub struct TeamView {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub media_id: i64,
    pub media_name: String,
    pub is_favorite: bool,
    /// Members who have not left.
    pub member_count: i64,
    #[sqlx(flatten)]
    pub status_counts: StatusCounts,
    /// The team's `all` chat channel, where messages to the members go.
    pub channel_id: Option<i64>,
}

/// Who reads a member row: it decides the memos shown and the moves offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberReader {
    Staff,
    Client,
    /// The creator who is the member.
    Member,
}

impl MemberReader {
    pub fn actor(self) -> Actor {
        match self {
            MemberReader::Staff | MemberReader::Client => Actor::Owner,
            MemberReader::Member => Actor::Member,
        }
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MemberRow {
    pub team_id: i64,
    pub media_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub image_path: Option<String>,
    pub image_scan_status: Option<ScanStatus>,
    pub work_status: WorkStatus,
    pub status: MemberStatus,
    pub is_leader: bool,
    pub private_memo: String,
    pub public_memo: String,
    pub editor_memo: String,
    pub status_changed_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MemberView {
    /// The member's user id.
    pub id: i64,
    pub team_id: i64,
    pub media_id: i64,
    pub user_name: String,
    pub image_file: Option<ImageFile>,
    pub work_status: WorkStatus,
    pub status: MemberStatus,
    pub is_leader: bool,
    /// The client's own memo: shown to the client's users and staff only.
    pub private_memo: Option<String>,
    /// Shown to the member too.
    pub public_memo: String,
    /// The editors' (staff) memo: staff only.
    pub editor_memo: Option<String>,
    pub status_changed_at: DateTime<Utc>,
    /// The statuses the reader may move this member to.
    pub allowed_transitions: Vec<MemberStatus>,
    /// Whether the reader may delete the member outright (temporary or declined members).
    pub can_remove: bool,
}

impl MemberRow {
    pub fn view(self, reader: MemberReader) -> MemberView {
        let owner = reader != MemberReader::Member;
        MemberView {
            id: self.user_id,
            team_id: self.team_id,
            media_id: self.media_id,
            user_name: self.user_name,
            image_file: self.image_path.map(|path| ImageFile {
                path,
                anti_virus_check_scan_status: self
                    .image_scan_status
                    .unwrap_or(ScanStatus::Scanning),
            }),
            work_status: self.work_status,
            status: self.status,
            is_leader: self.is_leader,
            private_memo: owner.then_some(self.private_memo),
            public_memo: self.public_memo,
            editor_memo: (reader == MemberReader::Staff).then_some(self.editor_memo),
            status_changed_at: self.status_changed_at,
            allowed_transitions: allowed_transitions(self.status, reader.actor()),
            can_remove: owner && self.status.removable(),
        }
    }
}

/// An offer as the creator it was made to reads it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ReceivedOffer {
    /// The offer's id.
    pub id: i64,
    pub team_id: i64,
    pub team_name: String,
    pub media_id: i64,
    pub media_name: String,
    pub client_id: i64,
    pub client_name: String,
    pub template_name: String,
    pub template_body: String,
    /// The client's own words.
    pub message: String,
    /// The member's status: offered or negotiating while the offer waits for an answer.
    pub status: MemberStatus,
    pub public_memo: String,
    pub offered_at: DateTime<Utc>,
    #[sqlx(skip)]
    pub allowed_transitions: Vec<MemberStatus>,
}

/// Why a creator cannot be added to a team. Also the rule on `user_ids` when adding is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotAddable {
    /// Already has a row in the team, whatever its status (a `left` member is moved back
    /// through the status machine, not added again).
    AlreadyMember,
    /// The profile lacks one of attribute, bank account, portfolio, possible work or skill
    /// (spec section 5: complete only when all are present).
    ProfileIncomplete,
}

impl NotAddable {
    pub fn rule(self) -> &'static str {
        match self {
            NotAddable::AlreadyMember => "already_member",
            NotAddable::ProfileIncomplete => "profile_incomplete",
        }
    }
}

/// A creator found for a team: the search card, and whether the caller can add them (and if
/// not, why). The server says; the web app shows it and never copies the rule.
#[derive(Debug, Serialize, ToSchema)]
pub struct Candidate {
    #[serde(flatten)]
    pub card: CreatorCard,
    pub can_add: bool,
    pub reason: Option<NotAddable>,
}
