//! A creator's bank account and invoice registration number: registration and change by the
//! creator, every form rule, and who may read it.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, rules, user_id};

const NEWBIE: &str = "newbie@demo.tsumugi.jp";
/// みずほ (0001) 東京営業部 (001) and 三菱ＵＦＪ (0005) 本店 (001).
const MIZUHO: i64 = 1;
const MIZUHO_TOKYO: i64 = 1_001;
const MUFG_HONTEN: i64 = 5_001;
/// Registered to 鈴木 新 (newbie) in the built-in invoice registry.
const VALID_INVOICE: &str = "T5100000000002";

async fn app(pool: PgPool) -> TestApp {
    TestApp::spawn_with_master_data(pool).await
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

#[tokio::test]
async fn a_creator_registers_reads_and_changes_the_payee() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool).await;
    let newbie = app.login(NEWBIE).await;

    let (status, who) = app.get("/api/users/whoami", Some(&newbie)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(who["has_bank_account"], false, "{who}");
    // None yet: a 404.
    let response = reqwest::Client::new()
        .get(app.url("/api/users/me/bank_accounts"))
        .bearer_auth(&newbie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // The error body every error has (the OpenAPI document says so; schemathesis checks it).
    let error: Value = response.json().await.unwrap();
    assert_eq!(error["error"]["message"], "お探しのデータは存在しません。");
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

#[tokio::test]
async fn every_form_rule_answers_on_its_field() {
    let (pool, _db) = db::with_master_data().await;
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

    // Accepted forms: the number in full-width with spaces, Zengin symbols in the holder name.
    let fine = with(
        with(
            body(),
            "invoice",
            "registration_number",
            json!("Ｔ５１００ ０００ ０００ ００２"),
        ),
        "bank_account",
        "holder_kana",
        json!("カ）ツムギ．ショウジ"),
    );
    let (status, created) = app
        .post("/api/users/me/bank_accounts", Some(&newbie), fine)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["invoice"]["registration_number"], VALID_INVOICE);
}

/// The registry's answer for numbers with valid check digits: not registered, expired,
/// cancelled, and registered to someone of another name, type or country — each a rule on the
/// invoice field that carries the registered content; nothing is written.
#[tokio::test]
async fn the_invoice_registry_explains_every_state() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool).await;
    let newbie = app.login(NEWBIE).await;
    let newbie_id = user_id(&app.state.db, NEWBIE).await;
    let cases = [
        // トヨタ自動車's corporate number: a valid check digit, not in the registry.
        ("T1180301018771", vec!["invoice_not_found"]),
        (
            "T3100000000004",
            vec!["invoice_expired:2025-03-31", "name_not_same:田中 一郎"],
        ),
        (
            "T2100000000005",
            vec!["invoice_cancelled:2024-09-30", "name_not_same:高橋 次郎"],
        ),
        (
            "T1100000000006",
            vec!["kind_not_same:法人", "name_not_same:株式会社つむぎ編集室"],
        ),
        ("T7123456789012", vec!["name_not_same:山田 花子"]),
        (
            "T9100000000007",
            vec!["name_not_same:Emily Carter", "country_not_same:国外"],
        ),
    ];
    for (number, expected) in cases {
        let (status, answer) = app
            .post(
                "/api/users/me/bank_accounts",
                Some(&newbie),
                with(body(), "invoice", "registration_number", json!(number)),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{number}: {answer}"
        );
        assert_eq!(
            rules(&answer)["invoice.registration_number"],
            json!(expected),
            "{number}"
        );
    }
    let stored: i64 = sqlx::query_scalar("select count(*) from bank_accounts where user_id = $1")
        .bind(newbie_id)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(stored, 0, "a refused number writes nothing");

    // Living abroad makes a domestic registration differ by country.
    sqlx::query("update users set prefecture_id = 99 where id = $1")
        .bind(newbie_id)
        .execute(&app.state.db)
        .await
        .unwrap();
    let (status, answer) = app
        .post("/api/users/me/bank_accounts", Some(&newbie), body())
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        rules(&answer)["invoice.registration_number"],
        json!(["country_not_same:国内"])
    );
}

/// Every write keeps a version paying from its effective month, and money reads the payee of a
/// month from those versions.
#[tokio::test]
async fn payee_changes_pay_from_their_effective_month() {
    let (pool, _db) = db::with_master_data().await;
    use chrono::{Datelike, NaiveDate};
    let app = app(pool).await;
    let newbie = app.login(NEWBIE).await;
    let newbie_id = user_id(&app.state.db, NEWBIE).await;
    let (status, created) = app
        .post("/api/users/me/bank_accounts", Some(&newbie), body())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let today = api::platform::clock::tokyo_today();
    let expected = api::bank_accounts::rules::effective_month(today);
    assert_eq!(created["pays_from"], json!(expected.to_string()));

    // The first version is dated back a year, as if registered then; a change now pays from
    // its effective month, and the month before still pays the old account.
    sqlx::query("update bank_account_versions set effective_month = effective_month - interval '1 year' where user_id = $1")
        .bind(newbie_id)
        .execute(&app.state.db)
        .await
        .unwrap();
    let mut change = body();
    change["bank_account"]["number"] = json!("7654321");
    let (status, changed) = app
        .put("/api/users/me/bank_accounts", Some(&newbie), change)
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["pays_from"], json!(expected.to_string()));

    let month_before = expected.with_day(1).unwrap() - chrono::Months::new(1);
    let old = api::bank_accounts::payee_for_month(&app.state.db, newbie_id, month_before)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(old.bank_account.number, "1234567");
    let new = api::bank_accounts::payee_for_month(&app.state.db, newbie_id, expected)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(new.bank_account.number, "7654321");
    let before_any = api::bank_accounts::payee_for_month(
        &app.state.db,
        newbie_id,
        NaiveDate::from_ymd_opt(2000, 1, 1).unwrap(),
    )
    .await
    .unwrap();
    assert!(before_any.is_none());
}

#[tokio::test]
async fn only_the_owner_accountants_and_admins_read_a_bank_account() {
    let (pool, _db) = db::with_master_data().await;
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

#[tokio::test]
async fn the_seeded_account_finds_its_master_bank_and_branch_by_code() {
    let (pool, _db) = db::with_master_data().await;
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
