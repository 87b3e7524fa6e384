//! The hourly housekeeping: what no longer decides anything goes, what still does stays, and one
//! node sweeps at a time.

use crate::support::db;
use api::system::housekeeping::{LOCK_KEY, sweep};
use chrono::{Duration, TimeZone, Utc};
use sqlx::PgPool;

async fn count(pool: &PgPool, table: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("select count(*) from {table}")))
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn expired_tokens_old_failures_and_idle_buckets_go_and_the_rest_stays() {
    let (pool, _db) = db::seeded().await;
    let now = Utc.with_ymd_and_hms(2026, 11, 29, 3, 0, 0).unwrap();
    let ago = |minutes: i64| now - Duration::minutes(minutes);
    for (hash, expires) in [("expired", ago(1)), ("live", ago(-4))] {
        sqlx::query("insert into site_verifications (token_hash, expires_at) values ($1, $2)")
            .bind(hash.as_bytes())
            .bind(expires)
            .execute(&pool)
            .await
            .unwrap();
    }
    // The throttling window is 15 minutes: a failure 14 minutes old still counts.
    for at in [ago(16), ago(60 * 24), ago(14), ago(0)] {
        sqlx::query("insert into login_failures (mail_address, ip, created_at) values ('a@example.jp', '192.0.2.1', $1)")
            .bind(at)
            .execute(&pool)
            .await
            .unwrap();
    }
    for (key, refilled) in [("idle", ago(60 * 24 + 1)), ("recent", ago(60 * 23))] {
        sqlx::query("insert into rate_buckets (key, tokens, refilled_at) values ($1, 0, $2)")
            .bind(key)
            .bind(refilled)
            .execute(&pool)
            .await
            .unwrap();
    }

    let swept = sweep(&pool, now)
        .await
        .unwrap()
        .expect("no other node holds the lock");
    let deleted = |table: &str| swept.iter().find(|(t, _)| *t == table).map(|(_, n)| *n);
    assert_eq!(deleted("site_verifications"), Some(1));
    assert_eq!(deleted("login_failures"), Some(2));
    assert_eq!(deleted("rate_buckets"), Some(1));
    assert_eq!(count(&pool, "site_verifications").await, 1);
    assert_eq!(count(&pool, "login_failures").await, 2);
    let kept: String = sqlx::query_scalar("select key from rate_buckets")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(kept, "recent");

    // Nothing left to do: a second sweep deletes nothing.
    let again = sweep(&pool, now).await.unwrap().unwrap();
    assert!(again.iter().all(|(_, n)| *n == 0), "{again:?}");
}

#[tokio::test]
async fn a_node_leaves_the_sweep_to_the_one_already_sweeping() {
    let (pool, _db) = db::seeded().await;
    let mut other_node = pool.acquire().await.unwrap();
    sqlx::query("select pg_advisory_lock($1)")
        .bind(LOCK_KEY)
        .execute(&mut *other_node)
        .await
        .unwrap();
    sqlx::query("insert into site_verifications (token_hash, expires_at) values ('old', now() - interval '1 hour')")
        .execute(&pool)
        .await
        .unwrap();
    assert!(sweep(&pool, Utc::now()).await.unwrap().is_none());
    assert_eq!(count(&pool, "site_verifications").await, 1);

    sqlx::query("select pg_advisory_unlock($1)")
        .bind(LOCK_KEY)
        .execute(&mut *other_node)
        .await
        .unwrap();
    assert!(sweep(&pool, Utc::now()).await.unwrap().is_some());
    assert_eq!(count(&pool, "site_verifications").await, 0);
}
