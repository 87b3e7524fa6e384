//! Who sees payments: accountants and admins, every creator's figures and accounts
//! (`guards::AccountantUser` on every handler; anyone else is refused with 403 and learns
//! nothing). What they see is the creators' side only: clients' and staff's own accounts are
//! not payees.

/// The users the payment tabs list, for `u` (users): the two creator roles.
pub const PAYEE: &str = "u.role in ('general', 'editor_assistant')";
