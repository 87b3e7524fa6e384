//! Channel views and vocabularies.

use serde::Serialize;
use utoipa::ToSchema;

use crate::chat::messages::model::Author;

crate::closed_set!(
    /// The kind of channel: the team's all-members channel, a one-to-one, a group or the
    /// staff's management channel.
    ChannelType {
        All = "all",
        Single = "single",
        Group = "group",
        Management = "management",
    }
);

crate::closed_set!(
    /// Inactive single and management channels are read-only (shown as disabled variants).
    ChannelStatus {
        Active = "active",
        Inactive = "inactive",
    }
);

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct ChannelView {
    pub id: i64,
    pub team_id: i64,
    pub name: String,
    /// all, single, group or management; inactive single and management channels are shown
    /// as their disabled variants.
    pub channel_type: ChannelType,
    /// active or inactive.
    pub status: ChannelStatus,
    pub member_count: i64,
    pub last_read_message_id: i64,
    pub unread_count: i64,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ChannelUnread {
    pub channel_id: i64,
    pub team_id: i64,
    pub unread_count: i64,
    /// The newest message of the channel when the count was taken (any author, deleted or not):
    /// a client that counted pushes meanwhile adds only those newer than this.
    pub newest_message_id: Option<i64>,
}

/// A channel member: the shape of a message's author, and the reading of their name for the
/// composer's mention suggestions.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChannelMember {
    #[serde(flatten)]
    pub author: Author,
    /// The kana reading of `user_name` when that is the member's own name (「ヤマダ ハナコ」);
    /// empty otherwise.
    pub name_kana: String,
}
