//! Uploads: sniffing, scanning, attaching, downloading with access checks, image variants.

use crate::support;
use crate::support::db;

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

/// How many files are recorded.
async fn files_stored(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select count(*) from files")
        .fetch_one(pool)
        .await
        .unwrap()
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

#[tokio::test]
async fn an_uploaded_image_is_sniffed_scanned_attached_and_scaled() {
    let (pool, _db) = db::seeded().await;
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
    assert_eq!(
        (scaled.width(), scaled.height()),
        (128, 64),
        "the next variant width at or above the one asked for"
    );

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

#[tokio::test]
async fn infected_and_private_files_are_never_shown() {
    let (pool, _db) = db::seeded().await;
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
    // Not even its uploader downloads it: 403, as the API description says.
    let (status, body) = app
        .get(&format!("/api/files/{}", infected["id"]), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("ウイルスが検出された"),
        "{body}"
    );
    let (_, description) = app.get("/api/openapi.json", None).await;
    let documented = &description["paths"]["/api/files/{file_id}"]["get"]["responses"]["403"];
    assert!(
        documented["description"]
            .as_str()
            .is_some_and(|d| d.contains("infected")),
        "the API description names the same status: {documented}"
    );

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

#[tokio::test]
async fn each_kind_has_its_size_limit_and_programs_are_refused() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let before = files_stored(&pool).await;

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

    assert_eq!(
        files_stored(&pool).await,
        before + 1,
        "only the PDF was stored"
    );
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

#[tokio::test]
async fn with_clamd_configured_its_verdict_decides_and_no_verdict_stores_nothing() {
    let (pool, _db) = db::seeded().await;
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
    let before = files_stored(&pool).await;
    let (status, body) = upload(&app, &creator, "c.txt", b"hello".to_vec(), false).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("しばらくしてから")
    );
    let after = files_stored(&pool).await;
    assert_eq!(after, before);
}

/// A black `width`×`height` 8-bit RGB PNG written by hand: its pixel data (every byte zero) is
/// one fixed-Huffman deflate block of 258-byte back-references, so a 10000×10000 image (300 MB
/// decoded) takes under 2 MB and is made in a moment without holding its pixels anywhere.
fn black_png(width: u32, height: u32) -> Vec<u8> {
    struct Bits {
        bytes: Vec<u8>,
        used: u32,
    }
    impl Bits {
        /// `count` bits of `value`, least significant first (deflate's header and extra bits).
        fn push(&mut self, value: u32, count: u32) {
            for i in 0..count {
                if self.used == 0 {
                    self.bytes.push(0);
                }
                *self.bytes.last_mut().unwrap() |= (((value >> i) & 1) as u8) << self.used;
                self.used = (self.used + 1) % 8;
            }
        }
        /// A Huffman code, most significant bit first.
        fn code(&mut self, code: u32, count: u32) {
            for i in (0..count).rev() {
                self.push((code >> i) & 1, 1);
            }
        }
    }
    fn crc32(data: &[u8]) -> u32 {
        let mut crc = !0u32;
        for byte in data {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        png.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let start = png.len();
        png.extend_from_slice(kind);
        png.extend_from_slice(data);
        let crc = crc32(&png[start..]);
        png.extend_from_slice(&crc.to_be_bytes());
    }

    // Each row: filter type 0, then 3 zero bytes a pixel.
    let raw = u64::from(height) * (1 + 3 * u64::from(width));
    let mut bits = Bits {
        bytes: vec![0x78, 0x01],
        used: 0,
    };
    bits.push(1, 1); // the final block
    bits.push(1, 2); // fixed Huffman codes
    bits.code(0x30, 8); // literal 0
    let matches = (raw - 1) / 258;
    for _ in 0..matches {
        bits.code(0xC5, 8); // length 258 (symbol 285)
        bits.code(0, 5); // distance 1
    }
    for _ in 0..(raw - 1 - matches * 258) {
        bits.code(0x30, 8);
    }
    bits.code(0, 7); // end of block
    let mut zlib = bits.bytes;
    // Adler-32 of zeros: a stays 1, b adds 1 a byte.
    let adler = (((raw % 65_521) as u32) << 16) | 1;
    zlib.extend_from_slice(&adler.to_be_bytes());

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB, deflate, no interlace
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &zlib);
    chunk(&mut png, b"IEND", &[]);
    png
}

#[test]
fn the_hand_written_png_is_a_real_black_image() {
    let small = image::load_from_memory(&black_png(300, 7))
        .unwrap()
        .to_rgb8();
    assert_eq!(small.dimensions(), (300, 7));
    assert!(small.pixels().all(|p| p.0 == [0, 0, 0]));
    let bomb = black_png(10_000, 10_000);
    assert!(bomb.len() < 2 * 1024 * 1024, "{} bytes", bomb.len());
}

/// The keys of the image variants in the app's storage.
async fn variant_files(app: &TestApp) -> Vec<String> {
    support::stored_keys(&app.state.storage, "variants").await
}

#[tokio::test]
async fn an_image_over_the_pixel_budget_is_refused_at_upload() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let before = files_stored(&pool).await;

    // 10000×10000 (100 megapixels) in under 2 MB: refused from its header, never decoded.
    let (status, body) = upload(&app, &creator, "bomb.png", black_png(10_000, 10_000), false).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["file"], json!(["dimensions"]));
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("4,000万画素"),
        "{body}"
    );
    // A long side over the limit is refused too, however few pixels.
    let (status, body) = upload(&app, &creator, "strip.png", black_png(20_000, 2), false).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["file"], json!(["dimensions"]));
    let after = files_stored(&pool).await;
    assert_eq!(after, before, "nothing stored");

    // Within the budget (7000×5000 = 35 megapixels) it is accepted.
    let (status, body) = upload(&app, &creator, "big.png", black_png(7000, 5000), false).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        (body["width"].as_i64(), body["height"].as_i64()),
        (Some(7000), Some(5000))
    );
}

