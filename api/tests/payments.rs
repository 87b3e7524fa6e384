//! The accountant's payments: the three tabs (a month's done tasks, each creator's payment,
//! the creators' bank accounts), who may read them, and the downloads of a confirmed month (the
//! Zengin transfer file and the statements spreadsheet).

use crate::support;
use crate::support::db;

use calamine::{Data, DataType, Reader, Xlsx, open_workbook_from_rs};
use chrono::NaiveDate;
use encoding_rs::SHIFT_JIS;
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use support::{TestApp, statement_figures, user_id};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const EDITOR: &str = "editor@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";

/// Done tasks of the demo medium: `(creator, amount, completed)`, each taken; returns their ids.
async fn done_tasks(pool: &PgPool, rows: &[(i64, i64, &str)]) -> Vec<i64> {
    let work_id: i64 = sqlx::query_scalar(
        "with p as (insert into projects (media_id, name, status)
                    select id, '支払いテスト', 'doing' from media where name = 'デモマガジン' returning id)
         insert into works (project_id, name) select id, '二月号' from p returning id",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let mut ids = Vec::new();
    for (n, &(creator, amount, completed)) in rows.iter().enumerate() {
        let id: i64 = sqlx::query_scalar(
            "with t as (insert into tasks (work_id, task_type, title, status, completed_date, reward_amount)
                        values ($1, 'writing', $2, 'done', $3::date, $4) returning id)
             insert into task_assignees (task_id, user_id, state) select id, $5, 'taken' from t returning task_id",
        )
        .bind(work_id)
        .bind(format!("支払い記事 {n}"))
        .bind(completed)
        .bind(amount)
        .bind(creator)
        .fetch_one(pool)
        .await
        .unwrap();
        ids.push(id);
    }
    ids
}

/// The creator's current account, named `holder_kana`, pays from `month` on (the seed's version
/// starts shortly before the seeded rewards, long after the months these tests use).
async fn account_from(pool: &PgPool, user: i64, holder_kana: &str, month: &str) {
    sqlx::query("update bank_accounts set account_holder_kana = $2 where user_id = $1")
        .bind(user)
        .bind(holder_kana)
        .execute(pool)
        .await
        .unwrap();
    let mut conn = pool.acquire().await.unwrap();
    let month = NaiveDate::parse_from_str(month, "%Y-%m-%d").unwrap();
    api::bank_accounts::record_version(&mut conn, user, month)
        .await
        .unwrap();
}

