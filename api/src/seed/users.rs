//! The demo accounts: one per role, with complete, partial or no creator information.

use std::collections::HashMap;

use chrono::Datelike;
use sqlx::{Postgres, Transaction};

/// Demo user ids by mail address.
pub type DemoIds = HashMap<&'static str, i64>;

pub(super) struct DemoUser {
    mail_address: &'static str,
    last_name: &'static str,
    first_name: &'static str,
    last_name_kana: &'static str,
    first_name_kana: &'static str,
    role: &'static str,
    work_status: &'static str,
    complete_creator: bool,
    two_step: bool,
}

const DEMO_USERS: &[DemoUser] = &[
    DemoUser {
        mail_address: "creator@demo.tsumugi.jp",
        last_name: "山田",
        first_name: "花子",
        last_name_kana: "ヤマダ",
        first_name_kana: "ハナコ",
        role: "general",
        work_status: "accepting",
        complete_creator: true,
        two_step: false,
    },
    DemoUser {
        mail_address: "editor@demo.tsumugi.jp",
        last_name: "佐藤",
        first_name: "健",
        last_name_kana: "サトウ",
        first_name_kana: "ケン",
        role: "editor_assistant",
        work_status: "accepting",
        complete_creator: true,
        two_step: false,
    },
    DemoUser {
        mail_address: "newbie@demo.tsumugi.jp",
        last_name: "鈴木",
        first_name: "新",
        last_name_kana: "スズキ",
        first_name_kana: "アラタ",
        role: "general",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "client@demo.tsumugi.jp",
        last_name: "高橋",
        first_name: "誠",
        last_name_kana: "タカハシ",
        first_name_kana: "マコト",
        role: "client",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "manager@demo.tsumugi.jp",
        last_name: "田中",
        first_name: "美咲",
        last_name_kana: "タナカ",
        first_name_kana: "ミサキ",
        role: "manager",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "accountant@demo.tsumugi.jp",
        last_name: "伊藤",
        first_name: "直樹",
        last_name_kana: "イトウ",
        first_name_kana: "ナオキ",
        role: "accountant",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "admin@demo.tsumugi.jp",
        last_name: "渡辺",
        first_name: "裕子",
        last_name_kana: "ワタナベ",
        first_name_kana: "ユウコ",
        role: "admin",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "twostep@demo.tsumugi.jp",
        last_name: "中村",
        first_name: "翔",
        last_name_kana: "ナカムラ",
        first_name_kana: "ショウ",
        role: "general",
        work_status: "accepting",
        complete_creator: true,
        two_step: true,
    },
];

/// Inserts every demo account (the client user belongs to `client_id`).
pub(super) async fn seed(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    password_hash: &str,
) -> sqlx::Result<DemoIds> {
    let mut ids = DemoIds::new();
    for user in DEMO_USERS {
        let id = insert_user(
            tx,
            user,
            password_hash,
            (user.role == "client").then_some(client_id),
        )
        .await?;
        if user.complete_creator {
            insert_creator_information(tx, id, invoice_number(user.mail_address)).await?;
        } else if user.mail_address.starts_with("newbie") {
            // Newbie has a profile but neither skill nor bank account, so cannot take work yet.
            insert_portfolio_and_attributes(tx, id).await?;
        }
        ids.insert(user.mail_address, id);
    }

    Ok(ids)
}

async fn insert_user(
    tx: &mut Transaction<'_, Postgres>,
    user: &DemoUser,
    password_hash: &str,
    client_id: Option<i64>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into users (mail_address, password_hash, user_name, last_name, first_name, last_name_kana, first_name_kana,
                            role, work_status, client_id, two_step_enabled)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id",
    )
    .bind(user.mail_address)
    .bind(password_hash)
    .bind(format!("{} {}", user.last_name, user.first_name))
    .bind(user.last_name)
    .bind(user.first_name)
    .bind(user.last_name_kana)
    .bind(user.first_name_kana)
    .bind(user.role)
    .bind(user.work_status)
    .bind(client_id)
    .bind(user.two_step)
    .fetch_one(&mut **tx)
    .await
}

async fn insert_portfolio_and_attributes(
    tx: &mut Transaction<'_, Postgres>,
    user_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("insert into portfolios (user_id, portfolio, publishability) values ($1, 'https://portfolio.example.jp/demo', 'publishable')")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("insert into possible_works (user_id, work_type, work_name, achievement) values ($1, 'writing', '執筆', 'Web メディアで月 10 本の執筆実績')")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query(r#"insert into user_attributes (user_id, attributes) values ($1, '{"available_time_slot": "平日 10:00〜18:00"}')"#)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("insert into user_languages (user_id, language_id, level) values ($1, 1, 2)")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    // A personal profile in Tokyo; the prefecture only when the master data is already there
    // (it may be imported after the seed).
    sqlx::query(
        "update users set birthday = date '1992-04-12', phone_number = '0312345678',
                postal_code = '1000005', city_address = '千代田区丸の内', street_address = '1-1-1',
                prefecture_id = (select id from prefectures where id = 13),
                profile_text = '旅行とグルメを中心に、取材から執筆まで担当しています。'
          where id = $1",
    )
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Each complete demo creator's invoice registration number, registered to their name in the
/// built-in invoice registry (`invoice_registrations`).
fn invoice_number(mail_address: &str) -> &'static str {
    match mail_address {
        "editor@demo.tsumugi.jp" => "T6100000000001",
        "twostep@demo.tsumugi.jp" => "T4100000000003",
        _ => "T7123456789012",
    }
}

async fn insert_creator_information(
    tx: &mut Transaction<'_, Postgres>,
    user_id: i64,
    invoice_number: &str,
) -> sqlx::Result<()> {
    insert_portfolio_and_attributes(tx, user_id).await?;
    sqlx::query("insert into user_skills (user_id, genre_group_id, genre_ids, detail) values ($1, 1, '{1,2}', '旅行・グルメ記事の取材と執筆')")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        // A real bank and branch (みずほ 東京営業部); the master ids are filled in only by the
        // form, as the master data may be imported after the seed.
        "insert into bank_accounts (user_id, bank_name, bank_code, branch_name, branch_code, account_type, account_number, account_holder_kana, invoice_registration_number)
         values ($1, 'みずほ', '0001', '東京営業部', '001', 'ordinary', '1234567', 'ツムギ　デモ', $2)",
    )
    .bind(user_id)
    .bind(invoice_number)
    .execute(&mut **tx)
    .await?;
    // Registered before the demo year of rewards (seed::rewards goes back 13 months), so the
    // confirmed months' statements carry the account and their transfer files pay it.
    let registered = crate::platform::clock::tokyo_today()
        .with_day(1)
        .expect("every month has a first day")
        - chrono::Months::new(14);
    crate::bank_accounts::record_version(tx, user_id, registered).await?;
    Ok(())
}
