//! Clients and media: the staff's forms and each field rule, client A vs client B isolation on
//! every endpoint, creators refused, the information's left-members flag, option payment
//! amounts and the invitation mail.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, demo_client_id, mails, media_id, rules_on, sio::SioClient, user_id};

const ADMIN: &str = "admin@demo.tsumugi.jp";
const MANAGER: &str = "manager@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";
const CLIENT_A: &str = "client@demo.tsumugi.jp";
const CLIENT_B: &str = "client-b@demo.tsumugi.jp";
const CREATOR: &str = "creator@demo.tsumugi.jp";

async fn app(pool: PgPool) -> TestApp {
    TestApp::spawn_with_master_data(pool).await
}

async fn client_b_id(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select client_id from users where mail_address = $1")
        .bind(CLIENT_B)
        .fetch_one(pool)
        .await
        .unwrap()
}

fn company() -> Value {
    json!({
        "company_name": "株式会社テスト商事",
        "company_name_kana": "カブシキガイシャテストショウジ",
        "plan_id": 3,
        "postal_code": "１００-０００１",
        "prefecture_id": 13,
        "address": "千代田区千代田1-1",
        "phone_number": "03-1111-2222",
        "url": "https://test-shoji.example.jp",
        "is_public": true,
        "note": "紹介経由"
    })
}

fn medium() -> Value {
    json!({
        "name": "テストマガジン",
        "description": "テスト用の媒体",
        "url": "https://test-shoji.example.jp/magazine",
        "genre_group_id": 1,
        "genre_ids": [1, 2],
        "search_tag_ids": [],
        "manager_ids": [],
        "payment_schedule": "weekly"
    })
}

