//! The closed list of server-to-client events. Payloads are the REST representation of the
//! record, chosen by the publisher; the name is fixed here so nobody misspells one.

/// A server-to-client event name (`area.verb`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventName {
    MessageCreated,
    MessageUpdated,
    MessageDeleted,
    ReactionAdded,
    ReactionRemoved,
    PinAdded,
    PinRemoved,
    ChannelRead,
    NoticeCreated,
    NoticeRead,
    DeliveryRegistered,
    TaskUpdated,
    InformationPublished,
    MaintenanceChanged,
    VersionBumped,
    Typing,
    UserUpdated,
    MediaUpdated,
    AssessmentsChanged,
    TeamMemberUpdated,
    RewardConfirmationCreated,
    SessionRevoked,
    FileScanned,
    /// A user's online state changed (`presence.rs`); the application chooses the rooms.
    PresenceUpdated,
    /// Sent by one node to its own sockets after its link to the other nodes (Redis) came back:
    /// events published elsewhere during the outage never reached them, so clients refresh as
    /// after a reconnect (rejoin, catch up through REST).
    Resync,
}

impl EventName {
    pub const fn as_str(self) -> &'static str {
        match self {
            EventName::MessageCreated => "message.created",
            EventName::MessageUpdated => "message.updated",
            EventName::MessageDeleted => "message.deleted",
            EventName::ReactionAdded => "reaction.added",
            EventName::ReactionRemoved => "reaction.removed",
            EventName::PinAdded => "pin.added",
            EventName::PinRemoved => "pin.removed",
            EventName::ChannelRead => "channel.read",
            EventName::NoticeCreated => "notice.created",
            EventName::NoticeRead => "notice.read",
            EventName::DeliveryRegistered => "delivery.registered",
            EventName::TaskUpdated => "task.updated",
            EventName::InformationPublished => "information.published",
            EventName::MaintenanceChanged => "maintenance.changed",
            EventName::VersionBumped => "version.bumped",
            EventName::Typing => "typing",
            EventName::UserUpdated => "user.updated",
            EventName::MediaUpdated => "media.updated",
            EventName::AssessmentsChanged => "assessments.changed",
            EventName::TeamMemberUpdated => "team_member.updated",
            EventName::RewardConfirmationCreated => "reward_confirmation.created",
            EventName::SessionRevoked => "session.revoked",
            EventName::FileScanned => "file.scanned",
            EventName::PresenceUpdated => "presence.updated",
            EventName::Resync => "hub.resync",
        }
    }
}

impl AsRef<str> for EventName {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}
