//! Staff task tools (completed date, invalidation, editing any field) and the records around
//! deliveries: the client's delivery list, delivered files, where work was published, monthly
//! delivery reports and the works a creator can deliver to.

use crate::support;
use crate::support::db;

use chrono::Datelike;
use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::json;
use sqlx::PgPool;
use support::{TestApp, demo_client_id, task_with_status};

#[tokio::test]
async fn staff_fix_completed_dates_invalidate_and_edit_tasks() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let done = task_with_status(&pool, "done").await;
    let doing = task_with_status(&pool, "doing").await;
    // The last day of the previous Tokyo month: still open (the demo confirms the months before
    // it), whatever day the tests run on.
    let last_month_end = api::platform::clock::tokyo_today()
        .with_day(1)
        .unwrap()
        .pred_opt()
        .unwrap();
    let completed_on = last_month_end.format("%Y-%m-%d").to_string();
    let put = |path: &'static str, token: String, body: serde_json::Value| {
        let app = &app;
        async move {
            app.request(Method::PUT, path, Some(&token), Some(body))
                .await
        }
    };

    // Completed dates: staff only, done tasks only, all or nothing.
    let (status, _) = put(
        "/api/admin/tasks/completed_date",
        client.clone(),
        json!({"task_ids": [done], "completed_date": &completed_on}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = put(
        "/api/admin/tasks/completed_date",
        admin.clone(),
        json!({"task_ids": [done, doing], "completed_date": &completed_on}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["task_ids.1"][0], "status:done");
    let (status, body) = put(
        "/api/admin/tasks/completed_date",
        admin.clone(),
        json!({"task_ids": [done], "completed_date": "10/31"}),
    )
    .await;
    assert_eq!(
        (status, &body["error"]["rules"]["completed_date"][0]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("date_format:Y-m-d")
        )
    );
    let (status, body) = put(
        "/api/admin/tasks/completed_date",
        manager.clone(),
        json!({"task_ids": [done], "completed_date": &completed_on}),
    )
    .await;
    assert_eq!((status, body), (StatusCode::OK, json!({"updated": 1})));
    let completed: chrono::NaiveDate =
        sqlx::query_scalar("select completed_date from tasks where id = $1")
            .bind(done)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(completed, last_month_end);

    // Editing any field of any task, whatever its status.
    let (status, body) = app
        .put(
            &format!("/api/admin/tasks/{done}"),
            Some(&admin),
            json!({"status": "doing", "title": "差し戻して再作業", "order_date": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (&body["status"], &body["title"], &body["order_date"]),
        (&json!("doing"), &json!("差し戻して再作業"), &json!(null))
    );
    let (status, body) = app
        .put(
            &format!("/api/admin/tasks/{done}"),
            Some(&admin),
            json!({"status": "finished"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["rules"]["status"][0],
        "in:applying,doing,under_acceptance,done"
    );
    let (status, _) = app
        .put(
            &format!("/api/admin/tasks/{done}"),
            Some(&client),
            json!({"status": "done"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Invalidated tasks leave the client's lists and counts; unknown ids write nothing.
    let client_id = demo_client_id(&pool).await;
    let counts_path = format!("/api/clients/{client_id}/important_information/counts");
    let (_, counts) = app.get(&counts_path, Some(&client)).await;
    let under = task_with_status(&pool, "under_acceptance").await;
    let (status, body) = put(
        "/api/admin/tasks/invalid",
        admin.clone(),
        json!({"task_ids": [under, 999999]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["task_ids.1"][0], "exists");
    let (status, _) = put(
        "/api/admin/tasks/invalid",
        admin.clone(),
        json!({"task_ids": [under]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, after) = app.get(&counts_path, Some(&client)).await;
    assert_eq!(
        after["under_acceptance_task_count"].as_i64().unwrap(),
        counts["under_acceptance_task_count"].as_i64().unwrap() - 1
    );
    let (status, _) = app.get(&format!("/api/tasks/{under}"), Some(&client)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, shown) = app.get(&format!("/api/tasks/{under}"), Some(&admin)).await;
    assert_eq!(
        (status, &shown["is_invalid"]),
        (StatusCode::OK, &json!(true))
    );
}

#[tokio::test]
async fn deliveries_are_listed_for_their_client_with_their_files_and_destinations() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let editor = app.login("editor@demo.tsumugi.jp").await;
    let task: i64 = sqlx::query_scalar(
        "select t.id from tasks t join task_assignees a on a.task_id = t.id join users u on u.id = a.user_id
          where t.status = 'doing' and u.mail_address = 'creator@demo.tsumugi.jp'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();

    // The creator's deliverable works are those with a task in progress.
    let (_, deliverable) = app
        .get("/api/v2/contract_orders/deliverable_works", Some(&creator))
        .await;
    assert_eq!(deliverable["works"].as_array().unwrap().len(), 1);
    assert_eq!(deliverable["works"][0]["task_count"], 1);

    let form = Form::new().part(
        "file",
        Part::bytes(b"%PDF-1.4 delivered".to_vec()).file_name("原稿.pdf"),
    );
    let (status, file) = app.post_multipart("/api/files", &creator, form).await;
    assert_eq!(status, StatusCode::CREATED);
    let file_id = file["id"].as_i64().unwrap();
    type Row = (
        String,
        Option<chrono::NaiveDate>,
        Option<i64>,
        Vec<String>,
        chrono::DateTime<chrono::Utc>,
    );
    let row = |pool: PgPool| async move {
        sqlx::query_as::<_, Row>(
            "select title, due_date, reward_amount, tags, updated_at from tasks where id = $1",
        )
        .bind(task)
        .fetch_one(&pool)
        .await
        .unwrap()
    };
    let before = row(pool.clone()).await;
    // The demo data already holds the deliveries of its tasks under acceptance and done.
    let seeded: i64 = sqlx::query_scalar("select count(*) from deliveries")
        .fetch_one(&pool)
        .await
        .unwrap();
    let (status, delivered) = app
        .post(
            &format!("/api/tasks/{task}/deliveries"),
            Some(&creator),
            json!({"type": "file", "file_ids": [file_id]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    // Registering a delivery touches only the task's updated_at (and its status) and adds the file.
    let after = row(pool.clone()).await;
    assert_eq!(
        (&after.0, after.1, after.2, &after.3),
        (&before.0, before.1, before.2, &before.3)
    );
    assert!(after.4 > before.4);
    let answered: chrono::DateTime<chrono::Utc> =
        delivered["updated_at"].as_str().unwrap().parse().unwrap();
    assert_eq!(answered, after.4);

    // The client lists it, reads the task with its file, and may download the file.
    let client_id = demo_client_id(&pool).await;
    let (status, list) = app
        .get(
            &format!("/api/clients/{client_id}/deliveries"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (&list["total"], &list["deliveries"][0]["task_id"]),
        (&json!(seeded + 1), &json!(task))
    );
    assert_eq!(list["deliveries"][0]["files"][0]["name"], "原稿.pdf");
    assert_eq!(list["deliveries"][0]["user_name"], "山田 花子");
    let (_, detail) = app.get(&format!("/api/tasks/{task}"), Some(&client)).await;
    assert_eq!(detail["delivery_files"][0]["file_id"], file_id);
    assert_eq!(
        (&detail["deliveries"]["type"], &detail["can_inspect"]),
        (&json!("file"), &json!(true))
    );
    let response = app
        .http
        .get(app.url(&format!("/api/files/{file_id}")))
        .bearer_auth(&client)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let response = app
        .http
        .get(app.url(&format!("/api/files/{file_id}")))
        .bearer_auth(&editor)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let (status, _) = app
        .get(
            &format!("/api/clients/{client_id}/deliveries"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Where it was published: recorded by the client, read by the creator.
    let (status, _) = app
        .post(
            "/api/v2/uploaded_destinations",
            Some(&creator),
            json!({"task_id": task, "name": "公式サイト", "url": "https://example.jp/a"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app
        .post(
            "/api/v2/uploaded_destinations",
            Some(&client),
            json!({"task_id": task, "name": "公式サイト", "url": "example.jp"}),
        )
        .await;
    assert_eq!(
        (status, &body["error"]["rules"]["url"][0]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("url"))
    );
    let (status, _) = app
        .post(
            "/api/v2/uploaded_destinations",
            Some(&client),
            json!({"task_id": task, "name": "公式サイト", "url": "https://example.jp/a"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, destinations) = app
        .get(
            &format!("/api/v2/uploaded_destinations?task_id={task}"),
            Some(&creator),
        )
        .await;
    assert_eq!(
        destinations["uploaded_destinations"][0]["url"],
        "https://example.jp/a"
    );
    let (status, _) = app
        .get(
            &format!("/api/v2/uploaded_destinations?task_id={task}"),
            Some(&editor),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn staff_report_a_month_of_deliveries_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let (media_id, year, month, expected_count, expected_total): (i64, i32, i32, i64, i64) = sqlx::query_as(
        "select p.media_id, extract(year from t.completed_date)::int, extract(month from t.completed_date)::int,
                count(*), sum(t.reward_amount)::bigint
           from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
          where t.status = 'done' group by 1, 2, 3",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let body = json!({"media_id": media_id, "year": year, "month": month});
    let (status, _) = app
        .post("/api/v2/delivery_reports", Some(&client), body.clone())
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, bad) = app
        .post(
            "/api/v2/delivery_reports",
            Some(&admin),
            json!({"media_id": media_id, "year": year, "month": 13}),
        )
        .await;
    assert_eq!(
        (status, &bad["error"]["rules"]["month"][0]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("between:1,12"))
    );
    let (status, report) = app
        .post("/api/v2/delivery_reports", Some(&admin), body.clone())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{report}");
    assert_eq!(
        (
            report["task_count"].as_i64(),
            report["reward_total"].as_i64()
        ),
        (Some(expected_count), Some(expected_total))
    );
    assert_eq!(report["media_name"], "デモマガジン");
    let (status, again) = app
        .post("/api/v2/delivery_reports", Some(&admin), body)
        .await;
    assert_eq!(
        (status, &again["error"]["rules"]["month"][0]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("unique"))
    );
    let (_, list) = app.get("/api/v2/delivery_reports", Some(&admin)).await;
    assert_eq!(list["delivery_reports"].as_array().unwrap().len(), 1);
}

/// The completed date of `task_id` as text.
async fn completed_on(pool: &PgPool, task_id: i64) -> Option<String> {
    sqlx::query_scalar("select completed_date::text from tasks where id = $1")
        .bind(task_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn staff_may_not_move_a_completed_date_out_of_a_confirmed_month_nor_past_today() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let creator = support::user_id(&pool, "creator@demo.tsumugi.jp").await;
    let work = support::work_named(&pool, "秋の京都さんぽ 取材記事 本編").await;
    // Two done tasks of the creator: one in March 2021 (confirmed below), one in April.
    let mut ids = Vec::new();
    for (title, day) in [("三月の記事", "2021-03-10"), ("四月の記事", "2021-04-10")] {
        let id: i64 = sqlx::query_scalar(
            "with t as (insert into tasks (work_id, task_type, title, status, completed_date, reward_amount)
                        values ($1, 'writing', $2, 'done', $3::date, 10000) returning id)
             insert into task_assignees (task_id, user_id, state) select id, $4, 'taken' from t returning task_id",
        )
        .bind(work)
        .bind(title)
        .bind(day)
        .bind(creator)
        .fetch_one(&pool)
        .await
        .unwrap();
        ids.push(id);
    }
    let (march, april) = (ids[0], ids[1]);
    let (status, body) = app
        .post(
            "/api/reward_confirmations",
            Some(&admin),
            json!({ "year": 2021, "month": 3 }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let refused = |body: &serde_json::Value, rule: &str, message: &str| {
        assert_eq!(
            body["error"]["rules"]["completed_date"],
            json!([rule]),
            "{body}"
        );
        assert!(
            body["error"]["message"].as_str().unwrap().contains(message),
            "{body}"
        );
    };

    // Out of the confirmed month, by the bulk tool (with an open task beside it: all or
    // nothing) and by the task editor (moved or cleared, with another field: nothing written).
    let (status, body) = app
        .put(
            "/api/admin/tasks/completed_date",
            Some(&admin),
            json!({ "task_ids": [april, march], "completed_date": "2021-04-15" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    refused(&body, "month_open", "2021年3月の報酬は確定済み");
    for change in [
        json!({ "completed_date": "2021-04-15", "title": "書き換え" }),
        json!({ "completed_date": "", "title": "書き換え" }),
    ] {
        let (status, body) = app
            .put(&format!("/api/admin/tasks/{march}"), Some(&admin), change)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        refused(&body, "month_open", "2021年3月の報酬は確定済み");
    }
    assert_eq!(
        completed_on(&pool, march).await.as_deref(),
        Some("2021-03-10")
    );
    assert_eq!(
        completed_on(&pool, april).await.as_deref(),
        Some("2021-04-10")
    );
    let title: String = sqlx::query_scalar("select title from tasks where id = $1")
        .bind(march)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(title, "三月の記事");

    // Out of range: year 9999 (after today in Japan) and before the service's years.
    for (path, body) in [
        (
            "/api/admin/tasks/completed_date".to_string(),
            json!({ "task_ids": [april], "completed_date": "9999-12-31" }),
        ),
        (
            format!("/api/admin/tasks/{april}"),
            json!({ "completed_date": "9999-12-31", "title": "書き換え" }),
        ),
    ] {
        let (status, body) = app.put(&path, Some(&admin), body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {body}");
        refused(&body, "before_or_equal:today", "未来の日付");
    }
    let (status, body) = app
        .put(
            "/api/admin/tasks/completed_date",
            Some(&admin),
            json!({ "task_ids": [april], "completed_date": "1999-12-31" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    refused(&body, "after_or_equal:2000-01-01", "2000年1月1日以降");
    assert_eq!(
        completed_on(&pool, april).await.as_deref(),
        Some("2021-04-10")
    );

    // A change within open months still works, and setting the same date again is no move.
    let (status, body) = app
        .put(
            "/api/admin/tasks/completed_date",
            Some(&admin),
            json!({ "task_ids": [april], "completed_date": "2021-05-20" }),
        )
        .await;
    assert_eq!((status, body), (StatusCode::OK, json!({"updated": 1})));
    let (status, body) = app
        .put(
            &format!("/api/admin/tasks/{april}"),
            Some(&admin),
            json!({ "completed_date": "2021-04-30" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["completed_date"], "2021-04-30");
    let (status, body) = app
        .put(
            &format!("/api/admin/tasks/{march}"),
            Some(&admin),
            json!({ "completed_date": "2021-03-10", "title": "三月の記事（改題）" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
