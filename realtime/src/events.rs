//! The closed list of server-to-client events. Payloads are the REST representation of the
//! record, chosen by the publisher; the name is fixed here so nobody misspells one.

/// Declares the names once: the enum, `ALL` (every name, for the wire contract's check that
/// each has a payload schema: `docs/decisions/generated-wire-contract.md`) and `as_str`.
macro_rules! event_names {
    ($($(#[$doc:meta])* $variant:ident => $wire:literal,)*) => {
        /// A server-to-client event name (`area.verb`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum EventName {
            $($(#[$doc])* $variant,)*
        }

        impl EventName {
            /// Every event name, in declaration order.
            pub const ALL: &'static [EventName] = &[$(EventName::$variant,)*];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(EventName::$variant => $wire,)*
                }
            }
        }
    };
}

event_names! {
    MessageCreated => "message.created",
    MessageUpdated => "message.updated",
    MessageDeleted => "message.deleted",
    ReactionAdded => "reaction.added",
    ReactionRemoved => "reaction.removed",
    PinAdded => "pin.added",
    PinRemoved => "pin.removed",
    ChannelRead => "channel.read",
    NoticeCreated => "notice.created",
    NoticeRead => "notice.read",
    DeliveryRegistered => "delivery.registered",
    TaskUpdated => "task.updated",
    InformationPublished => "information.published",
    MaintenanceChanged => "maintenance.changed",
    VersionBumped => "version.bumped",
    Typing => "typing",
    UserUpdated => "user.updated",
    MediaUpdated => "media.updated",
    AssessmentsChanged => "assessments.changed",
    TeamMemberUpdated => "team_member.updated",
    RewardConfirmationCreated => "reward_confirmation.created",
    SessionRevoked => "session.revoked",
    FileScanned => "file.scanned",
    /// A user's online state changed (`presence.rs`); the application chooses the rooms.
    PresenceUpdated => "presence.updated",
    /// A manuscript's Yjs update, relayed by the hub to the manuscript's room after it was
    /// persisted (`handlers.rs`).
    ManuscriptUpdated => "manuscript.updated",
    /// A manuscript editor's awareness (cursor, name), relayed by the hub, never persisted.
    ManuscriptAwareness => "manuscript.awareness",
    /// A manuscript's comment was written, resolved, reopened or deleted (to its room).
    ManuscriptCommentChanged => "manuscript_comment.changed",
    /// Sent by one node to its own sockets after its link to the other nodes (Redis) came back:
    /// events published elsewhere during the outage never reached them, so clients refresh as
    /// after a reconnect (rejoin, catch up through REST).
    Resync => "hub.resync",
}

impl AsRef<str> for EventName {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}