#[tokio::test]
async fn a_stored_image_over_the_budget_is_answered_the_placeholder_undecoded() {
    let (pool, _db) = db::seeded().await;
    use api::files::images;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = support::user_id(&pool, "creator@demo.tsumugi.jp").await;

    // Stored before the budget existed: in storage and clean, as uploads were.
    let bomb = black_png(10_000, 10_000);
    let key = format!("{}.png", uuid::Uuid::new_v4());
    app.state
        .storage
        .put(&key, bomb.clone().into())
        .await
        .unwrap();
    sqlx::query(
        "insert into files (user_id, name, storage_key, content_type, size_bytes, scan_status, is_private, width, height)
         values ($1, 'bomb.png', $2, 'image/png', $3, 'clean', false, 10000, 10000)",
    )
    .bind(creator)
    .bind(&key)
    .bind(bomb.len() as i64)
    .execute(&pool)
    .await
    .unwrap();

    for query in ["", "?width=100", "?width=2048&height=2048", "?height=64"] {
        let response = app
            .http
            .get(app.url(&format!("/api/images/files/{key}{query}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{query}");
        assert_eq!(
            response.headers()["content-type"],
            "image/svg+xml",
            "{query}"
        );
    }
    assert!(variant_files(&app).await.is_empty(), "no variant was made");

    // Read from its header only; and a decode that skipped that check stops at the limits
    // before allocating its 300 MB.
    assert_eq!(
        images::Header::of_stored(&app.state.storage, &key)
            .await
            .unwrap(),
        images::Header::TooLarge
    );
    match images::decode(&bomb) {
        Err(image::ImageError::Limits(_)) => {}
        other => panic!("decoded past the limits: {:?}", other.map(|i| i.width())),
    }
}

#[tokio::test]
async fn any_requested_sizes_make_at_most_the_fixed_variant_files() {
    let (pool, _db) = db::seeded().await;
    use image::GenericImageView;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, file) = upload(&app, &creator, "wide.png", png(2500, 100), false).await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    let path = file["path"].as_str().unwrap();

    let mut requests: Vec<String> = (100..=140).map(|w| format!("width={w}")).collect();
    requests.extend((1..=4096).step_by(211).map(|w| format!("width={w}")));
    requests.extend((1..=200).step_by(9).map(|h| format!("height={h}")));
    requests.extend([
        "width=80&height=80".into(),
        "width=3000&height=4000".into(),
        String::new(),
    ]);
    let mut widths = std::collections::BTreeSet::new();
    for query in &requests {
        let response = app
            .http
            .get(app.url(&format!("/api/images/{path}?{query}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["content-type"], "image/png", "{query}");
        let image = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        widths.insert(image.dimensions().0);
    }
    let set = [64, 128, 256, 512, 1024, 2048];
    assert!(widths.iter().all(|w| set.contains(w)), "{widths:?}");
    let stored = variant_files(&app).await;
    assert!(
        stored.len() <= set.len(),
        "{} requests made {stored:?}",
        requests.len()
    );
    assert_eq!(
        stored.len(),
        widths.len(),
        "one file a width served: {stored:?}"
    );
}

#[tokio::test]
async fn uploaded_names_lose_direction_controls() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, file) = upload(
        &app,
        &creator,
        "invoice\u{202E}gnp.exe",
        "請求書".as_bytes().to_vec(),
        false,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    assert_eq!(file["name"], "invoicegnp.exe");
    let (status, file) = upload(
        &app,
        &creator,
        "\u{2067}原稿\u{200F}\u{061C}\u{2069}\u{200E}.txt",
        "原稿".as_bytes().to_vec(),
        false,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    assert_eq!(file["name"], "原稿.txt");
    let response = app
        .http
        .get(app.url(&format!("/api/files/{}", file["id"])))
        .bearer_auth(&creator)
        .send()
        .await
        .unwrap();
    let disposition = response.headers()["content-disposition"].to_str().unwrap();
    assert!(
        disposition.ends_with(&format!("UTF-8''{}", "%E5%8E%9F%E7%A8%BF.txt")),
        "{disposition}"
    );
}

/// A signed link's answer without any token; `range` when given.
async fn through_link(app: &TestApp, url: &str, range: Option<&str>) -> reqwest::Response {
    let mut request = app.http.get(app.url(url));
    if let Some(range) = range {
        request = request.header("range", range);
    }
    request.send().await.unwrap()
}

/// `url` with its query parameter `name` set to `value`.
fn with_param(url: &str, name: &str, value: &str) -> String {
    let (path, query) = url.split_once('?').unwrap();
    let query: Vec<String> = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((key, _)) if key == name => format!("{key}={value}"),
            _ => pair.to_string(),
        })
        .collect();
    format!("{path}?{}", query.join("&"))
}

fn param<'a>(url: &'a str, name: &str) -> &'a str {
    url.split_once('?')
        .unwrap()
        .1
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .unwrap()
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn signed_links_play_ranges_for_readers_until_they_expire_or_access_ends(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let group = channel_id(&pool, GROUP).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let content = "第二章　つづき。".repeat(50).into_bytes();
    let (_, file) = upload(&app, &creator, "本編.txt", content.clone(), false).await;
    let (_, other) = upload(&app, &creator, "別.txt", b"other file".to_vec(), false).await;
    let (status, message) = app
        .post(
            &format!("/api/channels/{group}/messages"),
            Some(&creator),
            json!({ "body": "動画です", "file_ids": [file["id"], other["id"]] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{message}");

    // A reader of the channel gets a link; someone outside it does not.
    let link_of = |token: String, id: Value| {
        let app = &app;
        async move {
            app.post(&format!("/api/files/{id}/link"), Some(&token), json!({}))
                .await
        }
    };
    let (status, link) = link_of(editor.clone(), file["id"].clone()).await;
    assert_eq!(status, StatusCode::OK, "{link}");
    let url = link["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&format!("/api/files/{}/signed?", file["id"])));
    assert!(!url.contains(&editor), "the token never appears in a URL");
    let expires = chrono::DateTime::parse_from_rfc3339(link["expires"].as_str().unwrap()).unwrap();
    let lives = expires.timestamp() - chrono::Utc::now().timestamp();
    assert!((295..=300).contains(&lives), "a few minutes: {lives} s");
    assert_eq!(
        link_of(newbie.clone(), file["id"].clone()).await.0,
        StatusCode::FORBIDDEN
    );

    // Valid: the whole file and a range, without a token, as a <video> asks.
    let whole = through_link(&app, &url, None).await;
    assert_eq!(whole.status(), StatusCode::OK);
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.bytes().await.unwrap(), content);
    let part = through_link(&app, &url, Some("bytes=6-20")).await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 6-20/{}", content.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap(), content[6..21]);

    // Tampered (signature, expiry, session), for another file, or without a signature: 403.
    let signature = param(&url, "signature");
    let flipped = format!(
        "{}{}",
        &signature[..signature.len() - 1],
        if signature.ends_with('0') { "1" } else { "0" }
    );
    let later = (expires.timestamp() + 3600).to_string();
    let stranger = uuid::Uuid::new_v4().to_string();
    let other_file = url.replace(
        &format!("/files/{}/", file["id"]),
        &format!("/files/{}/", other["id"]),
    );
    for forged in [
        with_param(&url, "signature", &flipped),
        with_param(&url, "expires", &later),
        with_param(&url, "session", &stranger),
        other_file,
        url.split_once('?').unwrap().0.to_string(),
    ] {
        let refused = through_link(&app, &forged, Some("bytes=0-3")).await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{forged}");
        assert!(refused.headers().get("content-range").is_none());
    }

    // Expired: signed six minutes ago, refused with a message saying so.
    let session: uuid::Uuid = param(&url, "session").parse().unwrap();
    let file_id = file["id"].as_i64().unwrap();
    let old = app.state.file_links.sign(
        file_id,
        session,
        chrono::Utc::now() - chrono::TimeDelta::minutes(6),
    );
    let expired = through_link(&app, &api::files::links::path(file_id, &old), None).await;
    assert_eq!(expired.status(), StatusCode::FORBIDDEN);
    let body: Value = expired.json().await.unwrap();
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("有効期限"),
        "{body}"
    );

    // Access is checked again at download: once the message is deleted, the reader's link
    // fails; the uploader's own still works.
    let (_, mine) = link_of(creator.clone(), file["id"].clone()).await;
    let (status, _) = app
        .delete(
            &format!("/api/channels/{group}/messages/{}", message["id"]),
            Some(&creator),
        )
        .await;
    assert!(status.is_success(), "{status}");
    assert_eq!(
        through_link(&app, &url, Some("bytes=0-3")).await.status(),
        StatusCode::FORBIDDEN
    );
    let own = through_link(&app, mine["url"].as_str().unwrap(), Some("bytes=0-3")).await;
    assert_eq!(own.status(), StatusCode::PARTIAL_CONTENT);

    // A link dies with its session: the session is looked up by id through the node's session
    // cache (one read a second per session, not one per range), and logging out empties it.
    let (status, _) = app
        .post("/api/users/logout", Some(&creator), json!({}))
        .await;
    assert!(status.is_success(), "{status}");
    let after_logout = through_link(&app, mine["url"].as_str().unwrap(), Some("bytes=0-3")).await;
    assert_eq!(after_logout.status(), StatusCode::FORBIDDEN);
}
