//! Closed sets (statuses, types, states) as Rust enums that read and write the database's text
//! columns, serialise as their wire names and appear in the OpenAPI document, so no handler
//! compares string literals.

/// Declares a closed set: `closed_set!(TaskStatus { Applying = "applying", … })` gives an enum
/// with `as_str`, `parse`, `ALL`, serde, `ToSchema` and sqlx text encoding (arrays too).
#[macro_export]
macro_rules! closed_set {
    ($(#[$doc:meta])* $name:ident { $($variant:ident = $wire:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
            utoipa::ToSchema,
        )]
        pub enum $name {
            // utoipa reads `serde(rename)` only from a plain literal token, and a macro's
            // `$wire` arrives wrapped in an invisible group: `schema(rename)` parses it.
            $(#[serde(rename = $wire)] #[schema(rename = $wire)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The wire names, for a `validation::Rule::In` that states the set (not every
            /// set is a request's).
            #[allow(dead_code)]
            pub const NAMES: &'static [&'static str] = &[$($wire),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire),+
                }
            }

            pub fn parse(value: &str) -> Option<Self> {
                match value {
                    $($wire => Some($name::$variant),)+
                    _ => None,
                }
            }

            /// The `in:` rule listing every value.
            pub fn rule() -> String {
                let names: Vec<&str> = Self::ALL.iter().map(|v| v.as_str()).collect();
                format!("in:{}", names.join(","))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl sqlx::Type<sqlx::Postgres> for $name {
            fn type_info() -> sqlx::postgres::PgTypeInfo {
                <&str as sqlx::Type<sqlx::Postgres>>::type_info()
            }

            fn compatible(ty: &sqlx::postgres::PgTypeInfo) -> bool {
                <&str as sqlx::Type<sqlx::Postgres>>::compatible(ty)
            }
        }

        impl sqlx::postgres::PgHasArrayType for $name {
            fn array_type_info() -> sqlx::postgres::PgTypeInfo {
                <&str as sqlx::postgres::PgHasArrayType>::array_type_info()
            }
        }

        impl<'r> sqlx::Decode<'r, sqlx::Postgres> for $name {
            fn decode(
                value: sqlx::postgres::PgValueRef<'r>,
            ) -> Result<Self, sqlx::error::BoxDynError> {
                let text = <&str as sqlx::Decode<sqlx::Postgres>>::decode(value)?;
                $name::parse(text).ok_or_else(|| {
                    format!(concat!("unknown ", stringify!($name), ": {}"), text).into()
                })
            }
        }

        impl sqlx::Encode<'_, sqlx::Postgres> for $name {
            fn encode_by_ref(
                &self,
                buf: &mut sqlx::postgres::PgArgumentBuffer,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&str as sqlx::Encode<sqlx::Postgres>>::encode(self.as_str(), buf)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::closed_set!(Sample { One = "one", TwoWords = "two_words" });

    #[test]
    fn wire_names_round_trip() {
        for value in Sample::ALL {
            assert_eq!(Sample::parse(value.as_str()), Some(*value));
            assert_eq!(
                serde_json::to_string(value).unwrap(),
                format!("\"{value}\"")
            );
        }
        assert_eq!(Sample::parse("One"), None);
        assert_eq!(Sample::rule(), "in:one,two_words");
    }
}
