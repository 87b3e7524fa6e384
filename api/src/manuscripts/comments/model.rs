//! Comments as the API returns and pushes them.

use chrono::{DateTime, Utc};
use realtime::Room;
use serde::Serialize;
use utoipa::ToSchema;

/// Where a thread's comment sits in the text: two Yjs relative positions
/// (`Y.encodeRelativePosition`, base64 standard alphabet, padded), start and end.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CommentAnchor {
    pub start: String,
    pub end: String,
}

/// A comment: a thread's root (with its anchor and quote) or a reply (`parent_id`). The record
/// every reader gets, as pushed by `manuscript_comment.changed`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManuscriptComment {
    pub id: i64,
    pub manuscript_id: i64,
    /// The thread's root for a reply; null for a root.
    pub parent_id: Option<i64>,
    pub author_id: i64,
    pub author_name: String,
    /// Empty once deleted.
    pub body: String,
    /// A root's place in the text; null for a reply.
    pub anchor: Option<CommentAnchor>,
    /// The text the root was written on, at that moment (empty for a reply).
    pub quote: String,
    pub resolved_at: Option<DateTime<Utc>>,
    pub resolved_by_name: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Deleted by its author (a deleted root takes its replies with it).
    pub deleted: bool,
}

/// A comment as the caller reads it in the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManuscriptCommentView {
    #[serde(flatten)]
    pub comment: ManuscriptComment,
    /// The caller wrote it and may delete it.
    pub can_delete: bool,
}

/// `manuscript_comment.changed`: a comment was written, resolved, reopened or deleted; to the
/// manuscript's room on every node (whoever has the editor open, members and link holders).
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct ManuscriptCommentChanged(pub ManuscriptComment);

crate::impl_event!(
    ManuscriptCommentChanged as ManuscriptComment,
    ManuscriptCommentChanged,
    |e| vec![Room::Manuscript(e.0.manuscript_id)]
);
