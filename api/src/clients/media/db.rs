//! The media's SQL.

use sqlx::{PgConnection, PgExecutor, PgPool};

use crate::clients::clients::model::NamedRef;
use crate::clients::media::model::{
    GenreGroupView, MediaManager, MediaMember, MediaSummary, MediaValues, OptionPayment,
    OptionPaymentValues,
};
use crate::platform::error::AppResult;

/// The columns of `MediaSummary` over `media m` joined with `clients c`.
const SUMMARY: &str = "select m.id, m.name, m.description, m.url,
        json_build_object('id', c.id, 'name', c.company_name) as client,
        (select json_build_object('id', g.id, 'name', g.name) from genre_groups g where g.id = m.genre_group_id) as genre_group,
        m.payment_schedule,
        (select count(*) from teams t where t.media_id = m.id) as team_count,
        (select count(distinct tm.user_id) from team_members tm join teams t on t.id = tm.team_id
          where t.media_id = m.id and tm.status <> 'left') as member_count,
        m.created_at
   from media m join clients c on c.id = m.client_id";

/// Media of client `client_id` (every client when None) whose name or company holds every word.
const FILTER: &str = "($1::bigint is null or m.client_id = $1)
    and (select coalesce(bool_and(strpos(lower(m.name || ' ' || c.company_name), lower(w)) > 0), true)
           from unnest($2::text[]) w)";

pub(crate) async fn list(
    db: &PgPool,
    client_id: Option<i64>,
    words: &[String],
    limit: i64,
    offset: i64,
) -> AppResult<(i64, Vec<MediaSummary>)> {
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select count(*) from media m join clients c on c.id = m.client_id where {FILTER}"
    )))
    .bind(client_id)
    .bind(words)
    .fetch_one(db)
    .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SUMMARY} where {FILTER} order by m.created_at desc, m.id desc limit $3 offset $4"
    )))
    .bind(client_id)
    .bind(words)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, rows))
}

/// Every medium of one client, oldest first (the order they were set up).
pub(crate) async fn of_client(db: &PgPool, client_id: i64) -> AppResult<Vec<MediaSummary>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SUMMARY} where m.client_id = $1 order by m.id"
    )))
    .bind(client_id)
    .fetch_all(db)
    .await?)
}

pub(crate) async fn summary(db: impl PgExecutor<'_>, id: i64) -> AppResult<Option<MediaSummary>> {
    Ok(
        sqlx::query_as(sqlx::AssertSqlSafe(format!("{SUMMARY} where m.id = $1")))
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

/// The medium's genre group with the genres chosen for it.
pub(crate) async fn genre_group(db: &PgPool, media_id: i64) -> AppResult<Option<GenreGroupView>> {
    let group: Option<NamedRef> = sqlx::query_as(
        "select g.id, g.name from media m join genre_groups g on g.id = m.genre_group_id where m.id = $1",
    )
    .bind(media_id)
    .fetch_optional(db)
    .await?;
    let Some(group) = group else {
        return Ok(None);
    };
    let genres: Vec<NamedRef> = sqlx::query_as(
        "select g.id, g.name from media_genres mg join genres g on g.id = mg.genre_id
          where mg.media_id = $1 order by g.position, g.id",
    )
    .bind(media_id)
    .fetch_all(db)
    .await?;
    Ok(Some(GenreGroupView {
        id: group.id,
        name: group.name,
        genres,
    }))
}

pub(crate) async fn search_tags(db: &PgPool, media_id: i64) -> AppResult<Vec<NamedRef>> {
    Ok(sqlx::query_as(
        "select t.id, t.name from media_search_tags mt join search_tags t on t.id = mt.search_tag_id
          where mt.media_id = $1 order by t.name, t.id",
    )
    .bind(media_id)
    .fetch_all(db)
    .await?)
}

pub(crate) async fn managers(db: &PgPool, media_id: i64) -> AppResult<Vec<MediaManager>> {
    Ok(sqlx::query_as(
        "select u.id, u.user_name, u.role from media_managers mm join users u on u.id = mm.user_id
          where mm.media_id = $1 order by u.id",
    )
    .bind(media_id)
    .fetch_all(db)
    .await?)
}

/// The people who may manage a medium of client `client_id`: active managers and admins, and
/// the company's own active accounts.
pub(crate) async fn manager_candidates(
    db: &PgPool,
    client_id: i64,
) -> AppResult<Vec<MediaManager>> {
    Ok(sqlx::query_as(
        "select id, user_name, role from users
          where account_status = 'active'
            and (role in ('manager', 'admin') or (role = 'client' and client_id = $1))
          order by role = 'client' desc, id",
    )
    .bind(client_id)
    .fetch_all(db)
    .await?)
}

/// Which of the form's references do not exist: (genre group, genres outside the group,
/// unknown tags, people who may not manage the client's media).
pub(crate) async fn missing_references(
    db: &PgPool,
    client_id: i64,
    v: &MediaValues,
) -> AppResult<(bool, bool, bool, bool)> {
    Ok(sqlx::query_as(
        "select not exists (select 1 from genre_groups where id = $1),
                exists (select 1 from unnest($2::bigint[]) g
                         where not exists (select 1 from genres x where x.id = g and x.genre_group_id = $1)),
                exists (select 1 from unnest($3::bigint[]) t
                         where not exists (select 1 from search_tags x where x.id = t)),
                exists (select 1 from unnest($4::bigint[]) u
                         where not exists (select 1 from users x where x.id = u and x.account_status = 'active'
                                              and (x.role in ('manager', 'admin') or (x.role = 'client' and x.client_id = $5))))",
    )
    .bind(v.genre_group_id)
    .bind(&v.genre_ids)
    .bind(&v.search_tag_ids)
    .bind(&v.manager_ids)
    .bind(client_id)
    .fetch_one(db)
    .await?)
}

pub(crate) async fn insert(
    tx: &mut PgConnection,
    client_id: i64,
    v: &MediaValues,
) -> AppResult<i64> {
    let id: i64 = sqlx::query_scalar(
        "insert into media (client_id, name, description, url, genre_group_id, payment_schedule)
         values ($1, $2, $3, $4, $5, $6) returning id",
    )
    .bind(client_id)
    .bind(&v.name)
    .bind(&v.description)
    .bind(&v.url)
    .bind(v.genre_group_id)
    .bind(v.payment_schedule)
    .fetch_one(&mut *tx)
    .await?;
    replace_links(tx, id, v).await?;
    Ok(id)
}

/// Changes medium `id` of client `client_id`; false when it is not that client's.
pub(crate) async fn update(
    tx: &mut PgConnection,
    client_id: i64,
    id: i64,
    v: &MediaValues,
) -> AppResult<bool> {
    let done = sqlx::query(
        "update media set name = $3, description = $4, url = $5, genre_group_id = $6,
                payment_schedule = $7, updated_at = now()
          where id = $1 and client_id = $2",
    )
    .bind(id)
    .bind(client_id)
    .bind(&v.name)
    .bind(&v.description)
    .bind(&v.url)
    .bind(v.genre_group_id)
    .bind(v.payment_schedule)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    replace_links(tx, id, v).await?;
    Ok(true)
}

/// The medium's genres, tags and managers become exactly the form's.
async fn replace_links(tx: &mut PgConnection, id: i64, v: &MediaValues) -> AppResult<()> {
    for (table, column, ids) in [
        ("media_genres", "genre_id", &v.genre_ids),
        ("media_search_tags", "search_tag_id", &v.search_tag_ids),
        ("media_managers", "user_id", &v.manager_ids),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "delete from {table} where media_id = $1"
        )))
        .bind(id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "insert into {table} (media_id, {column}) select $1, unnest($2::bigint[])"
        )))
        .bind(id)
        .bind(ids)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// The creators in the medium's teams with their memberships there; `include_left` keeps the
