//! The teams domain's SQL: visible teams with favourite, assignment and unread counts, and
//! favourites.

use sqlx::PgExecutor;

use crate::auth::session::Caller;
use crate::chat::channels::access::{
    push_led_teams, push_readable_channels, push_unread_count, push_visible_teams,
};
use crate::chat::teams::model::TeamView;
use crate::platform::error::AppResult;
use crate::platform::read_pipeline::{FromPgRow, ReadPipeline};
use crate::platform::sql::{PushSql, ReadQuery};

/// Which visible teams to list.
#[derive(Debug, Clone, Copy)]
pub enum TeamsOf {
    All,
    /// Teams whose leader chat the caller takes part in.
    Leader,
    One(i64),
}

/// Visible teams, grouped data for the team list. Every page of the chat shows this list, so
/// it is read through the read pipeline.
pub(crate) async fn teams_where(
    reads: &ReadPipeline,
    caller: &Caller,
    of: TeamsOf,
) -> AppResult<Vec<TeamView>> {
    let mut q = ReadQuery::new("");
    push_teams_query(&mut q, caller, of);
    reads.fetch_all(&q).await
}

/// The team list's query (rows as [`TeamView`]), for either client.
pub fn push_teams_query(q: &mut impl PushSql, caller: &Caller, of: TeamsOf) {
    q.push(
        "select t.id, t.name, exists (select 1 from team_favorites f where f.team_id = t.id and f.user_id = ",
    );
    q.push_bind(caller.user_id);
    q.push(") as is_favorite, exists (select 1 from team_members tm where tm.team_id = t.id and tm.status = 'assignable' and tm.user_id = ");
    q.push_bind(caller.user_id);
    q.push(") as is_assigned, coalesce((select sum(u.unread) from (select ");
    push_unread_count(q, caller);
    q.push(" as unread from channels c where c.team_id = t.id and ");
    push_readable_channels(q, caller);
    q.push(") u), 0)::bigint as unread_count from teams t where ");
    push_visible_teams(q, caller);
    match of {
        TeamsOf::All => {}
        TeamsOf::One(team_id) => {
            q.push(" and t.id = ").push_bind(team_id);
        }
        TeamsOf::Leader => {
            q.push(" and ");
            push_led_teams(q, caller);
        }
    }
    q.push(" order by t.name, t.id");
}

impl FromPgRow for TeamView {
    fn from_pg_row(row: &tokio_postgres::Row) -> Result<Self, tokio_postgres::Error> {
        Ok(TeamView {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            is_favorite: row.try_get("is_favorite")?,
            is_assigned: row.try_get("is_assigned")?,
            unread_count: row.try_get("unread_count")?,
        })
    }
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
