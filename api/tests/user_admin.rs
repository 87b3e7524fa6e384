//! Staff acting on users: role changes end every session at once (REST 401, socket closed after
//! `session.revoked`), admin flags act on offers and search, and the leave process moves an
//! account active → banned → left, erasing personal data and keeping the money records.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, project_with_status, user_id};

const ADMIN: &str = "admin@demo.tsumugi.jp";
const MANAGER: &str = "manager@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";
const CREATOR: &str = "creator@demo.tsumugi.jp";
const CLIENT: &str = "client@demo.tsumugi.jp";
const WAIT: Duration = Duration::from_secs(3);

/// A new creator with the demo password, personal data and a bank account: `(id, mail)`.
async fn new_creator(pool: &PgPool, name: &str) -> (i64, String) {
    let mail = format!("{name}@example.jp");
    let id: i64 = sqlx::query_scalar(
        "insert into users (mail_address, password_hash, user_name, last_name, first_name, last_name_kana,
                            first_name_kana, role, phone_number, postal_code, city_address, birthday, work_status)
         select $1, password_hash, $2, '山田', '花子', 'ヤマダ', 'ハナコ', 'general', '09012345678', '1500001',
                '渋谷区神宮前', '1990-04-01', 'accepting'
           from users where mail_address = 'creator@demo.tsumugi.jp' returning id",
    )
    .bind(&mail)
    .bind(name)
    .fetch_one(pool)
    .await
    .unwrap();
    // The account as registered (paying from 2020) and its history, as the bank-account page writes them.
    sqlx::query(
        "with a as (insert into bank_accounts (user_id, bank_name, bank_code, branch_name, branch_code, account_number, account_holder_kana)
                    values ($1, 'みずほ', '0001', '東京営業部', '001', '1234567', 'ヤマダ ハナコ') returning *)
         insert into bank_account_versions (user_id, bank_name, bank_code, branch_name, branch_code, account_type,
                                            account_number, account_holder_kana, effective_month)
         select user_id, bank_name, bank_code, branch_name, branch_code, account_type, account_number, account_holder_kana, '2020-01-01'
           from a",
    )
    .bind(id)
    .execute(pool)
    .await
    .unwrap();
    (id, mail)
}

/// A task of the demo medium taken by `user`, in `status`, completed on `completed` when done.
async fn taken_task(pool: &PgPool, user: i64, status: &str, completed: Option<&str>) -> i64 {
    sqlx::query_scalar(
        "with w as (select w.id from works w join projects p on p.id = w.project_id
                      join media m on m.id = p.media_id where m.name = 'デモマガジン' order by w.id limit 1),
              t as (insert into tasks (work_id, task_type, title, status, completed_date, reward_amount)
                    select id, 'writing', '退会テスト', $2, $3::date, 10000 from w returning id)
         insert into task_assignees (task_id, user_id, state) select id, $1, 'taken' from t returning task_id",
    )
    .bind(user)
    .bind(status)
    .bind(completed)
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn set_role(app: &TestApp, token: &str, user: i64, role: &str) -> (StatusCode, Value) {
    app.put(
        &format!("/api/users/{user}/role"),
        Some(token),
        json!({ "role_type": role }),
    )
    .await
}

