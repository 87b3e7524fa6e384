//! Who may do what in a manuscript. Own permission on a task's manuscript: the task's assigned
//! creator and staff managers and admins edit; an editor assistant the task was offered to
//! suggests; the task's client's users comment; anyone else (accountants included) sees
//! nothing (404). The task visibility is `work::tasks::access`'s: invalidated tasks exist only
//! for staff, a client sees its own media's tasks, a creator what was offered to them. An
//! editor link narrows (the lesser of the link's and the holder's own), never widens: a holder
//! with no own access gets 404.

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::manuscripts::db::{self, LinkRow, ManuscriptRow, TaskFacts};
use crate::manuscripts::links::{self, TokenKey, TokenRefused};
use crate::manuscripts::model::ManuscriptPermission as Permission;
use crate::platform::clock;
use crate::platform::error::{AppError, AppResult, Rules};
use crate::state::AppState;

/// The caller's own permission on the manuscript of the task `facts` describes, if any.
pub fn own_permission(caller: &Caller, facts: &TaskFacts) -> Option<Permission> {
    if facts.is_invalid && !caller.role.is_staff() {
        return None;
    }
    if facts.assigned && caller.role.is_creator() {
        return Some(Permission::Edit);
    }
    match caller.role {
        Role::Manager | Role::Admin => Some(Permission::Edit),
        Role::EditorAssistant if facts.offered => Some(Permission::Suggest),
        Role::Client if caller.belongs_to_client(facts.client_id) => Some(Permission::Comment),
        _ => None,
    }
}

/// Whether the caller may read `file_id` as a manuscript's image: `None` when it belongs to no
/// manuscript (other domains decide), `Some(true)` when it belongs to one the caller may open
/// with a permission of their own (edit, suggest or comment), `Some(false)` otherwise: then not
/// even staff read it by their role alone (an accountant has no part in a manuscript;
/// managers and admins edit every one). `files::access::may_download` asks.
pub async fn file_readable(db: &PgPool, caller: &Caller, file_id: i64) -> AppResult<Option<bool>> {
    let manuscripts = db::manuscripts_of_file(db, file_id).await?;
    if manuscripts.is_empty() {
        return Ok(None);
    }
    for manuscript_id in manuscripts {
        let facts = db::task_facts_of_manuscript(db, caller.user_id, manuscript_id).await?;
        if facts.is_some_and(|facts| own_permission(caller, &facts).is_some()) {
            return Ok(Some(true));
        }
    }
    Ok(Some(false))
}

/// Whether this own permission may create a task's manuscript and issue its links.
pub fn may_manage(own: Permission) -> bool {
    own == Permission::Edit
}

/// A task the caller has some permission on, with that permission; 404 otherwise.
pub async fn task_for(
    db: &PgPool,
    caller: &Caller,
    task_id: i64,
) -> AppResult<(TaskFacts, Permission)> {
    let facts = db::task_facts(db, caller.user_id, task_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let own = own_permission(caller, &facts).ok_or(AppError::NotFound)?;
    Ok((facts, own))
}

/// A manuscript with the caller's own permission; 404 when it does not exist or the caller has
/// none.
pub async fn manuscript_for(
    db: &PgPool,
    caller: &Caller,
    manuscript_id: i64,
) -> AppResult<(ManuscriptRow, TaskFacts, Permission)> {
    let row = db::manuscript(db, manuscript_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let facts = db::task_facts(db, caller.user_id, row.task_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let own = own_permission(caller, &facts).ok_or(AppError::NotFound)?;
    Ok((row, facts, own))
}

/// A manuscript whose links the caller manages (own permission edit): 404 without access, 403
/// with a lesser one.
pub async fn managed_manuscript(
    db: &PgPool,
    caller: &Caller,
    manuscript_id: i64,
) -> AppResult<(ManuscriptRow, TaskFacts, Permission)> {
    let found = manuscript_for(db, caller, manuscript_id).await?;
    if may_manage(found.2) {
        Ok(found)
    } else {
        Err(AppError::Forbidden)
    }
}

/// A manuscript whose document the caller may write (edit or suggest): versions.
pub async fn writable_manuscript(
    db: &PgPool,
    caller: &Caller,
    manuscript_id: i64,
) -> AppResult<(ManuscriptRow, TaskFacts, Permission)> {
    let found = manuscript_for(db, caller, manuscript_id).await?;
    if found.2.writes() {
        Ok(found)
    } else {
        Err(AppError::Forbidden)
    }
}

/// Whether this effective permission may restore a version, replacing the live document's
/// content with the version's: edit only (a suggestion never rewrites the whole text).
pub fn may_restore(effective: Permission) -> bool {
    effective == Permission::Edit
}

/// Why a manuscript cannot be opened (REST or socket).
#[derive(Debug)]
pub enum Refusal {
    Token(TokenRefused),
    App(AppError),
}

/// A refused token's answer: 400 with one of the spec's two messages.
pub fn token_error(refused: TokenRefused) -> AppError {
    AppError::WithStatus {
        status: StatusCode::BAD_REQUEST,
        message: refused.to_string(),
        rules: Rules::new(),
    }
}

impl From<Refusal> for AppError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Token(refused) => token_error(refused),
            Refusal::App(error) => error,
        }
    }
}

impl From<AppError> for Refusal {
    fn from(error: AppError) -> Self {
        Refusal::App(error)
    }
}

