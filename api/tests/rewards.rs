//! A creator's monthly statement: which tasks it holds, its figures for each kind of payee
//! (computed by money::rewards::tax over the whole month), paging, and who may read it.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use support::{TestApp, statement_figures as figures, user_id};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const PATH: &str = "/api/users/me/rewards/2021/3";

/// Tasks of the demo medium for `creator`: `(amount, status, completed, invalid, taken)`.
async fn tasks(pool: &PgPool, creator: i64, rows: &[(i64, &str, &str, bool, bool)]) {
    let work_id: i64 = sqlx::query_scalar(
        "with p as (insert into projects (media_id, name, status)
                    select id, '報酬テスト', 'doing' from media where name = 'デモマガジン' returning id)
         insert into works (project_id, name) select id, '三月号' from p returning id",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    for (n, &(amount, status, completed, invalid, taken)) in rows.iter().enumerate() {
        sqlx::query(
            "with t as (insert into tasks (work_id, task_type, title, status, completed_date, is_invalid, reward_amount)
                        values ($1, 'writing', $2, $3, $4::date, $5, $6) returning id)
             insert into task_assignees (task_id, user_id, state) select id, $7, $8 from t",
        )
        .bind(work_id)
        .bind(format!("記事 {n}"))
        .bind(status)
        .bind(completed)
        .bind(invalid)
        .bind(amount)
        .bind(creator)
        .bind(if taken { "taken" } else { "offered" })
        .execute(pool)
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn a_month_holds_done_valid_taken_tasks_and_is_taxed_as_a_whole() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[
            (600_000, "done", "2021-03-02", false, true),
            (600_000, "done", "2021-03-31", false, true),
            (50_000, "done", "2021-03-15", true, true), // invalid
            (70_000, "done", "2021-04-01", false, true), // next month
            (80_000, "doing", "2021-03-10", false, true), // not done
            (90_000, "done", "2021-03-10", false, false), // offered, never taken
        ],
    )
    .await;
    let token = app.login(CREATOR).await;
    let (status, body) = app.get(PATH, Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["rewards"].as_array().unwrap().len(), 2);
    assert_eq!(
        body["rewards"][0]["completed_date"], "2021-03-31",
        "newest first"
    );
    assert_eq!(body["rewards"][0]["media_name"], "デモマガジン");
    // 1,200,000: 10 % consumption tax; withholding 200,000 × 20.42 % + 102,100 on the month
    // as a whole (per task it would have been 2 × 61,260).
    assert_eq!(figures(&body), [1_200_000, 120_000, 142_940, 0, 1_177_060]);
    assert_eq!(body["consumption_tax_rate_percent"], "10");
    assert_eq!(body["reduced_withholding_rate_percent"], Value::Null);
    assert_eq!(body["is_confirmed"], false);

    // A corporation is not withheld; a reduced rate replaces the formula; a non-resident
    // individual pays 20.42 % flat.
    sqlx::query("update users set account_type = 'corporate' where id = $1")
        .bind(creator)
        .execute(&pool)
        .await
        .unwrap();
    let (_, body) = app.get(PATH, Some(&token)).await;
    assert_eq!(figures(&body), [1_200_000, 120_000, 0, 0, 1_320_000]);
    sqlx::query("update users set account_type = 'personal', prefecture_id = 99 where id = $1")
        .bind(creator)
        .execute(&pool)
        .await
        .unwrap();
    let (_, body) = app.get(PATH, Some(&token)).await;
    assert_eq!(figures(&body), [1_200_000, 120_000, 245_040, 0, 1_074_960]);
    sqlx::query("update users set reduced_withholding_rate_bp = 1000 where id = $1")
        .bind(creator)
        .execute(&pool)
        .await
        .unwrap();
    let (_, body) = app.get(PATH, Some(&token)).await;
    assert_eq!(figures(&body), [1_200_000, 120_000, 120_000, 0, 1_200_000]);
    assert_eq!(body["reduced_withholding_rate_percent"], "10");

    // The usage fee is the staff's setting.
    sqlx::query("update reward_settings set usage_fee_bp = 500")
        .execute(&pool)
        .await
        .unwrap();
    let (_, body) = app.get(PATH, Some(&token)).await;
    assert_eq!(
        figures(&body),
        [1_200_000, 120_000, 120_000, 60_000, 1_140_000]
    );
}

