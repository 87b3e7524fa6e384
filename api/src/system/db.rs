//! The system domain's SQL: the database ping and the release record.

use sqlx::PgExecutor;

/// A round trip to the database.
pub(crate) async fn ping(db: impl PgExecutor<'_>) -> sqlx::Result<()> {
    sqlx::query("select 1").execute(db).await?;
    Ok(())
}

/// Records the revision; whether it is new (no node recorded it before).
pub(crate) async fn record_release(
    db: impl PgExecutor<'_>,
    revision_no: &str,
) -> sqlx::Result<bool> {
    Ok(
        sqlx::query("insert into releases (revision_no) values ($1) on conflict do nothing")
            .bind(revision_no)
            .execute(db)
            .await?
            .rows_affected()
            == 1,
    )
}