fn user_row(body: &Value, user: i64) -> &Value {
    body["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["user_id"] == user)
        .unwrap_or_else(|| panic!("user {user} in {body}"))
}

#[tokio::test]
async fn only_accountants_and_admins_see_payments() {
    let (pool, _db) = db::seeded().await;
    // Months long before the seeded rewards, none of them confirmed.
    let app = TestApp::spawn(pool.clone()).await;
    let paths = [
        "/api/payments/completed_tasks?year=2020&month=2",
        "/api/payments/users?year=2020&month=2",
        "/api/payments/bank_accounts",
        "/api/admin/downloads",
        "/api/admin/downloads/transfer_file?year=2020&month=2",
        "/api/admin/downloads/statements?year=2020&month=2",
    ];
    for who in [
        CREATOR,
        EDITOR,
        "client@demo.tsumugi.jp",
        "manager@demo.tsumugi.jp",
    ] {
        let token = app.login(who).await;
        for path in paths {
            let (status, body) = app.get(path, Some(&token)).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{who} {path}: {body}");
            assert!(body.get("users").is_none() && body.get("accounts").is_none());
        }
    }
    for path in paths {
        let (status, _) = app.get(path, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
    }
    for who in [ACCOUNTANT, "admin@demo.tsumugi.jp"] {
        let token = app.login(who).await;
        for path in &paths[..4] {
            let (status, body) = app.get(path, Some(&token)).await;
            assert_eq!(status, StatusCode::OK, "{who} {path}: {body}");
        }
    }
}

#[tokio::test]
async fn an_unconfirmed_month_shows_live_figures_marked_unconfirmed() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let editor = user_id(&pool, EDITOR).await;
    account_from(&pool, creator, "ヤマダ　ハナコ", "2020-01-01").await;
    done_tasks(
        &pool,
        &[
            (creator, 600_000, "2020-03-02"),
            (creator, 600_000, "2020-03-31"),
            (editor, 10_000, "2020-03-15"),
            (editor, 99_999, "2020-04-01"), // another month
        ],
    )
    .await;
    let token = app.login(ACCOUNTANT).await;

    let (status, body) = app
        .get("/api/payments/users?year=2020&month=3", Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["is_confirmed"], false);
    assert_eq!(body["payment_date"], "2020-04-30");
    assert_eq!(body["users"].as_array().unwrap().len(), 2);
    let paid = user_row(&body, creator);
    // The month taxed as a whole (money::rewards::tax): 200,000 × 20.42 % + 102,100.
    assert_eq!(
        statement_figures(paid),
        [1_200_000, 120_000, 142_940, 0, 1_177_060]
    );
    assert_eq!(paid["task_count"], 2);
    assert_eq!(paid["payee_name"], "山田 花子");
    assert_eq!(paid["is_confirmed"], false);
    assert_eq!(paid["has_bank_account"], true);
    let editor_row = user_row(&body, editor);
    assert_eq!(
        statement_figures(editor_row),
        [10_000, 1_000, 1_021, 0, 9_979]
    );
    assert_eq!(
        editor_row["has_bank_account"], false,
        "the editor's account pays from later months only"
    );
    assert_eq!(
        statement_figures(&body["sums"]),
        [1_210_000, 121_000, 143_961, 0, 1_187_039]
    );
    assert_eq!(body["sums"]["user_count"], 2);
    assert_eq!(body["sums"]["without_bank_account_count"], 1);

    let (status, body) = app
        .get(
            "/api/payments/completed_tasks?year=2020&month=3",
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let tasks = body["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 3);
    assert_eq!(tasks[0]["completed_date"], "2020-03-31", "newest first");
    assert_eq!(tasks[0]["creator"]["user_name"], "山田 花子");
    assert_eq!(tasks[0]["media_name"], "デモマガジン");
    assert_eq!(tasks[1]["reward_amount"], 10_000);
    assert!(tasks.iter().all(|t| t["is_confirmed"] == false));
    assert_eq!(body["total"], 3);

    // Not confirmed: nothing to download yet.
    let (status, body) = app
        .get(
            "/api/admin/downloads/transfer_file?year=2020&month=3",
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body["error"]["message"],
        "2020年3月の報酬はまだ確定していません。報酬を確定してからダウンロードしてください。"
    );
    let (status, _) = app
        .get(
            "/api/admin/downloads/statements?year=2020&month=3",
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = app
        .get("/api/admin/downloads/transfer_file?year=2020", Some(&token))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["month"][0], "required");
    let (status, body) = app
        .get("/api/payments/users?year=2020&month=13", Some(&token))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["rules"]["month"][0], "between:1,12");
}

/// February 2020, confirmed by `confirmations::confirm_month`: 山田 花子 (two tasks, 50,000, an
/// account), 佐藤 健 (10,000, no account that month) and 中村 翔 (1,234, an account in half-width
/// kana with a small kana).
struct February {
    creator: i64,
    editor: i64,
    twostep: i64,
    tasks: Vec<i64>,
}

async fn confirmed_february(pool: &PgPool) -> February {
    let creator = user_id(pool, CREATOR).await;
    let editor = user_id(pool, EDITOR).await;
    let twostep = user_id(pool, "twostep@demo.tsumugi.jp").await;
    account_from(pool, creator, "ヤマダ　ハナコ", "2020-01-01").await;
    account_from(pool, twostep, "ﾅｶﾑﾗ ｼｮｳ", "2020-02-01").await;
    let tasks = done_tasks(
        pool,
        &[
            (creator, 30_000, "2020-02-10"),
            (creator, 20_000, "2020-02-20"),
            (editor, 10_000, "2020-02-05"),
            (twostep, 1_234, "2020-02-05"),
        ],
    )
    .await;
    let accountant = user_id(pool, ACCOUNTANT).await;
    let february = NaiveDate::from_ymd_opt(2020, 2, 1).unwrap();
    api::money::confirmations::confirm_month(pool, february, accountant)
        .await
        .unwrap();
    February {
        creator,
        editor,
        twostep,
        tasks,
    }
}

#[tokio::test]
async fn a_confirmed_month_shows_its_stored_statements() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let feb = confirmed_february(&pool).await;
    // A task edited after the confirmation: the stored amount is what was paid.
    sqlx::query("update tasks set reward_amount = 99000 where id = $1")
        .bind(feb.tasks[0])
        .execute(&pool)
        .await
        .unwrap();
    let token = app.login(ACCOUNTANT).await;

    let (_, body) = app
        .get("/api/payments/users?year=2020&month=2", Some(&token))
        .await;
    assert_eq!(body["is_confirmed"], true, "{body}");
    assert!(body["confirmed_at"].is_string());
    let paid = user_row(&body, feb.creator);
    assert_eq!(statement_figures(paid), [50_000, 5_000, 5_105, 0, 49_895]);
    assert_eq!(paid["is_confirmed"], true);
    assert_eq!(paid["has_bank_account"], true);
    assert_eq!(paid["task_count"], 2);
    assert_eq!(user_row(&body, feb.editor)["has_bank_account"], false);
    assert_eq!(
        statement_figures(user_row(&body, feb.twostep)),
        [1_234, 123, 125, 0, 1_232]
    );
    assert_eq!(
        statement_figures(&body["sums"]),
        [61_234, 6_123, 6_251, 0, 61_106]
    );
    assert_eq!(body["sums"]["without_bank_account_count"], 1);

    let (_, body) = app
        .get(
            "/api/payments/completed_tasks?year=2020&month=2",
            Some(&token),
        )
        .await;
    let tasks = body["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 4);
    let row = |id: i64| tasks.iter().find(|t| t["task_id"] == id).unwrap();
    assert_eq!(
        row(feb.tasks[0])["reward_amount"],
        30_000,
        "the stored amount"
    );
    assert!(tasks.iter().all(|t| t["is_confirmed"] == true));
    assert_eq!(row(feb.tasks[3])["creator"]["user_name"], "中村 翔");

    let (_, body) = app.get("/api/admin/downloads", Some(&token)).await;
    let months = body["months"].as_array().unwrap();
    // Newest first: the seeded year of confirmed months, then February 2020.
    let month = months.last().unwrap();
    assert_eq!(
        (month["year"].as_i64(), month["month"].as_i64()),
        (Some(2020), Some(2))
    );
    assert!(months.len() > 1 && months[0]["year"].as_i64() > Some(2020));
    assert_eq!(month["statement_count"], 3);
    assert_eq!(month["transfer_count"], 2);
    assert_eq!(month["transfer_total"], 49_895 + 1_232);
    assert_eq!(month["without_bank_account_count"], 1);
    assert_eq!(month["payment_date"], "2020-03-31");
}

#[tokio::test]
async fn the_transfer_file_of_a_confirmed_month_is_zengin_in_shift_jis() {
    let (pool, _db) = db::with_master_data().await;
    let app = TestApp::spawn_with_master_data(pool.clone()).await;
    let feb = confirmed_february(&pool).await;
    let token = app.login(ACCOUNTANT).await;
    let (status, disposition, bytes) = app
        .download(
            "/api/admin/downloads/transfer_file?year=2020&month=2",
            &token,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    assert!(
        disposition.contains("filename*=UTF-8''%E7%B7%8F%E5%90%88%E6%8C%AF%E8%BE%BC_2020"),
        "総合振込_2020…: {disposition}"
    );
    assert_eq!(bytes.len() % 122, 0, "120-byte records, each with CRLF");
    assert!(bytes.chunks(122).all(|r| &r[120..] == b"\r\n"));
    let records: Vec<&[u8]> = bytes.chunks(122).map(|r| &r[..120]).collect();
    let classes: Vec<u8> = records.iter().map(|r| r[0]).collect();
    assert_eq!(
        classes, b"12289",
        "one data record per payee with an account"
    );

    let (text, _, malformed) = SHIFT_JIS.decode(&bytes);
    assert!(!malformed);
    let lines: Vec<&str> = text.lines().collect();
    // Header: 総合振込, the demo payer, paid on 2020/3/31 (the last business day of March).
    assert!(lines[0].starts_with("12101234567890ｶ)ﾂﾑｷﾞ"), "{}", lines[0]);
    assert_eq!(&records[0][54..58], b"0331");
    assert_eq!(&records[0][58..62], b"0001");
    // By user id: 山田 花子, then 中村 翔; 佐藤 健 has no account.
    let data = [records[1], records[2]];
    assert!(
        lines[1].contains("ﾐｽﾞﾎ"),
        "the bank's kana from the master data: {}",
        lines[1]
    );
    assert!(lines[1].contains("ﾄｳｷﾖｳ"), "{}", lines[1]);
    assert!(lines[1].contains("ﾔﾏﾀﾞ ﾊﾅｺ"), "{}", lines[1]);
    assert!(
        lines[2].contains("ﾅｶﾑﾗ ｼﾖｳ"),
        "small kana made large: {}",
        lines[2]
    );
    assert_eq!(&data[0][80..90], b"0000049895");
    assert_eq!(&data[1][80..90], b"0000001232");
    assert_eq!(&data[0][91..101], format!("{:010}", feb.creator).as_bytes());
    assert!(data.iter().all(|r| &r[43..50] == b"1234567"));
    let trailer = records[3];
    assert_eq!(&trailer[1..7], b"000002");
    assert_eq!(&trailer[7..19], b"000000051127");
    assert_eq!(records[4][0], b'9');
}

#[tokio::test]
async fn the_statements_spreadsheet_has_a_row_per_statement_and_the_sums() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let feb = confirmed_february(&pool).await;
    let token = app.login("admin@demo.tsumugi.jp").await;
    let (status, disposition, bytes) = app
        .download("/api/admin/downloads/statements?year=2020&month=2", &token)
        .await;
    assert_eq!(status, StatusCode::OK);
    // 報酬明細_2020年02月分.xlsx
    assert!(
        disposition.contains("%E5%A0%B1%E9%85%AC%E6%98%8E%E7%B4%B0_2020%E5%B9%B402"),
        "{disposition}"
    );
    let mut workbook: Xlsx<_> = open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    let sheet = workbook.worksheet_range("2020年2月").unwrap();
    let rows: Vec<&[Data]> = sheet.rows().collect();
    assert_eq!(rows.len(), 5, "header, three statements, sums");
    let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let number = |row: usize, name: &str| rows[row][column(name)].as_f64().unwrap() as i64;
    assert_eq!(rows[1][column("支払先名")].to_string(), "山田 花子");
    assert_eq!(number(1, "ユーザーID"), feb.creator);
    assert_eq!(number(1, "タスク数"), 2);
    assert_eq!(number(1, "振込金額"), 49_895);
    assert_eq!(
        rows[1][column("口座名義（カナ）")].to_string(),
        "ヤマダ　ハナコ"
    );
    assert_eq!(rows[1][column("預金種目")].to_string(), "普通");
    assert_eq!(rows[2][column("支払先名")].to_string(), "佐藤 健");
    assert_eq!(rows[2][column("銀行名")].to_string(), "");
    assert_eq!(rows[4][0].to_string(), "合計");
    assert_eq!(number(4, "報酬小計（税抜）"), 61_234);
    assert_eq!(number(4, "源泉徴収税"), 6_251);
    assert_eq!(number(4, "振込金額"), 61_106);
}

#[tokio::test]
async fn the_bank_accounts_tab_lists_creators_and_finds_them_by_name() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let newbie = user_id(&pool, "newbie@demo.tsumugi.jp").await;
    let token = app.login(ACCOUNTANT).await;
    let (status, body) = app.get("/api/payments/bank_accounts", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let accounts = body["accounts"].as_array().unwrap();
    assert_eq!(accounts.len(), 20);
    let registered: Vec<bool> = accounts
        .iter()
        .map(|a| !a["bank_account"].is_null())
        .collect();
    assert!(registered[0] && !registered[19], "{registered:?}");
    assert!(
        registered.windows(2).all(|w| w[0] >= w[1]),
        "creators with an account first: {registered:?}"
    );
    let creators: i64 = sqlx::query_scalar(
        "select count(*) from users where role in ('general', 'editor_assistant')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(body["total"], creators);

    let (_, body) = app
        .get("/api/payments/bank_accounts?words=ヤマダ", Some(&token))
        .await;
    let found = body["accounts"].as_array().unwrap();
    let row = found.iter().find(|a| a["user_id"] == creator).unwrap();
    assert_eq!(row["name"], "山田 花子");
    assert_eq!(row["bank_account"]["bank_code"], "0001");
    assert_eq!(row["bank_account"]["holder_kana"], "ツムギ　デモ");
    assert_eq!(row["invoice_registration_number"], "T7123456789012");
    assert!(found.iter().all(|a| a["user_id"] != newbie));

    let (_, body) = app
        .get(
            "/api/payments/bank_accounts?words=スズキ アラタ",
            Some(&token),
        )
        .await;
    let found = body["accounts"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{body}");
    assert_eq!(found[0]["user_id"], newbie);
    assert_eq!(found[0]["bank_account"], Value::Null, "no account yet");
    let (_, body) = app
        .get("/api/payments/bank_accounts?words=ツムギ", Some(&token))
        .await;
    assert!(
        body["total"].as_i64().unwrap() >= 3,
        "holder names are searched too"
    );
}
