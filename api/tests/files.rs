//! Uploads: sniffing, scanning, attaching, downloading with access checks, image variants.

use crate::support;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{GROUP, TestApp, channel_id};

fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_pixel(width, height, image::Rgb([30, 160, 90]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    bytes
}

async fn upload(
    app: &TestApp,
    token: &str,
    name: &str,
    bytes: Vec<u8>,
    private: bool,
) -> (StatusCode, Value) {
    let mut form = Form::new().part("file", Part::bytes(bytes).file_name(name.to_string()));
    if private {
        form = form.text("is_private", "1");
    }
    app.post_multipart("/api/files", token, form).await
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn an_uploaded_image_is_sniffed_scanned_attached_and_scaled(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, file) = upload(&app, &creator, "../表紙.txt", png(400, 200), false).await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    assert_eq!(
        file["content_type"], "image/png",
        "from the bytes, not the name"
    );
    assert_eq!(file["name"], "表紙.txt");
    assert_eq!(file["anti_virus_check_scan_status"], "clean");
    assert_eq!(
        (file["width"].as_i64(), file["height"].as_i64()),
        (Some(400), Some(200))
    );

    let (status, message) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "", "file_ids": [file["id"]] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "a file alone is a message");
    assert_eq!(message["files"][0]["id"], file["id"]);
    let (_, reuse) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "再利用", "file_ids": [file["id"]] }),
        )
        .await;
    assert_eq!(
        reuse["error"]["rules"]["file_ids"],
        json!(["exists"]),
        "a file is attached once"
    );

    let response = app
        .http
        .get(app.url(&format!(
            "/api/images/{}?width=100",
            file["path"].as_str().unwrap()
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "image/png");
    let scaled = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((scaled.width(), scaled.height()), (100, 50));

    // Members download it; someone outside the channel does not.
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let response = app
        .http
        .get(app.url(&format!("/api/files/{}", file["id"])))
        .bearer_auth(&editor)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("UTF-8''")
    );
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let response = app
        .http
        .get(app.url(&format!("/api/files/{}", file["id"])))
        .bearer_auth(&newbie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);

    let (_, files) = app
        .get(&format!("/api/channels/{group}/files"), Some(&editor))
        .await;
    assert_eq!(files["files"][0]["file"]["id"], file["id"]);
    assert_eq!(files["total"], 1);
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn infected_and_private_files_are_never_shown(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let eicar = [
        r"X5O!P%@AP[4\PZX54(P^)7CC)7}$",
        "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*",
    ]
    .concat();
    let (_, infected) = upload(&app, &creator, "eicar.com", eicar.into_bytes(), false).await;
    assert_eq!(infected["anti_virus_check_scan_status"], "infected");
    let (_, refused) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "ウイルス", "file_ids": [infected["id"]] }),
        )
        .await;
    assert_eq!(refused["error"]["rules"]["file_ids"], json!(["infected"]));
    let response = app
        .http
        .get(app.url(&format!("/api/files/{}", infected["id"])))
        .bearer_auth(&creator)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);

    let (_, private) = upload(&app, &creator, "private.png", png(10, 10), true).await;
    assert!(private["path"].as_str().unwrap().starts_with("private/"));
    let response = app
        .http
        .get(app.url(&format!(
            "/api/images/{}",
            private["path"].as_str().unwrap()
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.headers()["content-type"],
        "image/svg+xml",
        "placeholder"
    );

    let (status, body) = upload(&app, &creator, "empty.txt", Vec::new(), false).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["file"], json!(["required"]));
    let response = app
        .http
        .post(app.url("/api/files"))
        .multipart(Form::new().text("x", "y"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn each_kind_has_its_size_limit_and_programs_are_refused(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let stored = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from files")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let before = stored().await;

    // An ELF program named like a manuscript: sniffed from its bytes and refused.
    let mut elf = b"\x7fELF\x02\x01\x01\x00".to_vec();
    elf.resize(4096, 0);
    let (status, body) = upload(&app, &creator, "原稿.docx", elf, false).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["file"], json!(["mimes"]));

    // An image over 10 MiB is refused where a document of the same size is not.
    let mut big_png = png(8, 8);
    big_png.resize(10 * 1024 * 1024 + 1, 0);
    let (status, body) = upload(&app, &creator, "big.png", big_png, false).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["file"], json!(["max:10240"]));
    let mut big_pdf = b"%PDF-1.4\n".to_vec();
    big_pdf.resize(10 * 1024 * 1024 + 1, b' ');
    let (status, body) = upload(&app, &creator, "big.pdf", big_pdf, false).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["content_type"], "application/pdf");

    // Unknown binary data is limited to 5 MiB.
    let unknown = vec![0xffu8; 5 * 1024 * 1024 + 1];
    let (status, body) = upload(&app, &creator, "data.bin", unknown, false).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["file"], json!(["max:5120"]));

    assert_eq!(stored().await, before + 1, "only the PDF was stored");
}

/// A clamd peer on a random port speaking INSTREAM: it reads the stream and answers FOUND for
/// bytes holding `needle`, OK otherwise (clamd itself cannot run here: its signature database
/// is downloaded from the internet).
async fn clamd_peer(needle: &'static [u8]) -> std::net::SocketAddr {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut command = [0u8; 10];
            socket.read_exact(&mut command).await.unwrap();
            assert_eq!(&command, b"zINSTREAM\0");
            let mut data = Vec::new();
            loop {
                let length = socket.read_u32().await.unwrap() as usize;
                if length == 0 {
                    break;
                }
                let mut chunk = vec![0u8; length];
                socket.read_exact(&mut chunk).await.unwrap();
                data.extend_from_slice(&chunk);
            }
            let infected = data.windows(needle.len()).any(|w| w == needle);
            let reply: &[u8] = if infected {
                b"stream: Win.Test.Tsumugi FOUND\0"
            } else {
                b"stream: OK\0"
            };
            socket.write_all(reply).await.unwrap();
        }
    });
    addr
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn with_clamd_configured_its_verdict_decides_and_no_verdict_stores_nothing(pool: PgPool) {
    let peer = clamd_peer(b"MALWARE-SAMPLE").await;
    let mut config = support::test_config(&pool);
    config.scanner = api::files::scan::Scanner::Clamd {
        address: peer.to_string(),
    };
    let app = TestApp::spawn_with(pool.clone(), config).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;

    // clamd, not the built-in signature list, decides: its own signature is found.
    let (status, file) = upload(
        &app,
        &creator,
        "a.txt",
        b"xx MALWARE-SAMPLE xx".to_vec(),
        false,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    assert_eq!(file["anti_virus_check_scan_status"], "infected");
    let (_, file) = upload(
        &app,
        &creator,
        "b.txt",
        "原稿です".as_bytes().to_vec(),
        false,
    )
    .await;
    assert_eq!(file["anti_virus_check_scan_status"], "clean");

    // clamd gone: the upload is refused with the spec's 503 body and nothing is stored.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let gone = closed.local_addr().unwrap();
    drop(closed);
    let mut config = support::test_config(&pool);
    config.scanner = api::files::scan::Scanner::Clamd {
        address: gone.to_string(),
    };
    let app = TestApp::spawn_with(pool.clone(), config).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let before: i64 = sqlx::query_scalar("select count(*) from files")
        .fetch_one(&pool)
        .await
        .unwrap();
    let (status, body) = upload(&app, &creator, "c.txt", b"hello".to_vec(), false).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("しばらくしてから")
    );
    let after: i64 = sqlx::query_scalar("select count(*) from files")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(after, before);
}
