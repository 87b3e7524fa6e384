//! The hottest reads (the team list) over a few PostgreSQL connections that every request
//! shares. `tokio_postgres` sends a statement as soon as it is asked, without waiting for the
//! previous answer, so concurrent requests' statements queue up on one connection and its
//! backend finds the next one already waiting instead of sleeping until it arrives. On two
//! cores that costs PostgreSQL about a fifth less CPU per statement than the pool's one
//! statement per connection at a time (`docs/decisions/read-pipeline.md`). Writes and
//! transactions stay on the `sqlx` pool.
//!
//! The connections are opened on first use and again whenever one has closed (a restart, a
//! terminated backend); a read that finds its connection closed, or whose backend ends under
//! it, is repeated once on a fresh one. They reach the same server, database and user as the
//! pool, answer 503 like the pool while PostgreSQL is away, and end when the pool is closed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use sqlx::PgPool;
use tokio_postgres::error::SqlState;
use tokio_postgres::{Client, NoTls, Row, Statement};

use crate::platform::error::{AppError, AppResult, backend_shut_down};
use crate::platform::server_timing::{self, Phase};
use crate::platform::sql::ReadQuery;

/// Prepared statements kept per connection; the pipeline's queries come from a handful of
/// call sites, so this is never reached in practice and only bounds a mistake.
const MAX_CACHED_STATEMENTS: usize = 256;

/// How a connection names itself in `pg_stat_activity`.
pub const APPLICATION_NAME: &str = "tsumugi-read-pipeline";

/// A row type the pipeline can decode.
pub trait FromPgRow: Sized {
    fn from_pg_row(row: &Row) -> Result<Self, tokio_postgres::Error>;
}

pub struct ReadPipeline {
    slots: Box<[Slot]>,
    next: AtomicUsize,
    connect: tokio_postgres::Config,
    pool: PgPool,
}

#[derive(Default)]
struct Slot {
    live: Mutex<Option<Arc<Connection>>>,
    /// Held while (re)connecting, so concurrent requests open one connection, not one each.
    opening: tokio::sync::Mutex<()>,
}

struct Connection {
    client: Client,
    statements: Mutex<HashMap<Box<str>, Statement>>,
}

impl ReadPipeline {
    /// `connections` shared connections to the database `pool` uses. `database_url` supplies
    /// what the pool's options do not expose (the password); the pool's own host, port, user
    /// and database win, so both always reach the same server.
    pub fn new(pool: &PgPool, database_url: &str, connections: usize) -> anyhow::Result<Self> {
        let options = pool.connect_options();
        let mut connect: tokio_postgres::Config = database_url.parse()?;
        connect
            .host(options.get_host())
            .port(options.get_port())
            .user(options.get_username())
            .application_name(APPLICATION_NAME)
            .connect_timeout(crate::DATABASE_WAIT);
        if let Some(database) = options.get_database() {
            connect.dbname(database);
        }
        if connect.get_password().is_none()
            && let Ok(password) = std::env::var("PGPASSWORD")
        {
            connect.password(password);
        }
        Ok(ReadPipeline {
            slots: (0..connections.max(1)).map(|_| Slot::default()).collect(),
            next: AtomicUsize::new(0),
            connect,
            pool: pool.clone(),
        })
    }

    /// Every row of `query`, decoded.
    pub async fn fetch_all<T: FromPgRow>(&self, query: &ReadQuery) -> AppResult<Vec<T>> {
        let rows = server_timing::timed(Phase::Db, self.query(query)).await?;
        rows.iter()
            .map(T::from_pg_row)
            .collect::<Result<_, _>>()
            .map_err(AppError::from)
    }

    async fn query(&self, query: &ReadQuery) -> AppResult<Vec<Row>> {
        let slot = &self.slots[self.next.fetch_add(1, Ordering::Relaxed) % self.slots.len()];
        let mut retried = false;
        loop {
            let connection = slot.connection(self).await?;
            match connection.query(query).await {
                Ok(rows) => return Ok(rows),
                Err(error) if !retried && connection_lost(&error, &connection) => {
                    // A read can be repeated: one more try on a fresh connection, so a
                    // backend that ends under a request (a restart, a terminated backend)
                    // costs nobody an error.
                    slot.forget(&connection);
                    retried = true;
                }
                Err(error) => {
                    if connection.client.is_closed() {
                        slot.forget(&connection);
                    }
                    return Err(error.into());
                }
            }
        }
    }