#[tokio::test]
async fn the_page_limits_the_lines_not_the_figures() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let rows: Vec<(i64, &str, &str, bool, bool)> = (0..25)
        .map(|_| (1_111, "done", "2021-03-20", false, true))
        .collect();
    tasks(&pool, creator, &rows).await;
    let token = app.login(CREATOR).await;
    let (_, first) = app.get(PATH, Some(&token)).await;
    let (_, second) = app.get(&format!("{PATH}?page=2"), Some(&token)).await;
    assert_eq!(first["rewards"].as_array().unwrap().len(), 20);
    assert_eq!(second["rewards"].as_array().unwrap().len(), 5);
    assert_eq!(second["total"], 25);
    assert_eq!(second["last_page"], 2);
    assert_eq!(second["base_url"], "/rewards/2021/3");
    // 27,775 × 10.21 % = 2,835.8275: floored once for the month.
    assert_eq!(figures(&first), figures(&second));
    assert_eq!(figures(&first), [27_775, 2_777, 2_835, 0, 27_717]);
}

#[tokio::test]
async fn only_the_creator_accountants_and_admins_read_rewards() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[(10_000, "done", "2021-03-02", false, true)],
    )
    .await;
    let path = format!("/api/users/{creator}/rewards/2021/3");
    for (who, expected) in [
        (CREATOR, StatusCode::OK),
        ("accountant@demo.tsumugi.jp", StatusCode::OK),
        ("admin@demo.tsumugi.jp", StatusCode::OK),
        ("editor@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("client@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("manager@demo.tsumugi.jp", StatusCode::FORBIDDEN),
    ] {
        let token = app.login(who).await;
        let (status, body) = app.get(&path, Some(&token)).await;
        assert_eq!(status, expected, "{who}: {body}");
        if expected == StatusCode::OK {
            assert_eq!(body["subtotal_reward_amount"], 10_000, "{who}");
        } else {
            assert!(body.get("rewards").is_none(), "{who} learns nothing");
        }
    }
    let (status, _) = app.get(&path, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let token = app.login(CREATOR).await;
    let (status, body) = app.get("/api/users/me/rewards/2021/13", Some(&token)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["month"][0], "between:1,12");
    let accountant = app.login("accountant@demo.tsumugi.jp").await;
    let client = user_id(&pool, "client@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(
            &format!("/api/users/{client}/rewards/2021/3"),
            Some(&accountant),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "only creators have rewards");
}

const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";

async fn confirm(app: &TestApp, token: &str, year: i32, month: u32) -> (StatusCode, Value) {
    app.post(
        "/api/reward_confirmations",
        Some(token),
        serde_json::json!({ "year": year, "month": month }),
    )
    .await
}

#[tokio::test]
async fn confirming_freezes_the_month_and_pays_each_task_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[
            (600_000, "done", "2021-03-02", false, true),
            (600_000, "done", "2021-03-31", false, true),
        ],
    )
    .await;
    let accountant = app.login(ACCOUNTANT).await;
    let (status, body) = confirm(&app, &accountant, 2021, 3).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["year"], 2021);
    assert_eq!(body["month"], 3);
    assert_eq!(body["statement_count"], 1);
    assert_eq!(body["total_reward_amount"], 1_177_060);
    assert!(body["confirmed_by_name"].is_string(), "{body}");
    let first_id = body["id"].clone();

    // Idempotent: confirming again answers the same confirmation and writes nothing.
    let (status, again) = confirm(&app, &accountant, 2021, 3).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["id"], first_id);
    let stored: i64 =
        sqlx::query_scalar("select count(*) from reward_statements where month = '2021-03-01'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(stored, 1);

    // Everything a later edit could touch: the amounts, the payee, the rates.
    sqlx::query("update tasks set reward_amount = 1 where title like '記事 %'")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("update users set account_type = 'corporate' where id = $1")
        .bind(creator)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("update reward_settings set consumption_tax_bp = 800, usage_fee_bp = 500")
        .execute(&pool)
        .await
        .unwrap();
    let token = app.login(CREATOR).await;
    let (_, body) = app.get(PATH, Some(&token)).await;
    assert_eq!(body["is_confirmed"], true);
    assert!(body["confirmed_at"].is_string());
    assert_eq!(figures(&body), [1_200_000, 120_000, 142_940, 0, 1_177_060]);
    assert_eq!(body["consumption_tax_rate_percent"], "10");
    assert_eq!(body["rewards"].as_array().unwrap().len(), 2);
    assert_eq!(body["rewards"][0]["reward_amount"], 600_000);

    // A paid task moved into an open month is not paid again there.
    sqlx::query("update tasks set completed_date = '2021-04-10' where title = '記事 0'")
        .execute(&pool)
        .await
        .unwrap();
    let (_, april) = app.get("/api/users/me/rewards/2021/4", Some(&token)).await;
    assert_eq!(april["rewards"].as_array().unwrap().len(), 0, "{april}");
    assert_eq!(april["is_confirmed"], false);

    // Confirmed money is append-only in the database itself.
    let refused = sqlx::query("update reward_statements set total_reward_amount = 0")
        .execute(&pool)
        .await;
    assert!(refused.is_err(), "stored statements cannot be rewritten");
    let refused = sqlx::query("delete from reward_statement_lines")
        .execute(&pool)
        .await;
    assert!(refused.is_err(), "stored lines cannot be removed");
}

