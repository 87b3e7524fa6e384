//! Demo usage of the demo company: done tasks of 「デモマガジン」 by the demo writers over the last
//! three months and the same months of last year, option payments of 「デモトラベル」, and their
//! bills — last year's and two months ago paid (入金済), last month's デモマガジン billed
//! (請求済), the rest unbilled. Months are counted back from today so the pages always show
//! this year and last year. The writers (not the demo creator) did the work, so the demo
//! creator's reward months stay as the work seed made them.

use chrono::{Datelike, Days, Months, NaiveDate};
use sqlx::{Postgres, Transaction};

use crate::clients::payments::model::{MediaPaymentValues, PaymentStatus};
use crate::clients::payments::{db, usage};
use crate::money::rewards::db::current_rates;
use crate::platform::clock::tokyo_today;

/// How many months back, and which tasks (title, type, amount, day of the month, writer 1–4).
type MonthTasks = (
    u32,
    &'static [(&'static str, &'static str, i64, u32, usize)],
);

const TASKS: &[MonthTasks] = &[
    (
        1,
        &[
            ("出演者インタビュー記事", "writing", 42_500, 6, 1),
            ("会場レポート", "writing", 35_000, 14, 2),
            ("写真選定", "image_selection", 12_345, 20, 3),
        ],
    ),
    (
        2,
        &[
            ("フードエリア紹介", "writing", 28_000, 9, 1),
            ("タイムテーブル解説", "writing", 31_000, 22, 4),
        ],
    ),
    (3, &[("アクセスガイド", "writing", 24_000, 12, 2)]),
    (
        12,
        &[
            ("出演者インタビュー記事（前年）", "writing", 40_000, 8, 1),
            ("会場レポート（前年）", "writing", 33_000, 16, 3),
        ],
    ),
    (
        13,
        &[("フードエリア紹介（前年）", "writing", 27_500, 10, 4)],
    ),
    (
        14,
        &[
            ("アーティスト紹介コラム", "writing", 18_800, 5, 2),
            ("写真選定（前年）", "image_selection", 9_999, 25, 3),
        ],
    ),
];

/// 「デモトラベル」's option payments: months back, title, amount.
const OPTIONS: &[(u32, &str, i64)] = &[
    (0, "ホテル撮影費", 25_000),
    (1, "取材交通費（京都）", 40_000),
    (2, "特集バナー制作", 15_000),
    (12, "取材交通費（北海道）", 60_000),
    (14, "特集バナー制作", 15_000),
];

/// The first day of the month `n` months before today's.
fn months_back(today: NaiveDate, n: u32) -> NaiveDate {
    let this_month = today.with_day(1).expect("every month has a first day");
    this_month - Months::new(n)
}

pub(super) async fn seed(tx: &mut Transaction<'_, Postgres>, client_id: i64) -> anyhow::Result<()> {
    let today = tokyo_today();
    let (work_id, magazine, inspector): (i64, i64, i64) = sqlx::query_as(
        "select w.id, m.id, (select id from users where mail_address = 'client@demo.tsumugi.jp')
           from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id
          where m.client_id = $1 and p.name = '夏フェス特集' order by w.id limit 1",
    )
    .bind(client_id)
    .fetch_one(&mut **tx)
    .await?;
    let travel: i64 =
        sqlx::query_scalar("select id from media where client_id = $1 and name = 'デモトラベル'")
            .bind(client_id)
            .fetch_one(&mut **tx)
            .await?;
    let mut writers = Vec::new();
    for n in 1..=4 {
        let id: i64 = sqlx::query_scalar("select id from users where mail_address = $1")
            .bind(format!("writer{n:02}@demo.tsumugi.jp"))
            .fetch_one(&mut **tx)
            .await?;
        writers.push(id);
    }

    for &(back, tasks) in TASKS {
        let month = months_back(today, back);
        for &(title, task_type, amount, day, writer) in tasks {
            // This month's work is done by yesterday at the latest.
            let completed = month.with_day(day).filter(|d| *d < today).unwrap_or(month);
            let task_id: i64 = sqlx::query_scalar(
                "insert into tasks (work_id, task_type, title, status, order_date, due_date, completed_date, reward_amount)
                 values ($1, $2, $3, 'done', $4::date - 10, $4, $4, $5) returning id",
            )
            .bind(work_id)
            .bind(task_type)
            .bind(format!("夏フェス特集 {title}"))
            .bind(completed)
            .bind(amount)
            .fetch_one(&mut **tx)
            .await?;
            // As the real flow leaves a done task: taken, delivered, accepted.
            sqlx::query(
                "insert into task_assignees (task_id, user_id, state) values ($1, $2, 'taken')",
            )
            .bind(task_id)
            .bind(writers[writer - 1])
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "insert into deliveries (task_id, user_id, delivery_type, url, created_at)
                 values ($1, $2, 'external', $3, $4::date - 1)",
            )
            .bind(task_id)
            .bind(writers[writer - 1])
            .bind(format!("https://docs.example.jp/demo/tasks/{task_id}"))
            .bind(completed)
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "insert into inspections (task_id, result, inspected_by, created_at)
                 values ($1, 'accepted', $2, $3::date)",
            )
            .bind(task_id)
            .bind(inspector)
            .bind(completed)
            .execute(&mut **tx)
            .await?;
        }
    }

    let accountant: i64 = sqlx::query_scalar(
        "select id from users where mail_address = 'accountant@demo.tsumugi.jp'",
    )
    .fetch_one(&mut **tx)
    .await?;
    for &(back, title, amount) in OPTIONS {
        let month = months_back(today, back);
        sqlx::query(
            "insert into media_option_payments (media_id, title, amount, target_year, target_month, created_by)
             values ($1, $2, $3, extract(year from $4::date)::int, extract(month from $4::date)::int, $5)",
        )
        .bind(travel)
        .bind(title)
        .bind(amount)
        .bind(month)
        .bind(accountant)
        .execute(&mut **tx)
        .await?;
    }

    // The bills: what the accountant has recorded so far.
    let rate = current_rates(&mut **tx).await?.consumption_tax;
    let bills: [(i64, u32, PaymentStatus, &str); 8] = [
        (
            magazine,
            1,
            PaymentStatus::Billed,
            "月末締め・翌月末お支払いでお願いいたします。",
        ),
        (magazine, 2, PaymentStatus::Paid, "お振込みを確認しました。"),
        (travel, 2, PaymentStatus::Paid, ""),
        (magazine, 12, PaymentStatus::Paid, ""),
        (travel, 12, PaymentStatus::Paid, ""),
        (magazine, 13, PaymentStatus::Paid, ""),
        (magazine, 14, PaymentStatus::Paid, ""),
        (travel, 14, PaymentStatus::Paid, ""),
    ];
    for (media_id, back, status, note) in bills {
        let month = months_back(today, back);
        let next_month = month + Months::new(1);
        let bill = usage::bill_of(&mut *tx, client_id, media_id, month, rate).await?;
        let values = MediaPaymentValues {
            month,
            status,
            billed_amount: Some(bill.total_amount),
            invoiced_on: Some(next_month),
            paid_on: (status == PaymentStatus::Paid)
                .then(|| next_month + Months::new(1) - Days::new(1)),
            note: note.into(),
        };
        db::save_payment(
            &mut *tx,
            media_id,
            &values,
            values.billed_amount,
            accountant,
        )
        .await?;
    }
    Ok(())
}
