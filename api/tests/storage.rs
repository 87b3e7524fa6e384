//! Stored bytes (`platform::storage`): the storage contract on the local disk and on a real
//! S3-compatible server (`scripts/lib.sh` `ensure_s3`, which `make test` starts and names in
//! `TEST_S3_*`), downloads with ranges and revalidation, two nodes sharing one S3 store, and
//! `tsumugi storage migrate`.

use crate::support;
use crate::support::db;

use api::platform::storage::{ObjectStream, PutError, S3Config, Storage, StorageConfig};
use bytes::Bytes;
use futures::{StreamExt, TryStreamExt};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use sqlx::PgPool;
use support::TestApp;

fn s3_env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| {
        panic!(
            "{name} is not set: the S3 tests need the S3-compatible test server \
             (`source scripts/lib.sh; ensure_s3` exports TEST_S3_*; make test does this)"
        )
    })
}

/// The test server's bucket under a prefix of this test's own.
pub(crate) fn s3_config() -> StorageConfig {
    StorageConfig::S3(S3Config {
        bucket: s3_env("TEST_S3_BUCKET"),
        prefix: format!("test-{}", uuid::Uuid::new_v4()),
        access_key_id: Some(s3_env("TEST_S3_ACCESS_KEY_ID")),
        secret_access_key: Some(s3_env("TEST_S3_SECRET_ACCESS_KEY")),
        region: Some("us-east-1".into()),
        endpoint: Some(s3_env("TEST_S3_ENDPOINT")),
    })
}

fn temp_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tsumugi-storage-{}", uuid::Uuid::new_v4()))
}

/// `count` bytes of a pattern that differs at every position of a part.
fn pattern(count: usize) -> Vec<u8> {
    (0..count)
        .map(|i| (i % 251) as u8 ^ (i / 251) as u8)
        .collect()
}

async fn collect(object: ObjectStream) -> Vec<u8> {
    object
        .bytes
        .try_fold(Vec::new(), |mut all, chunk| async move {
            all.extend_from_slice(&chunk);
            Ok(all)
        })
        .await
        .unwrap()
}

/// What every backend must do: the methods the rest of the server relies on.
async fn storage_contract(storage: Storage) {
    let started = chrono::Utc::now() - chrono::Duration::seconds(5);
    // A small put, read back whole, as a range and as metadata.
    storage
        .put("contract/small.txt", Bytes::from_static(b"0123456789"))
        .await
        .unwrap();
    let head = storage.head("contract/small.txt").await.unwrap().unwrap();
    assert_eq!(head.size, 10);
    assert!(head.last_modified >= started, "{head:?}");
    let etag = head.etag.clone().expect("an entity tag");
    assert!(etag.starts_with('"') && etag.ends_with('"'), "{etag}");
    let whole = storage.get("contract/small.txt").await.unwrap().unwrap();
    assert_eq!((whole.range.clone(), whole.info.size), (0..10, 10));
    assert_eq!(collect(whole).await, b"0123456789");
    let part = storage
        .get_range("contract/small.txt", 2..5)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(part.range, 2..5);
    assert_eq!(collect(part).await, b"234");
    let clipped = storage
        .get_range("contract/small.txt", 7..100)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        collect(clipped).await,
        b"789",
        "a range past the end is clipped"
    );
    assert_eq!(
        storage.read("contract/small.txt").await.unwrap().unwrap(),
        &b"0123456789"[..]
    );

    // A streamed put of several parts (a multipart upload on S3), read back byte for byte.
    let big = pattern(11 * 1024 * 1024 + 17);
    let chunks: Vec<Result<Bytes, std::io::Error>> = big
        .chunks(64 * 1024)
        .map(|c| Ok(Bytes::copy_from_slice(c)))
        .collect();
    let count = storage
        .put_stream("contract/big.bin", futures::stream::iter(chunks))
        .await
        .unwrap();
    assert_eq!(count, big.len() as u64);
    let head = storage.head("contract/big.bin").await.unwrap().unwrap();
    assert_eq!(head.size, big.len() as u64);
    assert!(collect(storage.get("contract/big.bin").await.unwrap().unwrap()).await == big);
    let middle = 5 * 1024 * 1024 - 3..5 * 1024 * 1024 + 3;
    let across = storage
        .get_range("contract/big.bin", middle.start as u64..middle.end as u64)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        collect(across).await,
        big[middle].to_vec(),
        "across a part boundary"
    );

    // A source that fails, small or after several parts, leaves nothing behind.
    for size in [1000, 7 * 1024 * 1024] {
        let failing = futures::stream::iter(
            pattern(size)
                .chunks(64 * 1024)
                .map(|c| Ok(Bytes::copy_from_slice(c)))
                .collect::<Vec<_>>(),
        )
        .chain(futures::stream::once(async { Err("client went away") }));
        match storage.put_stream("contract/broken.bin", failing).await {
            Err(PutError::Source("client went away")) => {}
            other => panic!("{size}: {:?}", other.map_err(|e| e.to_string())),
        }
        assert!(
            storage.head("contract/broken.bin").await.unwrap().is_none(),
            "{size}"
        );
    }

    // Listing by folder, with what expiry decides on.
    storage
        .put("other/x.txt", Bytes::from_static(b"x"))
        .await
        .unwrap();
    assert_eq!(
        support::stored_keys(&storage, "contract").await,
        ["contract/big.bin", "contract/small.txt"]
    );
    let listed: Vec<_> = storage.list("contract").try_collect().await.unwrap();
    assert!(
        listed
            .iter()
            .all(|o| o.last_modified >= started && o.size > 0)
    );
    assert_eq!(support::stored_keys(&storage, "").await.len(), 3);

    // Deleting; what is not there is absent, not an error.
    storage.delete("contract/small.txt").await.unwrap();
    storage.delete("contract/small.txt").await.unwrap();
    assert!(storage.head("contract/small.txt").await.unwrap().is_none());
    assert!(storage.get("contract/small.txt").await.unwrap().is_none());
    assert!(storage.read("contract/small.txt").await.unwrap().is_none());
    assert!(
        storage
            .get_range("nothing/here", 0..4)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        support::stored_keys(&storage, "contract").await,
        ["contract/big.bin"]
    );
}