#[tokio::test]
async fn a_role_change_ends_every_session_of_the_user_at_once() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let (token, mut socket) = app.live(CREATOR).await;
    let admin = app.login(ADMIN).await;

    let (status, body) = set_role(&app, &admin, creator, "editor_assistant").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["role_type"], "editor_assistant");
    let revoked = socket
        .expect_event("session.revoked", WAIT)
        .await
        .expect("the open browser is told");
    assert_eq!(revoked["reason"], "role_changed");
    assert!(socket.closed_within(WAIT).await, "the socket is closed");
    let (status, _) = app.get("/api/users/whoami", Some(&token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the old token is dead");
    let (status, _) = app.get("/api/tasks", Some(&token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Logging in again gives the new role; the change is on record.
    let fresh = app.login(CREATOR).await;
    let (_, me) = app.get("/api/users/whoami", Some(&fresh)).await;
    assert_eq!(me["role_type"], "editor_assistant", "{me}");
    let recorded: (String, String) =
        sqlx::query_as("select from_role, to_role from user_role_changes where user_id = $1")
            .bind(creator)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(recorded, ("general".into(), "editor_assistant".into()));

    // The same role again changes nothing and ends no session.
    let (status, _) = set_role(&app, &admin, creator, "editor_assistant").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.get("/api/users/whoami", Some(&fresh)).await.0,
        StatusCode::OK
    );
}

#[tokio::test]
async fn only_admins_change_roles_and_not_every_role_can_change() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    for who in [MANAGER, ACCOUNTANT, CREATOR, CLIENT] {
        let token = app.login(who).await;
        assert_eq!(
            set_role(&app, &token, creator, "tsumugi_admin").await.0,
            StatusCode::FORBIDDEN,
            "{who}"
        );
    }
    assert_eq!(
        app.put(
            &format!("/api/users/{creator}/role"),
            None,
            json!({ "role_type": "general" })
        )
        .await
        .0,
        StatusCode::UNAUTHORIZED
    );
    let admin = app.login(ADMIN).await;
    let (status, body) = set_role(&app, &admin, creator, "owner").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["role_type"][0], "in");
    let (status, _) = set_role(&app, &admin, creator, "client").await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "nobody becomes a client"
    );
    let client = user_id(&pool, CLIENT).await;
    let (status, body) = set_role(&app, &admin, client, "general").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let own = user_id(&pool, ADMIN).await;
    let (status, body) = set_role(&app, &admin, own, "general").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        set_role(&app, &admin, 999_999, "general").await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn staff_list_users_by_role_status_and_words_with_paging() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login(ADMIN).await;
    let (status, body) = app
        .get(
            "/api/users?role_types[]=tsumugi_manager&role_types[]=tsumugi_admin&active_statuses[]=active&page=1&per_page=1",
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["per_page"], 1);
    assert!(body["total"].as_i64().unwrap() >= 2, "{body}");
    assert!(body["last_page"].as_i64().unwrap() >= 2, "{body}");
    assert_eq!(body["users"].as_array().unwrap().len(), 1);
    assert_eq!(body["users"][0]["account_status"], "active");
    let (_, by_words) = app
        .get(
            "/api/users?words=demo.tsumugi.jp&role_types[]=tsumugi_accountant",
            Some(&admin),
        )
        .await;
    assert_eq!(by_words["users"].as_array().unwrap().len(), 1, "{by_words}");
    // Clients see active creators only, without account details.
    let client = app.login(CLIENT).await;
    let (_, seen) = app
        .get("/api/users?role_types[]=tsumugi_admin", Some(&client))
        .await;
    for user in seen["users"].as_array().unwrap() {
        assert!(
            ["general", "editor_assistant"].contains(&user["role_type"].as_str().unwrap()),
            "{user}"
        );
        assert!(user.get("account_status").is_none(), "{user}");
    }
    let creator = app.login(CREATOR).await;
    assert_eq!(
        app.get("/api/users", Some(&creator)).await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn admin_flags_refuse_offers_and_hide_creators_from_search() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (creator, _) = new_creator(&pool, "フラグテスト").await;
    let manager = app.login(MANAGER).await;
    let path = format!("/api/users/{creator}/admin_flags");
    let client = app.login(CLIENT).await;
    assert_eq!(app.get(&path, Some(&client)).await.0, StatusCode::FORBIDDEN);
    let (status, body) = app
        .put(
            &path,
            Some(&manager),
            json!({ "admin_flags": ["sometimes"] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // no_assign: offering a task to them is refused, without naming the flag.
    let (status, body) = app
        .put(
            &path,
            Some(&manager),
            json!({ "admin_flags": ["no_assign", "need_attention"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["admin_flags"], json!(["no_assign", "need_attention"]));
    let work: i64 =
        sqlx::query_scalar("select id from works where project_id = $1 order by id limit 1")
            .bind(project_with_status(&pool, "doing").await)
            .fetch_one(&pool)
            .await
            .unwrap();
    let offer = |assignee: i64, task_type: &str| json!({ "type": task_type, "title": "フラグの確認", "assignee_ids": [assignee] });
    let tasks_path = format!("/api/v2/projects/works/{work}/tasks");
    let (status, body) = app
        .post(&tasks_path, Some(&client), offer(creator, "writing"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["rules"]["assignee_ids"][0], "offer_stopped");
    assert!(
        !body.to_string().contains("no_assign"),
        "the flag stays staff-only"
    );

    // no_assign_editor: editing work is refused, writing is fine.
    app.put(
        &path,
        Some(&manager),
        json!({ "admin_flags": ["no_assign_editor"] }),
    )
    .await;
    let (status, _) = app
        .post(
            &tasks_path,
            Some(&client),
            offer(creator, "proofreading_and_review"),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = app
        .post(&tasks_path, Some(&client), offer(creator, "writing"))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // temporary_offer_stop: gone from the search (staff may ask for them), offers refused.
    let search = "/api/users/search?words=フラグテスト";
    let (_, found) = app.get(search, Some(&client)).await;
    assert_eq!(found["users"].as_array().unwrap().len(), 1, "{found}");
    app.put(
        &path,
        Some(&manager),
        json!({ "admin_flags": ["temporary_offer_stop"] }),
    )
    .await;
    let (_, hidden) = app.get(search, Some(&client)).await;
    assert_eq!(hidden["users"].as_array().unwrap().len(), 0, "{hidden}");
    let (_, staff_default) = app.get(search, Some(&manager)).await;
    assert_eq!(staff_default["users"].as_array().unwrap().len(), 0);
    let (_, staff_all) = app
        .get(&format!("{search}&include_offer_stopped=1"), Some(&manager))
        .await;
    assert_eq!(
        staff_all["users"].as_array().unwrap().len(),
        1,
        "{staff_all}"
    );
    let (status, _) = app
        .post(&tasks_path, Some(&client), offer(creator, "writing"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // Accountants read the flags, do not set them.
    let accountant = app.login(ACCOUNTANT).await;
    let (status, read) = app.get(&path, Some(&accountant)).await;
    assert_eq!(
        (status, &read["admin_flags"]),
        (StatusCode::OK, &json!(["temporary_offer_stop"]))
    );
    assert_eq!(
        app.put(&path, Some(&accountant), json!({ "admin_flags": [] }))
            .await
            .0,
        StatusCode::FORBIDDEN
    );

    // The search row follows the flags both ways: black hides too, none shows again.
    app.put(
        &path,
        Some(&manager),
        json!({ "admin_flags": ["black", "no_reply"] }),
    )
    .await;
    let (_, black) = app.get(search, Some(&client)).await;
    assert_eq!(black["users"].as_array().unwrap().len(), 0, "{black}");
    app.put(
        &path,
        Some(&manager),
        json!({ "admin_flags": ["no_reply"] }),
    )
    .await;
    let (_, back) = app.get(search, Some(&client)).await;
    assert_eq!(back["users"].as_array().unwrap().len(), 1, "{back}");
    assert_eq!(back["total"], 1, "{back}");
}

async fn leave(app: &TestApp, token: &str, user: i64, status: &str) -> (StatusCode, Value) {
    app.put(
        &format!("/api/admin/users/{user}/left"),
        Some(token),
        json!({ "status": status, "reason": "本人からの退会申請" }),
    )
    .await
}

#[tokio::test]
async fn a_leaver_is_banned_then_left_with_personal_data_erased_and_money_kept() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (creator, mail) = new_creator(&pool, "退会予定").await;
    let doing = taken_task(&pool, creator, "doing", None).await;
    taken_task(&pool, creator, "done", Some("2021-03-10")).await;
    let token = app.login(&mail).await;
    let admin = app.login(ADMIN).await;
    let manager = app.login(MANAGER).await;
    assert_eq!(
        leave(&app, &manager, creator, "banned").await.0,
        StatusCode::FORBIDDEN
    );

    // Banned: sessions end, login is refused, the data stays.
    let (status, body) = leave(&app, &admin, creator, "banned").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["account_status"], "banned");
    assert_eq!(
        app.get("/api/users/whoami", Some(&token)).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, _) = app.try_login(&mail, support::PASSWORD).await;
    assert_ne!(status, StatusCode::OK, "a banned account cannot log in");
    let (status, again) = leave(&app, &admin, creator, "banned").await;
    assert_eq!(
        (status, &again["account_status"]),
        (StatusCode::OK, &json!("banned")),
        "idempotent"
    );

    // Left: refused while work is in progress, then while a reward is unconfirmed.
    let (status, body) = leave(&app, &admin, creator, "left").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("進行中のタスク"),
        "{body}"
    );
    sqlx::query("update tasks set status = 'done', completed_date = '2021-03-20' where id = $1")
        .bind(doing)
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = leave(&app, &admin, creator, "left").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("未確定の報酬"),
        "{body}"
    );
    let accountant = app.login(ACCOUNTANT).await;
    let (status, _) = app
        .post(
            "/api/reward_confirmations",
            Some(&accountant),
            json!({ "year": 2021, "month": 3 }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);

    let (status, body) = leave(&app, &admin, creator, "left").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["account_status"], "left");
    assert_eq!(body["user_name"], "退会済みユーザー");
    let erased: (String, String, String, Option<chrono::NaiveDate>, i64) = sqlx::query_as(
        "select mail_address, last_name, phone_number, birthday,
                (select count(*) from bank_accounts where user_id = u.id) from users u where id = $1",
    )
    .bind(creator)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(erased.0.ends_with("@left.invalid"), "{erased:?}");
    assert_eq!(
        (erased.1.as_str(), erased.2.as_str(), erased.3, erased.4),
        ("", "", None, 0)
    );
    // The confirmed statement (payee and the account paid) is kept for the tax records.
    let kept: (String, Option<String>, i64) = sqlx::query_as(
        "select payee_name, account_number, total_reward_amount from reward_statements where user_id = $1",
    )
    .bind(creator)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(kept.1.as_deref(), Some("1234567"));
    assert!(kept.2 > 0);
    assert!(!kept.0.is_empty());

    let (status, again) = leave(&app, &admin, creator, "left").await;
    assert_eq!(
        (status, &again["account_status"]),
        (StatusCode::OK, &json!("left")),
        "idempotent"
    );
    let (status, _) = leave(&app, &admin, creator, "banned").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "no way back");

    // Listed for staff under the name they had.
    let (status, list) = app.get("/api/users/left", Some(&manager)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let row = list["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["user_id"] == creator)
        .expect("listed");
    assert_eq!(row["user_name"], "退会予定");
    assert_eq!(row["account_status"], "left");
    assert_eq!(row["reason"], "本人からの退会申請");
    assert!(row["left_at"].is_string());
    let creator_token = app.login(CREATOR).await;
    assert_eq!(
        app.get("/api/users/left", Some(&creator_token)).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get("/api/users/left", Some(&accountant)).await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn banning_withdraws_open_offers_and_closes_the_live_socket() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (creator, mail) = new_creator(&pool, "ソケット退会").await;
    let offered: i64 = sqlx::query_scalar(
        "with t as (select id from tasks where status = 'applying' order by id limit 1)
         insert into task_assignees (task_id, user_id) select id, $1 from t returning task_id",
    )
    .bind(creator)
    .fetch_one(&pool)
    .await
    .unwrap();
    let (_, mut socket) = app.live(&mail).await;
    let admin = app.login(ADMIN).await;
    assert_eq!(
        leave(&app, &admin, creator, "banned").await.0,
        StatusCode::OK
    );
    let revoked = socket
        .expect_event("session.revoked", WAIT)
        .await
        .expect("told");
    assert_eq!(revoked["reason"], "left");
    assert!(socket.closed_within(WAIT).await);
    let still: i64 = sqlx::query_scalar(
        "select count(*) from task_assignees where task_id = $1 and user_id = $2",
    )
    .bind(offered)
    .bind(creator)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(still, 0, "the open offer is withdrawn");
}

fn new_user_body(mail: &str, role: &str) -> Value {
    json!({
        "mail_address": mail,
        "password": "Tsumugi-new-2026",
        "password_confirmation": "Tsumugi-new-2026",
        "role_type": role,
        "last_name": "鈴木",
        "first_name": "一郎",
        "last_name_kana": "スズキ",
        "first_name_kana": "イチロウ",
        "phone_number": "090-1111-2222",
        "user_name": "いちろう",
    })
}

#[tokio::test]
async fn an_admin_creates_a_user_who_can_log_in() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login(ADMIN).await;
    let (status, body) = app
        .post(
            "/api/users",
            Some(&admin),
            new_user_body("ichiro@example.jp", "general"),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["mail_address"], "ichiro@example.jp");
    assert_eq!(body["user_name"], "いちろう");
    assert_eq!(body["phone_number"], "09011112222");
    let (status, whoami) = app.try_login("ichiro@example.jp", "Tsumugi-new-2026").await;
    assert_eq!(status, StatusCode::OK, "{whoami}");

    // The same address again, a client role, and a weak password are each named.
    let (status, body) = app
        .post(
            "/api/users",
            Some(&admin),
            new_user_body("ichiro@example.jp", "general"),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(support::rules_on(&body, "mail_address"), ["unique"]);
    let mut weak = new_user_body("jiro@example.jp", "client");
    weak["password"] = json!("short");
    let (status, body) = app.post("/api/users", Some(&admin), weak).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(!support::rules_on(&body, "role_type").is_empty(), "{body}");
    assert!(!support::rules_on(&body, "password").is_empty(), "{body}");
    assert!(
        !support::rules_on(&body, "password_confirmation").is_empty(),
        "{body}"
    );

    // Managers do not give roles.
    let manager = app.login(MANAGER).await;
    let (status, _) = app
        .post(
            "/api/users",
            Some(&manager),
            new_user_body("saburo@example.jp", "tsumugi_admin"),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn managers_edit_someone_elses_profile_by_its_own_rules() {
    let (pool, _db) = db::with_master_data().await;
    let app = TestApp::spawn_with_master_data(pool.clone()).await;
    let manager = app.login(MANAGER).await;
    let client = user_id(&pool, CLIENT).await;
    let path = format!("/api/users/{client}");
    let (_, mut profile) = app.get(&path, Some(&manager)).await;
    profile["user_name"] = json!("高橋（編集長）");
    profile["phone_number"] = json!("03-1234-5678");
    let (status, body) = app.put(&path, Some(&manager), profile).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user_name"], "高橋（編集長）");
    let (_, again) = app.get(&path, Some(&manager)).await;
    assert_eq!(again["phone_number"], "0312345678");

    // A creator's profile needs its creator rules (the demo creator has no sex yet).
    let creator = user_id(&pool, CREATOR).await;
    let (status, body) = app
        .put(
            &format!("/api/users/{creator}"),
            Some(&manager),
            json!({ "user_name": "x" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(support::rules_on(&body, "sex"), ["required"], "{body}");

    for (token, expected) in [
        (app.login(ACCOUNTANT).await, StatusCode::FORBIDDEN),
        (app.login(CREATOR).await, StatusCode::FORBIDDEN),
    ] {
        let (status, _) = app.put(&path, Some(&token), json!({})).await;
        assert_eq!(status, expected);
    }
    let (status, _) = app
        .put("/api/users/999999", Some(&manager), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_users_image_redirects_to_the_public_image() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let client = app.login(CLIENT).await;
    let creator = user_id(&pool, CREATOR).await;
    sqlx::query("update users set image_path = 'files/abc-key' where id = $1")
        .bind(creator)
        .execute(&pool)
        .await
        .unwrap();
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let location = |path: String| {
        let http = http.clone();
        let url = app.url(&path);
        let token = client.clone();
        async move {
            let response = http.get(url).bearer_auth(token).send().await.unwrap();
            let status = response.status();
            let location = response
                .headers()
                .get("location")
                .map(|v| v.to_str().unwrap().to_string());
            (status, location)
        }
    };
    let (status, to) = location(format!("/api/users/{creator}/image?width=128")).await;
    assert_eq!(status, StatusCode::FOUND);
    assert_eq!(to.as_deref(), Some("/api/images/files/abc-key?width=128"));
    // Without an image: the image route's placeholder.
    let manager = user_id(&pool, MANAGER).await;
    let (status, to) = location(format!("/api/users/{manager}/image")).await;
    assert_eq!(status, StatusCode::FOUND);
    assert_eq!(to.as_deref(), Some("/api/images/none"));
    let (status, _) = location("/api/users/999999/image".into()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get(&format!("/api/users/{creator}/image"), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