#[tokio::test]
async fn staff_may_not_date_a_task_into_a_confirmed_month() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[(10_000, "done", "2021-03-02", false, true)],
    )
    .await;
    let accountant = app.login(ACCOUNTANT).await;
    assert_eq!(
        confirm(&app, &accountant, 2021, 3).await.0,
        StatusCode::CREATED
    );
    let other: i64 = sqlx::query_scalar(
        "select id from tasks where status = 'done' and title not like '記事 %' limit 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (status, body) = app
        .put(
            "/api/admin/tasks/completed_date",
            Some(&admin),
            serde_json::json!({ "task_ids": [other], "completed_date": "2021-03-15" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("2021年3月の報酬は確定済み"),
        "{body}"
    );
    let (status, _) = app
        .put(
            "/api/admin/tasks/completed_date",
            Some(&admin),
            serde_json::json!({ "task_ids": [other], "completed_date": "2021-04-15" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "an open month is fine");
}

#[tokio::test]
async fn only_accountants_and_admins_confirm_and_only_ended_months() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    for who in [CREATOR, "client@demo.tsumugi.jp", "manager@demo.tsumugi.jp"] {
        let token = app.login(who).await;
        assert_eq!(
            confirm(&app, &token, 2021, 3).await.0,
            StatusCode::FORBIDDEN,
            "{who}"
        );
        let (status, _) = app.get("/api/reward_confirmations", Some(&token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}");
    }
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let today = api::platform::clock::tokyo_today();
    let (status, body) = confirm(&app, &admin, chrono::Datelike::year(&today) + 1, 1).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"]["message"],
        "終わっていない月の報酬は確定できません。"
    );
    let (status, body) = confirm(&app, &admin, 2021, 0).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["month"][0], "between:1,12");

    let (status, body) = confirm(&app, &admin, 2021, 2).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, list) = app.get("/api/reward_confirmations", Some(&admin)).await;
    assert_eq!(status, StatusCode::OK);
    let months: Vec<(i64, i64)> = list["reward_confirmations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["year"].as_i64().unwrap(), c["month"].as_i64().unwrap()))
        .collect();
    assert!(months.contains(&(2021, 2)), "{list}");
    assert!(list["latest_confirmable"]["month"].is_number());
}

#[tokio::test]
async fn two_confirmations_at_once_store_the_month_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[(10_000, "done", "2021-03-02", false, true)],
    )
    .await;
    let accountant = app.login(ACCOUNTANT).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (a, b) = tokio::join!(
        confirm(&app, &accountant, 2021, 3),
        confirm(&app, &admin, 2021, 3)
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CREATED]);
    assert_eq!(a.1["id"], b.1["id"]);
    let lines: i64 =
        sqlx::query_scalar("select count(*) from reward_statement_lines where title like '記事 %'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(lines, 1);
}

