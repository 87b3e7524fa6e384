//! Purchase orders (発注書): issued when a creator takes a task with what the Freelance Act art. 3
//! requires, revised (the old version kept) when the terms change, backfilled for older orders,
//! read only by the creator, accountants and admins, paged newest first.

use crate::support;
use crate::support::db;

use chrono::{Datelike, Months, NaiveDate};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, task_titled, user_id};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const KYOTO: &str = "秋の京都さんぽ 取材記事 本文執筆";

fn today() -> NaiveDate {
    api::platform::clock::tokyo_today()
}

fn date(value: &Value) -> NaiveDate {
    NaiveDate::parse_from_str(
        value.as_str().unwrap_or_else(|| panic!("a date: {value}")),
        "%Y-%m-%d",
    )
    .unwrap()
}

/// The summary of `task_id`'s order in the creator's first page.
pub(crate) async fn summary_of(app: &TestApp, token: &str, task_id: i64) -> Value {
    let (status, list) = app.get("/api/users/me/purchase_orders", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list["purchase_orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|order| order["task_id"] == task_id)
        .cloned()
        .unwrap_or_else(|| panic!("task {task_id} has a purchase order: {list}"))
}

pub(crate) async fn detail(app: &TestApp, token: &str, id: &Value) -> Value {
    let (status, order) = app
        .get(&format!("/api/users/me/purchase_orders/{id}"), Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{order}");
    order
}

pub(crate) async fn take(app: &TestApp, token: &str, task_id: i64) {
    let (status, body) = app
        .post(
            &format!("/api/tasks/{task_id}/take"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn versions_in_db(pool: &PgPool, task_id: i64) -> i64 {
    sqlx::query_scalar("select count(*) from purchase_orders where task_id = $1")
        .bind(task_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn taking_a_task_issues_a_purchase_order_stating_what_article_3_requires() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login(CREATOR).await;
    let task = task_titled(&pool, KYOTO).await;
    assert_eq!(
        versions_in_db(&pool, task).await,
        0,
        "an offer is no order yet"
    );
    take(&app, &creator, task).await;

    let summary = summary_of(&app, &creator, task).await;
    assert_eq!(summary["version"], 1);
    assert_eq!(summary["is_revised"], false);
    assert_eq!(summary["number"], format!("{task:06}-1"));
    let order = detail(&app, &creator, &summary["id"]).await;
    // Issuer: the operator (the demo defaults of config::Operator), and whom the work is for.
    assert_eq!(order["issuer"]["name"], "株式会社つむぎ");
    assert!(
        order["issuer"]["address"]
            .as_str()
            .unwrap()
            .starts_with("東京都")
    );
    assert_eq!(
        order["issuer"]["invoice_registration_number"],
        "T8100000000008"
    );
    assert_eq!(order["client_name"], "株式会社デモメディア");
    assert_eq!(order["media_name"], "デモマガジン");
    // Recipient: the creator's name and invoice registration number (seeded on their account).
    assert_eq!(order["recipient"]["name"], "山田 花子");
    assert_eq!(order["recipient"]["account_type"], "personal");
    assert_eq!(
        order["recipient"]["invoice_registration_number"],
        "T7123456789012"
    );
    // The content of the work and the amount: tax-exclusive yen, consumption tax floored.
    assert_eq!(order["title"], KYOTO);
    assert_eq!(order["task_type"], "writing");
    assert_eq!(order["project_name"], "秋の京都さんぽ 取材記事");
    assert_eq!(
        [
            &order["reward_amount"],
            &order["consumption_tax"],
            &order["total_amount"]
        ],
        [&json!(30_000), &json!(3_000), &json!(33_000)]
    );
    assert_eq!(order["consumption_tax_rate_percent"], "10");
    assert_eq!(order["withholding_applies"], true);
    // Dates, place, payment: the rule stands until something is received.
    let (ordered, due): (NaiveDate, NaiveDate) =
        sqlx::query_as("select order_date, due_date from tasks where id = $1")
            .bind(task)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(date(&order["order_date"]), ordered);
    assert_eq!(date(&order["due_date"]), due);
    assert!(
        order["delivery_place"]
            .as_str()
            .unwrap()
            .contains("タスクページ")
    );
    assert!(
        order["payment_terms"]
            .as_str()
            .unwrap()
            .starts_with("納品月の翌月末日")
    );
    assert!(
        order["payment_method"]
            .as_str()
            .unwrap()
            .contains("銀行振込")
    );
    assert_eq!(order["payment_due_date"], Value::Null);
    assert_eq!(order["received_on"], Value::Null);
    assert_eq!(order["inspected_on"], Value::Null);
    assert_eq!(order["reason"], "taken");
    assert_eq!(order["is_superseded"], false);
    assert_eq!(order["changed_fields"], json!([]));

    // Delivered: paid by the last day of the month after receipt; accepted: inspected that day.
    let (status, body) = app
        .post(
            &format!("/api/tasks/{task}/deliveries"),
            Some(&creator),
            json!({ "type": "external", "url": "https://example.jp/kyoto" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let order = detail(&app, &creator, &summary["id"]).await;
    assert_eq!(date(&order["received_on"]), today());
    let due = date(&order["payment_due_date"]);
    let next_month = today().with_day(1).unwrap() + Months::new(1);
    assert_eq!(due, next_month + Months::new(1) - chrono::Days::new(1));
    assert!((due - today()).num_days() <= 61);
    assert_eq!(
        date(&summary_of(&app, &creator, task).await["payment_due_date"]),
        due
    );
    let client = app.login("client@demo.tsumugi.jp").await;
    let (status, body) = app
        .put(
            &format!("/api/tasks/{task}/inspection"),
            Some(&client),
            json!({ "result": "accepted" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = detail(&app, &creator, &summary["id"]).await;
    assert_eq!(date(&order["inspected_on"]), today());
    assert_eq!(
        order["version"], 1,
        "delivery and inspection change no terms"
    );
}

#[tokio::test]
async fn changed_terms_issue_a_revision_and_the_old_version_stays() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login(CREATOR).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let task = task_titled(&pool, KYOTO).await;

    // Editing a task nobody took yet issues nothing.
    let bulk = |changes: Value| {
        let (app, client) = (&app, client.clone());
        async move {
            app.put(
                "/api/v2/projects/works/tasks",
                Some(&client),
                json!({ "tasks": changes }),
            )
            .await
        }
    };
    let (status, body) = bulk(json!([{ "id": task, "reward_amount": 32_000 }])).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(versions_in_db(&pool, task).await, 0);
    take(&app, &creator, task).await;
    let first = summary_of(&app, &creator, task).await;
    assert_eq!(first["reward_amount"], 32_000);

    // The client raises the fee: a second version; the first keeps what was agreed.
    let (status, body) = bulk(json!([{ "id": task, "reward_amount": 45_000 }])).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let current = summary_of(&app, &creator, task).await;
    assert_eq!(
        (
            &current["version"],
            &current["is_revised"],
            &current["reward_amount"],
            &current["consumption_tax"]
        ),
        (&json!(2), &json!(true), &json!(45_000), &json!(4_500))
    );
    let (_, list) = app
        .get("/api/users/me/purchase_orders", Some(&creator))
        .await;
    let listed = list["purchase_orders"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|order| order["task_id"] == task)
        .count();
    assert_eq!(
        listed, 1,
        "the list shows an order once, in its current version"
    );
    let old = detail(&app, &creator, &first["id"]).await;
    assert_eq!(old["reward_amount"], 32_000);
    assert_eq!(old["total_amount"], 35_200);
    assert_eq!(old["is_superseded"], true);
    assert_eq!(old["superseded_by"], current["id"]);
    let new = detail(&app, &creator, &current["id"]).await;
    assert_eq!(new["reason"], "revised");
    assert_eq!(new["changed_fields"], json!(["reward_amount"]));
    assert_eq!(new["is_superseded"], false);
    assert_eq!(
        new["versions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].clone())
            .collect::<Vec<_>>(),
        vec![first["id"].clone(), current["id"].clone()]
    );

    // The same terms again, or a field that is no term (tags): no new version.
    let (status, _) =
        bulk(json!([{ "id": task, "reward_amount": 45_000, "tags": ["京都"] }])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(versions_in_db(&pool, task).await, 2);

    // Staff move the order and due dates in one change: one revision naming both.
    let (status, body) = app
        .put(
            &format!("/api/admin/tasks/{task}"),
            Some(&admin),
            json!({ "order_date": "2026-11-02", "due_date": "2026-12-24" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(versions_in_db(&pool, task).await, 3);
    let third = summary_of(&app, &creator, task).await;
    let third = detail(&app, &creator, &third["id"]).await;
    assert_eq!(third["changed_fields"], json!(["order_date", "due_date"]));
    assert_eq!(third["due_date"], "2026-12-24");

    // What was issued cannot be rewritten, not even in the database.
    let rewritten = sqlx::query("update purchase_orders set reward_amount = 1 where task_id = $1")
        .bind(task)
        .execute(&pool)
        .await;
    assert!(rewritten.is_err(), "purchase orders are append-only");
    let removed = sqlx::query("delete from purchase_orders where task_id = $1")
        .bind(task)
        .execute(&pool)
        .await;
    assert!(removed.is_err(), "purchase orders are append-only");
}

#[tokio::test]
async fn only_the_creator_accountants_and_admins_read_purchase_orders() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let editor = user_id(&pool, "editor@demo.tsumugi.jp").await;
    let creator_token = app.login(CREATOR).await;
    let (_, list) = app
        .get("/api/users/me/purchase_orders", Some(&creator_token))
        .await;
    let order_id = list["purchase_orders"][0]["id"]
        .as_i64()
        .expect("the demo creator has orders");
    let list_path = format!("/api/users/{creator}/purchase_orders");
    let detail_path = format!("{list_path}/{order_id}");
    for (who, expected) in [
        (CREATOR, StatusCode::OK),
        ("accountant@demo.tsumugi.jp", StatusCode::OK),
        ("admin@demo.tsumugi.jp", StatusCode::OK),
        ("editor@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("client@demo.tsumugi.jp", StatusCode::FORBIDDEN),
        ("manager@demo.tsumugi.jp", StatusCode::FORBIDDEN),
    ] {
        let token = app.login(who).await;
        let (status, body) = app.get(&list_path, Some(&token)).await;
        assert_eq!(status, expected, "{who}: {body}");
        assert_eq!(
            body.get("purchase_orders").is_some(),
            expected == StatusCode::OK,
            "{who}"
        );
        let (status, body) = app.get(&detail_path, Some(&token)).await;
        assert_eq!(status, expected, "{who}: {body}");
        assert_eq!(
            body.get("issuer").is_some(),
            expected == StatusCode::OK,
            "{who}"
        );
    }
    let (status, _) = app.get(&list_path, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Another creator's order is nobody's under one's own id: 404, for them and for staff.
    let editor_token = app.login("editor@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(
            &format!("/api/users/me/purchase_orders/{order_id}"),
            Some(&editor_token),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let accountant = app.login("accountant@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(
            &format!("/api/users/{editor}/purchase_orders/{order_id}"),
            Some(&accountant),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .get(
            &format!("/api/users/me/purchase_orders/{}", order_id + 10_000),
            Some(&creator_token),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Only creators have purchase orders.
    let client = user_id(&pool, "client@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(
            &format!("/api/users/{client}/purchase_orders"),
            Some(&accountant),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_demo_creator_holds_orders_one_revised_and_the_list_is_paged_newest_first() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let token = app.login(CREATOR).await;
    let (_, seeded) = app.get("/api/users/me/purchase_orders", Some(&token)).await;
    let seeded_orders = seeded["purchase_orders"].as_array().unwrap().clone();
    assert!(seeded_orders.len() >= 3, "{seeded}");
    let revised: Vec<_> = seeded_orders
        .iter()
        .filter(|o| o["is_revised"] == true)
        .collect();
    assert_eq!(revised.len(), 1, "{seeded}");
    assert_eq!(revised[0]["reward_amount"], 35_000);
    let old = &detail(&app, &token, &revised[0]["id"]).await["versions"][0];
    let old = detail(&app, &token, &old["id"]).await;
    assert_eq!(
        (&old["reward_amount"], &old["is_superseded"]),
        (&json!(30_000), &json!(true))
    );

    // 25 more orders, ordered on different days, taken through the real flow.
    let work_id: i64 = sqlx::query_scalar(
        "with p as (insert into projects (media_id, name, status)
                    select id, '発注書テスト', 'applying' from media where name = 'デモマガジン' returning id)
         insert into works (project_id, name) select id, '連載' from p returning id",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    for n in 0..25 {
        let task_id: i64 = sqlx::query_scalar(
            "with t as (insert into tasks (work_id, task_type, title, order_date, reward_amount)
                        values ($1, 'writing', $2, date '2025-01-01' + $3::int, 1000) returning id)
             insert into task_assignees (task_id, user_id) select id, $4 from t returning task_id",
        )
        .bind(work_id)
        .bind(format!("連載 第{n}回"))
        .bind(n)
        .bind(creator)
        .fetch_one(&pool)
        .await
        .unwrap();
        take(&app, &token, task_id).await;
    }
    let total = seeded_orders.len() + 25;
    let (status, first) = app.get("/api/users/me/purchase_orders", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, second) = app
        .get("/api/users/me/purchase_orders?page=2", Some(&token))
        .await;
    assert_eq!(first["purchase_orders"].as_array().unwrap().len(), 20);
    assert_eq!(
        second["purchase_orders"].as_array().unwrap().len(),
        total - 20
    );
    assert_eq!(
        [
            &second["total"],
            &second["current_page"],
            &second["last_page"],
            &second["per_page"]
        ],
        [&json!(total), &json!(2), &json!(2), &json!(20)]
    );
    assert_eq!(first["base_url"], "/purchase_orders");
    let dates: Vec<NaiveDate> = [&first, &second]
        .iter()
        .flat_map(|page| {
            page["purchase_orders"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| date(&o["order_date"]))
        })
        .collect();
    assert!(
        dates.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {dates:?}"
    );
    assert_eq!(
        dates.last(),
        Some(&NaiveDate::from_ymd_opt(2025, 1, 1).unwrap())
    );
    let (status, _) = app
        .get("/api/users/me/purchase_orders?page=-1", Some(&token))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_migration_backfills_orders_taken_before_it() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    // A task taken without the take flow, as tasks taken before purchase orders were.
    let task: i64 = sqlx::query_scalar(
        "with t as (insert into tasks (work_id, task_type, title, status, order_date, due_date, reward_amount)
                    select id, 'proofreading_and_review', '昔の校正', 'doing', date '2026-10-05', date '2026-10-20', 12345
                      from works order by id limit 1 returning id)
         insert into task_assignees (task_id, user_id, state) select id, $1, 'taken' from t returning task_id",
    )
    .bind(creator)
    .fetch_one(&pool)
    .await
    .unwrap();
    let migration = include_str!("../../migrations/20261126000200_purchase_orders.sql");
    let backfill = &migration[migration
        .find("-- Tasks taken before this migration")
        .expect("the backfill section")..];
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "{} and not exists (select 1 from purchase_orders o where o.task_id = t.id)",
        backfill.trim_end().trim_end_matches(';')
    )))
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(versions_in_db(&pool, task).await, 1);

    let token = app.login(CREATOR).await;
    let order = detail(&app, &token, &summary_of(&app, &token, task).await["id"]).await;
    assert_eq!(order["reason"], "backfilled");
    assert_eq!(
        order["issuer"]["name"], "株式会社つむぎ",
        "the configured operator"
    );
    assert_eq!(
        order["recipient"]["invoice_registration_number"],
        "T7123456789012"
    );
    assert_eq!(
        [&order["reward_amount"], &order["consumption_tax"]],
        [&json!(12_345), &json!(1_234)]
    );
    assert_eq!(order["order_date"], "2026-10-05");
    assert_eq!(
        order["payment_terms"],
        api::money::purchase_orders::terms::PAYMENT_TERMS
    );
    assert_eq!(
        order["delivery_place"],
        api::money::purchase_orders::terms::DELIVERY_PLACE
    );

    // Its next change is a revision of it.
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (status, body) = app
        .put(
            &format!("/api/admin/tasks/{task}"),
            Some(&admin),
            json!({ "reward_amount": 20000 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let current = summary_of(&app, &token, task).await;
    assert_eq!(
        (&current["version"], &current["reward_amount"]),
        (&json!(2), &json!(20_000))
    );
}
