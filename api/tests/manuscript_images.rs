//! Images in manuscripts (issue 44): uploaded for a manuscript by whoever writes it (a resumable
//! upload with `use` `manuscript_image`, then `POST /manuscripts/{id}/images`), downloaded by
//! every member of the manuscript and by nobody else, refused when not PNG, JPEG, GIF or WebP
//! or over 10 MiB, and embedded in a delivered version's Word and HTML files (only the
//! manuscript's own files: a reference to any other file is never read).

use crate::manuscripts::{
    ACCOUNTANT, CLIENT, CLIENT_B, CREATOR, EDITOR, MANAGER, caller_of, manuscript, message, store,
    zip_entry,
};
use crate::support::{TestApp, db};
use crate::uploads::{create, patch, scanned};

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use yrs::{Doc, ReadTxn, StateVector, Transact, Xml, XmlElementPrelim, XmlFragment};

use api::auth::role::Role;
use api::manuscripts::doc;

const NEWBIE: &str = "newbie@demo.tsumugi.jp";

fn encoded(format: image::ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_pixel(width, height, image::Rgb([200, 80, 40]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image)
        .write_to(&mut std::io::Cursor::new(&mut bytes), format)
        .unwrap();
    bytes
}

/// Sends `bytes` as a resumable upload for a manuscript's image, as the editor's 「画像」 does;
/// the File record once scanned, or the refusal's status and body.
async fn upload_image(
    app: &TestApp,
    token: &str,
    name: &str,
    bytes: &[u8],
) -> Result<Value, (StatusCode, Value)> {
    let created = create(
        app,
        token,
        bytes.len() as u64,
        &[
            ("filename", name),
            ("use", "manuscript_image"),
            ("is_private", "1"),
        ],
    )
    .await;
    if created.status != StatusCode::CREATED {
        return Err((created.status, created.body));
    }
    let path = created.header("location").unwrap();
    let done = patch(app, token, &path, 0, bytes).await;
    if done.status != StatusCode::NO_CONTENT {
        return Err((done.status, done.body));
    }
    Ok(scanned(app, token, &path).await)
}

async fn add_image(
    app: &TestApp,
    token: &str,
    manuscript_id: i64,
    file_id: &Value,
) -> (StatusCode, Value) {
    app.post(
        &format!("/api/manuscripts/{manuscript_id}/images"),
        Some(token),
        json!({ "file_id": file_id }),
    )
    .await
}

/// The document's state with a paragraph and an image node for each `(src, alt)`, as the
/// editor's image node writes it.
fn with_images(images: &[(&str, &str)]) -> Vec<u8> {
    let doc = Doc::new();
    let fragment = doc.get_or_insert_xml_fragment(doc::FRAGMENT);
    {
        let mut txn = doc.transact_mut();
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        p.push_back(
            &mut txn,
            yrs::types::xml::XmlTextPrelim::new("写真で見る京都"),
        );
        for (src, alt) in images {
            let image = fragment.push_back(&mut txn, XmlElementPrelim::empty("image"));
            image.insert_attribute(&mut txn, "src", *src);
            image.insert_attribute(&mut txn, "alt", *alt);
        }
    }
    doc.transact()
        .encode_state_as_update_v1(&StateVector::default())
}

/// A seeded server with a new writing task's manuscript (its creator edits, the editor
/// assistant suggests, the client comments) and the creator's session.
struct Setup {
    pool: sqlx::PgPool,
    _db: db::TestDb,
    app: TestApp,
    manuscript_id: i64,
    creator: String,
}

async fn setup() -> Setup {
    let (pool, db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let creator = app.login(CREATOR).await;
    Setup {
        pool,
        _db: db,
        app,
        manuscript_id,
        creator,
    }
}

#[tokio::test]
async fn an_image_put_in_by_a_writer_is_downloaded_by_every_member_and_nobody_else() {
    let Setup {
        pool,
        _db,
        app,
        manuscript_id,
        creator,
    } = setup().await;
    let bytes = encoded(image::ImageFormat::Png, 64, 48);

    let file = upload_image(&app, &creator, "紅葉.png", &bytes)
        .await
        .unwrap();
    assert_eq!(file["anti_virus_check_scan_status"], "clean", "{file}");
    assert!(file["path"].as_str().unwrap().starts_with("private/"));
    let (status, added) = add_image(&app, &creator, manuscript_id, &file["id"]).await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    let file_id = file["id"].as_i64().unwrap();
    let src = format!("/api/files/{file_id}");
    assert_eq!(added["src"], src.as_str());
    assert_eq!(added["file"]["id"], file_id);
    assert_eq!(added["file"]["name"], "紅葉.png");
    // Again: nothing changes.
    let (status, _) = add_image(&app, &creator, manuscript_id, &file["id"]).await;
    assert_eq!(status, StatusCode::CREATED);

    // The editor inserts the node; the document holds the reference.
    let writer = caller_of(&pool, CREATOR, Role::General).await;
    store(
        &app,
        &writer,
        manuscript_id,
        &with_images(&[(src.as_str(), "紅葉.png")]),
    )
    .await;
    let client = app.login(CLIENT).await;
    let (status, _, downloaded) = app.download(&src, &client).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the client (comment) sees the manuscript's image"
    );
    assert_eq!(downloaded, bytes);
    let editor = app.login(EDITOR).await;
    let (status, _, _) = app.download(&src, &editor).await;
    assert_eq!(status, StatusCode::OK, "the editor assistant (suggest) too");
    let manager = app.login(MANAGER).await;
    let (status, _, _) = app.download(&src, &manager).await;
    assert_eq!(status, StatusCode::OK, "a manager edits every manuscript");

    // Nobody without a part in the manuscript: another creator, another company, an accountant.
    for outsider in [NEWBIE, CLIENT_B, ACCOUNTANT] {
        let token = app.login(outsider).await;
        let (status, _, body) = app.download(&src, &token).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{outsider}");
        assert_ne!(body, bytes, "{outsider}");
        let (status, _) = app
            .post(
                &format!("/api/files/{file_id}/link"),
                Some(&token),
                json!({}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "no signed link either: {outsider}"
        );
    }
    let (status, _, _) = app.download(&src, "not-a-session").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn only_a_writer_puts_in_only_their_own_web_image() {
    let Setup {
        pool: _,
        _db,
        app,
        manuscript_id,
        creator,
    } = setup().await;
    let editor = app.login(EDITOR).await;
    let client = app.login(CLIENT).await;
    let png = encoded(image::ImageFormat::Png, 20, 20);

    // The editor assistant suggests: they may put an image in.
    let theirs = upload_image(&app, &editor, "図.png", &png).await.unwrap();
    let (status, body) = add_image(&app, &editor, manuscript_id, &theirs["id"]).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // The client only comments.
    let own = upload_image(&app, &client, "参考.png", &png).await.unwrap();
    let (status, _) = add_image(&app, &client, manuscript_id, &own["id"]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Someone else's file never becomes the manuscript's (its members would read it).
    let (status, body) = add_image(&app, &creator, manuscript_id, &own["id"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["file_id"], json!(["exists"]));
    let (status, _, _) = app
        .download(&format!("/api/files/{}", own["id"]), &creator)
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "the client's file stays theirs"
    );
    let (status, body) = add_image(&app, &creator, manuscript_id, &Value::Null).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["file_id"], json!(["required"]));
    // Nobody outside sees the manuscript at all.
    let outsider = app.login(CLIENT_B).await;
    let (status, _) = add_image(&app, &outsider, manuscript_id, &own["id"]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Not an image: refused when the upload is created, before a byte is sent …
    let refused = upload_image(&app, &creator, "本文.txt", "本文です".as_bytes())
        .await
        .unwrap_err();
    assert_eq!(refused.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.1);
    assert_eq!(
        refused.1["error"]["rules"]["file"],
        json!(["mimes:png,jpeg,gif,webp"])
    );
    assert_eq!(
        message(&refused.1),
        "原稿に入れられる画像はPNG、JPEG、GIF、WebPのファイルです。"
    );
    // … or when its first bytes are no such image, whatever its name says.
    let refused = upload_image(&app, &creator, "偽物.png", "本文です".repeat(10).as_bytes())
        .await
        .unwrap_err();
    assert_eq!(refused.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.1);
    assert_eq!(
        refused.1["error"]["rules"]["file"],
        json!(["mimes:png,jpeg,gif,webp"])
    );
    // Over 10 MiB: 413 at creation.
    let created = create(
        &app,
        &creator,
        10 * 1024 * 1024 + 1,
        &[("filename", "大きな写真.jpg"), ("use", "manuscript_image")],
    )
    .await;
    assert_eq!(
        created.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "{}",
        created.body
    );
    assert_eq!(created.body["error"]["rules"]["file"], json!(["max:10240"]));
    assert_eq!(
        message(&created.body),
        "画像が大きすぎます。原稿に入れられる画像は10 MBまでです。"
    );

    // A document uploaded another way is still no image for a manuscript.
    let form = Form::new()
        .part(
            "file",
            Part::bytes("本文です".as_bytes().to_vec()).file_name("本文.txt"),
        )
        .text("is_private", "1");
    let (status, text) = app.post_multipart("/api/files", &creator, form).await;
    assert_eq!(status, StatusCode::CREATED, "{text}");
    let (status, body) = add_image(&app, &creator, manuscript_id, &text["id"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"]["rules"]["file_id"],
        json!(["mimes:png,jpeg,gif,webp"])
    );
    // Nor is a public one (its variants are anyone's).
    let form = Form::new().part("file", Part::bytes(png.clone()).file_name("公開.png"));
    let (_, public) = app.post_multipart("/api/files", &creator, form).await;
    let (status, body) = add_image(&app, &creator, manuscript_id, &public["id"]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["file_id"], json!(["private"]));
}

#[tokio::test]
async fn a_delivered_version_embeds_the_manuscripts_own_images_only() {
    let Setup {
        pool,
        _db,
        app,
        manuscript_id,
        creator,
    } = setup().await;
    let client = app.login(CLIENT).await;

    let jpeg = encoded(image::ImageFormat::Jpeg, 80, 60);
    let photo = upload_image(&app, &creator, "清水寺.jpg", &jpeg)
        .await
        .unwrap();
    let (status, added) = add_image(&app, &creator, manuscript_id, &photo["id"]).await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    let src = added["src"].as_str().unwrap().to_string();
    // A file of the creator's that was never put into this manuscript.
    let other = upload_image(
        &app,
        &creator,
        "私物.png",
        &encoded(image::ImageFormat::Png, 8, 8),
    )
    .await
    .unwrap();
    let other_src = format!("/api/files/{}", other["id"]);

    let writer = caller_of(&pool, CREATOR, Role::General).await;
    let state = with_images(&[
        (src.as_str(), "清水寺.jpg"),
        (other_src.as_str(), "私物.png"),
        ("javascript:alert(1)", "危ない"),
        ("https://example.jp/a.png", "外部"),
    ]);
    store(&app, &writer, manuscript_id, &state).await;
    let (status, version) = app
        .post(
            &format!("/api/manuscripts/{manuscript_id}/versions"),
            Some(&creator),
            json!({ "name": "写真入り" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{version}");
    let (status, registered) = app
        .post(
            &format!(
                "/api/manuscripts/{manuscript_id}/versions/{}/deliver",
                version["id"]
            ),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{registered}");
    let file_ids = registered["file_ids"].as_array().unwrap();

    // Word: one picture (the JPEG, written as PNG); the rest named where they stood.
    let (status, _, docx) = app
        .download(&format!("/api/files/{}", file_ids[0]), &client)
        .await;
    assert_eq!(status, StatusCode::OK);
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(&docx)).unwrap();
    let media: Vec<String> = archive
        .file_names()
        .map(|name| name.unwrap().into_owned())
        .filter(|name| name.starts_with("word/media/") && !name.ends_with('/'))
        .collect();
    assert_eq!(media.len(), 1, "{media:?}");
    let mut picture = Vec::new();
    std::io::Read::read_to_end(&mut archive.by_name(&media[0]).unwrap(), &mut picture).unwrap();
    let decoded = image::load_from_memory(&picture).expect("the embedded picture decodes");
    assert_eq!((decoded.width(), decoded.height()), (80, 60));
    let document = zip_entry(&docx, "word/document.xml");
    assert!(
        document.contains("<w:drawing>") || document.contains("<w:drawing"),
        "{document}"
    );
    assert!(document.contains("［画像：私物.png］"), "{document}");
    assert!(document.contains("［画像：外部］"));
    assert!(!document.contains("javascript"));

    // HTML: the manuscript's image as a data URL, the outside one as its address, nothing else.
    let (status, _, html) = app
        .download(&format!("/api/files/{}", file_ids[1]), &client)
        .await;
    assert_eq!(status, StatusCode::OK);
    let html = String::from_utf8(html).unwrap();
    use base64::Engine;
    let data = base64::engine::general_purpose::STANDARD.encode(&jpeg);
    assert!(
        html.contains(&format!(
            "<p><img src=\"data:image/jpeg;base64,{data}\" alt=\"清水寺.jpg\"></p>"
        )),
        "{html}"
    );
    assert!(html.contains("<p><img src=\"https://example.jp/a.png\" alt=\"外部\"></p>"));
    assert!(
        !html.contains(&other_src),
        "another file is never referred to"
    );
    assert!(!html.contains("私物"));
    assert!(!html.contains("javascript"));
}
