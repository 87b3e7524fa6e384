//! `confirm_bench --database-url URL [--out FILE]`
//!
//! Times `api::money::confirmations::confirm_month` — the code `POST /reward_confirmations`
//! runs — on a database that `confirm-seed.sql` filled (see `scripts/bench-confirm.sh`), counts
//! the SQL statements it sends (sqlx's statement log, counted by a tracing layer), and writes
//! the figures to `loadtest/results/reward-confirmation.md`. A benchmark, not a test.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use chrono::NaiveDate;
use sqlx::ConnectOptions;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::{Layer, Registry};

/// Counts the statements sqlx logs (target `sqlx::query`).
struct StatementCounter;
static STATEMENTS: AtomicUsize = AtomicUsize::new(0);

impl<S: tracing::Subscriber> Layer<S> for StatementCounter {
    fn on_event(&self, event: &tracing::Event<'_>, _ctx: Context<'_, S>) {
        if event.metadata().target() == "sqlx::query" {
            STATEMENTS.fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let url = arg("--database-url").ok_or_else(|| anyhow::anyhow!("--database-url is required"))?;
    let out = arg("--out").unwrap_or_else(|| "loadtest/results/reward-confirmation.md".into());
    tracing::subscriber::set_global_default(Registry::default().with(StatementCounter))?;
    let options: PgConnectOptions = url.parse()?;
    let options = options.log_statements(tracing::log::LevelFilter::Info);
    let pool = PgPoolOptions::new()
        .max_connections(2)
        .connect_with(options)
        .await?;
    let month = NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date");
    let (creators, lines): (i64, i64) = sqlx::query_as(
        "select count(distinct ta.user_id), count(*) from tasks t join task_assignees ta on ta.task_id = t.id
          where t.completed_date >= $1 and t.completed_date < $1 + 31",
    )
    .bind(month)
    .fetch_one(&pool)
    .await?;
    let accountant: i64 = sqlx::query_scalar(
        "select id from users where mail_address = 'accountant@bench-confirm.tsumugi.jp'",
    )
    .fetch_one(&pool)
    .await?;

    STATEMENTS.store(0, Ordering::Relaxed);
    let started = Instant::now();
    let confirmed = api::money::confirmations::confirm_month(&pool, month, accountant)
        .await
        .map_err(|e| anyhow::anyhow!("confirming: {e}"))?;
    let first = started.elapsed();
    let first_statements = STATEMENTS.swap(0, Ordering::Relaxed);
    let started = Instant::now();
    let again = api::money::confirmations::confirm_month(&pool, month, accountant)
        .await
        .map_err(|e| anyhow::anyhow!("confirming again: {e}"))?;
    let second = started.elapsed();
    let second_statements = STATEMENTS.swap(0, Ordering::Relaxed);
    anyhow::ensure!(
        confirmed.created && !again.created,
        "the second call must find the month confirmed"
    );
    let stored: (i64, i64) = sqlx::query_as(
        "select (select count(*) from reward_statements), (select count(*) from reward_statement_lines)",
    )
    .fetch_one(&pool)
    .await?;
    anyhow::ensure!(
        stored == (creators, lines),
        "stored {stored:?}, expected ({creators}, {lines})"
    );

    let mut report = String::new();
    writeln!(
        report,
        "# Reward confirmation: one month for {creators} creators"
    )?;
    writeln!(report)?;
    writeln!(
        report,
        "`make bench-confirm` ({}): `confirm_month` on a database seeded by `loadtest/confirm-seed.sql` — \
         {creators} creators, {lines} done tasks completed in 2026-01 (one in seven a corporation, one in forty abroad, \
         nine in ten with a bank account). Release build, PostgreSQL on the same 2-core machine.",
        chrono::Utc::now().format("%Y-%m-%d %H:%M UTC")
    )?;
    writeln!(report)?;
    writeln!(report, "| call | time | SQL statements |")?;
    writeln!(report, "| --- | ---: | ---: |")?;
    writeln!(
        report,
        "| first confirmation (stores everything) | {:.2} s | {first_statements} |",
        first.as_secs_f64()
    )?;
    writeln!(
        report,
        "| again (idempotent: finds it) | {:.1} ms | {second_statements} |",
        second.as_secs_f64() * 1000.0
    )?;
    writeln!(report)?;
    writeln!(
        report,
        "Stored: {} statements and {} lines; Σ transfers {} yen. The statement count does not grow with the \
         number of creators: the month's open lines are read once, payees and bank accounts once each \
         (`= any($1)`), and statements and lines are written with one `insert … select from unnest(…)` each.",
        stored.0, stored.1, confirmed.confirmation.total_reward_amount
    )?;
    std::fs::write(&out, &report)?;
    print!("{report}");
    Ok(())
}
