//! Every date the product derives from "today" is Tokyo's, from the one clock
//! (`api::platform::clock`): at 00:30 on 29 November in Tokyo it is still the 28th in UTC, and
//! a task taken then is ordered on the 29th. The last test keeps the UTC shortcuts
//! (`current_date` and the like) out of the server's source.

use crate::purchase_orders::{detail as purchase_order, summary_of, take};
use crate::support;
use crate::support::db;

use api::platform::clock;
use chrono::{DateTime, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{TestApp, task_titled, task_with_status};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const KYOTO: &str = "秋の京都さんぽ 取材記事 本文執筆";

/// 2026-11-29 00:30 in Tokyo, still the 28th in UTC.
const HALF_PAST_MIDNIGHT_IN_TOKYO: &str = "2026-11-28T15:30:00Z";

/// Fixes this test's clock (and so its server's: both run on this thread).
fn set_clock(at: &str) {
    clock::set_for_this_thread(Some(at.parse::<DateTime<Utc>>().unwrap()));
}

#[tokio::test]
async fn a_task_taken_at_half_past_midnight_in_tokyo_is_ordered_that_day() {
    let (pool, _db) = db::migrated().await;
    set_clock(HALF_PAST_MIDNIGHT_IN_TOKYO);
    let app = TestApp::spawn(pool.clone()).await;
    let creator = app.login(CREATOR).await;
    let task = task_titled(&pool, KYOTO).await;
    // Offered without an order date: taking it orders it today.
    sqlx::query("update tasks set order_date = null where id = $1")
        .bind(task)
        .execute(&pool)
        .await
        .unwrap();
    take(&app, &creator, task).await;

    let (status, detail) = app.get(&format!("/api/tasks/{task}"), Some(&creator)).await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    assert_eq!(
        detail["order_date"], "2026-11-29",
        "発注日 on the task page"
    );
    let summary = summary_of(&app, &creator, task).await;
    assert_eq!(summary["order_date"], "2026-11-29", "発注日 in the list");
    let order = purchase_order(&app, &creator, &summary["id"]).await;
    assert_eq!(
        order["order_date"], "2026-11-29",
        "発注日 in the purchase order"
    );
}

#[tokio::test]
async fn a_month_ends_and_a_completed_date_may_be_today_by_tokyo_s_calendar() {
    let (pool, _db) = db::migrated().await;
    set_clock(HALF_PAST_MIDNIGHT_IN_TOKYO);
    let app = TestApp::spawn(pool.clone()).await;
    let admin = app.login("admin@demo.tsumugi.jp").await;
    let confirm = |year: i32, month: u32| {
        let (app, admin) = (&app, admin.clone());
        async move {
            app.post(
                "/api/reward_confirmations",
                Some(&admin),
                json!({ "year": year, "month": month }),
            )
            .await
        }
    };

    // Completed dates stop at today in Tokyo: the 29th is today, the 30th is not yet.
    let done = task_with_status(&pool, "done").await;
    let set_completed = |day: &'static str| {
        let (app, admin) = (&app, admin.clone());
        async move {
            app.put(
                "/api/admin/tasks/completed_date",
                Some(&admin),
                json!({ "task_ids": [done], "completed_date": day }),
            )
            .await
        }
    };
    let (status, body) = set_completed("2026-11-29").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = set_completed("2026-11-30").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"]["rules"]["completed_date"],
        json!(["before_or_equal:today"])
    );

    // November has not ended in Tokyo at 23:59 on the 30th; it has at 00:30 on 1 December.
    set_clock("2026-11-30T14:59:00Z");
    let (status, body): (StatusCode, Value) = confirm(2026, 11).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    set_clock("2026-11-30T15:30:00Z");
    let (status, body) = confirm(2026, 11).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

/// The UTC (or server-zone) shortcuts to "today" that `platform::clock` replaces.
const FORBIDDEN: &[&str] = &[
    "current_date",
    "now()::date",
    "now() at time zone",
    "localtimestamp",
    "date_trunc('day', now()",
    "date_trunc('month', now()",
    "Utc::now().date_naive",
    "Utc::now().with_timezone",
    "Utc::now().naive",
    "Local::now",
    "Local::today",
    "FixedOffset::east_opt(9",
    "Duration::hours(9)",
];

fn rust_files(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn no_date_is_derived_outside_the_clock() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let clock = src.join("platform").join("clock.rs");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(
        files.len() > 50,
        "the source tree was read: {}",
        files.len()
    );
    let mut offences = Vec::new();
    for file in files.iter().filter(|f| **f != clock) {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            // Whitespace-insensitive, so `now( )::date` or a wrapped call is caught too.
            let squeezed: String = line
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_lowercase();
            for pattern in FORBIDDEN {
                let pattern: String = pattern
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
                    .to_lowercase();
                if squeezed.contains(&pattern) {
                    offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                    break;
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "derive dates through api::platform::clock (tokyo_today, bound into SQL):\n{}",
        offences.join("\n")
    );
}
