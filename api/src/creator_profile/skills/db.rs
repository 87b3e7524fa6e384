//! The skills' SQL.

use sqlx::{PgConnection, PgExecutor};

use super::model::SkillGroup;

pub(super) async fn list(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Vec<SkillGroup>> {
    sqlx::query_as(
        "select s.genre_group_id as id, s.genre_ids, s.detail
           from user_skills s join genre_groups g on g.id = s.genre_group_id
          where s.user_id = $1 order by g.position, g.id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// Replaces every skill row of the user with `groups`.
pub(super) async fn replace(
    tx: &mut PgConnection,
    user_id: i64,
    groups: &[SkillGroup],
) -> sqlx::Result<()> {
    sqlx::query("delete from user_skills where user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    for group in groups {
        sqlx::query(
            "insert into user_skills (user_id, genre_group_id, genre_ids, detail) values ($1, $2, $3, $4)",
        )
        .bind(user_id)
        .bind(group.id)
        .bind(&group.genre_ids)
        .bind(&group.detail)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
