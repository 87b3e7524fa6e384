//! Login throttling per account and per address, kept in PostgreSQL so every node agrees.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

pub const WINDOW_MINUTES: i64 = 15;

pub struct Limits {
    pub per_account: i64,
    pub per_ip: i64,
}

/// Seconds to wait when either budget of failures inside the window is spent.
pub async fn retry_after(
    db: &PgPool,
    limits: &Limits,
    mail_address: &str,
    ip: &str,
) -> sqlx::Result<Option<u64>> {
    let (account_failures, account_oldest, ip_failures, ip_oldest): (i64, Option<DateTime<Utc>>, i64, Option<DateTime<Utc>>) =
        sqlx::query_as(
            "select
               (select count(*) from login_failures where lower(mail_address) = lower($1) and created_at > now() - make_interval(mins => $3)),
               (select min(created_at) from (select created_at from login_failures where lower(mail_address) = lower($1) and created_at > now() - make_interval(mins => $3) order by created_at desc limit $4) a),
               (select count(*) from login_failures where ip = $2 and created_at > now() - make_interval(mins => $3)),
               (select min(created_at) from (select created_at from login_failures where ip = $2 and created_at > now() - make_interval(mins => $3) order by created_at desc limit $5) i)",
        )
        .bind(mail_address)
        .bind(ip)
        .bind(WINDOW_MINUTES as i32)
        .bind(limits.per_account)
        .bind(limits.per_ip)
        .fetch_one(db)
        .await?;
    let wait_from = |oldest: Option<DateTime<Utc>>| {
        oldest.map(|t| {
            let free_at = t + chrono::Duration::minutes(WINDOW_MINUTES);
            (free_at - Utc::now()).num_seconds().max(1) as u64
        })
    };
    let account_wait = (account_failures >= limits.per_account)
        .then(|| wait_from(account_oldest))
        .flatten();
    let ip_wait = (ip_failures >= limits.per_ip)
        .then(|| wait_from(ip_oldest))
        .flatten();
    Ok(account_wait.max(ip_wait))
}

pub async fn record_failure(db: &PgPool, mail_address: &str, ip: &str) -> sqlx::Result<()> {
    sqlx::query("insert into login_failures (mail_address, ip) values ($1, $2)")
        .bind(mail_address)
        .bind(ip)
        .execute(db)
        .await?;
    Ok(())
}

/// A successful login forgives the account's earlier failures.
pub async fn clear_account(db: &PgPool, mail_address: &str) -> sqlx::Result<()> {
    sqlx::query("delete from login_failures where lower(mail_address) = lower($1)")
        .bind(mail_address)
        .execute(db)
        .await?;
    Ok(())
}