    /// Opens a connection whose driver task ends when the connection or the pool closes.
    async fn open(&self) -> Result<Connection, tokio_postgres::Error> {
        let (client, driver) = self.connect.connect(NoTls).await?;
        let pool_closed = self.pool.close_event();
        tokio::spawn(async move {
            tokio::select! {
                ended = driver => if let Err(error) = ended {
                    tracing::warn!(%error, "read pipeline connection ended");
                },
                _ = pool_closed => {}
            }
        });
        Ok(Connection {
            client,
            statements: Mutex::default(),
        })
    }
}

/// Whether `error` means the connection is gone rather than the statement failed: closed, or
/// its backend shut down (57P01-57P03).
fn connection_lost(error: &tokio_postgres::Error, connection: &Connection) -> bool {
    error.is_closed()
        || connection.client.is_closed()
        || error
            .code()
            .is_some_and(|code| backend_shut_down(code.code()))
}

impl Slot {
    /// The slot's open connection, opening one if it has none; 503 if that takes longer than
    /// the pool would wait for a connection.
    async fn connection(&self, pipeline: &ReadPipeline) -> AppResult<Arc<Connection>> {
        if let Some(connection) = self.open_connection() {
            return Ok(connection);
        }
        if pipeline.pool.is_closed() {
            return Err(AppError::Unavailable);
        }
        tokio::time::timeout(crate::DATABASE_WAIT, async {
            let _opening = self.opening.lock().await;
            if let Some(connection) = self.open_connection() {
                return Ok(connection);
            }
            let connection = Arc::new(pipeline.open().await?);
            *self.live.lock().expect("slot lock") = Some(connection.clone());
            Ok(connection)
        })
        .await
        .unwrap_or(Err(AppError::Unavailable))
    }

    fn open_connection(&self) -> Option<Arc<Connection>> {
        self.live
            .lock()
            .expect("slot lock")
            .as_ref()
            .filter(|connection| !connection.client.is_closed())
            .cloned()
    }

    /// Drops `closed` from the slot unless another request has already replaced it.
    fn forget(&self, closed: &Arc<Connection>) {
        let mut live = self.live.lock().expect("slot lock");
        if live.as_ref().is_some_and(|c| Arc::ptr_eq(c, closed)) {
            *live = None;
        }
    }
}

impl Connection {
    /// Runs `query` as a prepared statement, prepared once per connection and text (a call
    /// site binds the same types every time). A statement whose tables changed shape since it
    /// was prepared (a migration run by another node) is prepared again, once.
    async fn query(&self, query: &ReadQuery) -> Result<Vec<Row>, tokio_postgres::Error> {
        let statement = self.statement(query).await?;
        match self.client.query(&statement, &query.params()).await {
            Err(error) if stale_statement(&error) => {
                self.statements
                    .lock()
                    .expect("statement cache")
                    .remove(query.sql());
                let statement = self.statement(query).await?;
                self.client.query(&statement, &query.params()).await
            }
            answered => answered,
        }
    }

    async fn statement(&self, query: &ReadQuery) -> Result<Statement, tokio_postgres::Error> {
        let sql = query.sql();
        let cached = self
            .statements
            .lock()
            .expect("statement cache")
            .get(sql)
            .cloned();
        if let Some(statement) = cached {
            return Ok(statement);
        }
        let statement = self.client.prepare_typed(sql, query.types()).await?;
        let mut cache = self.statements.lock().expect("statement cache");
        if cache.len() < MAX_CACHED_STATEMENTS {
            cache.insert(sql.into(), statement.clone());
        }
        Ok(statement)
    }
}

/// "cached plan must not change result type" (0A000) or a statement the server no longer
/// knows (26000): PostgreSQL's answers to a prepared statement that has gone stale.
fn stale_statement(error: &tokio_postgres::Error) -> bool {
    error.code().is_some_and(|code| {
        *code == SqlState::FEATURE_NOT_SUPPORTED || *code == SqlState::INVALID_SQL_STATEMENT_NAME
    })
}
