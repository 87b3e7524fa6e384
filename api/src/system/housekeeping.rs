//! Deletes rows that no longer decide anything from the tables every visit (and every attacker)
//! adds to: used or expired bot-check tokens, login failures older than the throttling window,
//! expired two-step challenges, send-rate buckets long since full again, and guest tokens a month
//! after they expired (until then a returning guest reads 「有効期限が切れています」, not
//! 「無効なURLです」). Every node runs the sweep; an advisory lock lets one at a time do the work.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;

use crate::auth::rate_limit::WINDOW_MINUTES;
use crate::platform::clock;
use crate::state::AppState;

/// How often each node tries the sweep.
const EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);
/// Rows deleted per statement, so a table an attack filled never holds a long lock.
const BATCH: i64 = 10_000;
/// `pg_try_advisory_lock` key of the sweep ("tsumugi housekeeping").
pub const LOCK_KEY: i64 = 0x7473_756d_6867_6b70;
/// A bucket refills at least a token a minute (`platform::limits::Rate`), so one untouched for a
/// day is full, the same as no row.
const BUCKET_IDLE: Duration = Duration::days(1);
/// A guest token's expiry is still worth a message of its own this long.
const GUEST_TOKEN_KEPT: Duration = Duration::days(30);

/// One table's rule: rows of `table` whose `column` is before the bound are gone.
struct Rule {
    table: &'static str,
    column: &'static str,
    bound: fn(DateTime<Utc>) -> DateTime<Utc>,
}

const RULES: &[Rule] = &[
    Rule {
        table: "site_verifications",
        column: "expires_at",
        bound: |now| now,
    },
    Rule {
        table: "login_failures",
        column: "created_at",
        bound: |now| now - Duration::minutes(WINDOW_MINUTES),
    },
    Rule {
        table: "two_step_challenges",
        column: "expires_at",
        bound: |now| now,
    },
    Rule {
        table: "rate_buckets",
        column: "refilled_at",
        bound: |now| now - BUCKET_IDLE,
    },
    Rule {
        table: "guest_tokens",
        column: "expires_at",
        bound: |now| now - GUEST_TOKEN_KEPT,
    },
];

/// What one sweep deleted, per table.
pub type Swept = Vec<(&'static str, u64)>;

/// Deletes what the rules say is gone at `now`; `None` when another node is sweeping.
pub async fn sweep(db: &PgPool, now: DateTime<Utc>) -> sqlx::Result<Option<Swept>> {
    let mut conn = db.acquire().await?;
    let locked: bool = sqlx::query_scalar("select pg_try_advisory_lock($1)")
        .bind(LOCK_KEY)
        .fetch_one(&mut *conn)
        .await?;
    if !locked {
        return Ok(None);
    }
    let swept = delete_all(&mut conn, now).await;
    sqlx::query("select pg_advisory_unlock($1)")
        .bind(LOCK_KEY)
        .execute(&mut *conn)
        .await?;
    swept.map(Some)
}

async fn delete_all(conn: &mut sqlx::PgConnection, now: DateTime<Utc>) -> sqlx::Result<Swept> {
    let mut swept = Vec::with_capacity(RULES.len());
    for rule in RULES {
        // The table and column names are the constants above, never input.
        let statement = format!(
            "delete from {table} where ctid = any(array(
               select ctid from {table} where {column} < $1 limit $2))",
            table = rule.table,
            column = rule.column,
        );
        let mut deleted = 0;
        loop {
            let batch = sqlx::query(sqlx::AssertSqlSafe(statement.as_str()))
                .bind((rule.bound)(now))
                .bind(BATCH)
                .execute(&mut *conn)
                .await?
                .rows_affected();
            deleted += batch;
            if batch < BATCH as u64 {
                break;
            }
        }
        swept.push((rule.table, deleted));
    }
    Ok(swept)
}

/// Runs the sweep on this node every hour until the node drains.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let result = sweep(&state.db, clock::now()).await;
            match &result {
                Ok(Some(swept)) => {
                    let deleted: Vec<_> = swept.iter().filter(|(_, n)| *n > 0).collect();
                    if !deleted.is_empty() {
                        tracing::info!(?deleted, "housekeeping deleted rows no longer needed");
                    }
                }
                Ok(None) => {}
                Err(error) => tracing::warn!(?error, "housekeeping failed"),
            }
            crate::platform::metrics::job_ran("housekeeping", result.is_ok());
            if !state.node.pause(EVERY).await {
                break;
            }
        }
    })
}
