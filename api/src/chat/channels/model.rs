//! Channel vocabularies.

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
