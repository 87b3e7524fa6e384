//! A creator's bank account and invoice registration number: registration and change by the
//! creator, every form rule, and who may read it.

mod support;

use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, user_id};

const NEWBIE: &str = "newbie@demo.tsumugi.jp";
/// みずほ (0001) 東京営業部 (001) and 三菱ＵＦＪ (0005) 本店 (001).
const MIZUHO: i64 = 1;
const MIZUHO_TOKYO: i64 = 1_001;
const MUFG_HONTEN: i64 = 5_001;
/// 国税庁's corporate number as an invoice registration number: check digit 7.
const VALID_INVOICE: &str = "T7000012050002";

async fn app(pool: PgPool) -> TestApp {
    let dir = std::env::var("MASTER_DATA_DIR")
        .map(PathBuf::from)
        .expect("MASTER_DATA_DIR names the master-data export");
    api::master::db::import_if_new(&pool, &dir).await.unwrap();
    TestApp::spawn(pool).await
}

fn body() -> Value {
    json!({
        "bank_account": {
            "bank_id": MIZUHO,
            "bank_branch_id": MIZUHO_TOKYO,
            "deposit_type": "ordinary",
            "number": "１２３４５６７",
            "holder_kana": "シンジン　ハナコ",
        },
        "invoice": { "registration_number": VALID_INVOICE },
    })
}

fn with(mut body: Value, section: &str, key: &str, value: Value) -> Value {
    body[section][key] = value;
    body
}

