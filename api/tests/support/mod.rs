//! Shared test harness: a real `tsumugi` app on a random port over a fresh database, an HTTP
//! client that logs in like the web app does, and a minimal socket.io client.

#![allow(dead_code)]

pub mod chat;
pub mod db;
pub mod manuscripts;
pub mod sio;

use std::net::SocketAddr;
use std::path::PathBuf;

use api::config::Config;
use api::state::AppState;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use tokio::sync::oneshot;

pub const PASSWORD: &str = "Tsumugi-demo-2026";

pub fn redis_url() -> String {
    std::env::var("REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379/?protocol=resp3".into())
}

pub struct TestApp {
    pub addr: SocketAddr,
    pub state: AppState,
    pub http: reqwest::Client,
    pub data_dir: PathBuf,
    shutdown: Option<oneshot::Sender<()>>,
    /// The server task of a node that drains on its signal ([`TestApp::spawn_draining`]).
    served: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

pub fn test_config(pool: &PgPool) -> Config {
    let data_dir = std::env::temp_dir().join(format!("tsumugi-test-{}", uuid::Uuid::new_v4()));
    // The pool is handed over directly; the URL is only read by `api::run`.
    let _ = pool;
    Config::for_tests(String::new(), data_dir)
}

/// The keys stored under the folder `prefix` (`""`: all), sorted.
pub async fn stored_keys(storage: &api::platform::storage::Storage, prefix: &str) -> Vec<String> {
    use futures::TryStreamExt;
    let mut keys: Vec<String> = storage
        .list(prefix)
        .map_ok(|object| object.key)
        .try_collect()
        .await
        .unwrap();
    keys.sort();
    keys
}

/// The rules map of a 422 answer (`error.rules`).
pub fn rules(body: &Value) -> &serde_json::Map<String, Value> {
    body["error"]["rules"].as_object().expect("rules")
}

/// The rule strings of a 422 answer on one field (none when the field passed).
pub fn rules_on(body: &Value, field: &str) -> Vec<String> {
    body["error"]["rules"][field]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|r| r.as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

impl TestApp {
    /// A seeded app whose master data (prefectures, postal codes, banks) is imported from the
    /// export `MASTER_DATA_DIR` names, as `make test` provides.
    pub async fn spawn_with_master_data(pool: PgPool) -> Self {
        let dir = std::env::var("MASTER_DATA_DIR")
            .map(PathBuf::from)
            .expect("MASTER_DATA_DIR names the master-data export");
        api::master::db::import_if_new(&pool, &dir)
            .await
            .expect("master data import");
        Self::spawn(pool).await
    }

    /// A seeded app with the test defaults.
    pub async fn spawn(pool: PgPool) -> Self {
        let config = test_config(&pool);
        Self::spawn_with(pool, config).await
    }

    pub async fn spawn_with(pool: PgPool, config: Config) -> Self {
        Self::start(pool, config, false).await
    }

    /// A node served as `api::run` serves it: [`TestApp::sigterm`] drains it over the config's
    /// `drain_window` (dropping the app without it stops it as `spawn_with`'s do).
    pub async fn spawn_draining(pool: PgPool, config: Config) -> Self {
        Self::start(pool, config, true).await
    }

    async fn start(pool: PgPool, config: Config, draining: bool) -> Self {
        api::seed::seed_demo_if_empty(&pool).await.expect("seed");
        let data_dir = config.data_dir.clone();
        let (router, state) = api::build(config, pool).await.expect("build app");
        // The listener `api::run` binds, so the tests serve through the product's accept queue.
        let listener = realtime::listen(SocketAddr::from(([127, 0, 0, 1], 0))).unwrap();
        let addr = listener.local_addr().unwrap();
        let (tx, rx) = oneshot::channel::<()>();
        let signal = async move {
            let _ = rx.await;
        };
        let served = if draining {
            tokio::spawn(api::serve_with_drain(
                listener,
                router,
                state.clone(),
                signal,
            ))
        } else {
            let server = state.config.server_config();
            tokio::spawn(api::serve(listener, router, server, signal))
        };
        state.node.mark_ready();
        TestApp {
            addr,
            state,
            http: reqwest::Client::new(),
            data_dir,
            shutdown: Some(tx),
            served: Some(served),
        }
    }

    /// What SIGTERM does to a node of [`TestApp::spawn_draining`]: starts its drain; the task
    /// ends once the node has stopped.
    pub fn sigterm(&mut self) -> tokio::task::JoinHandle<std::io::Result<()>> {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        self.served.take().expect("served once")
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub async fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self.http.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request");
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.request(Method::GET, path, token, None).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.request(Method::PUT, path, token, Some(body)).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.request(Method::DELETE, path, token, None).await
    }

    /// A file answer: the status, its `Content-Disposition` and the bytes.
    pub async fn download(&self, path: &str, token: &str) -> (StatusCode, String, Vec<u8>) {
        let response = self
            .http
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("request");
        let status = response.status();
        let disposition = response
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        (
            status,
            disposition,
            response.bytes().await.unwrap().to_vec(),
        )
    }

    /// Posts a multipart form (file uploads) and reads the JSON answer.
    pub async fn post_multipart(
        &self,
        path: &str,
        token: &str,
        form: reqwest::multipart::Form,
    ) -> (StatusCode, Value) {
        let response = self
            .http
            .post(self.url(path))
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await
            .expect("request");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.request(Method::POST, path, token, Some(body)).await
    }

    /// Solves the bot check the way the browser does and returns a verified token.
    pub async fn site_verify_token(&self) -> String {
        let (_, challenge) = self.get("/api/siteverify/challenge", None).await;
        let token = api::auth::site_verify::solve(
            challenge["challenge"].as_str().expect("pow challenge"),
            challenge["difficulty"].as_u64().unwrap() as u32,
        );
        let (status, verdict) = self
            .post("/api/siteverify", None, json!({ "token": token }))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(verdict["success"], true, "bot check should pass: {verdict}");
        token
    }

    pub async fn try_login(&self, mail_address: &str, password: &str) -> (StatusCode, Value) {
        let site_verify_token = self.site_verify_token().await;
        self.post(
            "/api/users/login",
            None,
            json!({ "mail_address": mail_address, "password": password, "site_verify_token": site_verify_token }),
        )
        .await
    }

    /// Logs a demo account in and returns its bearer token.
    pub async fn login(&self, mail_address: &str) -> String {
        let (status, body) = self.try_login(mail_address, PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "login of {mail_address}: {body}");
        body["token"].as_str().expect("token").to_string()
    }

    /// Logs a demo account in and opens its live socket: its token and the socket.
    pub async fn live(&self, mail_address: &str) -> (String, sio::SioClient) {
        let token = self.login(mail_address).await;
        let socket = sio::SioClient::connect(self.addr, Some(&token))
            .await
            .unwrap_or_else(|e| panic!("socket of {mail_address}: {e}"));
        (token, socket)
    }

    /// The newest mail written to `DATA_DIR/mail`.
    pub fn latest_mail(&self) -> String {
        let dir = self.data_dir.join("mail");
        let newest = std::fs::read_dir(&dir)
            .expect("mail dir")
            .filter_map(Result::ok)
            .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
            .expect("a mail");
        std::fs::read_to_string(newest.path()).unwrap()
    }
}

/// A stored mail with its body decoded (lines too long for 8bit, like links, make it base64).
pub fn decoded(mail: &str) -> String {
    use base64::Engine;
    let Some((head, body)) = mail.split_once("\r\n\r\n") else {
        return mail.to_string();
    };
    if !head.contains("Content-Transfer-Encoding: base64") {
        return mail.to_string();
    }
    let compact: String = body.split_whitespace().collect();
    let text = base64::engine::general_purpose::STANDARD
        .decode(compact)
        .expect("a base64 body");
    format!("{head}\r\n\r\n{}", String::from_utf8(text).unwrap())
}

/// Every mail under `DATA_DIR/mail`, headers and decoded body.
pub fn mails(app: &TestApp) -> Vec<String> {
    let Ok(dir) = std::fs::read_dir(app.data_dir.join("mail")) else {
        return Vec::new();
    };
    dir.filter_map(Result::ok)
        .map(|e| decoded(&std::fs::read_to_string(e.path()).unwrap()))
        .collect()
}

/// The five figures of a statement answer: subtotal, consumption tax, withholding, usage fee
/// and what is transferred.
pub fn statement_figures(body: &Value) -> [i64; 5] {
    [
        "subtotal_reward_amount",
        "consumption_tax",
        "withholding_tax",
        "usage_fee",
        "total_reward_amount",
    ]
    .map(|key| {
        body[key]
            .as_i64()
            .unwrap_or_else(|| panic!("{key}: {body}"))
    })
}

pub async fn user_id(pool: &PgPool, mail_address: &str) -> i64 {
    sqlx::query_scalar("select id from users where mail_address = $1")
        .bind(mail_address)
        .fetch_one(pool)
        .await
        .unwrap()
}

pub async fn media_id(pool: &PgPool, name: &str) -> i64 {
    sqlx::query_scalar("select id from media where name = $1")
        .bind(name)
        .fetch_one(pool)
        .await
        .unwrap()
}

pub async fn channel_id(pool: &PgPool, name: &str) -> i64 {
    sqlx::query_scalar("select id from channels where name = $1")
        .bind(name)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The demo client company (of client@demo.tsumugi.jp).
pub async fn demo_client_id(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select client_id from users where mail_address = 'client@demo.tsumugi.jp'")
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The first demo project in `status`.
pub async fn project_with_status(pool: &PgPool, status: &str) -> i64 {
    sqlx::query_scalar("select id from projects where status = $1 order by id limit 1")
        .bind(status)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The first task in `status`.
pub async fn task_with_status(pool: &PgPool, status: &str) -> i64 {
    sqlx::query_scalar("select id from tasks where status = $1 order by id limit 1")
        .bind(status)
        .fetch_one(pool)
        .await
        .unwrap()
}

pub async fn task_titled(pool: &PgPool, title: &str) -> i64 {
    sqlx::query_scalar("select id from tasks where title = $1")
        .bind(title)
        .fetch_one(pool)
        .await
        .unwrap()
}

pub async fn work_named(pool: &PgPool, name: &str) -> i64 {
    sqlx::query_scalar("select id from works where name = $1")
        .bind(name)
        .fetch_one(pool)
        .await
        .unwrap()
}

pub const GROUP: &str = "デモ編集部";
pub const SINGLE: &str = "山田 花子・佐藤 健";
pub const MANAGEMENT: &str = "スタッフ連絡";
