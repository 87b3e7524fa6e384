//! Task spreadsheets and CRM unit pricing over HTTP: templates download as .xlsx, an upload
//! with any bad cell writes nothing and names every bad cell, a good one creates and updates
//! in one go; operation-agency rewards come from the CRM, whose failure is its own error.

use crate::support;
use crate::support::db;

use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use rust_xlsxwriter::Workbook;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, test_config, user_id, work_named};

/// An .xlsx whose first row is a header and whose next rows are `rows` (numbers as numbers).
fn sheet(rows: &[Vec<String>]) -> Vec<u8> {
    let mut workbook = Workbook::new();
    let worksheet = workbook.add_worksheet();
    worksheet.write_string(0, 0, "header").unwrap();
    for (r, row) in rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            let (r, c) = (r as u32 + 1, c as u16);
            if value.is_empty() {
                continue;
            }
            match value.parse::<f64>() {
                Ok(number) => worksheet.write_number(r, c, number).unwrap(),
                Err(_) => worksheet.write_string(r, c, value).unwrap(),
            };
        }
    }
    workbook.save_to_buffer().unwrap()
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// The cells a 422 names, in order.
fn bad_cells(body: &Value) -> Vec<String> {
    body["error"]["rules"]
        .as_object()
        .expect("rules keyed by cell")
        .keys()
        .cloned()
        .collect()
}

async fn upload(app: &TestApp, path: &str, token: &str, bytes: Vec<u8>) -> (StatusCode, Value) {
    let form = Form::new().part("file", Part::bytes(bytes).file_name("tasks.xlsx"));
    app.post_multipart(path, token, form).await
}

async fn task_count(pool: &PgPool, work_id: i64) -> i64 {
    sqlx::query_scalar("select count(*) from tasks where work_id = $1")
        .bind(work_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn templates_download_as_xlsx_with_their_headers() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    for (kind, second_header) in [
        ("regular", "作業種別"),
        ("operation_agency", "作業種別"),
        ("update_tags", "タグ（カンマ区切り）"),
    ] {
        let response = app
            .http
            .get(app.url(&format!("/api/v2/projects/works/tasks/templates/{kind}")))
            .bearer_auth(&client)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()["content-type"],
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        );
        let bytes = response.bytes().await.unwrap().to_vec();
        let mut workbook: Xlsx<_> = open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
        let range = workbook.worksheet_range_at(0).unwrap().unwrap();
        assert_eq!(
            range.get_value((0, 1)),
            Some(&Data::String(second_header.into())),
            "{kind}"
        );
    }
    let (status, _) = app
        .get(
            "/api/v2/projects/works/tasks/templates/regular",
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .get(
            "/api/v2/projects/works/tasks/templates/unknown",
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_upload_with_a_bad_cell_writes_nothing_and_a_good_one_writes_everything() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let work = work_named(&pool, "秋の京都さんぽ 取材記事 本編").await;
    let other_work_task: i64 = sqlx::query_scalar(
        "select t.id from tasks t join works w on w.id = t.work_id where w.id <> $1 order by t.id limit 1",
    )
    .bind(work)
    .fetch_one(&pool)
    .await
    .unwrap();
    let own_task: i64 =
        sqlx::query_scalar("select id from tasks where work_id = $1 and task_type = 'writing'")
            .bind(work)
            .fetch_one(&pool)
            .await
            .unwrap();
    let creator = user_id(&pool, "creator@demo.tsumugi.jp").await;
    let client_user = user_id(&pool, "client@demo.tsumugi.jp").await;
    let path = format!("/api/v2/projects/works/{work}/tasks/import");
    let before = task_count(&pool, work).await;
    let notices_before: i64 =
        sqlx::query_scalar("select count(*) from notices where notice_type = 'order_task'")
            .fetch_one(&pool)
            .await
            .unwrap();

    // Row 2 is fine; row 3 offers work to a client user; row 4 updates another work's task;
    // row 5 has a bad date. Every bad cell is named at once and nothing is written.
    let bad = sheet(&[
        row(&[
            "",
            "執筆",
            "京都 町家の記事",
            "2026-12-10",
            "25000",
            &creator.to_string(),
            "京都",
        ]),
        row(&[
            "",
            "校正・校閲",
            "京都 町家の校正",
            "",
            "8000",
            &client_user.to_string(),
            "",
        ]),
        row(&[&other_work_task.to_string(), "", "よその題", "", "", "", ""]),
        row(&["", "画像選定", "京都 写真選び", "12月10日", "", "", ""]),
    ]);
    let (status, body) = upload(&app, &path, &client, bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"]["message"],
        "スプレッドシートの内容に誤りがあります。"
    );
    let rules = body["error"]["rules"].as_object().unwrap();
    assert_eq!(bad_cells(&body), vec!["A4", "D5", "F3"]);
    assert!(
        rules["F3"][0]
            .as_str()
            .unwrap()
            .contains(&client_user.to_string())
    );
    assert!(rules["D5"][0].as_str().unwrap().contains("YYYY-MM-DD"));
    assert_eq!(task_count(&pool, work).await, before, "nothing was created");

    // All good: two new tasks (offered to the creator) and one update.
    let good = sheet(&[
        row(&[
            "",
            "執筆",
            "京都 町家の記事",
            "2026-12-10",
            "25000",
            &creator.to_string(),
            "京都, 町家",
        ]),
        row(&[
            "",
            "画像選定",
            "京都 写真選び",
            "2026/12/12",
            "5000",
            "",
            "",
        ]),
        row(&[
            &own_task.to_string(),
            "",
            "秋の京都さんぽ 本文（改）",
            "",
            "",
            "",
            "",
        ]),
    ]);
    let (status, body) = upload(&app, &path, &client, good).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"created": 2, "updated": 1}));
    assert_eq!(task_count(&pool, work).await, before + 2);
    let (title, tags): (String, Vec<String>) = sqlx::query_as(
        "select title, tags from tasks where work_id = $1 and title like '京都 町家%'",
    )
    .bind(work)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        (title.as_str(), tags),
        (
            "京都 町家の記事",
            vec!["京都".to_string(), "町家".to_string()]
        )
    );
    let renamed: String = sqlx::query_scalar("select title from tasks where id = $1")
        .bind(own_task)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(renamed, "秋の京都さんぽ 本文（改）");
    let notices_after: i64 =
        sqlx::query_scalar("select count(*) from notices where notice_type = 'order_task'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        notices_after,
        notices_before + 1,
        "the creator was offered the new task"
    );

    // Not a spreadsheet at all.
    let (status, body) = upload(&app, &path, &client, b"a,b\n1,2".to_vec()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["error"]["message"].as_str().unwrap().contains(".xlsx"));

    // Tags of any of the client's tasks in one sheet; an unknown task id names its cell.
    let tags_path = "/api/v2/projects/works/tasks/tags/import";
    let (status, body) = upload(
        &app,
        tags_path,
        &client,
        sheet(&[row(&[&own_task.to_string(), "特集"]), row(&["999999", "x"])]),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad_cells(&body), vec!["A3"]);
    let (status, body) = upload(
        &app,
        tags_path,
        &client,
        sheet(&[row(&[&own_task.to_string(), "特集、秋"])]),
    )
    .await;
    assert_eq!((status, body), (StatusCode::OK, json!({"updated": 1})));
    let tags: Vec<String> = sqlx::query_scalar("select tags from tasks where id = $1")
        .bind(own_task)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(tags, vec!["特集", "秋"]);
}

