//! The possible works' SQL.

use sqlx::{PgConnection, PgExecutor};

use super::model::PossibleWork;

pub(super) async fn list(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Vec<PossibleWork>> {
    sqlx::query_as(
        "select work_type as id, work_name, achievement from possible_works where user_id = $1",
    )
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// Replaces every possible work of the user with `works`.
pub(super) async fn replace(
    tx: &mut PgConnection,
    user_id: i64,
    works: &[PossibleWork],
) -> sqlx::Result<()> {
    sqlx::query("delete from possible_works where user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    for work in works {
        sqlx::query(
            "insert into possible_works (user_id, work_type, work_name, achievement) values ($1, $2, $3, $4)",
        )
        .bind(user_id)
        .bind(&work.id)
        .bind(&work.work_name)
        .bind(&work.achievement)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
