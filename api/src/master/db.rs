//! The master tables: importing a CSV export, and the lookups the forms make.

use std::collections::BTreeMap;
use std::path::Path;

use sqlx::{PgConnection, PgPool};

use crate::master::model::{Address, Bank, BankBranch, Genre, GenreGroup, Prefecture};

/// Imports the CSVs of `dir` unless its version (the folder name) is already imported. Ids
/// come from the official codes, so rows that other tables reference keep their ids.
pub async fn import_if_new(db: &PgPool, dir: &Path) -> anyhow::Result<bool> {
    let version = dir
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| anyhow::anyhow!("master data folder without a name: {}", dir.display()))?
        .to_string();
    let mut tx = db.begin().await?;
    // Two nodes starting together import once.
    sqlx::query("lock table master_data_imports in exclusive mode")
        .execute(&mut *tx)
        .await?;
    let done: bool =
        sqlx::query_scalar("select exists (select 1 from master_data_imports where version = $1)")
            .bind(&version)
            .fetch_one(&mut *tx)
            .await?;
    if done {
        return Ok(false);
    }
    let staged = [
        ("prefectures", "id smallint, name text, kana text"),
        (
            "postal_codes",
            "postal_code text, prefecture_id smallint, city text, town text, city_kana text, town_kana text",
        ),
        ("banks", "bank_code text, name text, kana text, hira text"),
        (
            "bank_branches",
            "bank_code text, branch_code text, name text, kana text, hira text",
        ),
    ];
    for (table, columns) in staged {
        copy_csv(&mut tx, table, columns, &dir.join(format!("{table}.csv"))).await?;
    }
    sqlx::query(
        "insert into prefectures (id, name, kana) select id, name, kana from staged_prefectures
         on conflict (id) do update set name = excluded.name, kana = excluded.kana",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from postal_codes")
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into postal_codes (postal_code, prefecture_id, city, town, city_kana, town_kana)
         select postal_code, prefecture_id, city, coalesce(town, ''), coalesce(city_kana, ''), coalesce(town_kana, '')
           from staged_postal_codes",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into banks (id, bank_code, name, kana, hira)
         select bank_code::int, bank_code, name, kana, hira from staged_banks
         on conflict (id) do update set name = excluded.name, kana = excluded.kana, hira = excluded.hira",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "insert into bank_branches (id, bank_id, branch_code, name, kana, hira)
         select bank_code::bigint * 1000 + branch_code::int, bank_code::int, branch_code, name, kana, hira
           from staged_bank_branches
         on conflict (id) do update set name = excluded.name, kana = excluded.kana, hira = excluded.hira",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query("insert into master_data_imports (version) values ($1)")
        .bind(&version)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// Loads one CSV into a temporary `staged_<table>` that disappears at commit.
async fn copy_csv(
    tx: &mut PgConnection,
    table: &str,
    columns: &str,
    file: &Path,
) -> anyhow::Result<()> {
    let bytes = tokio::fs::read(file)
        .await
        .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "create temporary table staged_{table} ({columns}) on commit drop"
    )))
    .execute(&mut *tx)
    .await?;
    // An empty CSV field is NULL to COPY; the inserts below turn it back into ''.
    let statement = format!("copy staged_{table} from stdin with (format csv)");
    let mut copy = tx.copy_in_raw(&statement).await?;
    copy.send(bytes).await?;
    copy.finish().await?;
    Ok(())
}

pub async fn prefectures(db: &PgPool) -> sqlx::Result<Vec<Prefecture>> {
    // 「海外」 (the overseas id) is a row too, for the users' foreign key; the route adds it last.
    sqlx::query_as("select id, name from prefectures where id <> $1 order by id")
        .bind(crate::master::OVERSEAS_PREFECTURE_ID)
        .fetch_all(db)
        .await
}

pub async fn addresses(db: &PgPool, postal_code: &str) -> sqlx::Result<Vec<Address>> {
    sqlx::query_as(
        "select c.prefecture_id, p.name as prefecture_name, c.city, c.town
           from postal_codes c join prefectures p on p.id = c.prefecture_id
          where c.postal_code = $1 order by c.city, c.town",
    )
    .bind(postal_code)
    .fetch_all(db)
    .await
}

