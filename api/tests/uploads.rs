//! Resumable uploads (tus 1.0 at /api/uploads): creation, offsets, a broken PATCH resumed,
//! termination, expiration, limits by kind at creation, programs refused, someone else's
//! upload, and the finished file attached by id under the files' existing access rules.

use crate::support;
use crate::support::db;

use std::time::Duration;

use base64::Engine;
use chrono::{DateTime, Utc};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{GROUP, TestApp, channel_id, task_titled};
use tokio::io::AsyncWriteExt;

const WAIT: Duration = Duration::from_secs(5);
const GIB: u64 = 1024 * 1024 * 1024;

fn metadata(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{k} {}",
                base64::engine::general_purpose::STANDARD.encode(v)
            )
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Bytes that read as text and hold no signature.
fn text_bytes(len: usize) -> Vec<u8> {
    "納品原稿の本文です。\n".bytes().cycle().take(len).collect()
}

pub(crate) struct Answer {
    pub(crate) status: StatusCode,
    headers: HeaderMap,
    pub(crate) body: Value,
}

impl Answer {
    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
    }
}

async fn tus(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    headers: &[(&str, String)],
    body: Option<Vec<u8>>,
) -> Answer {
    let mut request = app
        .http
        .request(method, app.url(path))
        .bearer_auth(token)
        .header("tus-resumable", "1.0.0");
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    if let Some(body) = body {
        request = request
            .header("content-type", "application/offset+octet-stream")
            .body(body);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap_or_default();
    Answer {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
    }
}

/// Creates an upload; its path (`/api/uploads/<id>`) or the refusal.
pub(crate) async fn create(
    app: &TestApp,
    token: &str,
    length: u64,
    pairs: &[(&str, &str)],
) -> Answer {
    tus(
        app,
        Method::POST,
        "/api/uploads",
        token,
        &[
            ("upload-length", length.to_string()),
            ("upload-metadata", metadata(pairs)),
        ],
        None,
    )
    .await
}

pub(crate) async fn patch(
    app: &TestApp,
    token: &str,
    path: &str,
    offset: u64,
    bytes: &[u8],
) -> Answer {
    tus(
        app,
        Method::PATCH,
        path,
        token,
        &[("upload-offset", offset.to_string())],
        Some(bytes.to_vec()),
    )
    .await
}

async fn offset(app: &TestApp, token: &str, path: &str) -> (StatusCode, Option<u64>) {
    let answer = tus(app, Method::HEAD, path, token, &[], None).await;
    let offset = answer.header("upload-offset").map(|v| v.parse().unwrap());
    (answer.status, offset)
}

/// A PATCH whose connection breaks after `sent` of the `declared` bytes.
async fn broken_patch(
    app: &TestApp,
    token: &str,
    path: &str,
    offset: u64,
    sent: &[u8],
    declared: usize,
) {
    let mut stream = tokio::net::TcpStream::connect(app.addr).await.unwrap();
    let head = format!(
        "PATCH {path} HTTP/1.1\r\nhost: {}\r\nauthorization: Bearer {token}\r\ntus-resumable: 1.0.0\r\n\
         upload-offset: {offset}\r\ncontent-type: application/offset+octet-stream\r\ncontent-length: {declared}\r\n\r\n",
        app.addr
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(sent).await.unwrap();
    stream.flush().await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(stream);
}

/// Polls until the upload's offset is `expected` (the server counts a broken body's bytes after
/// it notices the break).
async fn wait_for_offset(app: &TestApp, token: &str, path: &str, expected: u64) {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let (_, now) = offset(app, token, path).await;
        if now == Some(expected) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "offset stayed {now:?}, expected {expected}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Uploads `bytes` whole through tus; the file id.
async fn upload_whole(app: &TestApp, token: &str, name: &str, purpose: &str, bytes: &[u8]) -> i64 {
    let created = create(
        app,
        token,
        bytes.len() as u64,
        &[("filename", name), ("use", purpose)],
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let path = created.header("location").unwrap();
    let done = patch(app, token, &path, 0, bytes).await;
    assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", done.body);
    done.header("tsumugi-file-id").unwrap().parse().unwrap()
}

/// Waits until the file's scan has given its verdict; the File record.
pub(crate) async fn scanned(app: &TestApp, token: &str, upload_path: &str) -> Value {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let (status, upload) = app.get(upload_path, Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{upload}");
        let file = &upload["file"];
        if file["anti_virus_check_scan_status"] != "scanning" {
            return file.clone();
        }
        assert!(tokio::time::Instant::now() < deadline, "still scanning");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `files` or `private`: where the file's path says it is kept.
fn area_of(file: &Value) -> &str {
    file["path"].as_str().unwrap().split('/').next().unwrap()
}

/// The reader downloads the file byte for byte; the outsider is refused.
async fn downloads_only_for(
    app: &TestApp,
    file_id: i64,
    bytes: &[u8],
    reader: &str,
    outsider: &str,
) {
    let path = format!("/api/files/{file_id}");
    let (status, _, downloaded) = app.download(&path, reader).await;
    assert_eq!(status, StatusCode::OK);
    assert!(downloaded == bytes, "byte for byte");
    let (status, _, _) = app.download(&path, outsider).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_upload_resumes_after_a_broken_patch_and_becomes_a_file_in_chat() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let newbie = app.login("newbie@demo.tsumugi.jp").await;

    let options = app
        .http
        .request(Method::OPTIONS, app.url("/api/uploads"))
        .send()
        .await
        .unwrap();
    assert_eq!(options.status(), StatusCode::NO_CONTENT);
    assert_eq!(options.headers()["tus-version"], "1.0.0");
    assert_eq!(options.headers()["tus-resumable"], "1.0.0");
    assert_eq!(
        options.headers()["tus-extension"],
        "creation,termination,expiration"
    );
    assert_eq!(options.headers()["tus-max-size"], (5 * GIB).to_string());

    // Without Tus-Resumable: 412, in the API's error format.
    let refused = app
        .http
        .post(app.url("/api/uploads"))
        .bearer_auth(&creator)
        .header("upload-length", "10")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::PRECONDITION_FAILED);
    assert_eq!(refused.headers()["tus-version"], "1.0.0");
    let body: Value = refused.json().await.unwrap();
    assert!(body["error"]["message"].as_str().unwrap().contains("tus"));
    // Without a token: 401.
    let anonymous = app
        .http
        .post(app.url("/api/uploads"))
        .header("tus-resumable", "1.0.0")
        .header("upload-length", "10")
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    let bytes = text_bytes(300 * 1024);
    let created = create(
        &app,
        &creator,
        bytes.len() as u64,
        &[("filename", "../第1稿.txt"), ("use", "message")],
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    assert_eq!(created.header("tus-resumable").as_deref(), Some("1.0.0"));
    assert!(created.header("upload-expires").unwrap().ends_with(" GMT"));
    let path = created.header("location").unwrap();
    let id = path.strip_prefix("/api/uploads/").unwrap().to_string();
    assert_eq!(id.len(), 32, "128 random bits");
    assert_eq!(
        offset(&app, &creator, &path).await,
        (StatusCode::OK, Some(0))
    );

    // The first 100 KiB arrive, then the connection breaks: they are kept.
    broken_patch(&app, &creator, &path, 0, &bytes[..100 * 1024], bytes.len()).await;
    wait_for_offset(&app, &creator, &path, 100 * 1024).await;
    let stored = std::fs::metadata(app.data_dir.join("uploads").join(&id)).unwrap();
    assert_eq!(stored.len(), 100 * 1024);

    // A PATCH at another offset is a conflict and stores nothing.
    let conflict = patch(&app, &creator, &path, 0, &bytes[..10]).await;
    assert_eq!(conflict.status, StatusCode::CONFLICT, "{}", conflict.body);
    assert_eq!(conflict.header("upload-offset").as_deref(), Some("102400"));
    let wrong_type = tus(
        &app,
        Method::PATCH,
        &path,
        &creator,
        &[
            ("upload-offset", "102400".into()),
            ("content-type", "application/json".into()),
        ],
        None,
    )
    .await;
    assert_eq!(wrong_type.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // Someone else's upload is as good as missing, whatever they try.
    assert_eq!(offset(&app, &editor, &path).await.0, StatusCode::NOT_FOUND);
    let theirs = patch(&app, &editor, &path, 100 * 1024, &bytes[100 * 1024..]).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let (status, _) = app.get(&path, Some(&editor)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let terminated = tus(&app, Method::DELETE, &path, &editor, &[], None).await;
    assert_eq!(terminated.status, StatusCode::NOT_FOUND);
    assert_eq!(offset(&app, &creator, &path).await.1, Some(100 * 1024));

    // The rest completes it: the answer names the file.
    let (status, upload) = app.get(&path, Some(&creator)).await;
    assert_eq!((status, &upload["file"]), (StatusCode::OK, &Value::Null));
    let done = patch(&app, &creator, &path, 100 * 1024, &bytes[100 * 1024..]).await;
    assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", done.body);
    assert_eq!(done.header("upload-offset"), Some(bytes.len().to_string()));
    let file_id: i64 = done.header("tsumugi-file-id").unwrap().parse().unwrap();
    assert!(
        !app.data_dir.join("uploads").join(&id).exists(),
        "the parts are gone once the file is stored"
    );
    let file = scanned(&app, &creator, &path).await;
    assert_eq!(file["id"], file_id);
    assert_eq!(file["name"], "第1稿.txt");
    assert_eq!(file["content_type"], "text/plain");
    assert_eq!(file["size"], bytes.len());
    assert_eq!(file["anti_virus_check_scan_status"], "clean");
    assert_eq!(area_of(&file), "files");

    // Attached to a message by id; the channel's members download it, others do not.
    let (status, message) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "第1稿です", "file_ids": [file_id] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{message}");
    assert_eq!(message["files"][0]["id"], file_id);
    downloads_only_for(&app, file_id, &bytes, &editor, &newbie).await;
}

#[tokio::test]
async fn limits_by_kind_are_checked_at_creation_and_on_the_first_bytes() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let uploads_before: i64 = sqlx::query_scalar("select count(*) from uploads")
        .fetch_one(&pool)
        .await
        .unwrap();

    for (name, length, fits) in [
        ("master.mp4", 5 * GIB, true),
        ("master.mp4", 5 * GIB + 1, false),
        ("voice.wav", 5 * GIB + 1, false),
        ("assets.zip", 5 * GIB, true),
        ("assets.zip", 5 * GIB + 1, false),
        ("manuscript.pdf", 200_000_000, true),
        ("manuscript.pdf", 200_000_001, false),
        ("cover.png", 30_000_000, true),
        ("cover.png", 30_000_001, false),
    ] {
        let answer = create(
            &app,
            &creator,
            length,
            &[("filename", name), ("use", "delivery")],
        )
        .await;
        if fits {
            assert_eq!(
                answer.status,
                StatusCode::CREATED,
                "{name} {length}: {}",
                answer.body
            );
        } else {
            assert_eq!(
                answer.status,
                StatusCode::PAYLOAD_TOO_LARGE,
                "{name} {length}"
            );
            assert_eq!(answer.header("tus-resumable").as_deref(), Some("1.0.0"));
            let message = answer.body["error"]["message"].as_str().unwrap();
            assert!(message.contains("大きすぎます"), "{message}");
            assert!(
                answer.body["error"]["rules"]["file"][0]
                    .as_str()
                    .unwrap()
                    .starts_with("max:")
            );
        }
    }
    let limit_message = create(
        &app,
        &creator,
        31_000_000,
        &[("filename", "表紙.jpg"), ("use", "portfolio")],
    )
    .await;
    assert!(
        limit_message.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("画像は30 MB")
    );

    // Programs are refused by name, and by content on the first bytes whatever the name.
    let program = create(
        &app,
        &creator,
        1000,
        &[("filename", "setup.exe"), ("use", "delivery")],
    )
    .await;
    assert_eq!(program.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(program.body["error"]["rules"]["file"], json!(["mimes"]));
    assert!(
        program.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("プログラム")
    );
    let mut elf = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
    elf.resize(9000, 0);
    elf[16] = 2; // ET_EXEC
    let disguised = create(
        &app,
        &creator,
        elf.len() as u64,
        &[("filename", "notes.txt"), ("use", "delivery")],
    )
    .await;
    assert_eq!(disguised.status, StatusCode::CREATED);
    let path = disguised.header("location").unwrap();
    let refused = patch(&app, &creator, &path, 0, &elf).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert_eq!(refused.body["error"]["rules"]["file"], json!(["mimes"]));
    assert_eq!(
        offset(&app, &creator, &path).await.0,
        StatusCode::NOT_FOUND,
        "deleted"
    );

    // A large "video" whose first bytes are an image is refused on them: 415, deleted.
    let mut png = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    png.resize(8192, 0);
    let fake = create(
        &app,
        &creator,
        100_000_000,
        &[("filename", "clip.mp4"), ("use", "delivery")],
    )
    .await;
    let path = fake.header("location").unwrap();
    let refused = patch(&app, &creator, &path, 0, &png).await;
    assert_eq!(
        refused.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "{}",
        refused.body
    );
    assert!(
        refused.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("画像は30 MB")
    );
    assert_eq!(offset(&app, &creator, &path).await.0, StatusCode::NOT_FOUND);

    // A profile image must be an image; metadata is required.
    let not_image = create(
        &app,
        &creator,
        100,
        &[("filename", "a.pdf"), ("use", "profile_image")],
    )
    .await;
    assert_eq!(not_image.status, StatusCode::UNPROCESSABLE_ENTITY);
    let no_use = create(&app, &creator, 100, &[("filename", "a.pdf")]).await;
    assert_eq!(no_use.body["error"]["rules"]["use"], json!(["required"]));
    let bad_use = create(
        &app,
        &creator,
        100,
        &[("filename", "a.pdf"), ("use", "anything")],
    )
    .await;
    assert_eq!(bad_use.status, StatusCode::UNPROCESSABLE_ENTITY);

    let created: i64 = sqlx::query_scalar("select count(*) from uploads")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        created - uploads_before,
        4,
        "only the uploads that fit were created, and the refused ones are gone"
    );
}

#[tokio::test]
async fn uploads_are_terminated_and_expire_with_their_parts() {
    let (pool, _db) = db::migrated().await;
    let at: DateTime<Utc> = "2026-12-01T00:00:00Z".parse().unwrap();
    api::platform::clock::set_for_this_thread(Some(at));
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let parts = app.data_dir.join("uploads");

    let created = create(
        &app,
        &creator,
        1000,
        &[("filename", "a.txt"), ("use", "delivery")],
    )
    .await;
    let path = created.header("location").unwrap();
    let id = path.rsplit('/').next().unwrap().to_string();
    assert_eq!(
        patch(&app, &creator, &path, 0, &text_bytes(400))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert!(parts.join(&id).exists());
    let terminated = tus(&app, Method::DELETE, &path, &creator, &[], None).await;
    assert_eq!(terminated.status, StatusCode::NO_CONTENT);
    assert_eq!(offset(&app, &creator, &path).await.0, StatusCode::NOT_FOUND);
    assert!(
        !parts.join(&id).exists(),
        "terminated: its bytes are deleted"
    );

    // Expiration: 24 hours after creation, as Upload-Expires said.
    let created = create(
        &app,
        &creator,
        1000,
        &[("filename", "b.txt"), ("use", "delivery")],
    )
    .await;
    assert_eq!(
        created.header("upload-expires").as_deref(),
        Some("Wed, 02 Dec 2026 00:00:00 GMT")
    );
    let path = created.header("location").unwrap();
    let id = path.rsplit('/').next().unwrap().to_string();
    patch(&app, &creator, &path, 0, &text_bytes(400)).await;
    let done = upload_whole(&app, &creator, "c.txt", "delivery", &text_bytes(50)).await;

    assert_eq!(
        api::files::uploads::expire(&app.state, at + chrono::TimeDelta::hours(23))
            .await
            .unwrap(),
        0
    );
    api::platform::clock::set_for_this_thread(Some(at + chrono::TimeDelta::hours(25)));
    assert_eq!(offset(&app, &creator, &path).await.0, StatusCode::GONE);
    let late = patch(&app, &creator, &path, 400, &text_bytes(600)).await;
    assert_eq!(late.status, StatusCode::GONE);
    let expired = api::files::uploads::expire(&app.state, api::platform::clock::now())
        .await
        .unwrap();
    assert_eq!(expired, 2, "the open one and the finished one's record");
    assert_eq!(offset(&app, &creator, &path).await.0, StatusCode::NOT_FOUND);
    assert!(!parts.join(&id).exists(), "expired: its bytes are deleted");
    let kept: i64 = sqlx::query_scalar("select count(*) from files where id = $1")
        .bind(done)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(kept, 1, "a finished upload's file stays");
    api::platform::clock::set_for_this_thread(None);
}

#[tokio::test]
async fn a_finished_upload_is_delivered_by_id_and_the_client_downloads_it() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (creator, mut creator_socket) = app.live("creator@demo.tsumugi.jp").await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let task = task_titled(&pool, "秋の京都さんぽ 取材記事 本文執筆").await;
    let (status, _) = app
        .post(
            &format!("/api/tasks/{task}/take"),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    let bytes = text_bytes(2 * 1024 * 1024 + 17);
    let created = create(
        &app,
        &creator,
        bytes.len() as u64,
        &[
            ("filename", "本文.txt"),
            ("use", "delivery"),
            ("is_private", "1"),
        ],
    )
    .await;
    let path = created.header("location").unwrap();
    // Sent in three requests, as a client with a chunk size does.
    let mut at = 0;
    let mut file_id = None;
    for chunk in bytes.chunks(1024 * 1024) {
        let answer = patch(&app, &creator, &path, at as u64, chunk).await;
        assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.body);
        at += chunk.len();
        assert_eq!(answer.header("upload-offset"), Some(at.to_string()));
        file_id = answer.header("tsumugi-file-id");
    }
    let file_id: i64 = file_id
        .expect("the last answer names the file")
        .parse()
        .unwrap();
    let scanned_event = creator_socket
        .expect_event("file.scanned", WAIT)
        .await
        .expect("the verdict is pushed to the uploader");
    assert_eq!(scanned_event["id"], file_id);
    assert_eq!(scanned_event["anti_virus_check_scan_status"], "clean");
    let file = scanned(&app, &creator, &path).await;
    assert_eq!(area_of(&file), "private");

    let (status, delivered) = app
        .post(
            &format!("/api/tasks/{task}/deliveries"),
            Some(&creator),
            json!({ "type": "file", "file_ids": [file_id] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{delivered}");
    assert_eq!(delivered["file_ids"], json!([file_id]));
    downloads_only_for(&app, file_id, &bytes, &client, &newbie).await;
}

#[tokio::test]
async fn an_infected_upload_is_never_downloadable() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (creator, mut socket) = app.live("creator@demo.tsumugi.jp").await;
    let mut bytes = text_bytes(70 * 1024);
    bytes.extend_from_slice(
        concat!(
            "X5O!P%@AP[4\\PZX54(P^)7CC)7}$",
            "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"
        )
        .as_bytes(),
    );
    let file_id = upload_whole(&app, &creator, "eicar.txt", "message", &bytes).await;
    let event = socket
        .expect_event("file.scanned", WAIT)
        .await
        .expect("pushed");
    assert_eq!(event["id"], file_id);
    assert_eq!(event["anti_virus_check_scan_status"], "infected");
    let (status, _, _) = app
        .download(&format!("/api/files/{file_id}"), &creator)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_upload_begun_through_one_node_continues_through_another() {
    let (pool, _db) = db::seeded().await;
    use api::files::uploads::parts::PART_BYTES;
    use api::platform::storage::Storage;

    let shared = crate::storage::s3_config();
    let first = crate::storage::node(&pool, &shared).await;
    let second = crate::storage::node(&pool, &shared).await;
    let storage = Storage::open(&shared).unwrap();
    let creator = first.login("creator@demo.tsumugi.jp").await;
    let client = second.login("client@demo.tsumugi.jp").await;

    // Two full parts and a short last one.
    let bytes = text_bytes(2 * PART_BYTES + 300 * 1024 + 7);
    let created = create(
        &first,
        &creator,
        bytes.len() as u64,
        &[("filename", "納品原稿.txt"), ("use", "delivery")],
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let path = created.header("location").unwrap();
    let id = path.rsplit('/').next().unwrap().to_string();

    // Node 1 takes a part and a bit: the bit waits in the shared store.
    let first_end = PART_BYTES + 100_000;
    let answer = patch(&first, &creator, &path, 0, &bytes[..first_end]).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.body);
    for app in [&first, &second] {
        assert_eq!(
            offset(app, &creator, &path).await,
            (StatusCode::OK, Some(first_end as u64)),
            "every node answers the same offset"
        );
    }
    // Someone else's upload is not found on the other node either.
    assert_eq!(
        offset(&second, &client, &path).await.0,
        StatusCode::NOT_FOUND
    );

    // Node 2 continues from the bit node 1 left, fills the next part, and the connection breaks.
    let second_end = first_end + PART_BYTES;
    broken_patch(
        &second,
        &creator,
        &path,
        first_end as u64,
        &bytes[first_end..second_end],
        bytes.len() - first_end,
    )
    .await;
    wait_for_offset(&second, &creator, &path, second_end as u64).await;
    assert_eq!(
        offset(&first, &creator, &path).await.1,
        Some(second_end as u64)
    );
    let parts: i64 = sqlx::query_scalar("select count(*) from upload_parts where upload_id = $1")
        .bind(&id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(parts, 2, "two whole parts are in the multipart upload");

    // Node 1's part memory is spent (other uploads hold it): the rest waits for room instead of
    // taking more, and goes on when a part is given back.
    let budget = &first.state.upload_budget;
    let mut held = Vec::new();
    while budget.available() >= PART_BYTES {
        held.push(budget.take().await.unwrap().unwrap());
    }
    let rest = &bytes[second_end..];
    let release = async {
        let deadline = tokio::time::Instant::now() + WAIT;
        while budget.waiting() == 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the PATCH never waited"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(
            offset(&second, &creator, &path).await.1,
            Some(second_end as u64),
            "nothing taken while it waits"
        );
        held.pop();
    };
    let (done, ()) = tokio::join!(
        patch(&first, &creator, &path, second_end as u64, rest),
        release
    );
    drop(held);
    assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", done.body);
    let file_id: i64 = done.header("tsumugi-file-id").unwrap().parse().unwrap();
    let file = scanned(&second, &creator, &path).await;
    assert_eq!(file["id"], file_id);
    assert_eq!(file["size"], bytes.len());
    assert_eq!(file["anti_virus_check_scan_status"], "clean");
    let (status, _, downloaded) = second
        .download(&format!("/api/files/{file_id}"), &creator)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(downloaded == bytes, "byte for byte through the other node");
    let stored = support::stored_keys(&storage, "").await;
    assert_eq!(stored.len(), 1, "only the file is left: {stored:?}");
    for app in [&first, &second] {
        assert!(
            !app.data_dir.join("uploads").join(&id).exists(),
            "nothing waits on a node's disk"
        );
    }

    // An abandoned upload: expiry aborts its multipart upload and deletes its tail.
    let created = create(
        &second,
        &creator,
        (2 * PART_BYTES) as u64,
        &[("filename", "途中.txt"), ("use", "delivery")],
    )
    .await;
    let path = created.header("location").unwrap();
    let id = path.rsplit('/').next().unwrap().to_string();
    let answer = patch(&second, &creator, &path, 0, &bytes[..PART_BYTES + 10]).await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.body);
    let (key, multipart_id): (String, String) =
        sqlx::query_as("select storage_key, multipart_id from uploads where id = $1")
            .bind(&id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        support::stored_keys(&storage, "uploads").await,
        vec![format!("uploads/{id}/tail")]
    );
    let later = api::platform::clock::now() + chrono::TimeDelta::hours(25);
    assert_eq!(
        api::files::uploads::expire(&first.state, later)
            .await
            .unwrap(),
        2,
        "the abandoned upload and the finished one's record"
    );
    assert!(support::stored_keys(&storage, "uploads").await.is_empty());
    assert_eq!(
        support::stored_keys(&storage, "").await,
        stored,
        "the finished upload's file stays"
    );
    assert!(
        storage
            .put_part(&key, &multipart_id, 1, vec![b'x'; 10].into())
            .await
            .is_err(),
        "the multipart upload was aborted"
    );
    assert!(storage.head(&key).await.unwrap().is_none());
}

/// Text whose lines are numbered, so no two parts of it are alike and parts stored out of order
/// would not download byte for byte.
fn numbered_text(len: usize) -> Vec<u8> {
    let mut text = Vec::with_capacity(len + 64);
    let mut line = 0u32;
    while text.len() < len {
        text.extend_from_slice(format!("{line:08} 納品原稿の本文です。\n").as_bytes());
        line += 1;
    }
    text.truncate(len);
    text
}

#[tokio::test]
async fn parts_in_flight_are_recorded_in_order_and_resume_on_another_node() {
    let (pool, _db) = db::seeded().await;
    use api::files::uploads::parts::{PART_BYTES, PARTS_IN_FLIGHT};
    use api::platform::storage::Storage;

    let shared = crate::storage::s3_config();
    // Node 1's part memory is two parts, fewer than one request keeps in flight: its own parts
    // in flight give their room back, so a request never waits on itself.
    let mut config = support::test_config(&pool);
    config.storage = shared.clone();
    config.upload_part_memory = 2 * PART_BYTES;
    const { assert!(PARTS_IN_FLIGHT > 2) };
    let first = TestApp::spawn_with(pool.clone(), config).await;
    let second = crate::storage::node(&pool, &shared).await;
    let storage = Storage::open(&shared).unwrap();
    let creator = first.login("creator@demo.tsumugi.jp").await;

    let bytes = numbered_text(9 * PART_BYTES + 4321);
    let created = create(
        &first,
        &creator,
        bytes.len() as u64,
        &[("filename", "並行パート.txt"), ("use", "delivery")],
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let path = created.header("location").unwrap();
    let id = path.rsplit('/').next().unwrap().to_string();

    // Node 1 takes six parts and a bit, then the connection breaks: every part it sent to the
    // store is recorded, in order, and the bit waits as the tail.
    let broken_at = 6 * PART_BYTES + 1000;
    broken_patch(&first, &creator, &path, 0, &bytes[..broken_at], bytes.len()).await;
    wait_for_offset(&second, &creator, &path, broken_at as u64).await;
    let indexes: Vec<i32> = sqlx::query_scalar(
        "select part_index from upload_parts where upload_id = $1 order by part_index",
    )
    .bind(&id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        indexes,
        (0..6).collect::<Vec<_>>(),
        "six parts, none missing"
    );
    let budget = &first.state.upload_budget;
    // The request gives back the tail's room as it ends, just after it records the offset.
    let deadline = tokio::time::Instant::now() + WAIT;
    while budget.available() != budget.total() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "every part gives its room back: {} of {} free",
            budget.available(),
            budget.total()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    // Node 2 resumes from the offset HEAD told (behind the tail node 1 left) and takes three
    // parts more; node 1 takes the rest, and the file downloads byte for byte: every part is in
    // its place.
    let resumed_at = broken_at + 3 * PART_BYTES;
    let answer = patch(
        &second,
        &creator,
        &path,
        broken_at as u64,
        &bytes[broken_at..resumed_at],
    )
    .await;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.body);
    assert_eq!(answer.header("upload-offset"), Some(resumed_at.to_string()));
    let done = patch(
        &first,
        &creator,
        &path,
        resumed_at as u64,
        &bytes[resumed_at..],
    )
    .await;
    assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", done.body);
    let file_id: i64 = done.header("tsumugi-file-id").unwrap().parse().unwrap();
    let file = scanned(&second, &creator, &path).await;
    assert_eq!(file["size"], bytes.len());
    let (status, _, downloaded) = first
        .download(&format!("/api/files/{file_id}"), &creator)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(downloaded.len(), bytes.len());
    assert!(
        downloaded == bytes,
        "byte for byte, every part in its place"
    );
    assert!(
        support::stored_keys(&storage, "uploads").await.is_empty(),
        "no tail is left"
    );
}

#[tokio::test]
async fn files_left_scanning_are_scanned_again_by_one_node() {
    let (pool, _db) = db::seeded().await;
    use api::platform::storage::StorageConfig;

    let first = TestApp::spawn(pool.clone()).await;
    // A second node on the same store.
    let shared = StorageConfig::Local(first.data_dir.join("files"));
    let second = crate::storage::node(&pool, &shared).await;
    let creator = first.login("creator@demo.tsumugi.jp").await;
    let stuck = upload_whole(&first, &creator, "a.txt", "delivery", &text_bytes(5000)).await;
    let recent = upload_whole(&first, &creator, "b.txt", "delivery", &text_bytes(5000)).await;
    let status = |id: i64| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, String>("select scan_status from files where id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let deadline = tokio::time::Instant::now() + WAIT;
    while status(stuck).await == "scanning" || status(recent).await == "scanning" {
        assert!(tokio::time::Instant::now() < deadline, "never scanned");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The node scanning `stuck` died an hour ago; `recent` is being scanned right now.
    let now = api::platform::clock::now();
    sqlx::query(
        "update files set scan_status = 'scanning',
                updated_at = case id when $1 then $3 else $4 end
          where id in ($1, $2)",
    )
    .bind(stuck)
    .bind(recent)
    .bind(now - chrono::TimeDelta::hours(1))
    .bind(now)
    .execute(&pool)
    .await
    .unwrap();

    let (on_first, on_second) = tokio::join!(
        api::files::uploads::rescan_stuck(&first.state, now),
        api::files::uploads::rescan_stuck(&second.state, now)
    );
    assert_eq!(
        on_first.unwrap() + on_second.unwrap(),
        1,
        "one node scans it again"
    );
    assert_eq!(status(stuck).await, "clean");
    assert_eq!(
        status(recent).await,
        "scanning",
        "a scan under way is left alone"
    );
    assert_eq!(
        api::files::uploads::rescan_stuck(&first.state, now)
            .await
            .unwrap(),
        0
    );
    // Once `recent` has been scanning too long, it is scanned again as well.
    let later = now + api::files::uploads::SCAN_STALE + chrono::TimeDelta::minutes(1);
    assert_eq!(
        api::files::uploads::rescan_stuck(&second.state, later)
            .await
            .unwrap(),
        1
    );
    assert_eq!(status(recent).await, "clean");
}