#[tokio::test]
async fn staff_register_and_edit_a_company_with_every_field_rule() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let admin = app.login(ADMIN).await;

    let (status, created) = app.post("/api/clients", Some(&admin), company()).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["postal_code"], "1000001", "digits made half-width");
    assert_eq!(created["phone_number"], "0311112222");
    assert_eq!(created["plan"]["name"], "プレミアム");
    assert_eq!(created["prefecture"]["name"], "東京都");
    assert_eq!(created["note"], "紹介経由");
    assert_eq!(created["can_edit"], true);

    // Newest first, searchable by name or reading.
    let (status, list) = app.get("/api/clients", Some(&admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["clients"][0]["id"], id);
    assert_eq!(list["base_url"], "/clients");
    assert_eq!(list["current_page"], 1);
    assert_eq!(list["total"], 3);
    let (_, found) = app
        .get(
            "/api/clients?words=%E3%83%86%E3%82%B9%E3%83%88%E3%82%B7%E3%83%A7%E3%82%A6%E3%82%B8",
            Some(&admin),
        )
        .await;
    assert_eq!(found["total"], 1, "by reading テストショウジ: {found}");
    let (_, none) = app
        .get(
            "/api/clients?words=%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84",
            Some(&admin),
        )
        .await;
    assert_eq!(none["total"], 0);

    // Every field's rule.
    let (status, body) = app.post("/api/clients", Some(&admin), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in [
        "company_name",
        "company_name_kana",
        "plan_id",
        "postal_code",
        "prefecture_id",
        "address",
        "phone_number",
    ] {
        assert_eq!(rules_on(&body, field), ["required"], "{field}: {body}");
    }
    assert!(
        rules_on(&body, "url").is_empty() && rules_on(&body, "note").is_empty(),
        "optional"
    );
    let cases: [(&str, Value, &str); 10] = [
        ("company_name", json!("あ".repeat(101)), "max:100"),
        ("company_name_kana", json!("かぶしきがいしゃ"), "katakana"),
        ("company_name_kana", json!("ア".repeat(101)), "max:100"),
        ("plan_id", json!(99), "exists"),
        ("postal_code", json!("100-00a1"), "numeric"),
        ("postal_code", json!("10000011"), "digits:7"),
        ("prefecture_id", json!(4999), "exists"),
        ("address", json!("a".repeat(256)), "max:255"),
        ("phone_number", json!("03-1234-56"), "digits_between:10,11"),
        ("url", json!("test-shoji.example.jp"), "url"),
    ];
    for (field, value, rule) in cases {
        let mut input = company();
        input[field] = value;
        let (status, body) = app.post("/api/clients", Some(&admin), input).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert_eq!(rules_on(&body, field), [rule], "{field}: {body}");
    }
    let mut input = company();
    input["phone_number"] = json!("03-abcd-5678");
    let (_, body) = app.post("/api/clients", Some(&admin), input).await;
    assert_eq!(rules_on(&body, "phone_number"), ["numeric"]);
    let mut input = company();
    input["note"] = json!("メ".repeat(1001));
    let (_, body) = app.post("/api/clients", Some(&admin), input).await;
    assert_eq!(rules_on(&body, "note"), ["max:1000"]);

    // Edit.
    let mut changed = company();
    changed["company_name"] = json!("株式会社テスト商事ホールディングス");
    changed["is_public"] = json!(false);
    let (status, edited) = app
        .put(&format!("/api/clients/{id}"), Some(&admin), changed)
        .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["company_name"], "株式会社テスト商事ホールディングス");
    let (status, _) = app
        .put("/api/clients/99999999", Some(&admin), company())
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Public clients and plans.
    let (_, public) = app.get("/api/public_clients", Some(&admin)).await;
    let names: Vec<&str> = public["clients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["company_name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["株式会社デモメディア"],
        "only companies that agreed: {public}"
    );
    let (_, plans) = app.get("/api/clients/plans", Some(&admin)).await;
    assert_eq!(plans["plans"].as_array().unwrap().len(), 4);

    // Accountants read; only managers and admins write; creators and clients never list.
    let accountant = app.login(ACCOUNTANT).await;
    let (status, _) = app.get("/api/clients", Some(&accountant)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app.post("/api/clients", Some(&accountant), company()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, shown) = app
        .get(&format!("/api/clients/{id}"), Some(&accountant))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(shown["can_edit"], false);
    let manager = app.login(MANAGER).await;
    let (status, _) = app
        .put(&format!("/api/clients/{id}"), Some(&manager), company())
        .await;
    assert_eq!(status, StatusCode::OK);
    for who in [CREATOR, CLIENT_A] {
        let token = app.login(who).await;
        let (status, _) = app.get("/api/clients", Some(&token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}");
        let (status, _) = app.post("/api/clients", Some(&token), company()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}");
    }
}

#[tokio::test]
async fn staff_add_and_edit_media_with_their_references_checked() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let admin = app.login(ADMIN).await;
    let demo = demo_client_id(&pool).await;
    let manager_id = user_id(&pool, MANAGER).await;
    let client_a_id = user_id(&pool, CLIENT_A).await;
    let client_b_user = user_id(&pool, CLIENT_B).await;
    let creator_id = user_id(&pool, CREATOR).await;
    let tag: i64 = sqlx::query_scalar("select id from search_tags order by id limit 1")
        .fetch_one(&pool)
        .await
        .unwrap();

    let mut input = medium();
    input["search_tag_ids"] = json!([tag]);
    input["manager_ids"] = json!([manager_id, client_a_id]);
    let (status, created) = app
        .post(
            &format!("/api/clients/{demo}/media"),
            Some(&admin),
            input.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["client"]["id"], demo);
    assert_eq!(created["genre_group"]["name"], "記事・コンテンツ分野");
    assert_eq!(
        created["genre_group"]["genres"].as_array().unwrap().len(),
        2
    );
    assert_eq!(created["search_tag_ids"], json!([tag]));
    let mut managers = vec![manager_id, client_a_id];
    managers.sort_unstable();
    assert_eq!(created["manager_ids"], json!(managers), "by id");
    assert_eq!(created["payment_schedule"], "weekly");

    // The references must exist and fit: genres of the group, people who may manage this client.
    for (field, value, rule) in [
        ("genre_group_id", json!(99), "exists"),
        ("genre_ids", json!([1, 999_999]), "exists"),
        ("search_tag_ids", json!([999_999]), "exists"),
        ("manager_ids", json!([creator_id]), "exists"),
        ("manager_ids", json!([client_b_user]), "exists"),
        (
            "payment_schedule",
            json!("monthly"),
            "in:daily,weekly,last_day_of_month",
        ),
        ("name", json!(""), "required"),
        ("name", json!("媒".repeat(101)), "max:100"),
        ("url", json!("magazine"), "url"),
    ] {
        let mut bad = input.clone();
        bad[field] = value;
        let (status, body) = app
            .post(&format!("/api/clients/{demo}/media"), Some(&admin), bad)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert_eq!(rules_on(&body, field), [rule], "{field}: {body}");
    }
    let genre_of_other_group: i64 =
        sqlx::query_scalar("select id from genres where genre_group_id = 2 limit 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    let mut bad = input.clone();
    bad["genre_ids"] = json!([genre_of_other_group]);
    let (_, body) = app
        .post(&format!("/api/clients/{demo}/media"), Some(&admin), bad)
        .await;
    assert_eq!(rules_on(&body, "genre_ids"), ["exists"]);

    // Edit replaces the links exactly.
    let mut changed = input.clone();
    changed["name"] = json!("テストマガジン改");
    changed["genre_ids"] = json!([2]);
    changed["manager_ids"] = json!([]);
    let (status, edited) = app
        .put(
            &format!("/api/clients/{demo}/media/{id}"),
            Some(&admin),
            changed.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    assert_eq!(edited["name"], "テストマガジン改");
    assert_eq!(edited["genre_ids"], json!([2]));
    assert_eq!(edited["managers"], json!([]));
    // Under another company's address the medium does not exist.
    let other = client_b_id(&pool).await;
    let (status, _) = app
        .put(
            &format!("/api/clients/{other}/media/{id}"),
            Some(&admin),
            changed,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The staff list finds it; the company's list holds it.
    let (_, list) = app.get("/api/media?words=%E6%94%B9", Some(&admin)).await;
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["media"][0]["id"], id);
    let (_, all) = app.get("/api/media", Some(&admin)).await;
    assert_eq!(
        all["total"], 4,
        "デモマガジン, デモトラベル, サンプルウェブ and the new one: {all}"
    );
    let (_, of_client) = app
        .get(&format!("/api/clients/{demo}/media"), Some(&admin))
        .await;
    assert!(
        of_client["media"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id)
    );

    // Only managers and admins write media.
    let accountant = app.login(ACCOUNTANT).await;
    let (status, _) = app
        .post(
            &format!("/api/clients/{demo}/media"),
            Some(&accountant),
            input.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let client = app.login(CLIENT_A).await;
    let (status, _) = app
        .post(&format!("/api/clients/{demo}/media"), Some(&client), input)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_client_sees_only_its_own_company_and_media() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let demo = demo_client_id(&pool).await;
    let other = client_b_id(&pool).await;
    let magazine = media_id(&pool, "デモマガジン").await;
    let sample = media_id(&pool, "サンプルウェブ").await;
    let a = app.login(CLIENT_A).await;
    let b = app.login(CLIENT_B).await;
    let creator = app.login(CREATOR).await;

    let reads = |client: i64, media: i64| {
        vec![
            format!("/api/clients/{client}"),
            format!("/api/clients/{client}/accounts"),
            format!("/api/clients/{client}/media"),
            format!("/api/clients/media/{media}"),
            format!("/api/clients/media/{media}/information?left_team_members=1"),
            format!("/api/clients/media/{media}/members"),
            format!("/api/clients/media/{media}/option_payment"),
            format!("/api/clients/media/{media}/customer_information"),
        ]
    };
    // Each company reads its own …
    for (token, client, media) in [(&a, demo, magazine), (&b, other, sample)] {
        for path in reads(client, media) {
            let (status, body) = app.get(&path, Some(token)).await;
            assert_eq!(status, StatusCode::OK, "{path}: {body}");
        }
    }
    // … and another company's is not there at all (404), for reads and writes alike.
    for (token, client, media) in [(&a, other, sample), (&b, demo, magazine)] {
        for path in reads(client, media) {
            let (status, _) = app.get(&path, Some(token)).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        }
        let (status, _) = app
            .post(
                &format!("/api/clients/{client}/accounts"),
                Some(token),
                json!({ "mail_address": "x@example.jp" }),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = app
            .post(
                &format!("/api/clients/media/{media}/option_payment"),
                Some(token),
                json!({ "title": "t", "amount": 1, "target_year": 2026, "target_month": 1 }),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = app
            .put(
                &format!("/api/clients/media/{media}/customer_information"),
                Some(token),
                json!({ "customer_information": "x" }),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    // A client's own medium is read-only to it.
    let (status, _) = app
        .put(
            &format!("/api/clients/media/{magazine}/customer_information"),
            Some(&a),
            json!({ "customer_information": "x" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, detail) = app.get(&format!("/api/clients/{demo}"), Some(&a)).await;
    assert_eq!(
        detail["note"],
        Value::Null,
        "the staff's note is not the client's to read"
    );
    assert_eq!(detail["can_edit"], false);

    // Lists are narrowed to the caller's company whatever it asks for.
    let (_, media) = app
        .get(&format!("/api/media?client_id={demo}"), Some(&b))
        .await;
    let names: Vec<&str> = media["media"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["サンプルウェブ"]);
    let (_, media) = app.get("/api/media", Some(&a)).await;
    assert_eq!(media["total"], 2, "デモマガジン and デモトラベル: {media}");
    let (status, members) = app
        .get(
            &format!("/api/clients/team_members?client_id={demo}"),
            Some(&b),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        members["total"], 0,
        "client B's teams have nobody: {members}"
    );
    let (_, members) = app.get("/api/clients/team_members", Some(&a)).await;
    assert!(
        members["total"].as_i64().unwrap() > 0,
        "the demo teams' creators: {members}"
    );

    // Creators are refused everywhere here.
    for path in reads(demo, magazine).into_iter().chain([
        "/api/media".to_string(),
        "/api/clients".to_string(),
        "/api/clients/team_members".to_string(),
    ]) {
        let (status, _) = app.get(&path, Some(&creator)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
    }
    let (status, _) = app
        .post(
            &format!("/api/clients/{demo}/accounts"),
            Some(&creator),
            json!({ "mail_address": "x@example.jp" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn information_lists_members_who_left_only_when_asked() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let travel = media_id(&pool, "デモトラベル").await;
    let demo = demo_client_id(&pool).await;
    let team: i64 = sqlx::query_scalar(
        "insert into teams (name, client_id, media_id) values ('旅の編集班', $1, $2) returning id",
    )
    .bind(demo)
    .bind(travel)
    .fetch_one(&pool)
    .await
    .unwrap();
    let stayer = user_id(&pool, "writer01@demo.tsumugi.jp").await;
    let leaver = user_id(&pool, "writer02@demo.tsumugi.jp").await;
    sqlx::query("insert into team_members (team_id, user_id, status) values ($1, $2, 'assignable'), ($1, $3, 'left')")
        .bind(team)
        .bind(stayer)
        .bind(leaver)
        .execute(&pool)
        .await
        .unwrap();
    let client = app.login(CLIENT_A).await;

    let ids = |body: &Value| -> Vec<i64> {
        body["team_members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_i64().unwrap())
            .collect()
    };
    let (status, current) = app
        .get(
            &format!("/api/clients/media/{travel}/information"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{current}");
    assert_eq!(ids(&current), [stayer]);
    assert_eq!(current["left_team_members"], false);
    assert_eq!(
        current["team_members"][0]["teams"][0]["status"],
        "assignable"
    );
    assert_eq!(current["genre_group"]["name"], "記事・コンテンツ分野");
    assert_eq!(current["genre_group"]["genres"][0]["name"], "旅行・観光");
    assert_eq!(current["search_tags"].as_array().unwrap().len(), 2);
    assert_eq!(current["managers"][0]["user_name"], "田中 美咲");

    let (_, with_left) = app
        .get(
            &format!("/api/clients/media/{travel}/information?left_team_members=1"),
            Some(&client),
        )
        .await;
    assert_eq!(ids(&with_left), [stayer, leaver]);
    assert_eq!(with_left["team_members"][1]["teams"][0]["status"], "left");
    let (_, zero) = app
        .get(
            &format!("/api/clients/media/{travel}/information?left_team_members=0"),
            Some(&client),
        )
        .await;
    assert_eq!(ids(&zero), [stayer]);

    let (_, members) = app
        .get(
            &format!("/api/clients/media/{travel}/members"),
            Some(&client),
        )
        .await;
    assert_eq!(members["total"], 1);
    assert_eq!(members["members"][0]["teams"][0]["name"], "旅の編集班");
    assert_eq!(
        members["base_url"],
        format!("/clients/media/{travel}/members")
    );
    let (_, detail) = app
        .get(&format!("/api/clients/media/{travel}"), Some(&client))
        .await;
    // The demo seeds a team into every medium too: the count is the medium's teams.
    let teams: i64 = sqlx::query_scalar("select count(*) from teams where media_id = $1")
        .bind(travel)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(teams >= 2, "the seeded team and 旅の編集班");
    assert_eq!(detail["team_count"], teams);
    assert_eq!(detail["member_count"], 1, "who left is not counted");
}

#[tokio::test]
async fn option_payments_are_whole_positive_yen_added_by_staff() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let magazine = media_id(&pool, "デモマガジン").await;
    let manager = app.login(MANAGER).await;
    let path = format!("/api/clients/media/{magazine}/option_payment");
    let payment = |amount: Value| json!({ "title": "特集追加", "amount": amount, "target_year": 2026, "target_month": 11, "note": "" });

    for (amount, rule) in [
        (json!(0), "gt:0"),
        (json!(-100), "gt:0"),
        (json!(1500.5), "integer"),
        (json!("千円"), "integer"),
        (json!(null), "required"),
        (json!(100_000_001), "lte:100000000"),
    ] {
        let (status, body) = app
            .post(&path, Some(&manager), payment(amount.clone()))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{amount}");
        assert_eq!(rules_on(&body, "amount"), [rule], "{amount}: {body}");
    }
    let (_, body) = app
        .post(
            &path,
            Some(&manager),
            json!({ "title": "", "amount": 1000, "target_year": 1999, "target_month": 13 }),
        )
        .await;
    assert_eq!(rules_on(&body, "title"), ["required"]);
    assert_eq!(rules_on(&body, "target_year"), ["between:2000,2100"]);
    assert_eq!(rules_on(&body, "target_month"), ["between:1,12"]);

    let client = app.login(CLIENT_A).await;
    let mut a_socket = SioClient::connect(app.addr, Some(&client))
        .await
        .expect("client A socket");
    let b = app.login(CLIENT_B).await;
    let mut b_socket = SioClient::connect(app.addr, Some(&b))
        .await
        .expect("client B socket");

    let (status, added) = app.post(&path, Some(&manager), payment(json!(30000))).await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    // The company's open pages learn of it at once; another company's do not.
    let pushed = a_socket
        .expect_event("media.updated", Duration::from_secs(5))
        .await
        .expect("media.updated to client A");
    assert_eq!(pushed["id"], magazine);
    assert_eq!(pushed["company_name"], "株式会社デモメディア");
    let sample = media_id(&pool, "サンプルウェブ").await;
    let (status, _) = app
        .put(
            &format!("/api/clients/media/{sample}/customer_information"),
            Some(&manager),
            json!({ "customer_information": "B社のメモ" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let first_for_b = b_socket
        .expect_event("media.updated", Duration::from_secs(5))
        .await
        .expect("media.updated to client B");
    assert_eq!(
        first_for_b["id"], sample,
        "client B never hears of the demo company's medium"
    );
    assert_eq!(added["amount"], 30000);
    assert_eq!(added["created_by_name"], "田中 美咲");

    let (status, list) = app.get(&path, Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        list["option_payments"].as_array().unwrap().len(),
        2,
        "the seeded one and this: {list}"
    );
    assert_eq!(list["total_amount"], 80000);
    assert_eq!(list["can_add"], false);
    let (status, _) = app.post(&path, Some(&client), payment(json!(1000))).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a client does not add payments to its own medium"
    );
    let accountant = app.login(ACCOUNTANT).await;
    let (status, _) = app
        .post(&path, Some(&accountant), payment(json!(1000)))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Customer information: staff write, the client reads.
    let info = format!("/api/clients/media/{magazine}/customer_information");
    let (status, saved) = app
        .put(
            &info,
            Some(&manager),
            json!({ "customer_information": "  ご担当: 田中様  " }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, read) = app.get(&info, Some(&client)).await;
    assert_eq!(read["customer_information"], "ご担当: 田中様");
    assert_eq!(read["can_edit"], false);
    let (status, body) = app
        .put(
            &info,
            Some(&manager),
            json!({ "customer_information": "情".repeat(5001) }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "customer_information"), ["max:5000"]);
}

/// The mails to `to`, waiting for the one sent in the background.
async fn mail_to(app: &TestApp, to: &str) -> String {
    for _ in 0..50 {
        if let Some(mail) = mails(app)
            .into_iter()
            .find(|m| m.contains(&format!("To: {to}")) || m.contains(&format!("<{to}>")))
        {
            return mail;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no mail to {to}: {:?}", mails(app));
}

#[tokio::test]
async fn accounts_list_logins_and_invitations_mail_the_client_signup_link() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let demo = demo_client_id(&pool).await;
    let admin = app.login(ADMIN).await;
    let client = app.login(CLIENT_A).await;
    let path = format!("/api/clients/{demo}/accounts");

    let (status, accounts) = app.get(&path, Some(&client)).await;
    assert_eq!(status, StatusCode::OK, "{accounts}");
    assert_eq!(accounts["client"]["name"], "株式会社デモメディア");
    let list = accounts["accounts"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["mail_address"], CLIENT_A);
    assert!(
        list[0]["last_login_at"].is_string(),
        "the login above: {accounts}"
    );
    assert_eq!(accounts["can_invite"], true);

    let (status, body) = app
        .post(
            &path,
            Some(&admin),
            json!({ "mail_address": "editor.in.chief@example.jp" }),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let mail = mail_to(&app, "editor.in.chief@example.jp").await;
    assert!(
        mail.contains(&format!("/clients/{demo}/signup/profile?token=")),
        "{mail}"
    );
    assert!(mail.contains("株式会社デモメディア"), "{mail}");

    let (_, accounts) = app.get(&path, Some(&client)).await;
    assert_eq!(
        accounts["invitations"][0]["mail_address"],
        "editor.in.chief@example.jp"
    );

    let (status, body) = app
        .post(&path, Some(&client), json!({ "mail_address": MANAGER }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "mail_address"), ["unique"]);
    let (_, body) = app
        .post(
            &path,
            Some(&client),
            json!({ "mail_address": "no-at-mark" }),
        )
        .await;
    assert_eq!(rules_on(&body, "mail_address"), ["email"]);
    let accountant = app.login(ACCOUNTANT).await;
    let (status, _) = app
        .post(
            &path,
            Some(&accountant),
            json!({ "mail_address": "acc@example.jp" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "accountants read only");
    let (status, _) = app
        .post(
            "/api/clients/99999999/accounts",
            Some(&admin),
            json!({ "mail_address": "n@example.jp" }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
