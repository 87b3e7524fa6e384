//! Every error status renders the one error body; unknown paths and methods included.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::json;
use support::TestApp;

#[tokio::test]
async fn each_error_status_has_the_error_body() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;

    let (status, body) = app.get("/api/users/whoami", None).await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("ログインが必要です。"))
    );

    let (status, body) = app.get("/api/users/whoami", Some("not-a-token")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    let (status, body) = app
        .put(
            "/api/admin/maintenance",
            Some(&creator),
            json!({ "message": "x" }),
        )
        .await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("アクセスが許可されていません。")
        )
    );

    let (status, body) = app.get("/api/no/such/path", Some(&creator)).await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("お探しのデータは存在しません。")
        )
    );

    let (status, body) = app.delete("/api/users/whoami", Some(&creator)).await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (
            StatusCode::METHOD_NOT_ALLOWED,
            Some("許可されていないアクセス方法です。")
        )
    );

    let response = app
        .http
        .post(app.url("/api/users/login"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["error"]["message"].as_str().unwrap().contains("JSON"));
}

#[tokio::test]
async fn health_revision_and_openapi_answer() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let (status, body) = app.get("/api/health", None).await;
    assert_eq!((status, body), (StatusCode::OK, json!({ "status": "ok" })));

    let (status, body) = app.get("/revision.json?t=123", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["revision_no"], "test-revision");

    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    for path in [
        "/api/users/login",
        "/api/users/whoami",
        "/api/admin/maintenance",
        "/api/siteverify",
        "/revision.json",
    ] {
        assert!(doc["paths"].get(path).is_some(), "OpenAPI lacks {path}");
    }
}

#[tokio::test]
async fn health_is_503_when_the_database_does_not_answer() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    pool.close().await;
    let (status, body) = app.get("/api/health", None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(body["error"]["message"].is_string());
}

#[tokio::test]
async fn unknown_browser_paths_get_the_web_app_not_an_api_error() {
    let (pool, _db) = db::seeded().await;
    let config = support::test_config(&pool);
    std::fs::create_dir_all(&config.web_dir).unwrap();
    std::fs::write(
        config.web_dir.join("index.html"),
        "<!doctype html><title>Tsumugi</title>",
    )
    .unwrap();
    let app = TestApp::spawn_with(pool, config).await;
    let response = app
        .http
        .get(app.url("/teams/1/channels"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("<title>Tsumugi</title>")
    );
}
