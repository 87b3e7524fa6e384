//! Demo rewards: a year of finished, delivered work for the demo creator and editor (one month above
//! ¥1,000,000, so the higher withholding rate shows), every month before last confirmed, and
//! last month left open for staff to confirm.

use chrono::{Datelike, Months, NaiveDate};
use sqlx::{Postgres, Transaction};

use super::users::DemoIds;
use crate::money::confirmations::confirm_month_in;
use crate::platform::clock;

/// `(months ago, day, title, amount)` per creator; an empty month shows as zero on the page.
const CREATOR_WORK: &[(u32, u32, &str, i64)] = &[
    (1, 8, "連載コラム 第12回", 45_000),
    (1, 22, "特集インタビュー 構成・執筆", 120_000),
    (2, 10, "連載コラム 第11回", 45_000),
    (2, 25, "巻頭特集 取材・執筆一式", 1_150_000),
    (3, 12, "連載コラム 第10回", 45_000),
    (4, 9, "連載コラム 第9回", 45_000),
    (4, 18, "商品レビュー記事 3本", 90_000),
    (5, 14, "連載コラム 第8回", 45_000),
    (6, 11, "連載コラム 第7回", 45_000),
    (6, 27, "旅行ガイド 京都編", 180_000),
    (8, 7, "連載コラム 第6回", 45_000),
    (9, 16, "連載コラム 第5回", 45_000),
    (10, 5, "連載コラム 第4回", 45_000),
    (11, 20, "連載コラム 第3回", 45_000),
    (12, 3, "連載コラム 第2回", 45_000),
    (13, 15, "連載コラム 第1回", 45_000),
];
const EDITOR_WORK: &[(u32, u32, &str, i64)] = &[
    (1, 15, "連載コラム 進行管理（12月号）", 30_000),
    (2, 15, "巻頭特集 校正", 60_000),
    (3, 15, "連載コラム 進行管理（10月号）", 30_000),
];

/// The finished work (before the media bills are seeded, so the bills include it).
pub(super) async fn seed_history(
    tx: &mut Transaction<'_, Postgres>,
    ids: &DemoIds,
) -> anyhow::Result<()> {
    let this_month = clock::tokyo_today().with_day(1).expect("day 1");
    let work_id: i64 = sqlx::query_scalar(
        "with p as (insert into projects (media_id, name, description, status)
                    select id, '連載コラム「暮らしのたね」', '昨年から続いた毎月の連載と特集記事です。', 'done'
                      from media where name = 'デモマガジン' returning id)
         insert into works (project_id, name) select id, '連載コラム 本編' from p returning id",
    )
    .fetch_one(&mut **tx)
    .await?;
    for (mail, work) in [
        ("creator@demo.tsumugi.jp", CREATOR_WORK),
        ("editor@demo.tsumugi.jp", EDITOR_WORK),
    ] {
        for &(months_ago, day, title, amount) in work {
            let completed =
                this_month - Months::new(months_ago) + chrono::Days::new(u64::from(day) - 1);
            sqlx::query(
                "with t as (insert into tasks (work_id, task_type, title, status, order_date, due_date, completed_date, reward_amount)
                            values ($1, 'writing', $2, 'done', $3::date - 14, $3::date, $3::date, $4) returning id),
                      a as (insert into task_assignees (task_id, user_id, state) select id, $5, 'taken' from t)
                 insert into deliveries (task_id, user_id, delivery_type, url, created_at)
                 select id, $5, 'external', 'https://docs.example.jp/demo/columns/' || id, $3::date - 2 from t",
            )
            .bind(work_id)
            .bind(title)
            .bind(completed)
            .bind(amount)
            .bind(ids[mail])
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// Confirms every month before last (after everything else is seeded: it freezes their tasks).
pub(super) async fn confirm_past_months(
    tx: &mut Transaction<'_, Postgres>,
    ids: &DemoIds,
) -> anyhow::Result<()> {
    let this_month = clock::tokyo_today().with_day(1).expect("day 1");
    let accountant = ids["accountant@demo.tsumugi.jp"];
    for months_ago in (2..=13).rev() {
        let month: NaiveDate = this_month - Months::new(months_ago);
        confirm_month_in(&mut *tx, month, accountant)
            .await
            .map_err(|error| anyhow::anyhow!("confirming the demo month {month}: {error}"))?;
    }
    Ok(())
}
