//! Uploads: sniffing, scanning, attaching, downloading with access checks, image variants.

mod support;

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
