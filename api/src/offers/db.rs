//! The offer templates' SQL.

use crate::offers::model::OfferTemplate;
use crate::platform::error::AppResult;

/// Every template, oldest first.
pub(crate) async fn templates(db: impl sqlx::PgExecutor<'_>) -> AppResult<Vec<OfferTemplate>> {
    Ok(
        sqlx::query_as("select id, name, body from offer_templates order by id")
            .fetch_all(db)
            .await?,
    )
}

pub(crate) async fn insert_template(
    db: impl sqlx::PgExecutor<'_>,
    name: &str,
    body: &str,
) -> AppResult<OfferTemplate> {
    Ok(sqlx::query_as(
        "insert into offer_templates (name, body) values ($1, $2) returning id, name, body",
    )
    .bind(name)
    .bind(body)
    .fetch_one(db)
    .await?)
}

/// The changed template; `None` when there is no such template.
pub(crate) async fn update_template(
    db: impl sqlx::PgExecutor<'_>,
    template_id: i64,
    name: &str,
    body: &str,
) -> AppResult<Option<OfferTemplate>> {
    Ok(
        sqlx::query_as("update offer_templates set name = $2, body = $3, updated_at = now() where id = $1 returning id, name, body")
            .bind(template_id)
            .bind(name)
            .bind(body)
            .fetch_optional(db)
            .await?,
    )
}

/// Whether there was such a template to delete.
pub(crate) async fn delete_template(
    db: impl sqlx::PgExecutor<'_>,
    template_id: i64,
) -> AppResult<bool> {
    let removed = sqlx::query("delete from offer_templates where id = $1")
        .bind(template_id)
        .execute(db)
        .await?;
    Ok(removed.rows_affected() > 0)
}
