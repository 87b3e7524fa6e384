//! A client's usage (ご利用金額) and its media bills: which tasks and option payments a month
//! bills, the sums exact to the yen (tax floored once per medium's month), who reads whose
//! usage, and the staff's bill update (rules, who may, transaction, history, live event).

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, demo_client_id, media_id, rules_on, user_id};

const ADMIN: &str = "admin@demo.tsumugi.jp";
const MANAGER: &str = "manager@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";
const CLIENT_A: &str = "client@demo.tsumugi.jp";
const CLIENT_B: &str = "client-b@demo.tsumugi.jp";
const CREATOR: &str = "creator@demo.tsumugi.jp";

async fn client_of(pool: &PgPool, mail: &str) -> i64 {
    sqlx::query_scalar("select client_id from users where mail_address = $1")
        .bind(mail)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// A new work of a new project of `media`, for the test's tasks.
async fn work_of(pool: &PgPool, media: &str) -> i64 {
    sqlx::query_scalar(
        "with p as (insert into projects (media_id, name, status)
                    select id, '利用金額テスト', 'done' from media where name = $1 returning id)
         insert into works (project_id, name) select id, '二月号' from p returning id",
    )
    .bind(media)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// A task of `work`: `(amount, status, completed, invalid)`, taken by the demo creator.
async fn task(pool: &PgPool, work: i64, title: &str, row: (Option<i64>, &str, &str, bool)) {
    let (amount, status, completed, invalid) = row;
    sqlx::query(
        "with t as (insert into tasks (work_id, task_type, title, status, completed_date, is_invalid, reward_amount)
                    values ($1, 'writing', $2, $3, $4::date, $5, $6) returning id)
         insert into task_assignees (task_id, user_id, state)
         select t.id, u.id, 'taken' from t, users u where u.mail_address = $7",
    )
    .bind(work)
    .bind(title)
    .bind(status)
    .bind(completed)
    .bind(invalid)
    .bind(amount)
    .bind(CREATOR)
    .execute(pool)
    .await
    .unwrap();
}

async fn option(pool: &PgPool, media: &str, title: &str, amount: i64, year: i32, month: i32) {
    sqlx::query(
        "insert into media_option_payments (media_id, title, amount, target_year, target_month)
         select id, $2, $3, $4, $5 from media where name = $1",
    )
    .bind(media)
    .bind(title)
    .bind(amount)
    .bind(year)
    .bind(month)
    .execute(pool)
    .await
    .unwrap();
}

/// February 2024 (before any demo usage) of the demo company and of the other company.
async fn february_2024(pool: &PgPool) {
    let magazine = work_of(pool, "デモマガジン").await;
    task(
        pool,
        magazine,
        "月初の記事",
        (Some(10_005), "done", "2024-02-01", false),
    )
    .await;
    task(
        pool,
        magazine,
        "閏日の記事",
        (Some(999), "done", "2024-02-29", false),
    )
    .await;
    task(
        pool,
        magazine,
        "金額未設定",
        (None, "done", "2024-02-15", false),
    )
    .await;
    // Not February's bill: invalid, completed in March, not done.
    task(
        pool,
        magazine,
        "無効な記事",
        (Some(50_000), "done", "2024-02-10", true),
    )
    .await;
    task(
        pool,
        magazine,
        "三月の記事",
        (Some(70_000), "done", "2024-03-01", false),
    )
    .await;
    task(
        pool,
        magazine,
        "作業中の記事",
        (Some(80_000), "doing", "2024-02-12", false),
    )
    .await;
    option(pool, "デモマガジン", "特集追加", 1_001, 2024, 2).await;
    option(pool, "デモトラベル", "取材費", 1_005, 2024, 2).await;
    option(pool, "デモトラベル", "翌年分", 2_000, 2025, 2).await;
    // Another company's usage never counts.
    let sample = work_of(pool, "サンプルウェブ").await;
    task(
        pool,
        sample,
        "B社の記事",
        (Some(90_000), "done", "2024-02-20", false),
    )
    .await;
    option(pool, "サンプルウェブ", "B社の取材費", 7_777, 2024, 2).await;
}

fn figures(body: &Value) -> [i64; 5] {
    [
        "task_amount",
        "option_amount",
        "subtotal_amount",
        "consumption_tax",
        "total_amount",
    ]
    .map(|key| {
        body[key]
            .as_i64()
            .unwrap_or_else(|| panic!("{key}: {body}"))
    })
}

