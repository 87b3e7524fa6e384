//! A demo manuscript: the newest writing task the demo creator took, with a short document and
//! one editor link to comment, and its first version 「初稿」 (a little different, so comparing
//! it with the current text shows a change).

use sqlx::{Postgres, Transaction};

use crate::manuscripts::count::{Block, BlockKind, count};
use crate::manuscripts::doc;
use crate::seed::users::DemoIds;

/// The demo recipe's blocks; its drafts differ in a word and in the ingredients.
fn recipe(kind_of_dish: &str, ingredients: &str) -> [Block; 4] {
    [
        (BlockKind::Heading, "はじめに".to_string()),
        (
            BlockKind::Paragraph,
            format!("季節の野菜を使った、{kind_of_dish}料理を紹介します。"),
        ),
        (BlockKind::Heading, "材料".to_string()),
        (BlockKind::Paragraph, ingredients.to_string()),
    ]
    .map(|(kind, text)| Block { kind, text })
}

pub async fn seed(tx: &mut Transaction<'_, Postgres>, ids: &DemoIds) -> anyhow::Result<()> {
    let creator = ids["creator@demo.tsumugi.jp"];
    let task_id: Option<i64> = sqlx::query_scalar(
        "select t.id from tasks t join task_assignees a on a.task_id = t.id
          where a.user_id = $1 and a.state = 'taken' and t.task_type = 'writing'
          order by t.completed_date desc nulls first, t.id desc limit 1",
    )
    .bind(creator)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(task_id) = task_id else {
        return Ok(());
    };
    let blocks = recipe("手軽な", "かぶ、にんじん、だいこん。");
    let manuscript_id: i64 = sqlx::query_scalar(
        "insert into manuscripts (task_id, snapshot, created_by) values ($1, $2, $3) returning id",
    )
    .bind(task_id)
    .bind(doc::state_of(&blocks))
    .bind(creator)
    .fetch_one(&mut **tx)
    .await?;
    let first_draft = recipe("簡単な", "かぶ、にんじん。");
    let first_state = doc::state_of(&first_draft);
    sqlx::query(
        "insert into manuscript_versions (manuscript_id, name, state, counts, created_by, created_at)
         values ($1, '初稿', $2, $3, $4, now() - interval '1 day')",
    )
    .bind(manuscript_id)
    .bind(&first_state)
    .bind(sqlx::types::Json(count(&first_draft)))
    .bind(creator)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "insert into manuscript_links (manuscript_id, permission, expires_at, created_by)
         values ($1, 'comment', now() + interval '30 days', $2)",
    )
    .bind(manuscript_id)
    .bind(creator)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
