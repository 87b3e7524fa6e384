//! Sign-up by mail link, client invitations, password recovery and changes, mail address
//! change, generated passwords, mail frequencies and the Profile with each of its rules.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{PASSWORD, TestApp, demo_client_id, mails, rules, rules_on, user_id};

const NEW_PASSWORD: &str = "Tsumugi-new-2027";

async fn app(pool: PgPool) -> TestApp {
    TestApp::spawn_with_master_data(pool).await
}

/// The rules of one field of a 422.
/// The token of the link to `path` in the mail to `to` (waiting for mails sent in the background).
async fn link_token(app: &TestApp, to: &str, path: &str) -> String {
    let needle = format!("{path}?token=");
    for _ in 0..50 {
        let found = mails(app)
            .into_iter()
            .filter(|m| m.contains(to))
            .find_map(|mail| {
                mail.find(&needle).map(|at| {
                    mail[at + needle.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
                        .collect::<String>()
                })
            });
        if let Some(token) = found {
            return token;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no mail to {to} with a link to {path}: {:?}", mails(app));
}

fn profile() -> Value {
    json!({
        "account_type": "personal",
        "last_name": "新山",
        "first_name": "花子",
        "last_name_kana": "ニイヤマ",
        "first_name_kana": "ハナコ",
        "user_name": "はなこ",
        "sex": "female",
        "birthday": { "year": 1990, "month": 4, "day": 1 },
        "phone_number": "０９０-１２３４-５６７８",
        "prefecture_id": 13,
        "postal_code_first": "100",
        "postal_code_last": "0005",
        "city_address": "千代田区丸の内",
        "street_address": "1-1-1",
        "building_name": "",
    })
}

fn signup_body(token: &str) -> Value {
    let mut body = profile();
    body["token"] = json!(token);
    body["password"] = json!(NEW_PASSWORD);
    body["password_confirmation"] = json!(NEW_PASSWORD);
    body["accept"] = json!(true);
    body
}

fn png() -> Vec<u8> {
    let image = image::RgbImage::from_pixel(8, 8, image::Rgb([30, 160, 90]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    bytes
}

fn with(mut body: Value, key: &str, value: Value) -> Value {
    body[key] = value;
    body
}

/// Asks for a sign-up link for `mail_address` and returns its token.
async fn signup_token(app: &TestApp, mail_address: &str) -> String {
    let (status, body) = app
        .post("/api/signup", None, json!({ "mail_address": mail_address }))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    link_token(app, mail_address, "/signup/profile").await
}

#[tokio::test]
async fn a_new_creator_signs_up_through_the_mailed_link() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let address = "new.writer@example.jp";
    let token = signup_token(&app, address).await;
    let mail = mails(&app)
        .into_iter()
        .find(|m| m.contains(address))
        .unwrap();
    assert!(
        mail.contains("プロフィールの登録にお進みください"),
        "{mail}"
    );

    // Only a digest is stored.
    let stored: Vec<u8> =
        sqlx::query_scalar("select token_hash from mail_tokens where mail_address = $1")
            .bind(address)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_ne!(stored, token.as_bytes());

    let (status, target) = app
        .get(&format!("/api/signup/profile?token={token}"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{target}");
    assert_eq!(target["mail_address"], address);

    let (status, session) = app
        .post("/api/signup/profile", None, signup_body(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["role_type"], "general");
    assert_eq!(session["user"]["user_name"], "はなこ");
    assert_eq!(session["user"]["has_skill"], false);
    let bearer = session["token"].as_str().unwrap();

    // The session works and the profile was written.
    let (status, who) = app.get("/api/users/whoami", Some(bearer)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(who["id"], session["user"]["id"]);
    let (status, mine) = app.get("/api/users/me", Some(bearer)).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["mail_address"], address);
    assert_eq!(mine["last_name_kana"], "ニイヤマ");
    assert_eq!(mine["phone_number"], "09012345678");
    assert_eq!(
        mine["birthday"],
        json!({ "year": 1990, "month": 4, "day": 1 })
    );
    assert_eq!(mine["postal_code_first"], "100");
    assert_eq!(mine["postal_code_last"], "0005");
    assert_eq!(mine["prefecture_id"], 13);
    let hash: String =
        sqlx::query_scalar("select password_hash from users where mail_address = $1")
            .bind(address)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(hash.starts_with("$argon2id$"));
    // The new password logs in.
    let (status, _) = app.try_login(address, NEW_PASSWORD).await;
    assert_eq!(status, StatusCode::OK);

    // The link is single use.
    let (status, again) = app
        .post("/api/signup/profile", None, signup_body(&token))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&again, "token"), ["jwt"]);
    let (status, _) = app
        .get(&format!("/api/signup/profile?token={token}"), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // The address is now registered: the form answers as for anyone, and no new link is issued.
    let links = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from mail_tokens")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let before = links().await;
    let (status, _) = app
        .post(
            "/api/signup",
            None,
            json!({ "mail_address": "NEW.Writer@example.jp" }),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(links().await, before);
}

#[tokio::test]
async fn sign_up_never_tells_who_is_registered_and_refuses_invalid_and_expired() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    // A registered address gets the answer a new one gets; its owner is mailed a notice
    // without a sign-up link.
    let (registered, _) = app
        .post(
            "/api/signup",
            None,
            json!({ "mail_address": "creator@demo.tsumugi.jp" }),
        )
        .await;
    let (fresh, _) = app
        .post(
            "/api/signup",
            None,
            json!({ "mail_address": "someone-new@example.jp" }),
        )
        .await;
    assert_eq!(
        (registered, fresh),
        (StatusCode::NO_CONTENT, StatusCode::NO_CONTENT)
    );
    let mut notice = None;
    for _ in 0..50 {
        notice = mails(&app)
            .into_iter()
            .find(|m| m.contains("creator@demo.tsumugi.jp"));
        if notice.is_some() && mails(&app).len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let notice = notice.expect("a notice to the registered address");
    assert!(
        notice.contains("すでに Tsumugi に登録されています"),
        "{notice}"
    );
    assert!(
        !notice.contains("/signup/profile"),
        "no sign-up link: {notice}"
    );
    let (_, body) = app
        .post("/api/signup", None, json!({ "mail_address": "no-at-sign" }))
        .await;
    assert_eq!(rules_on(&body, "mail_address"), ["email"]);
    let (_, body) = app.post("/api/signup", None, json!({})).await;
    assert_eq!(rules_on(&body, "mail_address"), ["required"]);
    assert_eq!(
        mails(&app).len(),
        2,
        "nothing is mailed for a refused request"
    );

    let token = signup_token(&app, "late@example.jp").await;
    sqlx::query("update mail_tokens set expires_at = now() - interval '1 second' where mail_address = 'late@example.jp'")
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = app
        .get(&format!("/api/signup/profile?token={token}"), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "token"), ["jwt"]);
    let (status, body) = app
        .post("/api/signup/profile", None, signup_body(&token))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "token"), ["jwt"]);
    let (status, body) = app
        .post("/api/signup/profile", None, signup_body("made-up"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "token"), ["jwt"]);
    let created: i64 =
        sqlx::query_scalar("select count(*) from users where mail_address = 'late@example.jp'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(created, 0);
}

#[tokio::test]
async fn each_profile_rule_answers_on_its_field() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let token = signup_token(&app, "rules@example.jp").await;
    let base = signup_body(&token);
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            with(base.clone(), "last_name", json!("")),
            "last_name",
            "required",
        ),
        (
            with(base.clone(), "first_name", json!("あ".repeat(51))),
            "first_name",
            "max:50",
        ),
        (
            with(base.clone(), "last_name_kana", json!("にいやま")),
            "last_name_kana",
            "katakana",
        ),
        (
            with(base.clone(), "first_name_kana", json!("Hanako")),
            "first_name_kana",
            "katakana",
        ),
        (
            with(base.clone(), "user_name", json!(" ")),
            "user_name",
            "required",
        ),
        (
            with(
                base.clone(),
                "birthday",
                json!({ "year": 2001, "month": 2, "day": 29 }),
            ),
            "birthday",
            "date",
        ),
        (
            with(
                base.clone(),
                "birthday",
                json!({ "year": 2999, "month": 1, "day": 1 }),
            ),
            "birthday",
            "date",
        ),
        (
            with(base.clone(), "birthday", json!({})),
            "birthday",
            "required",
        ),
        (
            with(base.clone(), "phone_number", json!("090-123-456")),
            "phone_number",
            "digits_between:10,11",
        ),
        (
            with(base.clone(), "phone_number", json!("電話")),
            "phone_number",
            "numeric",
        ),
        (
            with(base.clone(), "postal_code_first", json!("10")),
            "postal_code_first",
            "digits:3",
        ),
        (
            with(base.clone(), "postal_code_last", json!("")),
            "postal_code_last",
            "required",
        ),
        (
            with(base.clone(), "street_address", json!("")),
            "street_address",
            "required",
        ),
        (
            with(base.clone(), "prefecture_id", json!(48)),
            "prefecture_id",
            "exists",
        ),
        (
            with(base.clone(), "prefecture_id", Value::Null),
            "prefecture_id",
            "required",
        ),
        (with(base.clone(), "sex", json!("")), "sex", "required"),
        (
            with(base.clone(), "account_type", json!("corporate")),
            "company_name",
            "required_if:account_type,corporate",
        ),
        (
            with(base.clone(), "account_type", json!("corporate")),
            "representative_name",
            "required_if:account_type,corporate",
        ),
        (
            with(base.clone(), "accept", json!(false)),
            "accept",
            "accepted",
        ),
        (
            with(base.clone(), "password", json!("tsumugi-2027")),
            "password",
            "password",
        ),
        (
            with(base.clone(), "password", json!("Ts-27")),
            "password",
            "min:8",
        ),
        (
            with(
                base.clone(),
                "password_confirmation",
                json!("Tsumugi-new-2028"),
            ),
            "password_confirmation",
            "same:password",
        ),
        (
            with(base.clone(), "image_file_id", json!(1)),
            "image_file_id",
            "exists",
        ),
    ];
    for (body, field, rule) in cases {
        let (status, answer) = app.post("/api/signup/profile", None, body).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {answer}"
        );
        assert!(
            rules_on(&answer, field).contains(&rule.to_string()),
            "{field} should fail {rule}: {answer}"
        );
    }
    // Refusals do not spend the link; a corporate account with its names and an overseas
    // residence (no postal code or address: the placeholder is stored) is accepted.
    let overseas = with(
        with(
            with(
                with(
                    with(
                        with(base, "account_type", json!("corporate")),
                        "company_name",
                        json!("株式会社ツムギ"),
                    ),
                    "representative_name",
                    json!("新山 花子"),
                ),
                "prefecture_id",
                json!(99),
            ),
            "postal_code_first",
            json!(""),
        ),
        "postal_code_last",
        json!(""),
    );
    let overseas = with(
        with(overseas, "city_address", json!("")),
        "street_address",
        json!(""),
    );
    let (status, session) = app.post("/api/signup/profile", None, overseas).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    let (_, mine) = app.get("/api/users/me", session["token"].as_str()).await;
    assert_eq!(mine["prefecture_id"], 99);
    assert_eq!(mine["postal_code_first"], "000");
    assert_eq!(mine["postal_code_last"], "0000");
    assert_eq!(mine["account_type"], "corporate");
    assert_eq!(mine["company_name"], "株式会社ツムギ");
}

#[tokio::test]
async fn a_creator_edits_their_profile_and_cannot_read_anothers() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor_id = user_id(&pool, "editor@demo.tsumugi.jp").await;
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;

    let (status, _) = app
        .get(&format!("/api/users/{editor_id}"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get("/api/users/99999999", Some(&creator)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let client = app.login("client@demo.tsumugi.jp").await;
    let (status, body) = app
        .get(&format!("/api/users/{creator_id}"), Some(&client))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = app.get(&format!("/api/users/{creator_id}"), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let (status, seen) = app
        .get(&format!("/api/users/{creator_id}"), Some(&manager))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(seen["mail_address"], "creator@demo.tsumugi.jp");

    let (status, own) = app
        .get(&format!("/api/users/{creator_id}"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::OK, "{own}");
    let (status, saved) = app
        .put(
            "/api/users/me",
            Some(&creator),
            with(profile(), "user_name", json!("新しい表示名")),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["user_name"], "新しい表示名");
    assert_eq!(
        saved["mail_address"], "creator@demo.tsumugi.jp",
        "the address changes only by its own route"
    );
    let (_, who) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(who["user_name"], "新しい表示名");

    let (status, body) = app
        .put(
            "/api/users/me",
            Some(&creator),
            with(profile(), "first_name_kana", json!("はなこ")),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body).keys().collect::<Vec<_>>(), ["first_name_kana"]);

    // Someone else's upload is not an image the creator may use; their own clean one is.
    let upload = |token: String| {
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(png()).file_name("me.png"),
        );
        let app = &app;
        async move { app.post_multipart("/api/files", &token, form).await }
    };
    let (status, theirs) = upload(manager.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{theirs}");
    let (status, body) = app
        .put(
            "/api/users/me",
            Some(&creator),
            with(profile(), "image_file_id", theirs["id"].clone()),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "image_file_id"), ["exists"]);
    let (_, mine) = upload(creator.clone()).await;
    let (status, saved) = app
        .put(
            "/api/users/me",
            Some(&creator),
            with(profile(), "image_file_id", mine["id"].clone()),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["image_file"]["id"], mine["id"]);
    assert_eq!(saved["image_file"]["path"], mine["path"]);
    let (_, who) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(who["image_file"]["path"], mine["path"]);
    assert_eq!(who["image_file"]["anti_virus_check_scan_status"], "clean");

    // Clients keep only their names, readings, phone and display name.
    let basic = json!({ "last_name": "依頼", "first_name": "花子", "last_name_kana": "イライ",
        "first_name_kana": "ハナコ", "phone_number": "0312345678", "user_name": "依頼 花子" });
    let (status, saved) = app.put("/api/users/me", Some(&client), basic.clone()).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["first_name_kana"], "ハナコ");
    assert_eq!(saved["birthday"], Value::Null);
    let (status, body) = app
        .put(
            "/api/users/me",
            Some(&client),
            with(basic, "phone_number", json!("03")),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body).keys().collect::<Vec<_>>(), ["phone_number"]);
}

#[tokio::test]
async fn recovery_never_tells_and_resets_the_password() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let address = "creator@demo.tsumugi.jp";
    let old_session = app.login(address).await;

    let (status, unknown) = app
        .post(
            "/api/account_recovery",
            None,
            json!({ "mail_address": "nobody@example.jp" }),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(unknown, Value::Null);
    let (status, known) = app
        .post(
            "/api/account_recovery",
            None,
            json!({ "mail_address": address }),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(known, unknown, "both answers are the same");
    let token = link_token(&app, address, "/change_password").await;
    assert!(
        !mails(&app).iter().any(|m| m.contains("nobody@example.jp")),
        "an unknown address gets no mail"
    );

    let (status, body) = app
        .post("/api/change_password", None, json!({ "token": token, "password": "weakpassword", "password_confirmation": "weakpassword" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "password"), ["password"]);
    let (status, body) = app
        .post("/api/change_password", None, json!({ "token": token, "password": NEW_PASSWORD, "password_confirmation": NEW_PASSWORD }))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");

    // Every old session is revoked; the old password is gone, the new one works.
    let (status, _) = app.get("/api/users/whoami", Some(&old_session)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = app.try_login(address, PASSWORD).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = app.try_login(address, NEW_PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    // Single use.
    let (status, body) = app
        .post("/api/change_password", None, json!({ "token": token, "password": "Another-2028", "password_confirmation": "Another-2028" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "token"), ["jwt"]);

    // An expired reset link is refused.
    app.post(
        "/api/account_recovery",
        None,
        json!({ "mail_address": "editor@demo.tsumugi.jp" }),
    )
    .await;
    let token = link_token(&app, "editor@demo.tsumugi.jp", "/change_password").await;
    sqlx::query("update mail_tokens set expires_at = now() - interval '1 minute' where purpose = 'password_reset' and used_at is null")
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = app
        .post("/api/change_password", None, json!({ "token": token, "password": NEW_PASSWORD, "password_confirmation": NEW_PASSWORD }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "token"), ["jwt"]);
}

#[tokio::test]
async fn a_password_change_needs_the_current_one_and_a_different_new_one() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let address = "editor@demo.tsumugi.jp";
    let here = app.login(address).await;
    let elsewhere = app.login(address).await;

    let (status, body) = app
        .put("/api/users/me/password", Some(&here), json!({ "current_password": "Wrong-2026x", "password": NEW_PASSWORD, "password_confirmation": NEW_PASSWORD }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "current_password"), ["current_password"]);
    let (_, body) = app
        .put("/api/users/me/password", Some(&here), json!({ "current_password": PASSWORD, "password": PASSWORD, "password_confirmation": PASSWORD }))
        .await;
    assert_eq!(rules_on(&body, "password"), ["different:current_password"]);
    let (_, body) = app
        .put("/api/users/me/password", Some(&here), json!({ "current_password": PASSWORD, "password": NEW_PASSWORD, "password_confirmation": "Tsumugi-new-2028" }))
        .await;
    assert_eq!(rules_on(&body, "password_confirmation"), ["same:password"]);

    let (status, body) = app
        .put("/api/users/me/password", Some(&here), json!({ "current_password": PASSWORD, "password": NEW_PASSWORD, "password_confirmation": NEW_PASSWORD }))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (status, _) = app.get("/api/users/whoami", Some(&here)).await;
    assert_eq!(status, StatusCode::OK, "the caller's own session stays");
    let (status, _) = app.get("/api/users/whoami", Some(&elsewhere)).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "other sessions are revoked"
    );
    let (status, _) = app.try_login(address, NEW_PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_mail_address_changes_once_the_new_address_confirms() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let old = "creator@demo.tsumugi.jp";
    let new = "creator.new@example.jp";
    let creator = app.login(old).await;

    let (_, body) = app
        .put(
            "/api/users/me/mail_address",
            Some(&creator),
            json!({ "mail_address": new, "password": "Wrong-2026x" }),
        )
        .await;
    assert_eq!(rules_on(&body, "password"), ["current_password"]);
    let (_, body) = app
        .put(
            "/api/users/me/mail_address",
            Some(&creator),
            json!({ "mail_address": "editor@demo.tsumugi.jp", "password": PASSWORD }),
        )
        .await;
    assert_eq!(rules_on(&body, "mail_address"), ["unique"]);

    let (status, body) = app
        .put(
            "/api/users/me/mail_address",
            Some(&creator),
            json!({ "mail_address": new, "password": PASSWORD }),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let token = link_token(&app, new, "/user/edit/auth/mail_address/complete").await;
    let (_, unchanged) = app.get("/api/users/me", Some(&creator)).await;
    assert_eq!(
        unchanged["mail_address"], old,
        "nothing changes before the link is opened"
    );

    // Another member cannot use the link.
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let (status, body) = app
        .post(
            "/api/users/me/mail_address/confirm",
            Some(&editor),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "token"), ["jwt"]);

    let (status, changed) = app
        .post(
            "/api/users/me/mail_address/confirm",
            Some(&creator),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["mail_address"], new);
    assert!(mails(&app).iter().any(
        |m| m.contains(old) && m.contains(&format!("メールアドレスが {new} に変更されました"))
    ));
    let (status, _) = app.try_login(new, PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .post(
            "/api/users/me/mail_address/confirm",
            Some(&creator),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "single use: {body}"
    );

    // Taken by someone else between the request and the confirmation.
    let other = "taken.meanwhile@example.jp";
    app.put(
        "/api/users/me/mail_address",
        Some(&creator),
        json!({ "mail_address": other, "password": PASSWORD }),
    )
    .await;
    let token = link_token(&app, other, "/user/edit/auth/mail_address/complete").await;
    sqlx::query("update users set mail_address = $1 where mail_address = 'editor@demo.tsumugi.jp'")
        .bind(other)
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = app
        .post(
            "/api/users/me/mail_address/confirm",
            Some(&creator),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "mail_address"), ["unique"]);
}

#[tokio::test]
async fn random_passwords_meet_the_rule() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool).await;
    let mut seen = std::collections::HashSet::new();
    for _ in 0..10 {
        let (status, body) = app.get("/api/random_password", None).await;
        assert_eq!(status, StatusCode::OK);
        let password = body["password"].as_str().unwrap().to_string();
        assert_eq!(password.len(), 16);
        assert!(
            password.chars().any(|c| c.is_ascii_uppercase()),
            "{password}"
        );
        assert!(
            password.chars().any(|c| c.is_ascii_lowercase()),
            "{password}"
        );
        assert!(password.chars().any(|c| c.is_ascii_digit()), "{password}");
        seen.insert(password);
    }
    assert_eq!(seen.len(), 10);

    // Every route is in the OpenAPI document, the sign-up body with the profile's fields.
    let (_, doc) = app.get("/api/openapi.json", None).await;
    for path in [
        "/api/signup",
        "/api/signup/profile",
        "/api/clients/{client_id}/signup/profile",
        "/api/account_recovery",
        "/api/change_password",
        "/api/users/me/password",
        "/api/users/me/mail_address/confirm",
        "/api/random_password",
        "/api/users/me/mail_frequencies",
        "/api/users/{id}",
        "/api/users/me",
    ] {
        assert!(doc["paths"].get(path).is_some(), "OpenAPI lacks {path}");
    }
    let text = doc.to_string();
    assert!(text.contains("SignupProfileRequest") && text.contains("last_name_kana"));
}

#[tokio::test]
async fn a_client_invites_its_own_people_only() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let demo_client = demo_client_id(&pool).await;
    let other_client: i64 = sqlx::query_scalar(
        "insert into clients (company_name) values ('株式会社ほか') returning id",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let admin = app.login("admin@demo.tsumugi.jp").await;

    let invite = |token: String, client_id: i64, address: &'static str| {
        let app = &app;
        async move {
            app.post(
                &format!("/api/clients/{client_id}/signup"),
                Some(&token),
                json!({ "mail_address": address }),
            )
            .await
        }
    };
    let accountant = app.login("accountant@demo.tsumugi.jp").await;
    let (status, _) = invite(client.clone(), other_client, "stranger@example.jp").await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "another company is not even visible to a client"
    );
    let (status, _) = invite(creator.clone(), demo_client, "stranger@example.jp").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = invite(accountant, demo_client, "stranger@example.jp").await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "an accountant sees the company but does not invite to it (as on /clients/{{id}}/accounts)"
    );
    let (status, _) = invite(admin.clone(), 99_999_999, "stranger@example.jp").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = invite(client.clone(), demo_client, "manager@demo.tsumugi.jp").await;
    assert_eq!(rules_on(&body, "mail_address"), ["unique"], "{status}");
    let (status, _) = invite(admin.clone(), other_client, "other.person@example.jp").await;
    assert_eq!(
        status,
        StatusCode::NO_CONTENT,
        "managers and admins invite for any client"
    );

    let (status, body) = invite(client.clone(), demo_client, "new.person@example.jp").await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let token = link_token(
        &app,
        "new.person@example.jp",
        &format!("/clients/{demo_client}/signup/profile"),
    )
    .await;

    let (status, target) = app
        .get(
            &format!("/api/clients/{demo_client}/signup/profile?token={token}"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(target["mail_address"], "new.person@example.jp");
    assert_eq!(target["company_name"], "株式会社デモメディア");
    // The link belongs to its client: opened under another client's path it is invalid.
    let (status, _) = app
        .get(
            &format!("/api/clients/{other_client}/signup/profile?token={token}"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let person = json!({
        "token": token,
        "last_name": "依頼",
        "first_name": "太郎",
        "last_name_kana": "イライ",
        "first_name_kana": "タロウ",
        "phone_number": "03-1234-5678",
        "password": NEW_PASSWORD,
        "password_confirmation": NEW_PASSWORD,
        "accept": true,
    });
    let (status, body) = app
        .post(
            &format!("/api/clients/{other_client}/signup/profile"),
            None,
            person.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "token"), ["jwt"]);
    let (_, body) = app
        .post(
            &format!("/api/clients/{demo_client}/signup/profile"),
            None,
            with(person.clone(), "last_name_kana", json!("いらい")),
        )
        .await;
    assert_eq!(rules_on(&body, "last_name_kana"), ["katakana"]);

    let (status, session) = app
        .post(
            &format!("/api/clients/{demo_client}/signup/profile"),
            None,
            person.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["role_type"], "client");
    assert_eq!(session["user"]["client"]["id"], demo_client);
    assert_eq!(session["user"]["user_name"], "依頼 太郎");
    let (status, who) = app
        .get("/api/users/whoami", session["token"].as_str())
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(who["client"]["id"], demo_client);
    let (status, _) = app
        .post(
            &format!("/api/clients/{demo_client}/signup/profile"),
            None,
            person,
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "single use");
}

#[tokio::test]
async fn mail_frequencies_default_to_immediately_and_are_saved() {
    let (pool, _db) = db::with_master_data().await;
    // Browser notifications are on until turned off, and a save that leaves them out keeps them.
    let app = app(pool).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, initial) = app
        .get("/api/users/me/mail_frequencies", Some(&creator))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        initial,
        json!({ "message": "immediately", "task": "immediately", "information": "immediately", "browser_notification": true })
    );
    let (status, body) = app
        .put(
            "/api/users/me/mail_frequencies",
            Some(&creator),
            json!({ "message": "daily", "task": "sometimes", "information": "" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "task"), ["in:immediately,daily,none"]);
    assert_eq!(rules_on(&body, "information"), ["required"]);
    let chosen = json!({ "message": "daily", "task": "none", "information": "immediately", "browser_notification": false });
    let (status, saved) = app
        .put(
            "/api/users/me/mail_frequencies",
            Some(&creator),
            chosen.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved, chosen);
    let (_, again) = app
        .put(
            "/api/users/me/mail_frequencies",
            Some(&creator),
            json!({ "message": "daily", "task": "none", "information": "immediately" }),
        )
        .await;
    assert_eq!(again, chosen, "left out, browser notifications stay off");
    let (_, again) = app
        .get("/api/users/me/mail_frequencies", Some(&creator))
        .await;
    assert_eq!(again, chosen);
    let (status, _) = app.get("/api/users/me/mail_frequencies", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn link_mails_are_throttled_per_address() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool).await;
    for _ in 0..api::accounts::throttle::PER_ADDRESS {
        let (status, _) = app
            .post(
                "/api/account_recovery",
                None,
                json!({ "mail_address": "nobody@example.jp" }),
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
    let (status, _) = app
        .post(
            "/api/account_recovery",
            None,
            json!({ "mail_address": "nobody@example.jp" }),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let (status, _) = app
        .post(
            "/api/signup",
            None,
            json!({ "mail_address": "someone.else@example.jp" }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::NO_CONTENT,
        "another address is not held back"
    );
}
