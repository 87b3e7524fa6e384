//! Who sees which projects, works and tasks, as SQL conditions shared by every query:
//! staff see everything, a client's users their own client's media, a creator what was offered
//! to or taken by them. `$1` is always the caller's user id.

use crate::auth::role::Role;

/// Condition on a project `p` joined to its media `m`.
pub fn visible_projects(role: Role) -> &'static str {
    match role {
        Role::Manager | Role::Accountant | Role::Admin => "true",
        Role::Client => "m.client_id = (select client_id from users where id = $1)",
        Role::General | Role::EditorAssistant => {
            "exists (select 1 from works w2 join tasks t2 on t2.work_id = w2.id join task_assignees a on a.task_id = t2.id
                      where w2.project_id = p.id and a.user_id = $1 and a.state <> 'declined')"
        }
    }
}

/// Condition on a work `w` joined to its project `p` and media `m`.
pub fn visible_works(role: Role) -> &'static str {
    match role {
        Role::General | Role::EditorAssistant => {
            "exists (select 1 from tasks t2 join task_assignees a on a.task_id = t2.id
                      where t2.work_id = w.id and a.user_id = $1 and a.state <> 'declined')"
        }
        other => visible_projects(other),
    }
}

/// Condition on a task `t` joined to its work `w`, project `p` and media `m`.
pub fn visible_tasks(role: Role) -> &'static str {
    match role {
        Role::General | Role::EditorAssistant => {
            "exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = $1 and a.state <> 'declined')"
        }
        other => visible_projects(other),
    }
}

/// The joins from a task `t` up to its media `m`.
pub const TASK_JOINS: &str = "tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id";