#[tokio::test]
async fn the_storage_contract_holds_on_local_disk() {
    let dir = temp_dir();
    storage_contract(Storage::local(&dir).unwrap()).await;
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn the_storage_contract_holds_on_the_s3_server() {
    storage_contract(Storage::open(&s3_config()).unwrap()).await;
}

#[tokio::test]
async fn large_reads_from_s3_arrive_in_order_with_or_without_read_ahead() {
    let storage = Storage::open(&s3_config()).unwrap();
    let piece = 8 * 1024 * 1024;
    let big = pattern(3 * piece + piece / 2 + 333);
    let chunks: Vec<Result<Bytes, std::io::Error>> = big
        .chunks(256 * 1024)
        .map(|c| Ok(Bytes::copy_from_slice(c)))
        .collect();
    storage
        .put_stream("reads/big.bin", futures::stream::iter(chunks))
        .await
        .unwrap();
    let free = storage.read_ahead_free();
    assert!(free >= 3 * piece, "{free}");
    let ranges = [
        0..big.len(),
        1_000_001..big.len() - 17,
        piece - 1..2 * piece + 1,
    ];
    // With read-ahead memory (pieces fetched ahead, in memory) and without (every piece
    // streamed in its turn): the same bytes in the same order.
    for storage in [storage.clone(), storage.clone().with_read_ahead(0)] {
        for range in ranges.clone() {
            let read = storage
                .get_range("reads/big.bin", range.start as u64..range.end as u64)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(read.range, range.start as u64..range.end as u64);
            assert_eq!(read.info.size, big.len() as u64);
            let bytes = collect(read).await;
            assert_eq!(bytes.len(), range.len(), "{range:?}");
            assert!(bytes == big[range.clone()], "{range:?} byte for byte");
        }
    }
    assert_eq!(
        storage.read_ahead_free(),
        free,
        "every piece gave its memory back"
    );
    // A read dropped after its first bytes (the client went away) gives its memory back too.
    let mut read = storage
        .get_range("reads/big.bin", 0..big.len() as u64)
        .await
        .unwrap()
        .unwrap();
    let first = read.bytes.next().await.unwrap().unwrap();
    assert_eq!(first, big[..first.len()]);
    drop(read);
    assert_eq!(storage.read_ahead_free(), free);
    // A range past the end is clipped, and a missing object is none, as for one GET.
    let clipped = storage
        .get_range("reads/big.bin", 2 * piece as u64..u64::MAX)
        .await
        .unwrap()
        .unwrap();
    assert!(collect(clipped).await == big[2 * piece..]);
    assert!(
        storage
            .get_range("reads/none.bin", 0..3 * piece as u64)
            .await
            .unwrap()
            .is_none()
    );
    storage.delete("reads/big.bin").await.unwrap();
}

async fn upload(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>) -> Value {
    let form = Form::new().part("file", Part::bytes(bytes).file_name(name.to_string()));
    let (status, file) = app.post_multipart("/api/files", token, form).await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    file
}

async fn get_file(
    app: &TestApp,
    token: &str,
    file_id: &Value,
    headers: &[(&str, &str)],
) -> reqwest::Response {
    let mut request = app
        .http
        .get(app.url(&format!("/api/files/{file_id}")))
        .bearer_auth(token);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default()
}

#[tokio::test]
async fn downloads_answer_ranges_and_revalidate() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let content = "第一章　はじまり。".repeat(40).into_bytes();
    let size = content.len();
    let file = upload(&app, &creator, "原稿 第1稿.txt", content.clone()).await;
    let id = &file["id"];

    let whole = get_file(&app, &creator, id, &[]).await;
    assert_eq!(whole.status(), StatusCode::OK);
    assert_eq!(header(&whole, "accept-ranges"), "bytes");
    assert_eq!(header(&whole, "content-length"), size.to_string());
    assert_eq!(
        header(&whole, "content-disposition"),
        "attachment; filename=\"__ _1_.txt\"; filename*=UTF-8''%E5%8E%9F%E7%A8%BF%20%E7%AC%AC1%E7%A8%BF.txt"
    );
    let etag = header(&whole, "etag");
    let last_modified = header(&whole, "last-modified");
    assert!(etag.starts_with('"'), "{etag}");
    assert!(last_modified.ends_with(" GMT"), "{last_modified}");
    assert_eq!(whole.bytes().await.unwrap(), content);

    // One range: 206 with its place in the whole.
    let part = get_file(&app, &creator, id, &[("range", "bytes=3-11")]).await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(header(&part, "content-range"), format!("bytes 3-11/{size}"));
    assert_eq!(header(&part, "content-length"), "9");
    assert_eq!(part.bytes().await.unwrap(), content[3..12]);
    let tail = get_file(&app, &creator, id, &[("range", "bytes=-6")]).await;
    assert_eq!(tail.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(tail.bytes().await.unwrap(), content[size - 6..]);
    // Past the end: 416 saying how long it is.
    let past = get_file(&app, &creator, id, &[("range", &format!("bytes={size}-"))]).await;
    assert_eq!(past.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(header(&past, "content-range"), format!("bytes */{size}"));
    // Several ranges: the whole file.
    let several = get_file(&app, &creator, id, &[("range", "bytes=0-1,5-6")]).await;
    assert_eq!(several.status(), StatusCode::OK);
    assert_eq!(several.bytes().await.unwrap(), content);

    // If-Range: the range only for the same file, else the whole.
    let same = get_file(
        &app,
        &creator,
        id,
        &[("range", "bytes=0-2"), ("if-range", &etag)],
    )
    .await;
    assert_eq!(same.status(), StatusCode::PARTIAL_CONTENT);
    let dated = get_file(
        &app,
        &creator,
        id,
        &[("range", "bytes=0-2"), ("if-range", &last_modified)],
    )
    .await;
    assert_eq!(dated.status(), StatusCode::PARTIAL_CONTENT);
    let changed = get_file(
        &app,
        &creator,
        id,
        &[("range", "bytes=0-2"), ("if-range", "\"another\"")],
    )
    .await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(changed.bytes().await.unwrap(), content);

    // Revalidation: 304 without a body.
    let unchanged = get_file(&app, &creator, id, &[("if-none-match", &etag)]).await;
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&unchanged, "etag"), etag);
    let listed = format!("\"other\", W/{etag}");
    let weak = get_file(&app, &creator, id, &[("if-none-match", &listed)]).await;
    assert_eq!(weak.status(), StatusCode::NOT_MODIFIED, "weak comparison");
    let since = get_file(&app, &creator, id, &[("if-modified-since", &last_modified)]).await;
    assert_eq!(since.status(), StatusCode::NOT_MODIFIED);
    let other = get_file(&app, &creator, id, &[("if-none-match", "\"other\"")]).await;
    assert_eq!(other.status(), StatusCode::OK);
    let earlier = get_file(
        &app,
        &creator,
        id,
        &[("if-modified-since", "Sat, 01 Jan 2000 00:00:00 GMT")],
    )
    .await;
    assert_eq!(earlier.status(), StatusCode::OK);

    // Access first: someone who may not download it gets no byte, whatever they ask.
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    for headers in [
        vec![("range", "bytes=0-2")],
        vec![("if-none-match", etag.as_str())],
    ] {
        let refused = get_file(&app, &newbie, id, &headers).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{headers:?}");
        assert!(header(&refused, "content-range").is_empty());
    }
}

