//! Demo data for a fresh database (`SEED_DEMO=1`): the fixed accounts tests and newcomers use.

mod assessments;
mod chat;
mod client_payments;
mod clients;
mod creators;
mod guests;
mod information;
mod manuscripts;
mod rewards;
mod teams;
mod users;
mod work;

use sqlx::PgPool;

use crate::auth::password;

pub const DEMO_PASSWORD: &str = "Tsumugi-demo-2026";

/// Seeds the demo workspace when the database has no users yet; returns whether it did.
pub async fn seed_demo_if_empty(db: &PgPool) -> anyhow::Result<bool> {
    let mut tx = db.begin().await?;
    // Two nodes starting together must not both seed.
    sqlx::query("lock table users in exclusive mode")
        .execute(&mut *tx)
        .await?;
    let has_users: bool = sqlx::query_scalar("select exists (select 1 from users)")
        .fetch_one(&mut *tx)
        .await?;
    if has_users {
        return Ok(false);
    }
    let password_hash = tokio::task::spawn_blocking(|| password::hash(DEMO_PASSWORD)).await??;
    let client_id: i64 = sqlx::query_scalar(
        "insert into clients (company_name) values ('株式会社デモメディア') returning id",
    )
    .fetch_one(&mut *tx)
    .await?;

    let ids = users::seed(&mut tx, client_id, &password_hash).await?;
    chat::seed(&mut tx, client_id, &ids).await?;
    work::seed(&mut tx, client_id, &ids).await?;
    clients::seed(&mut tx, client_id, &ids, &password_hash).await?;
    // The chat team was seeded before the client's media existed: it belongs to the first one.
    sqlx::query(
        "update teams set media_id = (select min(id) from media where client_id = $1)
          where client_id = $1 and media_id is null",
    )
    .bind(client_id)
    .execute(&mut *tx)
    .await?;
    creators::seed(&mut tx, &password_hash).await?;
    rewards::seed_history(&mut tx, &ids).await?;
    client_payments::seed(&mut tx, client_id).await?;
    guests::seed(&mut tx, client_id).await?;
    assessments::seed(&mut tx, client_id, &ids).await?;
    teams::seed(&mut tx, client_id).await?;
    information::seed(&mut tx, &ids).await?;
    manuscripts::seed(&mut tx, &ids).await?;
    // Last: confirming months freezes every done task of them.
    rewards::confirm_past_months(&mut tx, &ids).await?;
    tx.commit().await?;
    Ok(true)
}
