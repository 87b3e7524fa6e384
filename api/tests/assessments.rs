//! Assessments: the monthly job (the right pairs, idempotent), the counts, the answer's rules,
//! client isolation, the reminder and the live count.

use crate::support;
use crate::support::db;

use std::time::Duration;

use chrono::NaiveDate;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::sio::SioClient;
use support::{TestApp, demo_client_id, user_id};

const CLIENT: &str = "client@demo.tsumugi.jp";
const CREATOR: &str = "creator@demo.tsumugi.jp";
const EDITOR: &str = "editor@demo.tsumugi.jp";

fn june() -> NaiveDate {
    NaiveDate::from_ymd_opt(2021, 6, 1).unwrap()
}

/// A new done task of the demo medium for `mail`, completed on `completed`.
async fn done_task(pool: &PgPool, mail: &str, completed: &str, invalid: bool) {
    sqlx::query(
        "with t as (
            insert into tasks (work_id, task_type, title, status, completed_date, is_invalid)
            select (select min(w.id) from works w), 'writing', 'テスト執筆 ' || $1 || ' ' || $2, 'done', $2::date, $3
            returning id)
         insert into task_assignees (task_id, user_id, state) select t.id, u.id, 'taken' from t, users u where u.mail_address = $1",
    )
    .bind(mail)
    .bind(completed)
    .bind(invalid)
    .execute(pool)
    .await
    .unwrap();
}

async fn other_company_client(pool: &PgPool) -> (&'static str, i64) {
    let mail = "other-client@example.jp";
    let client_id: i64 = sqlx::query_scalar(
        "insert into clients (company_name) values ('株式会社ほかの出版') returning id",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into users (mail_address, password_hash, user_name, role, client_id)
         select $1, password_hash, 'ほかの担当者', 'client', $2 from users where mail_address = $3",
    )
    .bind(mail)
    .bind(client_id)
    .bind(CLIENT)
    .execute(pool)
    .await
    .unwrap();
    (mail, client_id)
}

