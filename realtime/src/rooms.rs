//! Room names: the only place that knows how a room is spelled on the wire.

use std::fmt;

/// Where an event goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Room {
    /// Every socket of one user, on every node.
    User(i64),
    /// Every socket opened with one login session (closed when the session is revoked).
    Session(String),
    /// Members who joined a channel with `channel:join`.
    Channel(i64),
    /// Editors of one manuscript who joined with `manuscript:join`.
    Manuscript(i64),
    /// Every socket of users with one role.
    Role(String),
    /// Every connected socket.
    All,
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Room::User(id) => write!(f, "user:{id}"),
            Room::Session(id) => write!(f, "session:{id}"),
            Room::Channel(id) => write!(f, "channel:{id}"),
            Room::Manuscript(id) => write!(f, "manuscript:{id}"),
            Room::Role(role) => write!(f, "role:{role}"),
            Room::All => f.write_str("all"),
        }
    }
}

impl Room {
    /// The channel a room name is the room of (`channel:{id}`).
    pub(crate) fn channel_in(name: &str) -> Option<i64> {
        name.strip_prefix("channel:")?.parse().ok()
    }

    /// The user a room name is the room of (`user:{id}`).
    pub(crate) fn user_in(name: &str) -> Option<i64> {
        name.strip_prefix("user:")?.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::Room;

    #[test]
    fn rooms_are_spelled_as_the_architecture_says() {
        assert_eq!(Room::User(7).to_string(), "user:7");
        assert_eq!(Room::Channel(12).to_string(), "channel:12");
        assert_eq!(Room::Role("client".into()).to_string(), "role:client");
        assert_eq!(Room::Session("ab".into()).to_string(), "session:ab");
        assert_eq!(Room::Manuscript(4).to_string(), "manuscript:4");
    }

    #[test]
    fn room_names_read_back() {
        assert_eq!(Room::channel_in("channel:12"), Some(12));
        assert_eq!(Room::channel_in("user:12"), None);
        assert_eq!(Room::channel_in("channel:x"), None);
        assert_eq!(Room::user_in("user:7"), Some(7));
        assert_eq!(Room::user_in("role:7"), None);
    }
}
