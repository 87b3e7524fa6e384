//! What the share endpoints and the guest pages answer.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::creators::model::CreatorDetail;
use crate::files::FileView;
use crate::platform::pagination::Paging;
use crate::users::model::{ImageFile, WorkStatus};

/// A freshly issued share link: the only time its URL (and token) is shown.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShareLink {
    /// `{PUBLIC_URL}/guest/clients/login?token=…&media_id=…&team_id=…`
    pub url: String,
    pub media_id: i64,
    pub team_id: i64,
    pub created_at: DateTime<Utc>,
}

/// The team's live link as stored: only a digest of its token is kept, so the URL itself is
/// shown once, when it is issued; issuing again replaces it.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ShareLinkStatus {
    pub media_id: i64,
    pub team_id: i64,
    pub created_at: DateTime<Utc>,
    /// Who issued it (absent when that account is gone).
    pub created_by_name: Option<String>,
}

/// `GET …/teams/{team_id}/url`: the live link, or `null` when the team is not shared (a normal
/// state of every team, so not a 404 the browser would log as a failed request).
#[derive(Debug, Serialize, ToSchema)]
pub struct CurrentShareLink {
    pub share_link: Option<ShareLinkStatus>,
}

/// A guest token (`PUT /guest/clients/url_auth`).
#[derive(Debug, Serialize, ToSchema)]
pub struct GuestAuth {
    pub token: String,
    pub media_id: i64,
    pub team_id: i64,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct GuestTeam {
    pub id: i64,
    pub team_id: i64,
    pub name: String,
    pub media_id: i64,
    pub media_name: String,
    /// Members a guest sees (active ones).
    pub member_count: i64,
}

/// A member as a guest sees them: public fields only.
#[derive(Debug, Serialize, ToSchema)]
pub struct GuestMember {
    pub id: i64,
    pub user_name: String,
    pub image_file: Option<ImageFile>,
    pub work_status: WorkStatus,
    /// Genre names of the member's skills.
    pub genres: Vec<String>,
    /// The team's memo meant for the member and for outside readers.
    pub public_memo: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GuestMembers {
    pub team_id: i64,
    pub members: Vec<GuestMember>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// A member's public page for a guest.
#[derive(Debug, Serialize, ToSchema)]
pub struct GuestCreator {
    pub user: CreatorDetail,
    pub public_memo: String,
    /// Portfolio files, only when the creator marked the portfolio publishable.
    pub portfolio_files: Vec<FileView>,
}
