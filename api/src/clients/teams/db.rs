//! The media teams' SQL: teams with their member counts, members, offers, the team's `all`
//! channel, and the people a member-status change concerns.

use sqlx::{PgConnection, PgExecutor};

use crate::clients::teams::model::{MemberRow, NotAddable, ReceivedOffer, TeamView};
use crate::clients::teams::status::MemberStatus;

const TEAM_SELECT: &str = "select t.id, t.name, t.description, t.media_id, m.name as media_name,
        exists (select 1 from team_favorites f where f.team_id = t.id and f.user_id = $1) as is_favorite,
        count(tm.user_id) filter (where tm.status <> 'left') as member_count,
        count(*) filter (where tm.status = 'temporary') as temporary,
        count(*) filter (where tm.status = 'offered') as offered,
        count(*) filter (where tm.status = 'negotiating') as negotiating,
        count(*) filter (where tm.status = 'assignable') as assignable,
        count(*) filter (where tm.status = 'declined') as declined,
        count(*) filter (where tm.status = 'left') as left,
        (select c.id from channels c where c.team_id = t.id and c.channel_type = 'all' order by c.id limit 1) as channel_id
   from teams t join media m on m.id = t.media_id left join team_members tm on tm.team_id = t.id";

/// One page of the medium's teams (favourites of `user_id` first, then oldest first) and how
/// many there are.
pub(crate) async fn teams_page<'c, E>(
    db: E,
    user_id: i64,
    media_id: i64,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<TeamView>)>
where
    E: PgExecutor<'c> + Copy,
{
    let total: i64 = sqlx::query_scalar("select count(*) from teams where media_id = $1")
        .bind(media_id)
        .fetch_one(db)
        .await?;
    let sql = format!(
        "{TEAM_SELECT} where t.media_id = $2 group by t.id, m.name order by is_favorite desc, t.id limit $3 offset $4"
    );
    let teams = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(media_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((total, teams))
}

pub(crate) async fn team(
    db: impl PgExecutor<'_>,
    user_id: i64,
    team_id: i64,
) -> sqlx::Result<Option<TeamView>> {
    let sql = format!("{TEAM_SELECT} where t.id = $2 group by t.id, m.name");
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(team_id)
        .fetch_optional(db)
        .await
}

pub(crate) async fn insert_team(
    db: impl PgExecutor<'_>,
    client_id: i64,
    media_id: i64,
    name: &str,
    description: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into teams (name, client_id, media_id, description) values ($1, $2, $3, $4) returning id",
    )
    .bind(name)
    .bind(client_id)
    .bind(media_id)
    .bind(description)
    .fetch_one(db)
    .await
}

pub(crate) async fn update_team(
    db: impl PgExecutor<'_>,
    team_id: i64,
    name: &str,
    description: &str,
) -> sqlx::Result<()> {
    sqlx::query("update teams set name = $2, description = $3, updated_at = now() where id = $1")
        .bind(team_id)
        .bind(name)
        .bind(description)
        .execute(db)
        .await?;
    Ok(())
}

/// The team's `all` channel, created (as the chat domain keeps channels: a `channels` row and
/// a `channel_members` row per member) when the team has none yet. Its members are the
/// client's users and the team's assignable creators.
pub(crate) async fn ensure_all_channel(tx: &mut PgConnection, team_id: i64) -> sqlx::Result<i64> {
    // Two requests creating the channel at once must not make two.
    sqlx::query("select id from teams where id = $1 for update")
        .bind(team_id)
        .execute(&mut *tx)
        .await?;
    let existing: Option<i64> = sqlx::query_scalar(
        "select id from channels where team_id = $1 and channel_type = 'all' order by id limit 1",
    )
    .bind(team_id)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = existing {
        return Ok(id);
    }
    let channel_id: i64 = sqlx::query_scalar(
        "insert into channels (team_id, name, channel_type) select id, name, 'all' from teams where id = $1 returning id",
    )
    .bind(team_id)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "insert into channel_members (channel_id, user_id)
         select $1, u.id from teams t join users u on u.client_id = t.client_id
          where t.id = $2 and u.account_status <> 'left'
         union
         select $1, tm.user_id from team_members tm where tm.team_id = $2 and tm.status = 'assignable'
         on conflict do nothing",
    )
    .bind(channel_id)
    .bind(team_id)
    .execute(&mut *tx)
    .await?;
    Ok(channel_id)
}

