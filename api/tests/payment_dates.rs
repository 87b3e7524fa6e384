//! When an accepted task is paid: it is completed on the day its deliverable was received, so
//! the month that pays it is the month of receipt and the transfer (end of the next month) keeps
//! the purchase order's promise (Freelance Act art. 4: 60 days from receipt, whatever the
//! inspection). A delivery accepted after its month was confirmed is paid later and flagged;
//! the confirmation page lists the deliveries still awaiting inspection.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, user_id};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const CLIENT: &str = "client@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";

/// A task of the demo medium taken by `creator`, delivered at `delivered_at` and awaiting
/// inspection.
async fn delivered_task(pool: &PgPool, creator: i64, title: &str, delivered_at: &str) -> i64 {
    sqlx::query_scalar(
        "with w as (select w.id from works w join projects p on p.id = w.project_id
                      join media m on m.id = p.media_id where m.name = 'デモマガジン' order by w.id limit 1),
              t as (insert into tasks (work_id, task_type, title, status, reward_amount)
                    select id, 'writing', $1, 'under_acceptance', 30000 from w returning id),
              a as (insert into task_assignees (task_id, user_id, state) select id, $2, 'taken' from t)
         insert into deliveries (task_id, user_id, delivery_type, url, created_at)
         select id, $2, 'external', 'https://example.jp/draft', $3::timestamptz from t returning task_id",
    )
    .bind(title)
    .bind(creator)
    .bind(delivered_at)
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn accept(app: &TestApp, token: &str, task_id: i64) {
    let (status, body) = app
        .put(
            &format!("/api/tasks/{task_id}/inspection"),
            Some(token),
            json!({ "result": "accepted" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn completed_date(pool: &PgPool, task_id: i64) -> String {
    sqlx::query_scalar("select completed_date::text from tasks where id = $1")
        .bind(task_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

fn row_of(body: &Value, task_id: i64) -> &Value {
    body["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["task_id"] == task_id)
        .unwrap_or_else(|| panic!("task {task_id} in {body}"))
}

#[tokio::test]
async fn an_accepted_task_is_completed_on_the_day_it_was_received() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    // 23:30 in Tokyo on 31 March is still March there (14:30 UTC).
    let task = delivered_task(&pool, creator, "三月末の納品", "2021-03-31 23:30+09").await;
    let accountant = app.login(ACCOUNTANT).await;

    let (status, awaiting) = app
        .get(
            "/api/reward_confirmations/awaiting_inspection?year=2021&month=3",
            Some(&accountant),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{awaiting}");
    assert_eq!(awaiting["total"], 1, "{awaiting}");
    assert_eq!(awaiting["tasks"][0]["task_id"], task);
    assert_eq!(awaiting["tasks"][0]["received_on"], "2021-03-31");
    assert!(
        !awaiting["tasks"][0]["client_name"]
            .as_str()
            .unwrap()
            .is_empty()
    );
    let (_, april) = app
        .get(
            "/api/reward_confirmations/awaiting_inspection?year=2021&month=4",
            Some(&accountant),
        )
        .await;
    assert_eq!(april["total"], 0, "{april}");

    // Inspected weeks later, it still belongs to March: paid at the end of April.
    let client = app.login(CLIENT).await;
    accept(&app, &client, task).await;
    assert_eq!(completed_date(&pool, task).await, "2021-03-31");
    let (_, march) = app
        .get(
            "/api/payments/completed_tasks?year=2021&month=3",
            Some(&accountant),
        )
        .await;
    let row = row_of(&march, task);
    assert_eq!(row["received_on"], "2021-03-31");
    assert_eq!(row["payment_due_date"], "2021-04-30");
    assert_eq!(row["is_paid_late"], false, "{row}");
    assert_eq!(march["payment_date"], "2021-04-30");
    let (_, awaiting) = app
        .get(
            "/api/reward_confirmations/awaiting_inspection?year=2021&month=3",
            Some(&accountant),
        )
        .await;
    assert_eq!(
        awaiting["total"], 0,
        "accepted tasks no longer wait: {awaiting}"
    );
}

#[tokio::test]
async fn a_delivery_accepted_after_its_month_was_confirmed_is_paid_now_and_flagged_late() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let task = delivered_task(&pool, creator, "検収が遅れた納品", "2021-03-20 10:00+09").await;
    let accountant = app.login(ACCOUNTANT).await;
    let (status, body) = app
        .post(
            "/api/reward_confirmations",
            Some(&accountant),
            json!({ "year": 2021, "month": 3 }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let client = app.login(CLIENT).await;
    accept(&app, &client, task).await;
    let today: String = sqlx::query_scalar("select (now() at time zone 'Asia/Tokyo')::date::text")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        completed_date(&pool, task).await,
        today,
        "March is closed, so the task is paid with the current month"
    );
    let (year, month): (i32, i32) = sqlx::query_as(
        "select extract(year from now() at time zone 'Asia/Tokyo')::int, extract(month from now() at time zone 'Asia/Tokyo')::int",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let (status, current) = app
        .get(
            &format!("/api/payments/completed_tasks?year={year}&month={month}"),
            Some(&accountant),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{current}");
    let row = row_of(&current, task);
    assert_eq!(row["received_on"], "2021-03-20");
    assert_eq!(row["payment_due_date"], "2021-04-30");
    assert_eq!(row["is_paid_late"], true, "{row}");
}

#[tokio::test]
async fn only_accountants_and_admins_see_what_awaits_inspection() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let path = "/api/reward_confirmations/awaiting_inspection?year=2021&month=3";
    for who in [CREATOR, CLIENT, "manager@demo.tsumugi.jp"] {
        let token = app.login(who).await;
        assert_eq!(
            app.get(path, Some(&token)).await.0,
            StatusCode::FORBIDDEN,
            "{who}"
        );
    }
    assert_eq!(app.get(path, None).await.0, StatusCode::UNAUTHORIZED);
    let admin = app.login("admin@demo.tsumugi.jp").await;
    assert_eq!(app.get(path, Some(&admin)).await.0, StatusCode::OK);
    let (status, body) = app
        .get(
            "/api/reward_confirmations/awaiting_inspection?year=2021&month=13",
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}