/// memberships that were left (else a creator who left every team is not listed). Paged when
/// `page` is (limit, offset).
pub(crate) async fn members(
    db: &PgPool,
    media_id: i64,
    include_left: bool,
    page: Option<(i64, i64)>,
) -> AppResult<(i64, Vec<MediaMember>)> {
    const MEMBERSHIPS: &str = "from team_members tm
          join teams t on t.id = tm.team_id
          join users u on u.id = tm.user_id
         where t.media_id = $1 and (tm.status <> 'left' or $2)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select count(distinct tm.user_id) {MEMBERSHIPS}"
    )))
    .bind(media_id)
    .bind(include_left)
    .fetch_one(db)
    .await?;
    let (limit, offset) = page.unwrap_or((i64::MAX, 0));
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select u.id, u.user_name, u.work_status,
                json_agg(json_build_object('id', t.id, 'name', t.name, 'status', tm.status)
                         order by t.name, t.id) as teams
           {MEMBERSHIPS}
          group by u.id, u.user_name, u.work_status
          order by min(tm.created_at), u.id
          limit $3 offset $4"
    )))
    .bind(media_id)
    .bind(include_left)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, rows))
}

pub(crate) async fn option_payments(
    db: impl PgExecutor<'_>,
    media_id: i64,
) -> AppResult<Vec<OptionPayment>> {
    Ok(sqlx::query_as(
        "select p.id, p.media_id, p.title, p.amount, p.target_year, p.target_month, p.note,
                u.user_name as created_by_name, p.created_at
           from media_option_payments p left join users u on u.id = p.created_by
          where p.media_id = $1
          order by p.target_year desc, p.target_month desc, p.id desc",
    )
    .bind(media_id)
    .fetch_all(db)
    .await?)
}

pub(crate) async fn insert_option_payment(
    db: &PgPool,
    media_id: i64,
    created_by: i64,
    v: &OptionPaymentValues,
) -> AppResult<OptionPayment> {
    Ok(sqlx::query_as(
        "with p as (
            insert into media_option_payments (media_id, title, amount, target_year, target_month, note, created_by)
            values ($1, $2, $3, $4, $5, $6, $7)
            returning *)
         select p.id, p.media_id, p.title, p.amount, p.target_year, p.target_month, p.note,
                u.user_name as created_by_name, p.created_at
           from p left join users u on u.id = p.created_by",
    )
    .bind(media_id)
    .bind(&v.title)
    .bind(v.amount)
    .bind(v.target_year)
    .bind(v.target_month)
    .bind(&v.note)
    .bind(created_by)
    .fetch_one(db)
    .await?)
}

pub(crate) async fn customer_information(
    db: impl PgExecutor<'_>,
    media_id: i64,
) -> AppResult<String> {
    Ok(
        sqlx::query_scalar("select customer_information from media where id = $1")
            .bind(media_id)
            .fetch_one(db)
            .await?,
    )
}

pub(crate) async fn set_customer_information(
    db: impl PgExecutor<'_>,
    media_id: i64,
    text: &str,
) -> AppResult<()> {
    sqlx::query("update media set customer_information = $2, updated_at = now() where id = $1")
        .bind(media_id)
        .bind(text)
        .execute(db)
        .await?;
    Ok(())
}