/// Makes `user_id` a member (not an observer) of the channel.
pub(crate) async fn join_channel(
    db: impl PgExecutor<'_>,
    channel_id: i64,
    user_id: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into channel_members (channel_id, user_id) values ($1, $2)
         on conflict (channel_id, user_id) do update set is_observer = false",
    )
    .bind(channel_id)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

/// A member who left no longer takes part in any of the team's channels.
pub(crate) async fn leave_team_channels(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "delete from channel_members cm using channels c
          where c.id = cm.channel_id and c.team_id = $1 and cm.user_id = $2",
    )
    .bind(team_id)
    .bind(user_id)
    .execute(db)
    .await?;
    Ok(())
}

const MEMBER_SELECT: &str = "select tm.team_id, t.media_id, u.id as user_id, u.user_name, u.image_path, u.image_scan_status, u.work_status,
        tm.status, tm.is_leader, tm.private_memo, tm.public_memo, tm.editor_memo, tm.status_changed_at
   from team_members tm join users u on u.id = tm.user_id join teams t on t.id = tm.team_id";

/// One page of the team's members (in the order they were added) and how many there are.
pub(crate) async fn members_page<'c, E>(
    db: E,
    team_id: i64,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<MemberRow>)>
where
    E: PgExecutor<'c> + Copy,
{
    let total: i64 = sqlx::query_scalar("select count(*) from team_members where team_id = $1")
        .bind(team_id)
        .fetch_one(db)
        .await?;
    let sql = format!(
        "{MEMBER_SELECT} where tm.team_id = $1 order by tm.created_at, u.id limit $2 offset $3"
    );
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(team_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((total, rows))
}

pub(crate) async fn member(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
) -> sqlx::Result<Option<MemberRow>> {
    let sql = format!("{MEMBER_SELECT} where tm.team_id = $1 and tm.user_id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(team_id)
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// The member's status, locked until the transaction ends (moves of one member are serial).
pub(crate) async fn lock_status(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
) -> sqlx::Result<Option<MemberStatus>> {
    sqlx::query_scalar(
        "select status from team_members where team_id = $1 and user_id = $2 for update",
    )
    .bind(team_id)
    .bind(user_id)
    .fetch_optional(db)
    .await
}

pub(crate) async fn set_status(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
    status: MemberStatus,
) -> sqlx::Result<()> {
    sqlx::query(
        "update team_members set status = $3, status_changed_at = now(), updated_at = now()
          where team_id = $1 and user_id = $2",
    )
    .bind(team_id)
    .bind(user_id)
    .bind(status)
    .execute(db)
    .await?;
    Ok(())
}

/// Which of `user_ids` are active creators.
pub(crate) async fn active_creators(
    db: impl PgExecutor<'_>,
    user_ids: &[i64],
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select id from users where id = any($1) and role in ('general', 'editor_assistant') and account_status = 'active'",
    )
    .bind(user_ids)
    .fetch_all(db)
    .await
}

/// Which of `user_ids` cannot be added to the team, and why (already in it first). The profile
/// is complete with the five flags whoami carries (`users::db::load`, spec section 5).
pub(crate) async fn not_addable(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_ids: &[i64],
) -> sqlx::Result<Vec<(i64, NotAddable)>> {
    let rows: Vec<(i64, bool, bool)> = sqlx::query_as(
        "select u.id,
                exists (select 1 from team_members m where m.team_id = $1 and m.user_id = u.id) as member,
                exists (select 1 from user_skills s where s.user_id = u.id and cardinality(s.genre_ids) > 0)
                and exists (select 1 from bank_accounts b where b.user_id = u.id)
                and exists (select 1 from portfolios p where p.user_id = u.id)
                and exists (select 1 from possible_works w where w.user_id = u.id)
                and exists (select 1 from user_attributes a where a.user_id = u.id) as complete
           from users u where u.id = any($2)",
    )
    .bind(team_id)
    .bind(user_ids)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, member, complete)| {
            if member {
                Some((id, NotAddable::AlreadyMember))
            } else if !complete {
                Some((id, NotAddable::ProfileIncomplete))
            } else {
                None
            }
        })
        .collect())
}

