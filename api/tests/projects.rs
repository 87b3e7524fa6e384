//! Projects: scoping by role, search and status filters, and the status machine over HTTP.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{TestApp, demo_client_id, project_with_status};

fn names(list: &Value) -> Vec<String> {
    list["projects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn the_client_and_staff_see_the_demo_projects_and_creators_only_their_own() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let (status, list) = app.get("/api/v2/projects", Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["total"], 6);
    assert_eq!(list["projects"][0]["media_name"], "デモマガジン");

    let (_, filtered) = app
        .get(
            "/api/v2/projects?status[]=applying&status[]=doing",
            Some(&client),
        )
        .await;
    assert_eq!(
        names(&filtered),
        vec!["冬の温泉ガイド", "秋の京都さんぽ 取材記事"]
    );
    let (_, searched) = app
        .get("/api/v2/projects?keyword=%E4%BA%AC%E9%83%BD", Some(&client))
        .await;
    assert_eq!(names(&searched), vec!["秋の京都さんぽ 取材記事"]);
    let (status, bad) = app
        .get("/api/v2/projects?status[]=archived", Some(&client))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad["error"]["rules"]["status"].is_array());

    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (_, all) = app.get("/api/v2/projects", Some(&admin)).await;
    assert_eq!(all["total"], 6);

    // The creator sees the projects of their tasks; a creator with no tasks sees none.
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (_, mine) = app.get("/api/v2/projects", Some(&creator)).await;
    assert_eq!(mine["total"], 6);
    let newbie = app.login("newbie@demo.tsumugi.jp").await;
    let (_, none) = app.get("/api/v2/projects", Some(&newbie)).await;
    assert_eq!(none["total"], 0);
    let doing = project_with_status(&pool, "doing").await;
    let (status, _) = app
        .get(&format!("/api/v2/projects/{doing}"), Some(&newbie))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get("/api/v2/projects/999999", Some(&admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get("/api/v2/projects", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Another client's company sees nothing of this one.
    let other_client: i64 =
        sqlx::query_scalar("insert into clients (company_name) values ('別会社') returning id")
            .fetch_one(&pool)
            .await
            .unwrap();
    sqlx::query("update users set client_id = $1 where mail_address = 'client@demo.tsumugi.jp'")
        .bind(other_client)
        .execute(&pool)
        .await
        .unwrap();
    // A user's company never changes under a live session (sessions are kept a second per
    // node): the moved user logs in again.
    let client = app.login("client@demo.tsumugi.jp").await;
    let (_, other) = app.get("/api/v2/projects", Some(&client)).await;
    assert_eq!(other["total"], 0);
}

#[tokio::test]
async fn the_status_machine_is_enforced_with_its_movers() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let setting = project_with_status(&pool, "setting").await;
    let path = format!("/api/v2/projects/{setting}");

    let (status, body) = app
        .put(&path, Some(&client), json!({ "status": "done" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["rules"]["status"],
        json!(["transition:setting,done"])
    );

    let (status, body) = app
        .put(&path, Some(&client), json!({ "status": "applying" }))
        .await;
    assert_eq!(
        (status, body["status"].as_str()),
        (StatusCode::OK, Some("applying"))
    );
    let (status, _) = app
        .put(&path, Some(&client), json!({ "status": "doing" }))
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "only operations staff start the work"
    );
    let (status, _) = app
        .put(&path, Some(&manager), json!({ "status": "doing" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    app.put(
        &path,
        Some(&manager),
        json!({ "status": "under_acceptance" }),
    )
    .await;
    let (status, body) = app
        .put(
            &path,
            Some(&client),
            json!({ "status": "done", "name": "完成した特集" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (body["status"].as_str(), body["name"].as_str()),
        (Some("done"), Some("完成した特集"))
    );

    let (status, _) = app.delete(&path, Some(&client)).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "only projects being set up can be deleted"
    );
}

#[tokio::test]
async fn clients_create_projects_for_their_own_media_only() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let media_id: i64 = sqlx::query_scalar("select id from media where name = 'デモマガジン'")
        .fetch_one(&pool)
        .await
        .unwrap();
    let (status, created) = app
        .post(
            "/api/v2/projects",
            Some(&client),
            json!({ "media_id": media_id, "name": "新企画", "description": "説明" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(created["status"], "setting");

    let (status, body) = app
        .post("/api/v2/projects", Some(&client), json!({ "name": "" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["name"], json!(["required"]));
    assert_eq!(body["error"]["rules"]["media_id"], json!(["required"]));

    let other_client: i64 =
        sqlx::query_scalar("insert into clients (company_name) values ('他社') returning id")
            .fetch_one(&pool)
            .await
            .unwrap();
    let other_media: i64 = sqlx::query_scalar(
        "insert into media (client_id, name) values ($1, '他社媒体') returning id",
    )
    .bind(other_client)
    .fetch_one(&pool)
    .await
    .unwrap();
    let (status, _) = app
        .post(
            "/api/v2/projects",
            Some(&client),
            json!({ "media_id": other_media, "name": "乗っ取り" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, _) = app
        .post(
            "/api/v2/projects",
            Some(&creator),
            json!({ "media_id": media_id, "name": "x" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let id = created["id"].as_i64().unwrap();
    let (status, _) = app
        .delete(&format!("/api/v2/projects/{id}"), Some(&client))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn offer_templates_are_kept_by_staff_and_read_by_clients() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (_, list) = app.get("/api/offer_templates", Some(&client)).await;
    assert_eq!(list.as_array().unwrap().len(), 2);
    let (status, _) = app.get("/api/offer_templates", Some(&creator)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, created) = app
        .post(
            "/api/offer_templates",
            Some(&manager),
            json!({ "name": "撮影のご依頼", "body": "撮影です" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = created["id"].as_i64().unwrap();
    let (status, _) = app
        .post(
            "/api/offer_templates",
            Some(&client),
            json!({ "name": "x" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, invalid) = app
        .post(
            "/api/offer_templates",
            Some(&manager),
            json!({ "name": "" }),
        )
        .await;
    assert_eq!(invalid["error"]["rules"]["name"], json!(["required"]));
    // Accountants are staff and keep templates too.
    let accountant = app.login("accountant@demo.tsumugi.jp").await;
    let (status, _) = app
        .post(
            "/api/offer_templates",
            Some(&accountant),
            json!({ "name": "校閲のご依頼", "body": "校閲です" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, updated) = app
        .put(
            &format!("/api/offer_templates/{id}"),
            Some(&manager),
            json!({ "name": "撮影・取材のご依頼", "body": "" }),
        )
        .await;
    assert_eq!(
        (status, updated["name"].as_str()),
        (StatusCode::OK, Some("撮影・取材のご依頼"))
    );
    let (status, _) = app
        .delete(&format!("/api/offer_templates/{id}"), Some(&manager))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app
        .delete(&format!("/api/offer_templates/{id}"), Some(&manager))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn tasks_are_scoped_grouped_filtered_and_counted() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (status, mine) = app.get("/api/mytasks", Some(&creator)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        mine["tasks"].as_array().unwrap().len(),
        5 + 16,
        "one writing task per project, and the year of finished columns the rewards demo needs"
    );
    assert_eq!(
        mine["direction_tasks"],
        json!([]),
        "the editor directs, not the creator"
    );
    assert!(
        mine["tasks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["status"] == "doing")
    );

    let editor = app.login("editor@demo.tsumugi.jp").await;
    let (_, directed) = app.get("/api/mytasks", Some(&editor)).await;
    let dues: Vec<&str> = directed["direction_tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["due_date"].as_str().unwrap())
        .collect();
    assert_eq!(dues.len(), 5);
    assert!(dues.windows(2).all(|w| w[0] <= w[1]), "by due date");

    let (_, doing) = app.get("/api/tasks?status[]=doing", Some(&creator)).await;
    assert_eq!(doing["tasks"].as_array().unwrap().len(), 1);
    let (status, body) = app.get("/api/tasks?status[]=setting", Some(&creator)).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "only the four task statuses are accepted"
    );
    assert!(body["error"]["rules"]["status"].is_array());

    let client = app.login("client@demo.tsumugi.jp").await;
    let client_id = demo_client_id(&pool).await;
    let counts_path = format!("/api/clients/{client_id}/important_information/counts");
    let (status, counts) = app.get(&counts_path, Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    // The demo seeds unanswered assessments of last month (issue 12).
    let unanswered: i64 = sqlx::query_scalar(
        "select count(*) from assessments where client_id = $1 and state = 'no_answered'",
    )
    .bind(client_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(unanswered > 0);
    assert_eq!(
        counts,
        json!({ "applying_task_count": 4, "under_acceptance_task_count": 2, "unanswered_assessments_count": unanswered })
    );
    let (_, under) = app
        .get(
            &format!("/api/clients/{client_id}/tasks?status[]=under_acceptance"),
            Some(&client),
        )
        .await;
    assert_eq!(
        under["tasks"].as_array().unwrap().len()
            + under["direction_tasks"].as_array().unwrap().len(),
        2
    );

    let (status, _) = app.get(&counts_path, Some(&creator)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .get(
            "/api/clients/999999/important_information/counts",
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(&format!("/api/clients/{client_id}/tasks"), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
}
