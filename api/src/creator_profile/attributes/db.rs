//! The attributes' SQL: the JSON document and the language rows.

use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor};

use super::model::{Language, StoredAttributes};

pub(super) async fn find(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<Option<(i64, StoredAttributes)>> {
    let row: Option<(i64, Json<StoredAttributes>)> =
        sqlx::query_as("select id, attributes from user_attributes where user_id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(id, Json(stored))| (id, stored)))
}

pub(super) async fn languages(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<Vec<Language>> {
    sqlx::query_as(
        "select language_id as id, level from user_languages where user_id = $1 order by language_id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// Writes the document (a new row when `create`, else the existing one) and replaces the
/// languages; `false` when there was already a row to create, or none to change.
pub(super) async fn save(
    tx: &mut PgConnection,
    user_id: i64,
    create: bool,
    stored: &StoredAttributes,
    languages: &[Language],
) -> sqlx::Result<bool> {
    let written = if create {
        sqlx::query(
            "insert into user_attributes (user_id, attributes) values ($1, $2)
             on conflict (user_id) do nothing",
        )
        .bind(user_id)
        .bind(Json(stored))
        .execute(&mut *tx)
        .await?
    } else {
        sqlx::query(
            "update user_attributes set attributes = $2, updated_at = now() where user_id = $1",
        )
        .bind(user_id)
        .bind(Json(stored))
        .execute(&mut *tx)
        .await?
    };
    if written.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("delete from user_languages where user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    for language in languages {
        sqlx::query("insert into user_languages (user_id, language_id, level) values ($1, $2, $3)")
            .bind(user_id)
            .bind(language.id)
            .bind(language.level)
            .execute(&mut *tx)
            .await?;
    }
    Ok(true)
}