/// A node of its own (its own `DATA_DIR`) over the same database, storing in `storage`.
pub(crate) async fn node(pool: &PgPool, storage: &StorageConfig) -> TestApp {
    let mut config = support::test_config(pool);
    config.storage = storage.clone();
    TestApp::spawn_with(pool.clone(), config).await
}

#[tokio::test]
async fn a_file_uploaded_through_one_node_downloads_through_another() {
    let (pool, _db) = db::seeded().await;
    let shared = s3_config();
    let first = node(&pool, &shared).await;
    let second = node(&pool, &shared).await;
    assert_ne!(first.data_dir, second.data_dir);
    let creator = first.login("creator@demo.tsumugi.jp").await;

    // Over one part, so it is a multipart upload into the store.
    let mut master = "納品データ\n".repeat(8).into_bytes();
    master.extend(pattern(6 * 1024 * 1024).iter().map(|b| b'a' + b % 26));
    let file = upload(&first, &creator, "納品.txt", master.clone()).await;
    assert_eq!(file["size"], master.len());
    let through_second = get_file(&second, &creator, &file["id"], &[]).await;
    assert_eq!(through_second.status(), StatusCode::OK);
    assert!(
        through_second.bytes().await.unwrap() == master,
        "byte for byte"
    );
    let part = get_file(
        &second,
        &creator,
        &file["id"],
        &[("range", "bytes=100-199")],
    )
    .await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.bytes().await.unwrap(), master[100..200]);

    // An image's variant is made by one node and served by the other from the store.
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(300, 150, image::Rgb([9, 9, 9])))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let picture = upload(&first, &creator, "表紙.png", png).await;
    let path = picture["path"].as_str().unwrap();
    for app in [&second, &first] {
        let response = app
            .http
            .get(app.url(&format!("/api/images/{path}?width=100")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["content-type"], "image/png");
        let variant = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        assert_eq!(variant.width(), 128);
    }
    let storage = Storage::open(&shared).unwrap();
    assert_eq!(
        support::stored_keys(&storage, "variants").await.len(),
        1,
        "made once, kept in the store"
    );
    // Nothing went to either node's disk.
    for app in [&first, &second] {
        let local = app.data_dir.join("files");
        let entries = std::fs::read_dir(&local).map(|d| d.count()).unwrap_or(0);
        assert_eq!(entries, 0, "{}", local.display());
    }
}