#[tokio::test]
async fn operation_agency_rewards_come_from_the_crm_unit_prices() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let creator = app.login("creator@demo.tsumugi.jp").await;
    let (_, pricing) = app
        .get("/api/crm/order/SF-0001/unit_pricing", Some(&client))
        .await;
    assert_eq!(
        pricing["items"][2],
        json!({"task_type": "writing", "label": "執筆", "unit_price": 8000})
    );
    let (status, _) = app
        .get("/api/crm/order/SF-0001/unit_pricing", Some(&creator))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app
        .get("/api/crm/order/SF-9999/unit_pricing", Some(&client))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["crm_order_id"][0], "exists");

    let work = work_named(&pool, "冬の温泉ガイド SNS運用").await;
    let path = format!("/api/v2/projects/works/{work}/tasks/import");
    // Proofreading has no unit price in SF-0001: the type cell says so.
    let (status, body) = upload(
        &app,
        &path,
        &client,
        sheet(&[
            row(&["", "執筆", "温泉 投稿文", "", "3", "", ""]),
            row(&["", "校正・校閲", "温泉 校正", "", "2", "", ""]),
        ]),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad_cells(&body), vec!["B3"]);
    let (status, body) = upload(
        &app,
        &path,
        &client,
        sheet(&[row(&["", "執筆", "温泉 投稿文", "", "3", "", ""])]),
    )
    .await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({"created": 1, "updated": 0}))
    );
    let reward: i64 = sqlx::query_scalar(
        "select reward_amount from tasks where work_id = $1 and title = '温泉 投稿文'",
    )
    .bind(work)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(reward, 3 * 8000);

    // A new operation-agency work must name a CRM order that exists.
    let project: i64 = sqlx::query_scalar("select project_id from works where id = $1")
        .bind(work)
        .fetch_one(&pool)
        .await
        .unwrap();
    let create_path = format!("/api/v2/projects/{project}/works_for_operation_agency");
    let (status, body) = app
        .post(
            &create_path,
            Some(&client),
            json!({"name": "運用 第二弾", "crm_order_id": "SF-9999"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["crm_order_id"][0], "exists");
    let (status, body) = app
        .post(
            &create_path,
            Some(&client),
            json!({"name": "運用 第二弾", "crm_order_id": "SF-0002"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        (&body["is_operation_agency"], &body["crm_order_id"]),
        (&json!(true), &json!("SF-0002"))
    );
}

#[tokio::test]
async fn a_failing_crm_is_its_own_error() {
    let (pool, _db) = db::seeded().await;
    let mut config = test_config(&pool);
    // Nothing listens on the discard port: the CRM cannot be reached.
    config.crm_unit_pricing_url = Some("http://127.0.0.1:9".into());
    let app = TestApp::spawn_with(pool.clone(), config).await;
    let client = app.login("client@demo.tsumugi.jp").await;
    let (status, body) = app
        .get("/api/crm/order/SF-0001/unit_pricing", Some(&client))
        .await;
    assert_eq!(status, StatusCode::BAD_GATEWAY);
    assert_eq!(
        body["error"]["message"],
        "SFからのデータ取得に失敗しました。"
    );
    assert!(body["error"].get("rules").is_none());
    let work = work_named(&pool, "冬の温泉ガイド SNS運用").await;
    let before = task_count(&pool, work).await;
    let (status, _) = upload(
        &app,
        &format!("/api/v2/projects/works/{work}/tasks/import"),
        &client,
        sheet(&[row(&["", "執筆", "温泉 投稿文", "", "3", "", ""])]),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_GATEWAY);
    assert_eq!(task_count(&pool, work).await, before);
}
