//! The demo accounts: one per role, with complete, partial or no creator information.

use std::collections::HashMap;

use sqlx::{Postgres, Transaction};

/// Demo user ids by mail address.
pub type DemoIds = HashMap<&'static str, i64>;

pub(super) struct DemoUser {
    mail_address: &'static str,
    last_name: &'static str,
    first_name: &'static str,
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
        role: "general",
        work_status: "accepting",
        complete_creator: true,
        two_step: false,
    },
    DemoUser {
        mail_address: "editor@demo.tsumugi.jp",
        last_name: "佐藤",
        first_name: "健",
        role: "editor_assistant",
        work_status: "accepting",
        complete_creator: true,
        two_step: false,
    },
    DemoUser {
        mail_address: "newbie@demo.tsumugi.jp",
        last_name: "鈴木",
        first_name: "新",
        role: "general",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "client@demo.tsumugi.jp",
        last_name: "高橋",
        first_name: "誠",
        role: "client",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "manager@demo.tsumugi.jp",
        last_name: "田中",
        first_name: "美咲",
        role: "manager",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "accountant@demo.tsumugi.jp",
        last_name: "伊藤",
        first_name: "直樹",
        role: "accountant",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "admin@demo.tsumugi.jp",
        last_name: "渡辺",
        first_name: "裕子",
        role: "admin",
        work_status: "not_set",
        complete_creator: false,
        two_step: false,
    },
    DemoUser {
        mail_address: "twostep@demo.tsumugi.jp",
        last_name: "中村",
        first_name: "翔",
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
            insert_creator_information(tx, id).await?;
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
        "insert into users (mail_address, password_hash, user_name, last_name, first_name, role, work_status, client_id, two_step_enabled)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id",
    )
    .bind(user.mail_address)
    .bind(password_hash)
    .bind(format!("{} {}", user.last_name, user.first_name))
    .bind(user.last_name)
    .bind(user.first_name)
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
    sqlx::query("insert into possible_works (user_id, work_name, achievement) values ($1, '記事執筆', 'Web メディアで月 10 本の執筆実績')")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query(r#"insert into user_attributes (user_id, attributes) values ($1, '{"available_time_slot": "平日 10:00〜18:00", "languages": [{"id": 1, "level": 2}]}')"#)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn insert_creator_information(
    tx: &mut Transaction<'_, Postgres>,
    user_id: i64,
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
         values ($1, 'みずほ', '0001', '東京営業部', '001', 'ordinary', '1234567', 'ツムギ　デモ', 'T7123456789012')",
    )
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
