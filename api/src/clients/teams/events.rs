//! `team_member.updated`: a member of a media team after a change (added, offered, answered,
//! withdrawn, ended), as REST returns the member row to each recipient — the creator receives
//! their own view (no private or editor memo), the client's users theirs.

use serde::Serialize;

use crate::clients::teams::model::MemberView;
use crate::platform::events::users;

#[derive(Debug, Serialize)]
pub struct TeamMemberUpdated {
    #[serde(flatten)]
    pub member: MemberView,
    /// Everyone this view is for.
    #[serde(skip)]
    pub recipients: Vec<i64>,
}

crate::impl_event!(TeamMemberUpdated as MemberView, TeamMemberUpdated, |e| {
    users(e.recipients.iter().copied())
});
