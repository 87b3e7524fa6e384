//! Demo data for a fresh database (`SEED_DEMO=1`): the fixed accounts tests and newcomers use.

use sqlx::{PgPool, Postgres, Transaction};

use crate::auth::password;

pub const DEMO_PASSWORD: &str = "Tsumugi-demo-2026";

struct DemoUser {
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

/// Seeds the demo workspace when the database has no users yet; returns whether it did.
pub async fn seed_demo_if_empty(db: &PgPool) -> anyhow::Result<bool> {
    let mut tx = db.begin().await?;
    // Two nodes starting together must not both seed.
    sqlx::query("lock table users in exclusive mode")
        .execute(&mut *tx)
        .await?;
    let has_users: bool = sqlx::query_scalar("select exists (select 1 from users)")
        .fetch_one(&mut *tx)
        .await?;
    if has_users {
        return Ok(false);
    }
    let password_hash = tokio::task::spawn_blocking(|| password::hash(DEMO_PASSWORD)).await??;
    let client_id: i64 = sqlx::query_scalar(
        "insert into clients (company_name) values ('株式会社デモメディア') returning id",
    )
    .fetch_one(&mut *tx)
    .await?;

    let mut ids = std::collections::HashMap::new();
    for user in DEMO_USERS {
        let id = insert_user(
            &mut tx,
            user,
            &password_hash,
            (user.role == "client").then_some(client_id),
        )
        .await?;
        if user.complete_creator {
            insert_creator_information(&mut tx, id).await?;
        } else if user.mail_address.starts_with("newbie") {
            // Newbie has a profile but neither skill nor bank account, so cannot take work yet.
            insert_portfolio_and_attributes(&mut tx, id).await?;
        }
        ids.insert(user.mail_address, id);
    }

    let team_id: i64 = sqlx::query_scalar(
        "insert into teams (name, client_id) values ('デモ編集部', $1) returning id",
    )
    .bind(client_id)
    .fetch_one(&mut *tx)
    .await?;
    for (mail, leader) in [
        ("creator@demo.tsumugi.jp", false),
        ("editor@demo.tsumugi.jp", true),
    ] {
        sqlx::query("insert into team_members (team_id, user_id, status, is_leader) values ($1, $2, 'assignable', $3)")
            .bind(team_id)
            .bind(ids[mail])
            .bind(leader)
            .execute(&mut *tx)
            .await?;
    }
    let channel_id: i64 = sqlx::query_scalar(
        "insert into channels (team_id, name, channel_type) values ($1, 'デモ編集部', 'group') returning id",
    )
    .bind(team_id)
    .fetch_one(&mut *tx)
    .await?;
    for mail in [
        "creator@demo.tsumugi.jp",
        "editor@demo.tsumugi.jp",
        "client@demo.tsumugi.jp",
        "manager@demo.tsumugi.jp",
    ] {
        sqlx::query("insert into channel_members (channel_id, user_id) values ($1, $2)")
            .bind(channel_id)
            .bind(ids[mail])
            .execute(&mut *tx)
            .await?;
    }
    seed_chat(&mut tx, &ids, team_id, channel_id).await?;
    seed_work(&mut tx, client_id, &ids).await?;
    tx.commit().await?;
    Ok(true)
}

const GROUP_LINES: &[&str] = &[
    "おはようございます。本日もよろしくお願いいたします。",
    "来月号の特集「秋の京都さんぽ」の構成案を共有します。ご確認ください。",
    "> 構成案を共有します\n拝見しました。三章の順番を入れ替えると読みやすくなりそうです。",
    "取材先のリストを更新しました。https://example.jp/demo/list",
    "写真素材は共有フォルダに入れておきました。",
    "締め切りは金曜 18:00 でお願いします。",
    "承知しました。初稿は木曜中にお送りします。",
    "見出し案をいくつか考えました。ご意見ください。",
    "校正で表記ゆれを三か所見つけたので直しておきます。",
    "お疲れさまです。今週の進捗を共有します。",
    "ありがとうございます、助かります！",
    "インタビューの文字起こしが終わりました。",
];

/// A living workspace: a group channel with a few hundred messages, a one-to-one channel, a
/// management channel, reactions and a pin.
async fn seed_chat(
    tx: &mut Transaction<'_, Postgres>,
    ids: &std::collections::HashMap<&str, i64>,
    team_id: i64,
    group_channel_id: i64,
) -> sqlx::Result<()> {
    let creator = ids["creator@demo.tsumugi.jp"];
    let editor = ids["editor@demo.tsumugi.jp"];
    let client = ids["client@demo.tsumugi.jp"];
    let manager = ids["manager@demo.tsumugi.jp"];
    // The last three speakers are not the creator, who has them unread.
    let speakers = [creator, editor, client, manager, editor, client];
    let total = 240;
    let mut last_id: i64 = 0;
    for n in 0..total {
        let author = speakers[n % speakers.len()];
        let body = GROUP_LINES[n % GROUP_LINES.len()];
        let minutes_ago = ((total - n) * 37) as i32;
        last_id = sqlx::query_scalar(
            "insert into messages (channel_id, user_id, body, created_at, updated_at)
             values ($1, $2, $3, now() - make_interval(mins => $4), now() - make_interval(mins => $4)) returning id",
        )
        .bind(group_channel_id)
        .bind(author)
        .bind(body)
        .bind(minutes_ago)
        .fetch_one(&mut **tx)
        .await?;
        if n % 9 == 0 {
            for (reaction_id, user) in [(1_i64, creator), (1, manager), (2, editor)] {
                if user != author {
                    sqlx::query(
                        "insert into message_reactions (message_id, reaction_id, user_id)
                         select $1, id, $3 from reactions where sort_order = $2 on conflict do nothing",
                    )
                    .bind(last_id)
                    .bind(reaction_id as i32)
                    .bind(user)
                    .execute(&mut **tx)
                    .await?;
                }
            }
        }
        if n == 1 {
            sqlx::query("insert into pinned_messages (channel_id, message_id, pinned_by) values ($1, $2, $3)")
                .bind(group_channel_id)
                .bind(last_id)
                .bind(editor)
                .execute(&mut **tx)
                .await?;
        }
    }
    // Everyone has read the group channel except the last three messages for the creator.
    sqlx::query("update channel_members set last_read_message_id = $2 where channel_id = $1")
        .bind(group_channel_id)
        .bind(last_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("update channel_members set last_read_message_id = $3 - 3 where channel_id = $1 and user_id = $2")
        .bind(group_channel_id)
        .bind(creator)
        .bind(last_id)
        .execute(&mut **tx)
        .await?;

    for (name, channel_type, members, lines) in [
        (
            "山田 花子・佐藤 健",
            "single",
            vec![creator, editor],
            vec![
                "初稿を送りました。お手すきの際にご確認ください。",
                "ありがとうございます。本日中に戻します。",
            ],
        ),
        (
            "デモ編集部 運営",
            "management",
            vec![editor, manager],
            vec![
                "今月のアサイン状況をまとめました。",
                "確認しました。来週の定例で話しましょう。",
            ],
        ),
    ] {
        let channel_id: i64 = sqlx::query_scalar(
            "insert into channels (team_id, name, channel_type) values ($1, $2, $3) returning id",
        )
        .bind(team_id)
        .bind(name)
        .bind(channel_type)
        .fetch_one(&mut **tx)
        .await?;
        for member in &members {
            sqlx::query("insert into channel_members (channel_id, user_id) values ($1, $2)")
                .bind(channel_id)
                .bind(member)
                .execute(&mut **tx)
                .await?;
        }
        let mut last = 0_i64;
        for (n, line) in lines.iter().enumerate() {
            last = sqlx::query_scalar(
                "insert into messages (channel_id, user_id, body) values ($1, $2, $3) returning id",
            )
            .bind(channel_id)
            .bind(members[n % members.len()])
            .bind(line)
            .fetch_one(&mut **tx)
            .await?;
        }
        sqlx::query("update channel_members set last_read_message_id = $2 where channel_id = $1")
            .bind(channel_id)
            .bind(last)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
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
        "insert into bank_accounts (user_id, bank_name, bank_code, branch_name, branch_code, account_type, account_number, account_holder_kana)
         values ($1, 'つむぎ銀行', '0999', '本店営業部', '001', 'ordinary', '1234567', 'デモ')",
    )
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The demo client's media 「デモマガジン」 with a project in every status and a work in each.
async fn seed_work(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    ids: &std::collections::HashMap<&str, i64>,
) -> sqlx::Result<()> {
    let client_user = ids["client@demo.tsumugi.jp"];
    let creator = ids["creator@demo.tsumugi.jp"];
    let editor = ids["editor@demo.tsumugi.jp"];
    let media_id: i64 = sqlx::query_scalar(
        "insert into media (client_id, name) values ($1, 'デモマガジン') returning id",
    )
    .bind(client_id)
    .fetch_one(&mut **tx)
    .await?;
    for (name, status) in [
        ("2027年春号 特集企画", "setting"),
        ("秋の京都さんぽ 取材記事", "applying"),
        ("冬の温泉ガイド", "doing"),
        ("新生活応援コラム", "under_acceptance"),
        ("夏フェス特集", "done"),
    ] {
        let project_id: i64 = sqlx::query_scalar(
            "insert into projects (media_id, name, description, status, created_by) values ($1, $2, $3, $4, $5) returning id",
        )
        .bind(media_id)
        .bind(name)
        .bind(format!("{name}の制作プロジェクトです。"))
        .bind(status)
        .bind(client_user)
        .fetch_one(&mut **tx)
        .await?;
        let work_id: i64 =
            sqlx::query_scalar("insert into works (project_id, name) values ($1, $2) returning id")
                .bind(project_id)
                .bind(format!("{name} 本編"))
                .fetch_one(&mut **tx)
                .await?;
        // Tasks follow the project: the creator writes, the editor directs or proofreads.
        let (task_status, assignee_state) = match status {
            "setting" | "applying" => ("applying", "offered"),
            "doing" => ("doing", "taken"),
            "under_acceptance" => ("under_acceptance", "taken"),
            _ => ("done", "taken"),
        };
        for (task_type, title, assignee, due_in_days) in [
            ("writing", format!("{name} 本文執筆"), creator, 7),
            ("work_direction", format!("{name} 進行管理"), editor, 3),
        ] {
            let task_id: i64 = sqlx::query_scalar(
                "insert into tasks (work_id, task_type, title, status, order_date, due_date, completed_date, reward_amount)
                 values ($1, $2, $3, $4, current_date - 7, current_date + $5,
                         case when $4 = 'done' then current_date - 1 end, 30000) returning id",
            )
            .bind(work_id)
            .bind(task_type)
            .bind(title)
            .bind(task_status)
            .bind(due_in_days)
            .fetch_one(&mut **tx)
            .await?;
            sqlx::query("insert into task_assignees (task_id, user_id, state) values ($1, $2, $3)")
                .bind(task_id)
                .bind(assignee)
                .bind(assignee_state)
                .execute(&mut **tx)
                .await?;
        }
    }
    // An operation-agency work billed by the unit prices of CRM order SF-0001.
    sqlx::query(
        "insert into works (project_id, name, is_operation_agency, crm_order_id)
         select id, '冬の温泉ガイド SNS運用', true, 'SF-0001' from projects where media_id = $1 and status = 'doing'",
    )
    .bind(media_id)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "insert into crm_unit_prices (crm_order_id, task_type, unit_price) values
           ('SF-0001', 'writing', 8000), ('SF-0001', 'image_selection', 1500), ('SF-0001', 'content_management_system', 1000),
           ('SF-0002', 'writing', 12000), ('SF-0002', 'proofreading_and_review', 5000)",
    )
    .execute(&mut **tx)
    .await?;
    sqlx::query("insert into offer_templates (name, body) values ('記事執筆のご依頼', 'このたびは記事執筆のご相談です。'), ('校正のご依頼', '校正作業のご相談です。')")
        .execute(&mut **tx)
        .await?;
    Ok(())
}