#[tokio::test]
async fn a_year_lists_twelve_months_confirmed_or_live() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[
            (600_000, "done", "2020-03-02", false, true),
            (600_000, "done", "2020-04-30", false, true),
            (10_000, "done", "2020-04-01", false, true),
        ],
    )
    .await;
    let accountant = app.login(ACCOUNTANT).await;
    assert_eq!(
        confirm(&app, &accountant, 2020, 3).await.0,
        StatusCode::CREATED
    );
    sqlx::query("update tasks set reward_amount = 5 where title = '記事 0'")
        .execute(&pool)
        .await
        .unwrap();
    let token = app.login(CREATOR).await;
    let (status, year) = app.get("/api/users/me/rewards/2020", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{year}");
    let months = year["rewards"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(months[2]["is_confirmed"], true);
    assert_eq!(
        months[2]["subtotal_reward_amount"], 600_000,
        "stored, not the edited 5"
    );
    assert_eq!(months[2]["withholding_tax"], 61_260);
    assert_eq!(months[3]["is_confirmed"], false);
    assert_eq!(months[3]["task_count"], 2);
    // April: 610,000 → withholding 62,281 (floor of 62,281.0).
    assert_eq!(months[3]["withholding_tax"], 62_281);
    assert_eq!(year["subtotal_reward_amount"], 1_210_000);
    assert_eq!(year["withholding_tax"], 61_260 + 62_281);
    assert_eq!(year["consumption_tax"], 121_000);
    assert_eq!(year["total_reward_amount"], 1_210_000 + 121_000 - 123_541);
    assert!(
        year["years"]
            .as_array()
            .unwrap()
            .contains(&Value::from(2020))
    );
    let other = app.login("editor@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(&format!("/api/users/{creator}/rewards/2020"), Some(&other))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn statements_download_as_a_spreadsheet_and_a_japanese_pdf() {
    let (pool, _db) = db::seeded().await;
    use calamine::Reader;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[
            (600_000, "done", "2021-03-02", false, true),
            (600_000, "done", "2021-03-31", false, true),
        ],
    )
    .await;
    let token = app.login(CREATOR).await;
    let client = reqwest::Client::new();
    let fetch = |path: String| {
        let request = client.get(app.url(&path)).bearer_auth(&token);
        async move {
            let response = request.send().await.unwrap();
            let status = response.status();
            let disposition = response
                .headers()
                .get("content-disposition")
                .map(|v| v.to_str().unwrap().to_string())
                .unwrap_or_default();
            (
                status,
                disposition,
                response.bytes().await.unwrap().to_vec(),
            )
        }
    };

    let (status, disposition, bytes) = fetch(format!("{PATH}/files/download?format=xlsx")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(disposition.contains("filename*=UTF-8''"), "{disposition}");
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range("2021年3月").unwrap();
    let cells: Vec<String> = sheet.cells().map(|(_, _, c)| c.to_string()).collect();
    for expected in ["お振込金額", "1177060", "-142940", "記事 0", "記事 1"] {
        assert!(
            cells.iter().any(|c| c == expected),
            "{expected} in {cells:?}"
        );
    }

    let (status, _, bytes) = fetch(format!("{PATH}/files/download?format=pdf")).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&bytes)
    );
    assert!(bytes.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("FontFile"), "the Japanese font is embedded");
    assert!(
        bytes.len() < 2_000_000,
        "a subset, not the whole font: {} bytes",
        bytes.len()
    );

    let (status, _, bytes) =
        fetch("/api/users/me/rewards/2021/files/download?format=pdf".into()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes.starts_with(b"%PDF-"));
    let (status, _, bytes) = fetch("/api/users/me/rewards/2021/files/download".into()).await;
    assert_eq!(status, StatusCode::OK);
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range("2021年").unwrap();
    let cells: Vec<String> = sheet.cells().map(|(_, _, c)| c.to_string()).collect();
    assert!(
        cells.iter().any(|c| c == "1200000"),
        "March's subtotal in the year: {cells:?}"
    );

    let (status, _, _) = fetch(format!("{PATH}/files/download?format=doc")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let other = app.login("editor@demo.tsumugi.jp").await;
    let response = client
        .get(app.url(&format!(
            "/api/users/{creator}/rewards/2021/3/files/download"
        )))
        .bearer_auth(&other)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn staff_set_the_rates_and_a_creators_reduced_withholding() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[(100_000, "done", "2021-03-02", false, true)],
    )
    .await;
    let token = app.login(CREATOR).await;
    for who in [CREATOR, "manager@demo.tsumugi.jp", "client@demo.tsumugi.jp"] {
        let t = app.login(who).await;
        let (status, _) = app.get("/api/admin/reward_settings", Some(&t)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}");
    }
    let accountant = app.login(ACCOUNTANT).await;
    let (status, body) = app
        .get("/api/admin/reward_settings", Some(&accountant))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["consumption_tax_rate_percent"], "10");
    assert_eq!(body["usage_fee_percent"], "0");

    let (status, body) = app
        .put(
            "/api/admin/reward_settings",
            Some(&accountant),
            serde_json::json!({ "consumption_tax_rate_percent": "10", "usage_fee_percent": "2.5" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["usage_fee_percent"], "2.5");
    let (_, month) = app.get(PATH, Some(&token)).await;
    // 100,000: tax 10,000, withholding 10,210, usage fee 2,500.
    assert_eq!(figures(&month), [100_000, 10_000, 10_210, 2_500, 97_290]);

    let (status, body) = app
        .put(
            "/api/admin/reward_settings",
            Some(&accountant),
            serde_json::json!({ "consumption_tax_rate_percent": "10.001", "usage_fee_percent": "101" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["rules"]["consumption_tax_rate_percent"][0],
        "percent"
    );
    assert_eq!(body["error"]["rules"]["usage_fee_percent"][0], "percent");

    let path = format!("/api/admin/users/{creator}/reduced_withholding_rate");
    let (status, body) = app
        .put(
            &path,
            Some(&accountant),
            serde_json::json!({ "rate_percent": "15" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["reduced_withholding_rates"][0]["user_id"], creator);
    assert_eq!(body["reduced_withholding_rates"][0]["rate_percent"], "15");
    let (_, month) = app.get(PATH, Some(&token)).await;
    assert_eq!(month["withholding_tax"], 15_000);
    assert_eq!(month["reduced_withholding_rate_percent"], "15");
    let (status, body) = app
        .put(
            &path,
            Some(&accountant),
            serde_json::json!({ "rate_percent": null }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["reduced_withholding_rates"], serde_json::json!([]));
    let client = user_id(&pool, "client@demo.tsumugi.jp").await;
    let (status, _) = app
        .put(
            &format!("/api/admin/users/{client}/reduced_withholding_rate"),
            Some(&accountant),
            serde_json::json!({ "rate_percent": "10" }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "only creators have a withholding rate"
    );
}
