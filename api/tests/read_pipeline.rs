//! The read pipeline (`platform::read_pipeline`): the same rows as the pool for the team list,
//! and a connection whose backend is terminated is replaced without an error.

use crate::support;
use crate::support::db;

use api::auth::role::Role;
use api::auth::session::Caller;
use api::chat::channels::access::SqlQuery;
use api::chat::teams::model::TeamView;
use api::chat::teams::{TeamsOf, push_teams_query};
use api::platform::read_pipeline::{APPLICATION_NAME, FromPgRow};
use api::platform::sql::ReadQuery;
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;
use support::TestApp;

/// Every user with their role and client, as the session middleware would resolve them.
async fn callers(pool: &PgPool) -> Vec<(String, Caller)> {
    let users: Vec<(i64, String, Option<i64>, String)> =
        sqlx::query_as("select id, role, client_id, mail_address from users order by id")
            .fetch_all(pool)
            .await
            .unwrap();
    users
        .into_iter()
        .map(|(user_id, role, client_id, mail_address)| {
            let caller = Caller {
                user_id,
                role: Role::from_db(&role).unwrap(),
                session_id: uuid::Uuid::nil(),
                client_id,
            };
            (mail_address, caller)
        })
        .collect()
}

#[tokio::test]
async fn the_team_list_through_the_pipeline_has_the_pools_rows_for_every_user() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    // Unread messages in the demo team for the editor too, so the counts are not all zero.
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let group = support::channel_id(&pool, support::GROUP).await;
    let (status, body) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "比べる", "client_message_id": "pipeline-1" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let callers = callers(&pool).await;
    let mut roles: Vec<_> = callers.iter().map(|(_, c)| c.role.as_db()).collect();
    roles.sort();
    roles.dedup();
    assert!(
        roles.len() >= 5,
        "the demo data has every kind of user: {roles:?}"
    );
    let mut rows_seen = 0;
    let mut unread_seen = 0;
    for (mail_address, caller) in &callers {
        for of in [TeamsOf::All, TeamsOf::Leader] {
            let mut pooled = SqlQuery::new("");
            push_teams_query(&mut pooled, caller, of);
            let from_pool: Vec<TeamView> = pooled.build_query_as().fetch_all(&pool).await.unwrap();
            let mut read = ReadQuery::new("");
            push_teams_query(&mut read, caller, of);
            let from_pipeline: Vec<TeamView> = app.state.reads.fetch_all(&read).await.unwrap();
            assert_eq!(
                serde_json::to_value(&from_pipeline).unwrap(),
                serde_json::to_value(&from_pool).unwrap(),
                "{mail_address} {of:?}"
            );
            rows_seen += from_pool.len();
            unread_seen += from_pool.iter().filter(|t| t.unread_count > 0).count();
        }
    }
    assert!(
        rows_seen > 0 && unread_seen > 0,
        "{rows_seen} rows, {unread_seen} unread"
    );
}

async fn pipeline_backends(pool: &PgPool) -> Vec<i32> {
    sqlx::query_scalar(
        "select pid from pg_stat_activity where datname = current_database() and application_name = $1 order by pid",
    )
    .bind(APPLICATION_NAME)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_terminated_pipeline_backend_is_replaced_and_no_request_fails() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, before) = app.get("/api/teams", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK, "{before}");
    assert_eq!(before["assigned"][0]["name"], "デモ編集部");
    // Each request takes the next connection: enough requests open all of them.
    let connections = app.state.config.database_read_connections;
    for _ in 1..connections {
        assert_eq!(
            app.get("/api/teams", Some(&creator)).await.0,
            StatusCode::OK
        );
    }
    let opened = pipeline_backends(&pool).await;
    assert_eq!(opened.len(), connections, "{opened:?}");

    // A restart, a failover or an administrator ends every backend between two requests.
    let terminated: Vec<bool> = sqlx::query_scalar(
        "select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = current_database() and application_name = $1",
    )
    .bind(APPLICATION_NAME)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(terminated, vec![true; connections]);

    for _ in 0..connections {
        let (status, after) = app.get("/api/teams", Some(&creator)).await;
        assert_eq!((status, &after), (StatusCode::OK, &before));
    }
    let reopened = pipeline_backends(&pool).await;
    assert_eq!(reopened.len(), connections, "{reopened:?}");
    assert!(
        reopened.iter().all(|pid| !opened.contains(pid)),
        "fresh backends: {opened:?} then {reopened:?}"
    );
}

/// A row's first column, an integer: the tests' reads select one.
struct FirstInt(i32);

impl FromPgRow for FirstInt {
    fn from_pg_row(row: &tokio_postgres::Row) -> Result<Self, tokio_postgres::Error> {
        Ok(FirstInt(row.try_get(0)?))
    }
}

#[tokio::test]
async fn a_read_whose_backend_ends_under_it_is_repeated_on_a_fresh_connection() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let reading = {
        let state = app.state.clone();
        tokio::spawn(async move {
            let query = ReadQuery::new("select pg_backend_pid() as pid from pg_sleep(0.5)");
            state.reads.fetch_all::<FirstInt>(&query).await
        })
    };
    let mut sleeping = None;
    for _ in 0..100 {
        sleeping = sqlx::query_scalar(
            "select pid from pg_stat_activity where datname = current_database() and application_name = $1 and query like '%pg_sleep%' and state = 'active'",
        )
        .bind(APPLICATION_NAME)
        .fetch_optional(&pool)
        .await
        .unwrap();
        if sleeping.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let sleeping: i32 = sleeping.expect("the read is running");
    let terminated: bool = sqlx::query_scalar("select pg_terminate_backend($1)")
        .bind(sleeping)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(terminated);

    let answered = reading
        .await
        .unwrap()
        .expect("the read is repeated, not failed");
    assert_eq!(answered.len(), 1);
    assert_ne!(answered[0].0, sleeping, "answered by a fresh backend");
}

#[tokio::test]
async fn a_statement_whose_table_changed_shape_is_prepared_again() {
    let (pool, _db) = db::seeded().await;
    sqlx::raw_sql("create table reshaped (a int not null); insert into reshaped values (7)")
        .execute(&pool)
        .await
        .unwrap();
    // One connection, so the second read meets the statement the first one prepared.
    let reads = api::platform::read_pipeline::ReadPipeline::new(&pool, "", 1).unwrap();
    let query = ReadQuery::new("select * from reshaped");
    let before: Vec<FirstInt> = reads.fetch_all(&query).await.unwrap();
    assert_eq!(before.iter().map(|r| r.0).collect::<Vec<_>>(), vec![7]);

    // A migration on another node: `select *` now has another result type.
    sqlx::query("alter table reshaped add column b text")
        .execute(&pool)
        .await
        .unwrap();
    let after: Vec<FirstInt> = reads
        .fetch_all(&query)
        .await
        .expect("prepared again, not failed");
    assert_eq!(after.iter().map(|r| r.0).collect::<Vec<_>>(), vec![7]);
}