/// Banks matching `keyword` (code prefix, or name / katakana / hiragana containing it), the
/// banks Tsumugi's members use most first.
pub async fn banks(db: &PgPool, keyword: &str, limit: i64) -> sqlx::Result<Vec<Bank>> {
    sqlx::query_as(
        "select b.id, b.name, b.bank_code, b.kana
           from banks b
          where $1 = '' or b.bank_code like $1 || '%' or b.name like '%' || $1 || '%'
                or b.kana like '%' || $1 || '%' or b.hira like '%' || $1 || '%'
          order by (select count(*) from bank_accounts a where a.bank_code = b.bank_code) desc, b.id
          limit $2",
    )
    .bind(keyword)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The banks most used by Tsumugi's members' accounts; the largest banks by code otherwise.
pub async fn often_used_banks(db: &PgPool, limit: i64) -> sqlx::Result<Vec<Bank>> {
    banks(db, "", limit).await
}

/// One bank by id (the 4-digit code as a number).
pub async fn bank_by_id(db: impl sqlx::PgExecutor<'_>, bank_id: i64) -> sqlx::Result<Option<Bank>> {
    sqlx::query_as("select id, name, bank_code, kana from banks where id = $1")
        .bind(bank_id)
        .fetch_optional(db)
        .await
}

/// One branch by id (bank code × 1000 + branch code).
pub async fn branch_by_id(
    db: impl sqlx::PgExecutor<'_>,
    branch_id: i64,
) -> sqlx::Result<Option<BankBranch>> {
    sqlx::query_as(
        "select id, name, branch_code as bank_branch_code, bank_id, kana from bank_branches where id = $1",
    )
    .bind(branch_id)
    .fetch_optional(db)
    .await
}

pub async fn branches(
    db: &PgPool,
    bank_id: i32,
    keyword: &str,
    limit: i64,
) -> sqlx::Result<Vec<BankBranch>> {
    sqlx::query_as(
        "select id, name, branch_code as bank_branch_code, bank_id, kana
           from bank_branches
          where bank_id = $1 and ($2 = '' or branch_code like $2 || '%' or name like '%' || $2 || '%'
                or kana like '%' || $2 || '%' or hira like '%' || $2 || '%')
          order by branch_code limit $3",
    )
    .bind(bank_id)
    .bind(keyword)
    .bind(limit)
    .fetch_all(db)
    .await
}

#[derive(sqlx::FromRow)]
struct GenreRow {
    id: i64,
    genre_group_id: i64,
    parent_genre_id: Option<i64>,
    name: String,
}

/// Every genre group with its top-level genres, in catalogue order.
pub async fn genre_groups(db: &PgPool) -> sqlx::Result<Vec<GenreGroup>> {
    let groups: Vec<(i64, String)> =
        sqlx::query_as("select id, name from genre_groups order by position, id")
            .fetch_all(db)
            .await?;
    let genres: Vec<GenreRow> = sqlx::query_as(
        "select id, genre_group_id, parent_genre_id, name from genres
          where parent_genre_id is null order by position, id",
    )
    .fetch_all(db)
    .await?;
    Ok(groups
        .into_iter()
        .map(|(id, name)| GenreGroup {
            id,
            name,
            genres: genres
                .iter()
                .filter(|g| g.genre_group_id == id)
                .map(|g| Genre {
                    id: g.id,
                    name: g.name.clone(),
                })
                .collect(),
        })
        .collect())
}

/// The children of genre `genre_id`; `None` when there is no such genre.
pub async fn child_genres(db: &PgPool, genre_id: i64) -> sqlx::Result<Option<Vec<Genre>>> {
    let exists: bool = sqlx::query_scalar("select exists (select 1 from genres where id = $1)")
        .bind(genre_id)
        .fetch_one(db)
        .await?;
    if !exists {
        return Ok(None);
    }
    sqlx::query_as("select id, name from genres where parent_genre_id = $1 order by position, id")
        .bind(genre_id)
        .fetch_all(db)
        .await
        .map(Some)
}

/// The child genres of group `group_id` keyed by their parent genre; `None` when there is no
/// such group.
pub async fn group_child_genres(
    db: &PgPool,
    group_id: i64,
) -> sqlx::Result<Option<BTreeMap<i64, Vec<Genre>>>> {
    let exists: bool =
        sqlx::query_scalar("select exists (select 1 from genre_groups where id = $1)")
            .bind(group_id)
            .fetch_one(db)
            .await?;
    if !exists {
        return Ok(None);
    }
    let rows: Vec<GenreRow> = sqlx::query_as(
        "select id, genre_group_id, parent_genre_id, name from genres
          where genre_group_id = $1 and parent_genre_id is not null order by position, id",
    )
    .bind(group_id)
    .fetch_all(db)
    .await?;
    let mut by_parent: BTreeMap<i64, Vec<Genre>> = BTreeMap::new();
    for row in rows {
        if let Some(parent) = row.parent_genre_id {
            by_parent.entry(parent).or_default().push(Genre {
                id: row.id,
                name: row.name,
            });
        }
    }
    Ok(Some(by_parent))
}

/// Of `genre_ids`, those that are not genres of group `group_id` (top-level or child).
pub async fn genres_outside_group(
    db: impl sqlx::PgExecutor<'_>,
    group_id: i64,
    genre_ids: &[i64],
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "select g from unnest($2::bigint[]) g
          where not exists (select 1 from genres where id = g and genre_group_id = $1)",
    )
    .bind(group_id)
    .bind(genre_ids)
    .fetch_all(db)
    .await
}

/// Which of `group_ids` are genre groups.
pub async fn existing_genre_groups(
    db: impl sqlx::PgExecutor<'_>,
    group_ids: &[i64],
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("select id from genre_groups where id = any($1)")
        .bind(group_ids)
        .fetch_all(db)
        .await
}