fn rules(body: &Value) -> &serde_json::Map<String, Value> {
    body["error"]["rules"].as_object().expect("rules")
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn a_creator_registers_reads_and_changes_the_payee(pool: PgPool) {
    let app = app(pool).await;
    let newbie = app.login(NEWBIE).await;

    let (status, who) = app.get("/api/users/whoami", Some(&newbie)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(who["has_bank_account"], false, "{who}");
    // None yet: a 404 without a body.
    let response = reqwest::Client::new()
        .get(app.url("/api/users/me/bank_accounts"))
        .bearer_auth(&newbie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(response.text().await.unwrap(), "");
    // Nothing to change yet.
    let (status, _) = app
        .put("/api/users/me/bank_accounts", Some(&newbie), body())
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, created) = app
        .post("/api/users/me/bank_accounts", Some(&newbie), body())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let account = &created["bank_account"];
    assert_eq!(account["bank_id"], MIZUHO);
    assert_eq!(account["bank_name"], "みずほ");
    assert_eq!(account["bank_code"], "0001");
    assert_eq!(account["bank_branch_id"], MIZUHO_TOKYO);
    assert_eq!(account["branch_name"], "東京営業部");
    assert_eq!(account["branch_code"], "001");
    assert_eq!(account["deposit_type"], "ordinary");
    assert_eq!(
        account["number"], "1234567",
        "full-width digits are stored half-width"
    );
    assert_eq!(account["holder_kana"], "シンジン　ハナコ");
    assert_eq!(created["invoice"]["registration_number"], VALID_INVOICE);

    let (status, who) = app.get("/api/users/whoami", Some(&newbie)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(who["has_bank_account"], true, "{who}");

    let (status, read) = app.get("/api/users/me/bank_accounts", Some(&newbie)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read, created);

    // A second registration is refused; changes go through PUT.
    let (status, refused) = app
        .post("/api/users/me/bank_accounts", Some(&newbie), body())
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&refused)["bank_account"], json!(["unique"]));

    let mut change = body();
    change["bank_account"] = json!({
        "bank_id": 5,
        "bank_branch_id": MUFG_HONTEN,
        "deposit_type": "savings",
        "number": "7654321",
        "holder_kana": "ｼﾝｼﾞﾝ ﾊﾅｺ",
    });
    change["invoice"] = json!({ "registration_number": "" });
    let (status, changed) = app
        .put("/api/users/me/bank_accounts", Some(&newbie), change)
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["bank_account"]["bank_code"], "0005");
    assert_eq!(changed["bank_account"]["branch_name"], "本店");
    assert_eq!(changed["bank_account"]["deposit_type"], "savings");
    assert_eq!(changed["bank_account"]["holder_kana"], "ｼﾝｼﾞﾝ ﾊﾅｺ");
    assert_eq!(changed["invoice"]["registration_number"], Value::Null);
    let id = user_id(&app.state.db, NEWBIE).await;
    let (_, read) = app
        .get(&format!("/api/users/{id}/bank_accounts"), Some(&newbie))
        .await;
    assert_eq!(read, changed);
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn every_form_rule_answers_on_its_field(pool: PgPool) {
    let app = app(pool).await;
    let newbie = app.login(NEWBIE).await;
    let post = |body: Value| {
        let app = &app;
        let newbie = &newbie;
        async move {
            let (status, answer) = app
                .post("/api/users/me/bank_accounts", Some(newbie), body)
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            assert!(answer["error"]["message"].is_string(), "{answer}");
            rules(&answer).clone()
        }
    };

    let empty = post(json!({})).await;
    for field in [
        "bank_account.bank_id",
        "bank_account.bank_branch_id",
        "bank_account.deposit_type",
        "bank_account.number",
        "bank_account.holder_kana",
    ] {
        assert_eq!(empty[field], json!(["required"]), "{field}: {empty:?}");
    }
    assert!(!empty.contains_key("invoice.registration_number"));

    let cases = [
        (
            "bank_account",
            "bank_id",
            json!(8888),
            "bank_account.bank_id",
            "exists",
        ),
        (
            "bank_account",
            "bank_branch_id",
            json!(MUFG_HONTEN),
            "bank_account.bank_branch_id",
            "exists",
        ),
        (
            "bank_account",
            "bank_branch_id",
            json!(1_999_999),
            "bank_account.bank_branch_id",
            "exists",
        ),
        (
            "bank_account",
            "deposit_type",
            json!("fixed"),
            "bank_account.deposit_type",
            "in:ordinary,current,savings",
        ),
        (
            "bank_account",
            "number",
            json!("123456"),
            "bank_account.number",
            "digits:7",
        ),
        (
            "bank_account",
            "number",
            json!("12345678"),
            "bank_account.number",
            "digits:7",
        ),
        (
            "bank_account",
            "number",
            json!("12-4567"),
            "bank_account.number",
            "digits:7",
        ),
        (
            "bank_account",
            "holder_kana",
            json!("新人花子"),
            "bank_account.holder_kana",
            "katakana",
        ),
        (
            "bank_account",
            "holder_kana",
            json!("しんじん はなこ"),
            "bank_account.holder_kana",
            "katakana",
        ),
        (
            "bank_account",
            "holder_kana",
            json!("　"),
            "bank_account.holder_kana",
            "required",
        ),
        (
            "bank_account",
            "holder_kana",
            json!("ア".repeat(31)),
            "bank_account.holder_kana",
            "max:30",
        ),
        (
            "invoice",
            "registration_number",
            json!("7000012050002"),
            "invoice.registration_number",
            "invoice_number",
        ),
        (
            "invoice",
            "registration_number",
            json!("T70000120500"),
            "invoice.registration_number",
            "invoice_number",
        ),
        (
            "invoice",
            "registration_number",
            json!("T8000012050002"),
            "invoice.registration_number",
            "invoice_check_digit",
        ),
        (
            "invoice",
            "registration_number",
            json!("T1180301018772"),
            "invoice.registration_number",
            "invoice_check_digit",
        ),
    ];
    for (section, key, value, field, rule) in cases {
        let answer = post(with(body(), section, key, value.clone())).await;
        assert_eq!(answer.len(), 1, "{key}={value}: {answer:?}");
        assert_eq!(answer[field], json!([rule]), "{key}={value}: {answer:?}");
    }

    // Accepted forms: トヨタ自動車's number in full-width, Zengin symbols in the holder name.
    let fine = with(
        with(
            body(),
            "invoice",
            "registration_number",
            json!("Ｔ１１８０３０１０１８７７１"),
        ),
        "bank_account",
        "holder_kana",
        json!("カ）ツムギ．ショウジ"),
    );
    let (status, created) = app
        .post("/api/users/me/bank_accounts", Some(&newbie), fine)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["invoice"]["registration_number"], "T1180301018771");
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn only_the_owner_accountants_and_admins_read_a_bank_account(pool: PgPool) {
    let app = app(pool).await;
    let newbie = app.login(NEWBIE).await;
    let (status, _) = app
        .post("/api/users/me/bank_accounts", Some(&newbie), body())
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let path = format!(
        "/api/users/{}/bank_accounts",
        user_id(&app.state.db, NEWBIE).await
    );

    let (status, _) = app.get(&path, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    for (mail, expected) in [
        (NEWBIE, StatusCode::OK),
        ("creator@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("editor@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("client@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("manager@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("accountant@demo.tsumugi.jp", StatusCode::OK),
        ("admin@demo.tsumugi.jp", StatusCode::OK),
    ] {
        let token = app.login(mail).await;
        let (status, read) = app.get(&path, Some(&token)).await;
        assert_eq!(status, expected, "{mail}: {read}");
        if expected == StatusCode::OK {
            assert_eq!(read["bank_account"]["number"], "1234567", "{mail}");
        } else {
            assert!(read.get("bank_account").is_none(), "{mail}: {read}");
        }
    }
    // Another creator is refused whether or not the account exists.
    let other = user_id(&app.state.db, "editor@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(&format!("/api/users/{other}/bank_accounts"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Only creators write their own; nobody writes someone else's.
    for mail in [
        "client@demo.tsumugi.jp",
        "accountant@demo.tsumugi.jp",
        "admin@demo.tsumugi.jp",
    ] {
        let token = app.login(mail).await;
        let (status, _) = app
            .post("/api/users/me/bank_accounts", Some(&token), body())
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{mail}");
        let (status, _) = app
            .put("/api/users/me/bank_accounts", Some(&token), body())
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{mail}");
    }
    let (status, _) = app.post("/api/users/me/bank_accounts", None, body()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = app.put(&path, Some(&newbie), body()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn the_seeded_account_finds_its_master_bank_and_branch_by_code(pool: PgPool) {
    let app = app(pool).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, read) = app.get("/api/users/me/bank_accounts", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["bank_account"]["bank_id"], MIZUHO);
    assert_eq!(read["bank_account"]["bank_branch_id"], MIZUHO_TOKYO);
    assert_eq!(read["invoice"]["registration_number"], "T7123456789012");
    let (status, who) = app.get("/api/users/whoami", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(who["has_bank_account"], true);
}
