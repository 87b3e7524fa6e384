//! The teams domain's SQL: visible teams with favourite, assignment and unread counts, and
//! favourites.

use sqlx::PgExecutor;

use crate::auth::role::Role;
use crate::auth::session::Caller;
use crate::chat::channels::access::{
    SqlQuery, push_readable_channels, push_unread_count, push_visible_teams,
};
use crate::chat::teams::http::TeamView;

/// Which visible teams to list.
#[derive(Debug, Clone, Copy)]
pub(crate) enum TeamsOf {
    All,
    /// Teams whose leader chat the caller takes part in.
    Leader,
    One(i64),
}

/// Visible teams, grouped data for the team list.
pub(crate) async fn teams_where(
    db: impl PgExecutor<'_>,
    caller: &Caller,
    of: TeamsOf,
) -> sqlx::Result<Vec<TeamView>> {
    let mut q = SqlQuery::new(
        "select t.id, t.name, exists (select 1 from team_favorites f where f.team_id = t.id and f.user_id = ",
    );
    q.push_bind(caller.user_id);
    q.push(") as is_favorite, exists (select 1 from team_members tm where tm.team_id = t.id and tm.status = 'assignable' and tm.user_id = ");
    q.push_bind(caller.user_id);
    q.push(") as is_assigned, coalesce((select sum(u.unread) from (select ");
    push_unread_count(&mut q, caller);
    q.push(" as unread from channels c where c.team_id = t.id and ");
    push_readable_channels(&mut q, caller);
    q.push(") u), 0)::bigint as unread_count from teams t where ");
    push_visible_teams(&mut q, caller);
    match of {
        TeamsOf::All => {}
        TeamsOf::One(team_id) => {
            q.push(" and t.id = ").push_bind(team_id);
        }
        // Team leaders see the teams they lead; managers and admins every team.
        TeamsOf::Leader => match caller.role {
            Role::Manager | Role::Admin => {}
            Role::General | Role::EditorAssistant => {
                q.push(" and exists (select 1 from team_members tm where tm.team_id = t.id and tm.is_leader and tm.user_id = ");
                q.push_bind(caller.user_id);
                q.push(")");
            }
            Role::Client | Role::Accountant => {
                q.push(" and false");
            }
        },
    }
    q.push(" order by t.name, t.id");
    q.build_query_as().fetch_all(db).await
}

pub(crate) async fn add_favorite(
    db: impl PgExecutor<'_>,
    user_id: i64,
    team_id: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into team_favorites (user_id, team_id) values ($1, $2) on conflict do nothing",
    )
    .bind(user_id)
    .bind(team_id)
    .execute(db)
    .await?;
    Ok(())
}

pub(crate) async fn remove_favorite(
    db: impl PgExecutor<'_>,
    user_id: i64,
    team_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("delete from team_favorites where user_id = $1 and team_id = $2")
        .bind(user_id)
        .bind(team_id)
        .execute(db)
        .await?;
    Ok(())
}
