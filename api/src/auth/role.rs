//! The six roles and how they are spelled in the database and on the wire.

use serde::{Serialize, Serializer};

/// Prefix of the staff roles on the wire (`{provider}_manager` and so on).
pub const PROVIDER: &str = "tsumugi";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    General,
    EditorAssistant,
    Client,
    Manager,
    Accountant,
    Admin,
}

impl Role {
    /// Every `role_type` as the wire spells it (`from_wire` reads each; a test checks).
    pub const WIRE_NAMES: &'static [&'static str] = &[
        "general",
        "editor_assistant",
        "client",
        "tsumugi_manager",
        "tsumugi_accountant",
        "tsumugi_admin",
    ];

    /// The roles a member can be given or moved to (a client is made with its company).
    pub const ASSIGNABLE_WIRE_NAMES: &'static [&'static str] = &[
        "general",
        "editor_assistant",
        "tsumugi_manager",
        "tsumugi_accountant",
        "tsumugi_admin",
    ];

    pub fn from_db(value: &str) -> Option<Self> {
        Some(match value {
            "general" => Role::General,
            "editor_assistant" => Role::EditorAssistant,
            "client" => Role::Client,
            "manager" => Role::Manager,
            "accountant" => Role::Accountant,
            "admin" => Role::Admin,
            _ => return None,
        })
    }

    pub fn as_db(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::EditorAssistant => "editor_assistant",
            Role::Client => "client",
            Role::Manager => "manager",
            Role::Accountant => "accountant",
            Role::Admin => "admin",
        }
    }

    /// A `role_type` as the wire spells it: staff roles with the provider prefix.
    pub fn from_wire(value: &str) -> Option<Self> {
        match value
            .strip_prefix(PROVIDER)
            .and_then(|rest| rest.strip_prefix('_'))
        {
            Some(staff) => Self::from_db(staff).filter(|role| role.is_staff()),
            None => Self::from_db(value),
        }
    }

    /// The `role_type` of the User record.
    pub fn wire_name(self) -> String {
        match self {
            Role::Manager | Role::Accountant | Role::Admin => {
                format!("{PROVIDER}_{}", self.as_db())
            }
            other => other.as_db().to_string(),
        }
    }

    pub fn is_staff(self) -> bool {
        matches!(self, Role::Manager | Role::Accountant | Role::Admin)
    }

    pub fn is_creator(self) -> bool {
        matches!(self, Role::General | Role::EditorAssistant)
    }

    pub fn is_admin(self) -> bool {
        self == Role::Admin
    }

    /// Manager or admin: the operations staff (`ManagerUser`).
    pub fn is_operations(self) -> bool {
        matches!(self, Role::Manager | Role::Admin)
    }

    /// Accountant or admin: who handles the money (`AccountantUser`).
    pub fn is_accounting(self) -> bool {
        matches!(self, Role::Accountant | Role::Admin)
    }
}

// Stored as its database spelling (`as_db`) in text columns.
impl sqlx::Type<sqlx::Postgres> for Role {
    fn type_info() -> sqlx::postgres::PgTypeInfo {
        <&str as sqlx::Type<sqlx::Postgres>>::type_info()
    }

    fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
        <&str as sqlx::Type<sqlx::Postgres>>::compatible(ty)
    }
}

impl sqlx::postgres::PgHasArrayType for Role {
    fn array_type_info() -> sqlx::postgres::PgTypeInfo {
        <&str as sqlx::postgres::PgHasArrayType>::array_type_info()
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Postgres> for Role {
    fn decode(value: sqlx::postgres::PgValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        let text = <&str as sqlx::Decode<sqlx::Postgres>>::decode(value)?;
        Role::from_db(text).ok_or_else(|| format!("unknown role: {text}").into())
    }
}

impl sqlx::Encode<'_, sqlx::Postgres> for Role {
    fn encode_by_ref(
        &self,
        buf: &mut sqlx::postgres::PgArgumentBuffer,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <&str as sqlx::Encode<sqlx::Postgres>>::encode(self.as_db(), buf)
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.wire_name())
    }
}

#[cfg(test)]
mod tests {
    use super::Role;

    #[test]
    fn staff_roles_carry_the_provider_prefix_on_the_wire() {
        assert_eq!(Role::Admin.wire_name(), "tsumugi_admin");
        assert_eq!(Role::Accountant.wire_name(), "tsumugi_accountant");
        assert_eq!(Role::EditorAssistant.wire_name(), "editor_assistant");
        for role in [
            "general",
            "editor_assistant",
            "client",
            "manager",
            "accountant",
            "admin",
        ] {
            assert_eq!(Role::from_db(role).unwrap().as_db(), role);
        }
        assert!(Role::from_db("tsumugi_admin").is_none());
    }

    #[test]
    fn wire_roles_parse_with_the_provider_prefix_for_staff_only() {
        assert_eq!(Role::from_wire("general"), Some(Role::General));
        assert_eq!(Role::from_wire("tsumugi_admin"), Some(Role::Admin));
        assert_eq!(Role::from_wire("tsumugi_general"), None);
        assert_eq!(Role::from_wire("owner"), None);
        for role in [
            "general",
            "editor_assistant",
            "client",
            "manager",
            "accountant",
            "admin",
        ] {
            let role = Role::from_db(role).unwrap();
            assert_eq!(Role::from_wire(&role.wire_name()), Some(role));
        }
    }

    #[test]
    fn only_the_three_staff_roles_are_staff() {
        let staff: Vec<_> = [
            Role::General,
            Role::EditorAssistant,
            Role::Client,
            Role::Manager,
            Role::Accountant,
            Role::Admin,
        ]
        .into_iter()
        .filter(|r| r.is_staff())
        .collect();
        assert_eq!(staff, vec![Role::Manager, Role::Accountant, Role::Admin]);
    }
}
