//! A creator's monthly statement: which tasks it holds, its figures for each kind of payee
//! (computed by money::rewards::tax over the whole month), paging, and who may read it.

mod support;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use support::{TestApp, statement_figures as figures, user_id};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const PATH: &str = "/api/users/me/rewards/2026/3";

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

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn a_month_holds_done_valid_taken_tasks_and_is_taxed_as_a_whole(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[
            (600_000, "done", "2026-03-02", false, true),
            (600_000, "done", "2026-03-31", false, true),
            (50_000, "done", "2026-03-15", true, true), // invalid
            (70_000, "done", "2026-04-01", false, true), // next month
            (80_000, "doing", "2026-03-10", false, true), // not done
            (90_000, "done", "2026-03-10", false, false), // offered, never taken
        ],
    )
    .await;
    let token = app.login(CREATOR).await;
    let (status, body) = app.get(PATH, Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["rewards"].as_array().unwrap().len(), 2);
    assert_eq!(
        body["rewards"][0]["completed_date"], "2026-03-31",
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

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn the_page_limits_the_lines_not_the_figures(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let rows: Vec<(i64, &str, &str, bool, bool)> = (0..25)
        .map(|_| (1_111, "done", "2026-03-20", false, true))
        .collect();
    tasks(&pool, creator, &rows).await;
    let token = app.login(CREATOR).await;
    let (_, first) = app.get(PATH, Some(&token)).await;
    let (_, second) = app.get(&format!("{PATH}?page=2"), Some(&token)).await;
    assert_eq!(first["rewards"].as_array().unwrap().len(), 20);
    assert_eq!(second["rewards"].as_array().unwrap().len(), 5);
    assert_eq!(second["total"], 25);
    assert_eq!(second["last_page"], 2);
    assert_eq!(second["base_url"], "/rewards/2026/3");
    // 27,775 × 10.21 % = 2,835.8275: floored once for the month.
    assert_eq!(figures(&first), figures(&second));
    assert_eq!(figures(&first), [27_775, 2_777, 2_835, 0, 27_717]);
}

#[sqlx::test(migrator = "api::MIGRATOR")]
async fn only_the_creator_accountants_and_admins_read_rewards(pool: PgPool) {
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    tasks(
        &pool,
        creator,
        &[(10_000, "done", "2026-03-02", false, true)],
    )
    .await;
    let path = format!("/api/users/{creator}/rewards/2026/3");
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
    let (status, body) = app.get("/api/users/me/rewards/2026/13", Some(&token)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["month"][0], "between:1,12");
    let accountant = app.login("accountant@demo.tsumugi.jp").await;
    let client = user_id(&pool, "client@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(
            &format!("/api/users/{client}/rewards/2026/3"),
            Some(&accountant),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "only creators have rewards");
}