impl From<sqlx::Error> for Refusal {
    fn from(error: sqlx::Error) -> Self {
        Refusal::App(error.into())
    }
}

/// The live link a token names: ours, not expired, not revoked.
pub async fn live_link(
    db: &PgPool,
    key: &TokenKey,
    token: &str,
    now: DateTime<Utc>,
) -> Result<LinkRow, Refusal> {
    let claims = key.check(token, now).map_err(Refusal::Token)?;
    let link = db::link(db, claims.link_id)
        .await?
        .filter(|link| link.manuscript_id == claims.manuscript_id && link.revoked_at.is_none())
        .ok_or(Refusal::Token(TokenRefused::Invalid))?;
    if link.expires_at <= now {
        return Err(Refusal::Token(TokenRefused::Expired));
    }
    Ok(link)
}

/// The caller's effective permission on a manuscript, through a link when `token` is given:
/// the lesser of the link's and the caller's own. A token for another manuscript is invalid.
pub async fn effective(
    db: &PgPool,
    key: &TokenKey,
    caller: &Caller,
    manuscript_id: i64,
    token: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Permission, Refusal> {
    let link = match token {
        Some(token) => {
            let link = live_link(db, key, token, now).await?;
            if link.manuscript_id != manuscript_id {
                return Err(Refusal::Token(TokenRefused::Invalid));
            }
            Some(link)
        }
        None => None,
    };
    // One query (the hub asks on every update and awareness update).
    let own = db::task_facts_of_manuscript(db, caller.user_id, manuscript_id)
        .await?
        .and_then(|facts| own_permission(caller, &facts))
        .ok_or(AppError::NotFound)?;
    Ok(match link {
        Some(link) => link.permission.lesser(own),
        None => own,
    })
}

/// The caller's effective permission on a manuscript, through the editor link the query
/// carries (`?token=`, a manuscript opened through a link) or their own without one: 404
/// without access, 400 for a refused link (revoked, expired, another manuscript's).
pub async fn permission_in_query(
    state: &AppState,
    caller: &Caller,
    manuscript_id: i64,
    query: Option<&str>,
) -> AppResult<Permission> {
    let token = links::optional_token_in_query(query).map_err(token_error)?;
    Ok(effective(
        &state.db,
        &state.manuscript_links,
        caller,
        manuscript_id,
        token.as_deref(),
        clock::now(),
    )
    .await?)
}

/// Whether this effective permission may put an image into the manuscript (and upload it for
/// that): whoever writes the document, edit or suggest.
pub fn may_add_image(effective: Permission) -> bool {
    effective.writes()
}

/// Whether the caller may put the file `uploader_id` uploaded into a manuscript: their own
/// only, so a file id seen elsewhere (a chat attachment) never becomes readable to the
/// manuscript's members by being named.
pub fn may_put_in_file(caller: &Caller, uploader_id: i64) -> bool {
    uploader_id == caller.user_id
}

/// Whether a permission may comment: every one does (comments are rows, not document updates),
/// so what decides is whether the caller may open the manuscript at all, through a link when
/// they came by one (`effective`: a revoked or expired link is refused).
pub fn may_comment(permission: Permission) -> bool {
    matches!(
        permission,
        Permission::Edit | Permission::Suggest | Permission::Comment
    )
}

/// Whether the caller may delete a comment: their own only.
pub fn may_delete_comment(caller: &Caller, author_id: i64) -> bool {
    caller.user_id == author_id
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;

    fn caller(role: Role, client_id: Option<i64>) -> Caller {
        Caller {
            user_id: 1,
            role,
            session_id: Uuid::nil(),
            client_id,
        }
    }

    fn facts(assigned: bool, offered: bool, is_invalid: bool) -> TaskFacts {
        TaskFacts {
            task_id: 1,
            task_type: "writing".into(),
            title: String::new(),
            project_name: String::new(),
            client_id: 5,
            is_invalid,
            status: crate::work::tasks::model::TaskStatus::Doing,
            assigned,
            offered,
        }
    }

    #[test]
    fn own_permission_follows_the_roles() {
        use Permission::*;
        let cases = [
            (
                caller(Role::General, None),
                facts(true, true, false),
                Some(Edit),
            ),
            (caller(Role::General, None), facts(false, true, false), None),
            (
                caller(Role::EditorAssistant, None),
                facts(true, true, false),
                Some(Edit),
            ),
            (
                caller(Role::EditorAssistant, None),
                facts(false, true, false),
                Some(Suggest),
            ),
            (
                caller(Role::EditorAssistant, None),
                facts(false, false, false),
                None,
            ),
            (
                caller(Role::Manager, None),
                facts(false, false, true),
                Some(Edit),
            ),
            (
                caller(Role::Admin, None),
                facts(false, false, false),
                Some(Edit),
            ),
            (
                caller(Role::Accountant, None),
                facts(false, false, false),
                None,
            ),
            (
                caller(Role::Client, Some(5)),
                facts(false, false, false),
                Some(Comment),
            ),
            (
                caller(Role::Client, Some(5)),
                facts(false, false, true),
                None,
            ),
            (
                caller(Role::Client, Some(6)),
                facts(false, false, false),
                None,
            ),
            (caller(Role::General, None), facts(true, true, true), None),
        ];
        for (caller, facts, expected) in cases {
            assert_eq!(
                own_permission(&caller, &facts),
                expected,
                "{caller:?} {facts:?}"
            );
        }
    }
}
