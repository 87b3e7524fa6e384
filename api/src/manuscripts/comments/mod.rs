//! Comments anchored to a manuscript's text (issue 44, 校正): threads of a root comment on a
//! range of the text (two Yjs relative positions and the quoted text) and its replies, resolved
//! and reopened, deleted by their author. Rows, not part of the Yjs document: whoever may open
//! the manuscript (any permission, own or narrowed by a link) comments, and every change is
//! pushed to the manuscript's room (`manuscript_comment.changed`).

pub mod anchor;
pub mod db;
pub mod http;
pub mod model;
