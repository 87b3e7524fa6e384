//! Admin flags: marks staff set on a creator, and what each one does.
//!
//! - `no_assign`: the creator may not be offered work (task offers and team offers are refused).
//! - `temporary_offer_stop`: offers paused for now — refused like `no_assign`, and the creator
//!   is left out of the creator search (`/users/search`) unless staff ask for them.
//! - `black`: blacklisted — refused and left out of search like `temporary_offer_stop`.
//! - `no_assign_editor`: may not be offered editing work (the task types in `EDITOR_TASK_TYPES`);
//!   other work is fine.
//! - `no_reply`, `need_attention`: notes for staff, shown as badges wherever staff see the
//!   creator; they change no rule.
//!
//! Clients never see the flags; a refused offer names no flag.

use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::platform::error::{AppError, AppResult};

crate::closed_set!(
    /// A mark staff set on a creator.
    AdminFlag {
        NoAssign = "no_assign",
        NoReply = "no_reply",
        NeedAttention = "need_attention",
        Black = "black",
        NoAssignEditor = "no_assign_editor",
        TemporaryOfferStop = "temporary_offer_stop",
    }
);

/// The flags that refuse every offer.
pub const REFUSE_OFFERS: &[AdminFlag] = &[
    AdminFlag::NoAssign,
    AdminFlag::TemporaryOfferStop,
    AdminFlag::Black,
];

/// The flags that keep a creator out of the creator search.
pub const HIDE_FROM_SEARCH: &[AdminFlag] = &[AdminFlag::TemporaryOfferStop, AdminFlag::Black];

/// The work an editor does: refused to a `no_assign_editor` creator.
pub const EDITOR_TASK_TYPES: &[&str] = &[
    "work_direction",
    "project_direction",
    "proofreading_and_review",
    "supervise",
];

/// A creator's flags as staff see them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminFlags {
    pub user_id: i64,
    pub admin_flags: Vec<AdminFlag>,
}

/// The flags of `user_id`, in the order of `AdminFlag::ALL`.
pub async fn of_user(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<Vec<AdminFlag>> {
    let mut flags: Vec<AdminFlag> =
        sqlx::query_scalar("select flag from user_admin_flags where user_id = $1")
            .bind(user_id)
            .fetch_all(db)
            .await?;
    flags.sort_by_key(|flag| AdminFlag::ALL.iter().position(|f| f == flag));
    Ok(flags)
}

/// Replaces the flags of `user_id` with `flags` (kept ones keep who set them and when).
pub async fn replace(
    tx: &mut sqlx::PgConnection,
    user_id: i64,
    flags: &[AdminFlag],
    set_by: i64,
) -> AppResult<()> {
    sqlx::query("delete from user_admin_flags where user_id = $1 and not (flag = any($2))")
        .bind(user_id)
        .bind(flags)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into user_admin_flags (user_id, flag, set_by)
         select $1, f, $3 from unnest($2::text[]) f on conflict do nothing",
    )
    .bind(user_id)
    .bind(flags)
    .bind(set_by)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Of `user_ids`, those that may not be offered work of `task_type` (any work when `None`).
pub async fn refused_offers(
    db: impl PgExecutor<'_>,
    user_ids: &[i64],
    task_type: Option<&str>,
) -> AppResult<Vec<i64>> {
    let editing = task_type.is_some_and(|t| EDITOR_TASK_TYPES.contains(&t));
    Ok(sqlx::query_scalar(
        "select distinct user_id from user_admin_flags
          where user_id = any($1) and (flag = any($2) or ($3 and flag = 'no_assign_editor'))
          order by user_id",
    )
    .bind(user_ids)
    .bind(REFUSE_OFFERS)
    .bind(editing)
    .fetch_all(db)
    .await?)
}

/// Refuses an offer to any of `user_ids` the flags forbid, on `field`, without naming the flag.
pub async fn ensure_offerable(
    db: impl PgExecutor<'_>,
    field: &str,
    user_ids: &[i64],
    task_type: Option<&str>,
) -> AppResult<()> {
    if refused_offers(db, user_ids, task_type).await?.is_empty() {
        Ok(())
    } else {
        Err(AppError::rule(field, "offer_stopped"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusing_and_hiding_flags_are_flags() {
        for flag in REFUSE_OFFERS.iter().chain(HIDE_FROM_SEARCH) {
            assert!(AdminFlag::ALL.contains(flag));
        }
        assert!(!REFUSE_OFFERS.contains(&AdminFlag::NoReply));
        assert!(!REFUSE_OFFERS.contains(&AdminFlag::NeedAttention));
        assert!(!REFUSE_OFFERS.contains(&AdminFlag::NoAssignEditor));
    }
}
