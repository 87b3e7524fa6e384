//! Manuscripts as the API returns them, and the closed set of permissions.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::manuscripts::count::{Block, Counts};

crate::closed_set!(
    /// What someone may do in a manuscript's editor, strongest first: `edit` and `suggest` send
    /// document updates (suggest's marks are the editor's business), `comment` only awareness.
    ManuscriptPermission {
        Edit = "edit",
        Suggest = "suggest",
        Comment = "comment",
    }
);

impl ManuscriptPermission {
    fn strength(self) -> u8 {
        match self {
            ManuscriptPermission::Edit => 3,
            ManuscriptPermission::Suggest => 2,
            ManuscriptPermission::Comment => 1,
        }
    }

    /// The weaker of two: what a link gives its holder (it narrows, never widens).
    pub fn lesser(self, other: ManuscriptPermission) -> ManuscriptPermission {
        if other.strength() < self.strength() {
            other
        } else {
            self
        }
    }

    /// Whether this permission sends document updates (and creates versions).
    pub fn writes(self) -> bool {
        self != ManuscriptPermission::Comment
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Manuscript {
    pub id: i64,
    pub task_id: i64,
    /// The task's title.
    pub task_name: String,
    pub project_name: String,
    /// The manuscript's title: its task's.
    pub title: String,
    /// The caller's own permission (a link's narrower one is `GET /editor/resolve`'s answer).
    pub permission: ManuscriptPermission,
    /// Whether the caller may issue and revoke editor links (own permission `edit`).
    pub can_issue_links: bool,
    /// Whether the caller may deliver a version through the task (its taker, while the task
    /// takes a delivery: the task page's `can_deliver`).
    pub can_deliver: bool,
    pub counts: Counts,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManuscriptLink {
    pub id: i64,
    pub permission: ManuscriptPermission,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub created_by_name: String,
    /// `/editor?token=…` (the token is only known in the answer that issued it).
    pub url: Option<String>,
}

/// A newly issued link: the one answer that carries its token.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IssuedManuscriptLink {
    #[serde(flatten)]
    pub link: ManuscriptLink,
    pub token: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManuscriptVersion {
    pub id: i64,
    pub name: String,
    pub counts: Counts,
    pub created_by_name: String,
    pub created_at: DateTime<Utc>,
}

/// `GET /manuscripts/{id}/versions/{version_id}`: a version with what it held.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManuscriptVersionContent {
    #[serde(flatten)]
    pub version: ManuscriptVersion,
    /// The version's text blocks in document order (paragraphs and headings, wherever they
    /// are): what a diff compares.
    pub blocks: Vec<Block>,
    /// The whole Yjs v1 state of the version, base64: what a restore loads.
    pub state: String,
    /// Whether the caller may restore it (effective permission edit, narrowed by the link's
    /// token when one is given).
    pub can_restore: bool,
}

/// `POST /manuscripts/{id}/images`: an uploaded image that now belongs to the manuscript.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManuscriptImage {
    pub file: crate::files::FileView,
    /// What the document's image node holds as its `src` (`/api/files/{id}`): the manuscript's
    /// members download it with their session; the delivered files embed it.
    pub src: String,
}

/// `GET /editor/resolve`: the manuscript a token opens and the effective permission.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EditorResolution {
    pub manuscript_id: i64,
    pub permission: ManuscriptPermission,
}

#[cfg(test)]
mod tests {
    use super::ManuscriptPermission::*;

    #[test]
    fn a_link_narrows_and_never_widens() {
        assert_eq!(Edit.lesser(Suggest), Suggest);
        assert_eq!(Suggest.lesser(Edit), Suggest);
        assert_eq!(Comment.lesser(Edit), Comment);
        assert_eq!(Edit.lesser(Edit), Edit);
        assert!(Edit.writes() && Suggest.writes() && !Comment.writes());
    }
}
