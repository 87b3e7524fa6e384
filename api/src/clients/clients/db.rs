//! The client companies' SQL.

use sqlx::{PgConnection, PgExecutor};

use crate::clients::clients::model::{
    ClientAccount, ClientDetail, ClientSummary, ClientTeamMember, ClientValues, NamedRef,
    PublicClient,
};
use crate::platform::error::AppResult;

/// Every word is found in the company name or its reading (an empty list matches everything).
const WORDS_MATCH: &str = "(select coalesce(bool_and(strpos(lower(c.company_name || ' ' || c.company_name_kana), lower(w)) > 0), true)
      from unnest($1::text[]) w)";

pub(crate) async fn list(
    db: &sqlx::PgPool,
    words: &[String],
    limit: i64,
    offset: i64,
) -> AppResult<(i64, Vec<ClientSummary>)> {
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select count(*) from clients c where {WORDS_MATCH}"
    )))
    .bind(words)
    .fetch_one(db)
    .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select c.id, c.company_name, c.company_name_kana,
                (select json_build_object('id', p.id, 'name', p.name) from client_plans p where p.id = c.plan_id) as plan,
                c.is_public,
                (select count(*) from media m where m.client_id = c.id) as media_count,
                (select count(*) from users u where u.client_id = c.id and u.account_status <> 'left') as account_count,
                c.created_at
           from clients c
          where {WORDS_MATCH}
          order by c.created_at desc, c.id desc
          limit $2 offset $3"
    )))
    .bind(words)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, rows))
}

pub(crate) async fn detail(db: impl PgExecutor<'_>, id: i64) -> AppResult<Option<ClientDetail>> {
    Ok(sqlx::query_as(
        "select c.id, c.company_name, c.company_name_kana, c.plan_id,
                (select json_build_object('id', p.id, 'name', p.name) from client_plans p where p.id = c.plan_id) as plan,
                c.postal_code, c.prefecture_id,
                (select json_build_object('id', p.id, 'name', p.name) from prefectures p where p.id = c.prefecture_id) as prefecture,
                c.address, c.phone_number, c.url, c.is_public, c.note,
                (select count(*) from media m where m.client_id = c.id) as media_count,
                (select count(*) from users u where u.client_id = c.id and u.account_status <> 'left') as account_count,
                c.created_at, c.updated_at
           from clients c
          where c.id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await?)
}

pub(crate) async fn company_name(db: impl PgExecutor<'_>, id: i64) -> AppResult<Option<String>> {
    Ok(
        sqlx::query_scalar("select company_name from clients where id = $1")
            .bind(id)
            .fetch_optional(db)
            .await?,
    )
}

/// Whether the plan and the prefecture exist (the form's `exists` rules).
pub(crate) async fn references_exist(
    db: impl PgExecutor<'_>,
    plan_id: i64,
    prefecture_id: i64,
) -> AppResult<(bool, bool)> {
    Ok(sqlx::query_as(
        "select exists (select 1 from client_plans where id = $1),
                exists (select 1 from prefectures where id = $2)",
    )
    .bind(plan_id)
    .bind(prefecture_id)
    .fetch_one(db)
    .await?)
}

/// `$1`–`$10`: a company's values in the table's column order.
fn bind_values<'q>(
    query: sqlx::query::QueryScalar<'q, sqlx::Postgres, i64, sqlx::postgres::PgArguments>,
    v: &'q ClientValues,
) -> sqlx::query::QueryScalar<'q, sqlx::Postgres, i64, sqlx::postgres::PgArguments> {
    query
        .bind(&v.company_name)
        .bind(&v.company_name_kana)
        .bind(v.plan_id)
        .bind(&v.postal_code)
        .bind(v.prefecture_id)
        .bind(&v.address)
        .bind(&v.phone_number)
        .bind(&v.url)
        .bind(v.is_public)
        .bind(&v.note)
}

pub(crate) async fn insert(db: &mut PgConnection, v: &ClientValues) -> AppResult<i64> {
    let query = sqlx::query_scalar(
        "insert into clients (company_name, company_name_kana, plan_id, postal_code, prefecture_id,
                              address, phone_number, url, is_public, note)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id",
    );
    Ok(bind_values(query, v).fetch_one(db).await?)
}

pub(crate) async fn update(db: impl PgExecutor<'_>, id: i64, v: &ClientValues) -> AppResult<bool> {
    let query = sqlx::query_scalar(
        "update clients set company_name = $1, company_name_kana = $2, plan_id = $3, postal_code = $4,
                prefecture_id = $5, address = $6, phone_number = $7, url = $8, is_public = $9,
                note = $10, updated_at = now()
          where id = $11
         returning id",
    );
    let updated = bind_values(query, v).bind(id).fetch_optional(db).await?;
    Ok(updated.is_some())
}

pub(crate) async fn accounts(
    db: impl PgExecutor<'_>,
    client_id: i64,
) -> AppResult<Vec<ClientAccount>> {
    Ok(sqlx::query_as(
        "select u.id, u.user_name, u.mail_address, u.account_status,
                (select max(s.created_at) from sessions s where s.user_id = u.id) as last_login_at,
                u.created_at
           from users u
          where u.client_id = $1
          order by u.created_at desc, u.id desc",
    )
    .bind(client_id)
    .fetch_all(db)
    .await?)
}

pub(crate) async fn public_clients(db: impl PgExecutor<'_>) -> AppResult<Vec<PublicClient>> {
    Ok(sqlx::query_as(
        "select id, company_name from clients where is_public order by company_name_kana, id",
    )
    .fetch_all(db)
    .await?)
}

pub(crate) async fn plans(db: impl PgExecutor<'_>) -> AppResult<Vec<NamedRef>> {
    Ok(
        sqlx::query_as("select id, name from client_plans order by position, id")
            .fetch_all(db)
            .await?,
    )
}

/// The creators in the teams of client `client_id` (every client when None), newest member
/// first; a membership that was left does not count.
pub(crate) async fn team_members(
    db: &sqlx::PgPool,
    client_id: Option<i64>,
    limit: i64,
    offset: i64,
) -> AppResult<(i64, Vec<ClientTeamMember>)> {
    const MEMBERSHIPS: &str = "from team_members tm
          join teams t on t.id = tm.team_id
          join users u on u.id = tm.user_id
         where tm.status <> 'left' and u.role in ('general', 'editor_assistant')
           and t.client_id is not null and ($1::bigint is null or t.client_id = $1)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select count(distinct tm.user_id) {MEMBERSHIPS}"
    )))
    .bind(client_id)
    .fetch_one(db)
    .await?;
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select u.id, u.user_name, u.work_status,
                json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id) as teams
           {MEMBERSHIPS}
          group by u.id, u.user_name, u.work_status
          order by max(tm.created_at) desc, u.id desc
          limit $2 offset $3"
    )))
    .bind(client_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, rows))
}