#[tokio::test]
async fn a_month_bills_done_valid_tasks_and_options_taxed_once_per_medium() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    february_2024(&pool).await;
    let client_id = demo_client_id(&pool).await;
    let magazine = media_id(&pool, "デモマガジン").await;
    let travel = media_id(&pool, "デモトラベル").await;
    let token = app.login(CLIENT_A).await;

    let (status, month) = app
        .get(
            &format!("/api/clients/{client_id}/payments/2024/2"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{month}");
    assert_eq!(month["client"]["name"], "株式会社デモメディア");
    assert_eq!(month["consumption_tax_rate_percent"], "10");
    let media = month["media"].as_array().unwrap();
    assert_eq!(media.len(), 2, "every medium of the company: {month}");
    let row = |id: i64| media.iter().find(|m| m["id"] == id).unwrap();
    // 10,005 + 999 + 0 (no amount) and 1,001: 12,005 × 10 % = 1,200.5 → 1,200.
    assert_eq!(
        figures(row(magazine)),
        [11_004, 1_001, 12_005, 1_200, 13_205]
    );
    assert_eq!(row(magazine)["task_count"], 3);
    assert_eq!(row(magazine)["option_count"], 1);
    assert_eq!(row(magazine)["status"], "unbilled");
    // 1,005 × 10 % = 100.5 → 100.
    assert_eq!(figures(row(travel)), [0, 1_005, 1_005, 100, 1_105]);
    // Each medium's bill is taxed on its own: 1,200 + 100, not floor(13,010 × 10 %) = 1,301.
    assert_eq!(figures(&month), [11_004, 2_006, 13_010, 1_300, 14_310]);

    // The medium's month lists what its bill is made of, with the same figures.
    let (status, lines) = app
        .get(
            &format!("/api/clients/{client_id}/media/{magazine}/payments/2024/2"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{lines}");
    let titles: Vec<&str> = lines["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["月初の記事", "金額未設定", "閏日の記事"],
        "oldest first"
    );
    assert_eq!(lines["tasks"][0]["creator_names"], json!(["山田 花子"]));
    assert_eq!(lines["tasks"][0]["completed_date"], "2024-02-01");
    assert_eq!(lines["tasks"][0]["reward_amount"], 10_005);
    assert_eq!(lines["tasks"][1]["reward_amount"], 0);
    assert_eq!(lines["option_payments"][0]["title"], "特集追加");
    assert_eq!(figures(&lines), figures(row(magazine)));
    assert_eq!(lines["payment"]["status"], "unbilled");
    assert_eq!(lines["payment"]["billed_amount"], Value::Null);
    assert_eq!(lines["can_update"], false);
    assert!(lines.get("changes").is_none(), "clients see no history");

    // The year: twelve months, each split by medium; March holds the March task.
    let (status, year) = app
        .get(
            &format!("/api/clients/{client_id}/payments/2024"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{year}");
    let months = year["months"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(figures(&months[1]), figures(&month));
    assert_eq!(
        months[1]["media"],
        json!([{ "media_id": magazine, "total_amount": 13_205 }, { "media_id": travel, "total_amount": 1_105 }])
    );
    assert_eq!(figures(&months[2]), [70_000, 0, 70_000, 7_000, 77_000]);
    assert_eq!(figures(&months[0]), [0; 5]);
    assert_eq!(figures(&year), [81_004, 2_006, 83_010, 8_300, 91_310]);
    assert_eq!(
        year["media"],
        json!([{ "id": magazine, "name": "デモマガジン" }, { "id": travel, "name": "デモトラベル" }])
    );

    // The overview: the years with usage, newest first; 2024 as the year says, 2025 the option.
    let (status, overview) = app
        .get(&format!("/api/clients/{client_id}/payments"), Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{overview}");
    let years = overview["years"].as_array().unwrap();
    let years_listed: Vec<i64> = years.iter().map(|y| y["year"].as_i64().unwrap()).collect();
    assert!(
        years_listed.windows(2).all(|w| w[0] > w[1]),
        "{years_listed:?}"
    );
    let of = |y: i64| years.iter().find(|v| v["year"] == y).unwrap();
    assert_eq!(figures(of(2024)), figures(&year));
    assert!(figures(of(2025))[1] >= 2_000);
    let sum: i64 = years
        .iter()
        .map(|y| y["total_amount"].as_i64().unwrap())
        .sum();
    assert_eq!(overview["total_amount"], sum);

    // The rate is the staff's setting: at 8 %, 12,005 → 960.4 → 960.
    sqlx::query("update reward_settings set consumption_tax_bp = 800")
        .execute(&pool)
        .await
        .unwrap();
    let (_, lines) = app
        .get(
            &format!("/api/clients/{client_id}/media/{magazine}/payments/2024/2"),
            Some(&token),
        )
        .await;
    assert_eq!(figures(&lines), [11_004, 1_001, 12_005, 960, 12_965]);
    assert_eq!(lines["consumption_tax_rate_percent"], "8");
}

#[tokio::test]
async fn only_the_company_and_staff_read_its_usage() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    february_2024(&pool).await;
    let a = client_of(&pool, CLIENT_A).await;
    let b = client_of(&pool, CLIENT_B).await;
    let magazine = media_id(&pool, "デモマガジン").await;
    let sample = media_id(&pool, "サンプルウェブ").await;
    let pages = |client: i64, media: i64| {
        [
            format!("/api/clients/{client}/payments"),
            format!("/api/clients/{client}/payments/2024"),
            format!("/api/clients/{client}/payments/2024/2"),
            format!("/api/clients/{client}/media/{media}/payments/2024/2"),
        ]
    };

    let client_b = app.login(CLIENT_B).await;
    for path in pages(a, magazine) {
        let (status, body) = app.get(&path, Some(&client_b)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
        assert!(!body.to_string().contains("デモ"), "{path} leaks: {body}");
    }
    // Its own usage, but not through a medium of another company, nor its medium under A.
    for path in pages(b, sample) {
        let (status, body) = app.get(&path, Some(&client_b)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    let (_, own) = app
        .get(
            &format!("/api/clients/{b}/payments/2024/2"),
            Some(&client_b),
        )
        .await;
    assert_eq!(
        own["total_amount"],
        (90_000 + 7_777) + (90_000 + 7_777) / 10
    );
    for path in [
        format!("/api/clients/{b}/media/{magazine}/payments/2024/2"),
        format!("/api/clients/{a}/media/{sample}/payments/2024/2"),
    ] {
        let (status, _) = app.get(&path, Some(&client_b)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let client_a = app.login(CLIENT_A).await;
    let (status, _) = app
        .get(
            &format!("/api/clients/{a}/media/{sample}/payments/2024/2"),
            Some(&client_a),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "A's path, B's medium");
    let (status, _) = app
        .get("/api/clients/999999/payments", Some(&client_a))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let creator = app.login(CREATOR).await;
    for path in pages(a, magazine) {
        let (status, _) = app.get(&path, Some(&creator)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        let (status, _) = app.get(&path, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
    }
    for staff in [MANAGER, ACCOUNTANT, ADMIN] {
        let token = app.login(staff).await;
        for path in pages(a, magazine).into_iter().chain(pages(b, sample)) {
            let (status, body) = app.get(&path, Some(&token)).await;
            assert_eq!(status, StatusCode::OK, "{staff} {path}: {body}");
        }
        let (_, lines) = app.get(&pages(a, magazine)[3], Some(&token)).await;
        assert!(lines["changes"].is_array(), "staff see the history");
        assert_eq!(lines["can_update"], staff != MANAGER, "{staff}");
    }

    let (status, body) = app
        .get(
            &format!("/api/clients/{a}/payments/2024/13"),
            Some(&client_a),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "month"), ["between:1,12"]);
    let (status, body) = app
        .get(&format!("/api/clients/{a}/payments/1999"), Some(&client_a))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules_on(&body, "year"), ["between:2000,2100"]);
}

#[tokio::test]
async fn accountants_and_admins_set_a_bill_the_company_sees_at_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    february_2024(&pool).await;
    let a = client_of(&pool, CLIENT_A).await;
    let magazine = media_id(&pool, "デモマガジン").await;
    let sample = media_id(&pool, "サンプルウェブ").await;
    let path = format!("/api/admin/clients/media/{magazine}/payments");
    let billed = json!({ "year": 2024, "month": 2, "status": "billed", "invoiced_on": "2024-03-05", "note": "3月5日に請求書を送付しました" });

    // Who may: accountants and admins; managers, clients and creators are refused.
    for who in [MANAGER, CLIENT_A, CREATOR] {
        let token = app.login(who).await;
        let (status, _) = app.put(&path, Some(&token), billed.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}");
    }
    let (status, _) = app.put(&path, None, billed.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let accountant = app.login(ACCOUNTANT).await;
    let (status, _) = app
        .put(
            "/api/admin/clients/media/999999/payments",
            Some(&accountant),
            billed.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The rules, each on its field; nothing is written.
    let (status, body) = app
        .put(
            &path,
            Some(&accountant),
            json!({ "status": "sent", "billed_amount": -1, "note": "あ".repeat(1001) }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(rules_on(&body, "year"), ["required"]);
    assert_eq!(rules_on(&body, "month"), ["required"]);
    assert_eq!(rules_on(&body, "status"), ["in:unbilled,billed,paid"]);
    assert_eq!(rules_on(&body, "billed_amount"), ["gte:0"]);
    assert_eq!(rules_on(&body, "note"), ["max:1000"]);
    let (_, body) = app
        .put(
            &path,
            Some(&accountant),
            json!({ "year": 2024, "month": 2, "status": "paid", "invoiced_on": "2024-03-05", "paid_on": "2024-03-04" }),
        )
        .await;
    assert_eq!(rules_on(&body, "paid_on"), ["after_or_equal:invoiced_on"]);
    let (_, body) = app
        .put(
            &path,
            Some(&accountant),
            json!({ "year": 2024, "month": 2, "status": "billed", "invoiced_on": "2024/3/5" }),
        )
        .await;
    assert_eq!(rules_on(&body, "invoiced_on"), ["date_format:Y-m-d"]);
    let (_, body) = app
        .put(
            &path,
            Some(&accountant),
            json!({ "year": 2024, "month": 2, "status": "paid" }),
        )
        .await;
    assert_eq!(
        rules_on(&body, "invoiced_on"),
        ["required_if:status,billed,paid"]
    );
    assert_eq!(rules_on(&body, "paid_on"), ["required_if:status,paid"]);
    let stored: i64 =
        sqlx::query_scalar("select count(*) from media_payments where month = '2024-02-01'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(stored, 0);

    // Billed without an amount: the month's computed total is billed; the company hears of it
    // at once, another company does not.
    let (client_a, mut a_socket) = app.live(CLIENT_A).await;
    let (_, mut b_socket) = app.live(CLIENT_B).await;
    let (status, saved) = app.put(&path, Some(&accountant), billed.clone()).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["status"], "billed");
    assert_eq!(saved["billed_amount"], 13_205);
    assert_eq!(saved["invoiced_on"], "2024-03-05");
    assert_eq!(saved["paid_on"], Value::Null);
    assert_eq!(saved["updated_by_name"], "伊藤 直樹");
    let pushed = a_socket
        .expect_event("media.updated", Duration::from_secs(5))
        .await
        .expect("media.updated to client A");
    assert_eq!(pushed["id"], magazine);
    let admin = app.login(ADMIN).await;
    let (status, _) = app
        .put(
            &format!("/api/admin/clients/media/{sample}/payments"),
            Some(&admin),
            json!({ "year": 2024, "month": 2, "status": "billed", "billed_amount": 100000, "invoiced_on": "2024-03-01" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let first_for_b = b_socket
        .expect_event("media.updated", Duration::from_secs(5))
        .await
        .expect("media.updated to client B");
    assert_eq!(first_for_b["id"], sample, "B never hears of A's bill");

    // The company reads it back: the month's row and the medium's page.
    let (_, month) = app
        .get(
            &format!("/api/clients/{a}/payments/2024/2"),
            Some(&client_a),
        )
        .await;
    let row = month["media"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == magazine)
        .unwrap();
    assert_eq!(row["status"], "billed");
    let media_page = format!("/api/clients/{a}/media/{magazine}/payments/2024/2");
    let (_, lines) = app.get(&media_page, Some(&client_a)).await;
    assert_eq!(lines["payment"]["status"], "billed");
    assert_eq!(lines["payment"]["billed_amount"], 13_205);
    assert_eq!(lines["payment"]["note"], "3月5日に請求書を送付しました");

    // Paid with an amount of its own; then corrected back to unbilled, which clears the bill.
    let (status, saved) = app
        .put(
            &path,
            Some(&admin),
            json!({ "year": "2024", "month": "２", "status": "paid", "billed_amount": "13,000",
                    "invoiced_on": "2024-03-05", "paid_on": "2024-03-31" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["billed_amount"], 13_000);
    assert_eq!(saved["paid_on"], "2024-03-31");
    let (status, saved) = app
        .put(
            &path,
            Some(&accountant),
            json!({ "year": 2024, "month": 2, "status": "unbilled", "billed_amount": 5, "invoiced_on": "2024-03-05" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        (
            &saved["billed_amount"],
            &saved["invoiced_on"],
            &saved["paid_on"]
        ),
        (&Value::Null, &Value::Null, &Value::Null)
    );
    let (_, lines) = app.get(&media_page, Some(&accountant)).await;
    let history: Vec<&str> = lines["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["status"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["unbilled", "paid", "billed"], "newest first");
    assert_eq!(lines["changes"][1]["changed_by_name"], "渡辺 裕子");
    assert_eq!(lines["can_update"], true);
    let rows: i64 = sqlx::query_scalar(
        "select count(*) from media_payments where media_id = $1 and month = '2024-02-01'",
    )
    .bind(magazine)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(rows, 1, "one bill per medium and month");
}

#[tokio::test]
async fn a_bill_and_its_history_are_written_together_or_not_at_all() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let magazine = media_id(&pool, "デモマガジン").await;
    // The history refuses this one write: the bill must not be left without it.
    sqlx::query(
        "create function refuse_change() returns trigger language plpgsql as $$
         begin if new.note = '失敗させる' then raise exception 'refused'; end if; return new; end $$;
         ",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "create trigger refuse_change before insert on media_payment_changes
         for each row execute function refuse_change()",
    )
    .execute(&pool)
    .await
    .unwrap();
    let accountant = app.login(ACCOUNTANT).await;
    let accountant_id = user_id(&pool, ACCOUNTANT).await;
    let path = format!("/api/admin/clients/media/{magazine}/payments");
    let (status, _) = app
        .put(
            &path,
            Some(&accountant),
            json!({ "year": 2023, "month": 7, "status": "billed", "invoiced_on": "2023-08-01", "note": "失敗させる" }),
        )
        .await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    let stored: i64 =
        sqlx::query_scalar("select count(*) from media_payments where month = '2023-07-01'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(stored, 0, "the bill was rolled back with its history");
    let (status, saved) = app
        .put(
            &path,
            Some(&accountant),
            json!({ "year": 2023, "month": 7, "status": "billed", "invoiced_on": "2023-08-01" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["billed_amount"], 0, "nothing was used that month");
    let changed_by: i64 = sqlx::query_scalar(
        "select c.changed_by from media_payment_changes c join media_payments mp on mp.id = c.media_payment_id
          where mp.month = '2023-07-01'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(changed_by, accountant_id);
}

#[tokio::test]
async fn the_demo_company_has_usage_this_year_and_last_with_bills() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let a = demo_client_id(&pool).await;
    let token = app.login(CLIENT_A).await;
    let (_, overview) = app
        .get(&format!("/api/clients/{a}/payments"), Some(&token))
        .await;
    let years = overview["years"].as_array().unwrap();
    assert!(years.len() >= 2, "{overview}");
    assert!(
        years
            .iter()
            .all(|y| y["total_amount"].as_i64().unwrap() > 0)
    );
    let statuses: Vec<String> =
        sqlx::query_scalar("select distinct status from media_payments order by status")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(statuses, ["billed", "paid"]);
    // Every stored bill says what the pages compute for it.
    let bills: Vec<(i64, i32, i32, i64)> = sqlx::query_as(
        "select media_id, extract(year from month)::int, extract(month from month)::int, billed_amount from media_payments",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    for (media, year, month, billed) in bills {
        let (_, lines) = app
            .get(
                &format!("/api/clients/{a}/media/{media}/payments/{year}/{month}"),
                Some(&token),
            )
            .await;
        assert_eq!(lines["total_amount"], billed, "{year}/{month}: {lines}");
        assert!(billed > 0);
    }
}
