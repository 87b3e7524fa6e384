//! The client's address behind a trusted proxy (issue 39, item 4): read the configured number
//! of hops from the right of `X-Forwarded-For`, so what a client writes on the left cannot
//! move it out of its own per-address login limit; without `TRUST_PROXY` the header is ignored.

use crate::support::db;
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::support::{TestApp, test_config};

/// A failed login (unknown account) sent through a proxy that forwarded `forwarded`.
async fn failed_login(app: &TestApp, account: usize, forwarded: &str) -> StatusCode {
    let site_verify_token = app.site_verify_token().await;
    app.http
        .post(app.url("/api/users/login"))
        .header("x-forwarded-for", forwarded)
        .json(&json!({
            "mail_address": format!("nobody{account}@demo.tsumugi.jp"),
            "password": "Wrong-password-1",
            "site_verify_token": site_verify_token,
        }))
        .send()
        .await
        .expect("login request")
        .status()
}

/// The address the failed logins were recorded under.
async fn recorded_addresses(pool: &PgPool) -> Vec<String> {
    sqlx::query_scalar("select distinct ip from login_failures order by 1")
        .fetch_all(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn rotating_the_leftmost_forwarded_entry_does_not_escape_the_login_limit() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.trust_proxy = 1;
    config.login_limit_per_ip = 3;
    let app = TestApp::spawn_with(pool.clone(), config).await;

    for n in 0..3 {
        let status = failed_login(&app, n, &format!("10.9.8.{n}, 5.6.7.8")).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    assert_eq!(recorded_addresses(&pool).await, ["5.6.7.8"]);
    assert_eq!(
        failed_login(&app, 3, "1.2.3.4, 5.6.7.8").await,
        StatusCode::TOO_MANY_REQUESTS,
        "a fresh leftmost entry is the same client"
    );
    // Another client behind the same proxy has its own budget.
    assert_eq!(
        failed_login(&app, 4, "1.2.3.4, 5.6.7.9").await,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test]
async fn behind_two_trusted_proxies_the_second_entry_from_the_right_counts() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.trust_proxy = 2;
    let app = TestApp::spawn_with(pool.clone(), config).await;
    failed_login(&app, 0, "9.9.9.9, 5.6.7.8, 10.0.0.2").await;
    assert_eq!(recorded_addresses(&pool).await, ["5.6.7.8"]);
}

#[tokio::test]
async fn without_trust_proxy_the_forwarded_header_is_ignored() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    config.login_limit_per_ip = 3;
    let app = TestApp::spawn_with(pool.clone(), config).await;
    for n in 0..3 {
        failed_login(&app, n, &format!("10.9.8.{n}")).await;
    }
    assert_eq!(recorded_addresses(&pool).await, ["127.0.0.1"]);
    assert_eq!(
        failed_login(&app, 3, "5.6.7.8").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}