/// Adds the creators as temporary members; those already in the team keep their row. Returns
/// the ones added.
pub(crate) async fn add_temporary(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_ids: &[i64],
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "insert into team_members (team_id, user_id, status)
         select $1, id, 'temporary' from unnest($2::bigint[]) as id
         on conflict do nothing returning user_id",
    )
    .bind(team_id)
    .bind(user_ids)
    .fetch_all(db)
    .await
}

pub(crate) async fn delete_member(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("delete from team_members where team_id = $1 and user_id = $2")
        .bind(team_id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Sets the memos that are given; the others keep their text.
pub(crate) async fn update_memos(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
    private_memo: Option<&str>,
    public_memo: Option<&str>,
    editor_memo: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "update team_members set private_memo = coalesce($3, private_memo), public_memo = coalesce($4, public_memo),
                editor_memo = coalesce($5, editor_memo), updated_at = now()
          where team_id = $1 and user_id = $2",
    )
    .bind(team_id)
    .bind(user_id)
    .bind(private_memo)
    .bind(public_memo)
    .bind(editor_memo)
    .execute(db)
    .await?;
    Ok(())
}

/// The template's name and body.
pub(crate) async fn template(
    db: impl PgExecutor<'_>,
    template_id: i64,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("select name, body from offer_templates where id = $1")
        .bind(template_id)
        .fetch_optional(db)
        .await
}

pub(crate) struct NewOffer<'a> {
    pub team_id: i64,
    pub user_id: i64,
    pub template_id: i64,
    pub template_name: &'a str,
    pub template_body: &'a str,
    pub message: &'a str,
    pub offered_by: i64,
}

pub(crate) async fn insert_offer(
    db: impl PgExecutor<'_>,
    offer: &NewOffer<'_>,
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into team_offers (team_id, user_id, offer_template_id, template_name, template_body, message, offered_by)
         values ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(offer.team_id)
    .bind(offer.user_id)
    .bind(offer.template_id)
    .bind(offer.template_name)
    .bind(offer.template_body)
    .bind(offer.message)
    .bind(offer.offered_by)
    .execute(db)
    .await?;
    Ok(())
}

/// Records the answer on the member's latest offer.
pub(crate) async fn answer_offer(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
    answer: &str,
    comment: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "update team_offers set answer = $3, answer_comment = $4, answered_at = now(), updated_at = now()
          where id = (select id from team_offers where team_id = $1 and user_id = $2 order by id desc limit 1)",
    )
    .bind(team_id)
    .bind(user_id)
    .bind(answer)
    .bind(comment)
    .execute(db)
    .await?;
    Ok(())
}

/// The offers waiting for the creator's answer (offered or negotiating), newest first.
pub(crate) async fn received_offers(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<Vec<ReceivedOffer>> {
    sqlx::query_as(
        "select o.id, t.id as team_id, t.name as team_name, m.id as media_id, m.name as media_name,
                c.id as client_id, c.company_name as client_name, o.template_name, o.template_body, o.message,
                tm.status, tm.public_memo, o.created_at as offered_at
           from team_members tm
           join teams t on t.id = tm.team_id
           join media m on m.id = t.media_id
           join clients c on c.id = m.client_id
           join lateral (select * from team_offers x where x.team_id = tm.team_id and x.user_id = tm.user_id order by x.id desc limit 1) o on true
          where tm.user_id = $1 and tm.status in ('offered', 'negotiating')
          order by o.id desc",
    )
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// Who a change of the team's members concerns on the client's side: its active users.
pub(crate) async fn client_user_ids(
    db: impl PgExecutor<'_>,
    team_id: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select u.id from teams t join users u on u.client_id = t.client_id
          where t.id = $1 and u.account_status = 'active' order by u.id",
    )
    .bind(team_id)
    .fetch_all(db)
    .await
}

pub(crate) async fn names(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
) -> sqlx::Result<(String, String, String)> {
    sqlx::query_as(
        "select t.name, c.company_name, (select user_name from users where id = $2)
           from teams t join clients c on c.id = t.client_id where t.id = $1",
    )
    .bind(team_id)
    .bind(user_id)
    .fetch_one(db)
    .await
}
