//! A fresh database for every test, cloned from a template the test process makes once.
//!
//! Migrating and seeding the demo data took most of each test's time (34 migrations and the
//! whole demo seed, in a debug build, 262 times a run). `CREATE DATABASE … TEMPLATE` copies
//! the template's files instead. Templates are made when a test first asks for one:
//! [`seeded`] (migrated, demo data seeded as of the real clock) for most tests,
//! [`with_master_data`] for the tests of addresses and banks, and [`migrated`] for a test that
//! fixes its clock first, so that `TestApp` seeds as of that moment.
//!
//! Names carry the test process's id: a database whose process is gone (a finished run, or a
//! failed test's database kept to look at) is dropped when the next process makes its
//! templates, so concurrent runs on one PostgreSQL never touch each other's databases.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Executor, PgConnection, PgPool};
use tokio::sync::OnceCell;

const PREFIX: &str = "tsumugi_t_";

/// A test's own database; dropped with it when the test passes, kept when it fails.
pub struct TestDb {
    name: String,
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept the failed test's database {}", self.name);
            return;
        }
        let sql = format!("drop database if exists {} with (force)", self.name);
        // Drop runs inside the test's runtime, which cannot be blocked on: a thread of its own.
        let _ = std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime")
                .block_on(async move {
                    if let Ok(mut admin) = admin().await {
                        let _ = admin.execute(sqlx::AssertSqlSafe(sql)).await;
                    }
                })
        })
        .join();
    }
}

/// A database with the schema and the demo data.
pub async fn seeded() -> (PgPool, TestDb) {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    clone_of(TEMPLATE.get_or_init(|| template(Contents::Seeded)).await).await
}

/// A database with the master data (prefectures, postal codes, banks) imported from
/// `MASTER_DATA_DIR` and then the demo data, which reads it: what
/// `TestApp::spawn_with_master_data` used to import and seed in every test.
pub async fn with_master_data() -> (PgPool, TestDb) {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    clone_of(
        TEMPLATE
            .get_or_init(|| template(Contents::MasterDataSeeded))
            .await,
    )
    .await
}

/// A database with the schema only: `TestApp` seeds it as of the test's clock.
pub async fn migrated() -> (PgPool, TestDb) {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    clone_of(TEMPLATE.get_or_init(|| template(Contents::Migrated)).await).await
}

#[derive(Clone, Copy, Debug)]
enum Contents {
    Migrated,
    Seeded,
    MasterDataSeeded,
}

fn admin_options() -> PgConnectOptions {
    std::env::var("DATABASE_URL")
        .expect("DATABASE_URL names the PostgreSQL the tests create their databases on")
        .parse()
        .expect("DATABASE_URL")
}

async fn admin() -> sqlx::Result<PgConnection> {
    PgConnection::connect_with(&admin_options()).await
}

fn pool_options() -> PgPoolOptions {
    // As `#[sqlx::test]` gave each test: a handful of connections, closed soon when idle.
    PgPoolOptions::new()
        .max_connections(5)
        .idle_timeout(Some(Duration::from_secs(1)))
}

/// Makes this process's template with `contents` (the first one made also drops what ended
/// processes left behind).
async fn template(contents: Contents) -> String {
    static SWEPT: OnceCell<()> = OnceCell::const_new();
    let mut admin = admin().await.expect("connect to DATABASE_URL");
    SWEPT
        .get_or_init(|| drop_databases_of_gone_processes(&mut admin))
        .await;
    let name = format!(
        "{PREFIX}{}_{}",
        std::process::id(),
        format!("{contents:?}").to_lowercase()
    );
    admin
        .execute(sqlx::AssertSqlSafe(format!("create database {name}")))
        .await
        .expect("create a template database");
    let pool = pool_options()
        .connect_with(admin_options().database(&name))
        .await
        .expect("connect to the template");
    api::MIGRATOR.run(&pool).await.expect("migrations");
    if let Contents::MasterDataSeeded = contents {
        let dir =
            std::env::var("MASTER_DATA_DIR").expect("MASTER_DATA_DIR names the master-data export");
        api::master::db::import_if_new(&pool, std::path::Path::new(&dir))
            .await
            .expect("master data import");
    }
    if let Contents::Seeded | Contents::MasterDataSeeded = contents {
        api::seed::seed_demo_if_empty(&pool).await.expect("seed");
    }
    // A template must have no connections when it is copied.
    pool.close().await;
    name
}

/// Drops the databases (templates and tests' copies) whose test process has ended.
async fn drop_databases_of_gone_processes(admin: &mut PgConnection) {
    let names: Vec<String> =
        sqlx::query_scalar("select datname from pg_database where datname like $1")
            .bind(format!("{PREFIX}%"))
            .fetch_all(&mut *admin)
            .await
            .expect("list test databases");
    for name in names {
        let pid = name[PREFIX.len()..].split('_').next().unwrap_or_default();
        if pid.parse::<u32>().is_ok() && !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let _ = admin
                .execute(sqlx::AssertSqlSafe(format!(
                    "drop database if exists {name} with (force)"
                )))
                .await;
        }
    }
}

async fn clone_of(template: &str) -> (PgPool, TestDb) {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let name = format!(
        "{PREFIX}{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = admin().await.expect("connect to DATABASE_URL");
    admin
        .execute(sqlx::AssertSqlSafe(format!(
            "create database {name} template {template}"
        )))
        .await
        .expect("copy the template");
    admin.close().await.ok();
    let pool = pool_options().connect_lazy_with(admin_options().database(&name));
    (pool, TestDb { name })
}
