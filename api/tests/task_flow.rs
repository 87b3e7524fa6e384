//! A task from offer to inspection: take, deliver, reject, deliver again, accept — with the
//! notices and pushes each side sees live.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use support::{TestApp, demo_client_id, sio::SioClient, task_titled};

const WAIT: Duration = Duration::from_secs(3);

#[tokio::test]
async fn a_task_goes_from_offer_to_accepted_with_live_notices() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let mut client_socket = SioClient::connect(app.addr, Some(&client)).await.unwrap();
    let mut creator_socket = SioClient::connect(app.addr, Some(&creator)).await.unwrap();
    let client_id = demo_client_id(&pool).await;
    let counts_path = format!("/api/clients/{client_id}/important_information/counts");
    let task = task_titled(&pool, "秋の京都さんぽ 取材記事 本文執筆").await;

    // Someone without skill and bank account cannot take work; someone not offered cannot either.
    let (status, body) = app
        .post(&format!("/api/tasks/{task}/take"), Some(&newbie), json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("会員情報")
    );
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let (status, _) = app
        .post(&format!("/api/tasks/{task}/take"), Some(&editor), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, taken) = app
        .post(
            &format!("/api/tasks/{task}/take"),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, taken["status"].as_str()),
        (StatusCode::OK, Some("doing"))
    );
    let notice = client_socket
        .expect_event("notice.created", WAIT)
        .await
        .expect("the client hears of the order");
    assert_eq!(notice["notice"]["type"], "check_client_order");
    assert_eq!(notice["group"], "task");
    let (status, _) = app
        .post(
            &format!("/api/tasks/{task}/take"),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "already taken");

    // Delivery by external URL: validation first, then the client's counts and bell move.
    let (_, invalid) = app
        .post(
            &format!("/api/tasks/{task}/deliveries"),
            Some(&creator),
            json!({ "type": "external", "url": "ftp://x" }),
        )
        .await;
    assert_eq!(invalid["error"]["rules"]["url"], json!(["url"]));
    let (_, before) = app.get(&counts_path, Some(&client)).await;
    let (status, delivered) = app
        .post(
            &format!("/api/tasks/{task}/deliveries"),
            Some(&creator),
            json!({ "type": "external", "url": "https://example.jp/kyoto" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{delivered}");
    let registered = client_socket
        .expect_event("delivery.registered", WAIT)
        .await
        .expect("delivery pushed");
    assert_eq!(registered["url"], "https://example.jp/kyoto");
    let (_, after) = app.get(&counts_path, Some(&client)).await;
    assert_eq!(
        after["under_acceptance_task_count"].as_i64().unwrap(),
        before["under_acceptance_task_count"].as_i64().unwrap() + 1
    );
    let (_, bell) = app.get("/api/v2/notices?type=task", Some(&client)).await;
    assert_eq!(bell["notices"][0]["type"], "check_delivery");

    // Another company's client may not inspect; a rejection needs its reason.
    let other: i64 =
        sqlx::query_scalar("insert into clients (company_name) values ('他社') returning id")
            .fetch_one(&pool)
            .await
            .unwrap();
    sqlx::query("update users set role = 'client', client_id = $1 where mail_address = 'newbie@demo.tsumugi.jp'").bind(other).execute(&pool).await.unwrap();
    // Roles change only through the staff's page, which ends the user's sessions; this shortcut
    // does not, so the moved user logs in again.
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let (status, _) = app
        .put(
            &format!("/api/tasks/{task}/inspection"),
            Some(&newbie),
            json!({ "result": "accepted" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, missing) = app
        .put(
            &format!("/api/tasks/{task}/inspection"),
            Some(&client),
            json!({ "result": "rejected" }),
        )
        .await;
    assert_eq!(missing["error"]["rules"]["reason"], json!(["required"]));

    let (status, rejected) = app
        .put(
            &format!("/api/tasks/{task}/inspection"),
            Some(&client),
            json!({ "result": "rejected", "reason": "写真の差し替えをお願いします" }),
        )
        .await;
    assert_eq!(
        (status, rejected["status"].as_str()),
        (StatusCode::OK, Some("doing"))
    );
    let back = creator_socket
        .expect_event("notice.created", WAIT)
        .await
        .expect("the creator hears of the rejection");
    assert_eq!(back["notice"]["type"], "reject_delivery");
    assert!(
        back["notice"]["message"]
            .as_str()
            .unwrap()
            .contains("写真の差し替え")
    );

    app.post(
        &format!("/api/tasks/{task}/deliveries"),
        Some(&creator),
        json!({ "type": "external", "url": "https://example.jp/kyoto-v2" }),
    )
    .await;
    let (status, accepted) = app
        .put(
            &format!("/api/tasks/{task}/inspection"),
            Some(&client),
            json!({ "result": "accepted" }),
        )
        .await;
    assert_eq!(
        (status, accepted["status"].as_str()),
        (StatusCode::OK, Some("done"))
    );
    let done = loop {
        let event = creator_socket
            .expect_event("notice.created", WAIT)
            .await
            .expect("the creator hears of the acceptance");
        if event["notice"]["type"] == "inspected_delivery" {
            break event;
        }
    };
    assert_eq!(done["notice"]["reference"]["task_id"], task);
    let completed: Option<chrono::NaiveDate> =
        sqlx::query_scalar("select completed_date from tasks where id = $1")
            .bind(task)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(completed.is_some());
    let (status, _) = app
        .put(
            &format!("/api/tasks/{task}/inspection"),
            Some(&client),
            json!({ "result": "accepted" }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "nothing left to inspect"
    );
}
