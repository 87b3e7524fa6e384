//! Works and tasks written by their client and staff: who may do what, the offer to creators
//! with its live notice, declining, deleting, and the all-or-nothing bulk update.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, project_with_status, sio::SioClient, task_with_status, user_id};

const WAIT: Duration = Duration::from_secs(3);

async fn first_work(pool: &PgPool, project_id: i64) -> i64 {
    sqlx::query_scalar("select id from works where project_id = $1 order by id limit 1")
        .bind(project_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn task_row(pool: &PgPool, task_id: i64) -> (String, Option<chrono::NaiveDate>, String) {
    sqlx::query_as("select title, due_date, status from tasks where id = $1")
        .bind(task_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Moves the demo client's user to a brand-new company, so it owns nothing of the demo. A
/// user's company never changes under a live session (sessions are kept a second per node):
/// callers log in again afterwards.
async fn move_client_elsewhere(pool: &PgPool) {
    let other: i64 =
        sqlx::query_scalar("insert into clients (company_name) values ('別会社') returning id")
            .fetch_one(pool)
            .await
            .unwrap();
    sqlx::query("update users set client_id = $1 where mail_address = 'client@demo.tsumugi.jp'")
        .bind(other)
        .execute(pool)
        .await
        .unwrap();
}

#[tokio::test]
async fn clients_add_works_and_offer_tasks_that_creators_hear_of_at_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let mut creator_socket = SioClient::connect(app.addr, Some(&creator)).await.unwrap();
    let mut client_socket = SioClient::connect(app.addr, Some(&client)).await.unwrap();
    let project = project_with_status(&pool, "applying").await;
    let works_path = format!("/api/v2/projects/{project}/works");

    // Creators do not add works; a name is required.
    let (status, _) = app
        .post(&works_path, Some(&creator), json!({"name": "勝手な作品"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app
        .post(&works_path, Some(&client), json!({"name": " "}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["name"][0], "required");
    let (status, work) = app
        .post(&works_path, Some(&client), json!({"name": "京都 番外編"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{work}");
    assert_eq!(work["name"], "京都 番外編");
    let work_id = work["id"].as_i64().unwrap();

    // A task offered to the creator: only active creators can be offered work.
    let tasks_path = format!("/api/v2/projects/works/{work_id}/tasks");
    let client_user = user_id(&pool, "client@demo.tsumugi.jp").await;
    let creator_id = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let (status, body) = app
        .post(
            &tasks_path,
            Some(&client),
            json!({"type": "writing", "title": "番外編 本文", "assignee_ids": [client_user]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["assignee_ids"][0], "exists");
    let (status, body) = app
        .post(
            &tasks_path,
            Some(&client),
            json!({"type": "ライティング", "due_date": "12/01"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let rules = &body["error"]["rules"];
    assert_eq!(
        (
            rules["type"][0].as_str().unwrap().starts_with("in:"),
            &rules["title"][0],
            &rules["due_date"][0]
        ),
        (true, &json!("required"), &json!("date_format:Y-m-d"))
    );
    let (status, task) = app
        .post(
            &tasks_path,
            Some(&client),
            json!({"type": "執筆", "title": "番外編 本文", "due_date": "2026-12-20", "reward_amount": 20000,
                   "tags": ["京都", "秋"], "assignee_ids": [creator_id]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{task}");
    assert_eq!(
        (
            &task["type"],
            &task["status"],
            &task["assignees"][0]["state"],
            &task["tags"]
        ),
        (
            &json!("writing"),
            &json!("applying"),
            &json!("offered"),
            &json!(["京都", "秋"])
        )
    );
    let task_id = task["id"].as_i64().unwrap();
    let notice = creator_socket
        .expect_event("notice.created", WAIT)
        .await
        .expect("the creator hears of the offer");
    assert_eq!(notice["notice"]["type"], "order_task");
    assert_eq!(notice["group"], "task");

    // The creator sees it with the right to take or decline; someone not offered does not.
    let (status, seen) = app
        .get(&format!("/api/tasks/{task_id}"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            &seen["can_take"],
            &seen["can_decline"],
            &seen["can_deliver"],
            &seen["can_inspect"]
        ),
        (&json!(true), &json!(true), &json!(false), &json!(false))
    );
    let (status, _) = app
        .get(&format!("/api/tasks/{task_id}"), Some(&editor))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, by_client) = app
        .get(&format!("/api/tasks/{task_id}"), Some(&client))
        .await;
    assert_eq!(
        (&by_client["can_edit"], &by_client["can_take"]),
        (&json!(true), &json!(false))
    );

    // The work lists it among the creators' tasks, apart from direction tasks.
    let (_, shown) = app
        .get(&format!("{works_path}/{work_id}"), Some(&client))
        .await;
    assert_eq!(shown["tasks"][0]["id"], task_id);
    assert_eq!(shown["direction_tasks"], json!([]));

    // Declining tells the client and hides the task from the creator.
    let (status, _) = app
        .post(
            &format!("/api/tasks/{task_id}/decline"),
            Some(&editor),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .post(
            &format!("/api/tasks/{task_id}/decline"),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let notice = client_socket
        .expect_event("notice.created", WAIT)
        .await
        .expect("the client hears of the refusal");
    assert_eq!(notice["notice"]["type"], "reject_client_order");
    let (status, _) = app
        .get(&format!("/api/tasks/{task_id}"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Unstarted tasks can be deleted; a task being worked on cannot.
    let (status, _) = app
        .delete(
            &format!("/api/v2/projects/works/tasks/{task_id}"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let doing = task_with_status(&pool, "doing").await;
    let (status, _) = app
        .delete(
            &format!("/api/v2/projects/works/tasks/{doing}"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // A work with a taken task stays; an empty one can go.
    let busy_project = project_with_status(&pool, "doing").await;
    let busy_work = first_work(&pool, busy_project).await;
    let (status, _) = app
        .delete(
            &format!("/api/v2/projects/{busy_project}/works/{busy_work}"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = app
        .delete(&format!("{works_path}/{work_id}"), Some(&client))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);

    // Another company's user reaches none of it.
    move_client_elsewhere(&pool).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let (status, _) = app
        .get(
            &format!("/api/v2/projects/{busy_project}/works/{busy_work}"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .post(
            &format!("/api/v2/projects/works/{busy_work}/tasks"),
            Some(&client),
            json!({"type": "writing", "title": "よその作品へ"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put(
            &format!("/api/v2/projects/{busy_project}/works/{busy_work}"),
            Some(&client),
            json!({"name": "乗っ取り"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_bulk_update_writes_every_task_or_none() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let ids: Vec<i64> = sqlx::query_scalar(
        "select id from tasks where status in ('applying', 'doing') order by id limit 2",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let done = task_with_status(&pool, "done").await;
    let before: Vec<_> = futures::future::join_all(ids.iter().map(|id| task_row(&pool, *id))).await;
    let (app_ref, client_ref) = (&app, client.as_str());
    let bulk = |tasks: Value| async move {
        app_ref
            .put(
                "/api/v2/projects/works/tasks",
                Some(client_ref),
                json!({"tasks": tasks}),
            )
            .await
    };

    // A bad field in the second task: nothing is written, the rule names the task.
    let (status, body) = bulk(json!([
        {"id": ids[0], "title": "一括で変えた題"},
        {"id": ids[1], "due_date": "来週"},
    ]))
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["rules"]["tasks.1.due_date"][0],
        "date_format:Y-m-d"
    );
    // A finished task among them: nothing is written either.
    let (status, body) = bulk(json!([
        {"id": ids[0], "title": "一括で変えた題"},
        {"id": done, "title": "完了済みを変える"},
    ]))
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["tasks.1.id"][0], "not_done");
    for (id, row) in ids.iter().zip(&before) {
        assert_eq!(&task_row(&pool, *id).await, row, "task {id} is untouched");
    }

    // All good: both change, and the answer shows them.
    let (status, body) = bulk(json!([
        {"id": ids[0], "title": "一括で変えた題"},
        {"id": ids[1], "due_date": "2027-01-15", "reward_amount": 45000},
    ]))
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["tasks"].as_array().unwrap().len(), 2);
    assert_eq!(task_row(&pool, ids[0]).await.0, "一括で変えた題");
    assert_eq!(
        task_row(&pool, ids[1]).await.1,
        chrono::NaiveDate::from_ymd_opt(2027, 1, 15)
    );

    // Creators do not edit tasks in bulk.
    let (status, _) = app
        .put(
            "/api/v2/projects/works/tasks",
            Some(&creator),
            json!({"tasks": [{"id": ids[0], "title": "x"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(task_row(&pool, ids[0]).await.0, "一括で変えた題");
}

#[tokio::test]
async fn clients_pick_among_active_creators_and_staff_among_everyone() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    sqlx::query(
        "update users set account_status = 'left' where mail_address = 'twostep@demo.tsumugi.jp'",
    )
    .execute(&pool)
    .await
    .unwrap();
    let roles = |list: &Value| -> Vec<String> {
        let mut roles: Vec<String> = list["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["role_type"].as_str().unwrap().to_string())
            .collect();
        roles.sort();
        roles.dedup();
        roles
    };
    // A client asking for staff still gets creators only, and never one who left.
    let (status, list) = app
        .get("/api/users?role_types[]=tsumugi_admin", Some(&client))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(roles(&list), vec!["editor_assistant", "general"]);
    assert!(!list.to_string().contains("中村 翔"));
    let (_, list) = app
        .get(
            "/api/users?role_types[]=tsumugi_admin&role_types[]=client",
            Some(&admin),
        )
        .await;
    assert_eq!(roles(&list), vec!["client", "tsumugi_admin"]);
    let (_, left) = app
        .get("/api/users?active_statuses[]=left", Some(&admin))
        .await;
    assert_eq!(left["users"][0]["user_name"], "中村 翔");
    let (status, _) = app.get("/api/users?role_types[]=owner", Some(&admin)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = app.get("/api/users", Some(&creator)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
