//! Who may call a handler, said once in its signature: role guard extractors, and the one rule
//! that turns "load what the caller may see" into 404 (absent) or 403 (someone else's).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::AuthUser;
use crate::state::AppState;

/// Declares an extractor that admits a logged-in caller whose role passes `$admits`
/// (401 without a session, 403 for the other roles).
macro_rules! role_guard {
    ($(#[$doc:meta])* $name:ident, $admits:expr) => {
        $(#[$doc])*
        pub struct $name(pub Caller);

        impl FromRequestParts<AppState> for $name {
            type Rejection = AppError;

            async fn from_request_parts(
                parts: &mut Parts,
                state: &AppState,
            ) -> Result<Self, Self::Rejection> {
                let AuthUser(caller) =
                    <AuthUser as FromRequestParts<AppState>>::from_request_parts(parts, state)
                        .await?;
                let admits: fn(Role) -> bool = $admits;
                if admits(caller.role) {
                    Ok($name(caller))
                } else {
                    Err(AppError::Forbidden)
                }
            }
        }
    };
}

role_guard!(
    /// Manager, accountant or admin.
    StaffUser,
    Role::is_staff
);
role_guard!(
    /// Manager or admin: the operations staff.
    ManagerUser,
    Role::is_operations
);
role_guard!(
    /// Admin only.
    AdminUser,
    Role::is_admin
);
role_guard!(
    /// Accountant or admin: who handles the money (confirmations, payments, transfer files).
    AccountantUser,
    Role::is_accounting
);
role_guard!(
    /// A user of a client company.
    ClientUser,
    |role| role == Role::Client
);
role_guard!(
    /// A creator: general or editor assistant.
    CreatorUser,
    Role::is_creator
);
role_guard!(
    /// Staff or a client user (anyone but a creator): the people who order and oversee work.
    StaffOrClientUser,
    |role| role.is_staff() || role == Role::Client
);

/// The outcome of a lookup that also asked whether the caller may see the row: nothing is
/// 404, a row the caller may not see is 403, otherwise the row.
pub fn visible<T>(found: Option<(T, bool)>) -> AppResult<T> {
    match found {
        None => Err(AppError::NotFound),
        Some((_, false)) => Err(AppError::Forbidden),
        Some((row, true)) => Ok(row),
    }
}

/// `visible` for lookups that only answer whether the row exists and whether it is visible.
pub fn ensure_visible(exists: bool, may_see: bool) -> AppResult<()> {
    visible(exists.then_some(((), may_see)))
}

#[cfg(test)]
mod tests {
    use super::visible;
    use crate::platform::error::AppError;

    #[test]
    fn absent_is_404_foreign_is_403() {
        assert!(matches!(visible::<i32>(None), Err(AppError::NotFound)));
        assert!(matches!(
            visible(Some((1, false))),
            Err(AppError::Forbidden)
        ));
        assert_eq!(visible(Some((7, true))).unwrap(), 7);
    }
}