fn migrate(data_dir: &std::path::Path, storage: &StorageConfig) -> (bool, String) {
    let StorageConfig::S3(s3) = storage else {
        panic!("S3")
    };
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tsumugi"))
        .args(["storage", "migrate"])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("RUST_LOG", "warn")
        .env("DATA_DIR", data_dir)
        .env("STORAGE_URL", format!("s3://{}/{}", s3.bucket, s3.prefix))
        .env("AWS_ACCESS_KEY_ID", s3.access_key_id.as_deref().unwrap())
        .env(
            "AWS_SECRET_ACCESS_KEY",
            s3.secret_access_key.as_deref().unwrap(),
        )
        .env("AWS_REGION", "us-east-1")
        .env("AWS_ENDPOINT_URL", s3.endpoint.as_deref().unwrap())
        .output()
        .expect("tsumugi storage migrate");
    (
        output.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ),
    )
}

#[tokio::test]
async fn storage_migrate_moves_a_local_store_into_s3() {
    let (pool, _db) = db::seeded().await;
    // One node on local disk, as before.
    let local = TestApp::spawn(pool.clone()).await;
    let creator = local.login("creator@demo.tsumugi.jp").await;
    let first = "一つ目の原稿".repeat(100).into_bytes();
    let second = pattern(300_000)
        .iter()
        .map(|b| b'0' + b % 10)
        .collect::<Vec<u8>>();
    let one = upload(&local, &creator, "一.txt", first.clone()).await;
    let two = upload(&local, &creator, "二.txt", second.clone()).await;

    let target = s3_config();
    let (ok, said) = migrate(&local.data_dir, &target);
    assert!(ok, "{said}");
    assert!(
        said.contains("copied 2 objects") && said.contains("failed 0"),
        "{said}"
    );
    let (ok, said) = migrate(&local.data_dir, &target);
    assert!(ok, "{said}");
    assert!(
        said.contains("copied 0 objects") && said.contains("skipped 2"),
        "again: {said}"
    );

    // The files download through a node on the S3 store.
    let shared = node(&pool, &target).await;
    for (file, bytes) in [(&one, &first), (&two, &second)] {
        let response = get_file(&shared, &creator, &file["id"], &[]).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.bytes().await.unwrap() == *bytes);
    }

    // A store that refuses them (a wrong secret): every failure counted, and a failing exit.
    let StorageConfig::S3(mut refusing) = target else {
        unreachable!()
    };
    refusing.prefix = format!("test-{}", uuid::Uuid::new_v4());
    refusing.secret_access_key = Some("not-the-secret".into());
    let (ok, said) = migrate(&local.data_dir, &StorageConfig::S3(refusing));
    assert!(!ok, "{said}");
    assert!(said.contains("failed 2"), "{said}");
}
