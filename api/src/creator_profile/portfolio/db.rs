//! The portfolio's SQL.

use sqlx::{PgConnection, PgExecutor};

use super::model::PortfolioText;
use crate::files::{FILE_COLUMNS, FileRow, FileView};

pub(super) async fn find(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<Option<PortfolioText>> {
    sqlx::query_as("select portfolio, publishability from portfolios where user_id = $1")
        .bind(user_id)
        .fetch_optional(db)
        .await
}

pub(super) async fn files(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Vec<FileView>> {
    let rows: Vec<FileRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select {FILE_COLUMNS} from portfolio_files p
           join files f on f.id = p.file_id join users u on u.id = f.user_id
          where p.user_id = $1 order by p.position"
    )))
    .bind(user_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(FileRow::view).collect())
}

/// Of `file_ids`, those the user uploaded.
pub(super) async fn own_files(
    db: impl PgExecutor<'_>,
    user_id: i64,
    file_ids: &[i64],
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("select id from files where id = any($1) and user_id = $2")
        .bind(file_ids)
        .bind(user_id)
        .fetch_all(db)
        .await
}

/// Writes the portfolio text and replaces its files.
pub(super) async fn save(
    tx: &mut PgConnection,
    user_id: i64,
    text: &PortfolioText,
    file_ids: &[i64],
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into portfolios (user_id, portfolio, publishability) values ($1, $2, $3)
         on conflict (user_id) do update
            set portfolio = excluded.portfolio, publishability = excluded.publishability,
                updated_at = now()",
    )
    .bind(user_id)
    .bind(&text.portfolio)
    .bind(text.publishability)
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from portfolio_files where user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into portfolio_files (user_id, file_id, position)
         select $1, f.id, f.position - 1 from unnest($2::bigint[]) with ordinality as f(id, position)",
    )
    .bind(user_id)
    .bind(file_ids)
    .execute(&mut *tx)
    .await?;
    Ok(())
}