async fn unanswered(app: &TestApp, token: &str, client_id: i64) -> i64 {
    let (status, counts) = app
        .get(
            &format!("/api/clients/{client_id}/important_information/counts"),
            Some(token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{counts}");
    counts["unanswered_assessments_count"].as_i64().unwrap()
}

fn good_answer() -> Value {
    json!({ "quality": 5, "deadline": 4, "communication": 3, "rehire": 5, "comment": "また依頼します。" })
}

#[tokio::test]
async fn the_monthly_job_creates_one_per_pair_and_nothing_twice() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client_id = demo_client_id(&pool).await;
    done_task(&pool, CREATOR, "2021-06-03", false).await;
    done_task(&pool, CREATOR, "2021-06-30", false).await;
    done_task(&pool, EDITOR, "2021-06-15", false).await;
    // Not June's: invalid, another month, not done.
    done_task(&pool, "writer01@demo.tsumugi.jp", "2021-06-10", true).await;
    done_task(&pool, "writer02@demo.tsumugi.jp", "2021-07-01", false).await;
    done_task(&pool, "writer03@demo.tsumugi.jp", "2021-05-31", false).await;
    sqlx::query("update tasks set status = 'doing' where title like 'テスト執筆 writer03%'")
        .execute(&pool)
        .await
        .unwrap();
    done_task(&pool, "writer03@demo.tsumugi.jp", "2021-06-12", false).await;
    sqlx::query("update tasks set status = 'doing' where title = 'テスト執筆 writer03@demo.tsumugi.jp 2021-06-12'")
        .execute(&pool)
        .await
        .unwrap();
    let client = app.login(CLIENT).await;
    let before = unanswered(&app, &client, client_id).await;

    let created = api::assessments::job::run_for_month(&app.state, june())
        .await
        .unwrap();
    assert_eq!(created, 2);
    let pairs: Vec<(i64, String)> = sqlx::query_as(
        "select a.client_id, u.mail_address from assessments a join users u on u.id = a.creator_id
          where a.target_month = '2021-06-01' order by u.mail_address",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        pairs,
        vec![
            (client_id, CREATOR.to_string()),
            (client_id, EDITOR.to_string())
        ]
    );
    assert_eq!(unanswered(&app, &client, client_id).await, before + 2);

    // Again, and with a day in the middle of the month: nothing new.
    let again = api::assessments::job::run_for_month(
        &app.state,
        NaiveDate::from_ymd_opt(2021, 6, 17).unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(again, 0);
    // Two nodes at once: still one per pair.
    let (a, b) = tokio::join!(
        api::assessments::job::run_for_month(&app.state, june()),
        api::assessments::job::run_for_month(&app.state, june())
    );
    assert_eq!(a.unwrap() + b.unwrap(), 0);
    let total: i64 =
        sqlx::query_scalar("select count(*) from assessments where target_month = '2021-06-01'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(total, 2);

    let (status, list) = app.get("/api/assessments", Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["base_url"], "/assessments");
    let june_creator = list["assessments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["target_month"] == "2021-06-01" && a["creator"]["user_name"] == "山田 花子")
        .expect("June's assessment of the creator");
    assert_eq!(june_creator["completed_task_count"], 2);
    assert_eq!(june_creator["state"], "no_answered");
}

#[tokio::test]
async fn answering_follows_the_rules_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client_id = demo_client_id(&pool).await;
    let client = app.login(CLIENT).await;
    let (_, list) = app
        .get("/api/assessments?state=no_answered", Some(&client))
        .await;
    let first = &list["assessments"][0];
    assert_eq!(first["can_answer"], true);
    let id = first["id"].as_i64().unwrap();
    let path = format!("/api/assessments/{id}");
    let before = unanswered(&app, &client, client_id).await;
    assert!(before >= 3, "the demo has unanswered assessments");

    let (status, body) = app.put(&path, Some(&client), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let rules = support::rules(&body);
    for field in ["quality", "deadline", "communication", "rehire"] {
        assert_eq!(rules[field], json!(["required"]), "{field}");
    }
    let (status, body) = app
        .put(
            &path,
            Some(&client),
            json!({ "quality": 0, "deadline": 6, "communication": 3, "rehire": 3, "comment": "あ".repeat(1001) }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let rules = support::rules(&body);
    assert_eq!(rules["quality"], json!(["between:1,5"]));
    assert_eq!(rules["deadline"], json!(["between:1,5"]));
    assert_eq!(rules["comment"], json!(["max:1000"]));
    assert!(rules.get("communication").is_none());

    // Staff read but do not answer.
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let (status, _) = app.put(&path, Some(&manager), good_answer()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, answered) = app.put(&path, Some(&client), good_answer()).await;
    assert_eq!(status, StatusCode::OK, "{answered}");
    assert_eq!(answered["state"], "answered");
    assert_eq!(answered["answer"]["quality"], 5);
    assert_eq!(answered["answer"]["comment"], "また依頼します。");
    assert_eq!(answered["answered_by"]["id"], user_id(&pool, CLIENT).await);
    assert_eq!(answered["can_answer"], false);
    assert_eq!(unanswered(&app, &client, client_id).await, before - 1);

    // Answering is final.
    let (status, body) = app.put(&path, Some(&client), good_answer()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(support::rules(&body)["state"], json!(["answered"]));
    let (_, shown) = app.get(&path, Some(&client)).await;
    assert_eq!(shown["answer"]["comment"], "また依頼します。");

    let (_, answered_list) = app
        .get("/api/assessments?state=answered", Some(&client))
        .await;
    assert!(
        answered_list["assessments"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["state"] == "answered")
    );
    let creator = app.login(CREATOR).await;
    let (status, _) = app.get("/api/assessments", Some(&creator)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_client_sees_only_its_own_company_s_assessments() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let demo = demo_client_id(&pool).await;
    let (other_mail, other_id) = other_company_client(&pool).await;
    let other = app.login(other_mail).await;
    let client = app.login(CLIENT).await;
    let (_, list) = app.get("/api/assessments", Some(&client)).await;
    let demo_total = list["total"].as_i64().unwrap();
    assert!(demo_total >= 4);
    let id = list["assessments"][0]["id"].as_i64().unwrap();

    let (status, other_list) = app.get("/api/assessments", Some(&other)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(other_list["total"], 0);
    let (status, _) = app
        .get(&format!("/api/assessments/{id}"), Some(&other))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .put(
            &format!("/api/assessments/{id}"),
            Some(&other),
            good_answer(),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A client filter does not widen a client's view.
    let (_, filtered) = app
        .get(&format!("/api/assessments?client_id={demo}"), Some(&other))
        .await;
    assert_eq!(filtered["total"], 0);
    assert_eq!(unanswered(&app, &other, other_id).await, 0);
    let (status, _) = app
        .get(
            &format!("/api/clients/{demo}/important_information/counts"),
            Some(&other),
        )
        .await;
    assert!(status == StatusCode::NOT_FOUND || status == StatusCode::FORBIDDEN);

    let manager = app.login("manager@demo.tsumugi.jp").await;
    let (_, all) = app.get("/api/assessments", Some(&manager)).await;
    assert_eq!(all["total"], demo_total);
    let (_, only_other) = app
        .get(
            &format!("/api/assessments?client_id={other_id}"),
            Some(&manager),
        )
        .await;
    assert_eq!(only_other["total"], 0);
    let (status, _) = app
        .get(&format!("/api/assessments/{id}"), Some(&manager))
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_reminder_opens_until_closed_this_month() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login(CLIENT).await;
    // The demo's reminder is closed for this month at seed time.
    let remind = |token: String| {
        let app = &app;
        async move {
            let (status, body) = app.get("/api/assessments/remind", Some(&token)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["is_assessment_remind"].as_bool().unwrap()
        }
    };
    assert!(!remind(client.clone()).await);
    sqlx::query("delete from assessment_remind_dismissals")
        .execute(&pool)
        .await
        .unwrap();
    assert!(remind(client.clone()).await);
    let (_, list) = app.get("/api/assessments", Some(&client)).await;
    assert_eq!(list["is_assessment_remind"], true);

    let (status, _) = app
        .put("/api/assessments/remind", Some(&client), json!({}))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(!remind(client.clone()).await);

    // Answered everything: no reminder even when not closed.
    sqlx::query("delete from assessment_remind_dismissals")
        .execute(&pool)
        .await
        .unwrap();
    let (_, list) = app
        .get("/api/assessments?state=no_answered", Some(&client))
        .await;
    for a in list["assessments"].as_array().unwrap() {
        let (status, _) = app
            .put(
                &format!("/api/assessments/{}", a["id"]),
                Some(&client),
                good_answer(),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    assert!(!remind(client.clone()).await);

    // Others are never reminded, and cannot close it.
    let manager = app.login("manager@demo.tsumugi.jp").await;
    assert!(!remind(manager.clone()).await);
    let (status, _) = app
        .put("/api/assessments/remind", Some(&manager), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn answering_pushes_the_new_count_to_the_client_s_browsers() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client_id = demo_client_id(&pool).await;
    let client = app.login(CLIENT).await;
    let other_tab = app.login(CLIENT).await;
    let (other_mail, _) = other_company_client(&pool).await;
    let other = app.login(other_mail).await;
    let mut socket = SioClient::connect(app.addr, Some(&other_tab))
        .await
        .unwrap();
    let mut other_socket = SioClient::connect(app.addr, Some(&other)).await.unwrap();
    let before = unanswered(&app, &client, client_id).await;
    let (_, list) = app
        .get("/api/assessments?state=no_answered", Some(&client))
        .await;
    let id = list["assessments"][0]["id"].as_i64().unwrap();
    let (status, _) = app
        .put(
            &format!("/api/assessments/{id}"),
            Some(&client),
            good_answer(),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let pushed = socket
        .expect_event("assessments.changed", Duration::from_secs(5))
        .await
        .expect("the count is pushed");
    assert_eq!(pushed["client_id"], client_id);
    assert_eq!(pushed["assessment_id"], id);
    assert_eq!(pushed["unanswered_assessments_count"], before - 1);
    assert!(
        other_socket
            .expect_event("assessments.changed", Duration::from_millis(500))
            .await
            .is_none(),
        "another company hears nothing"
    );
}
