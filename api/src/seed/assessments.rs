//! Demo assessments: the demo client's creators of last month waiting for a rating, one rated
//! the month before, and the reminder already closed this month by the demo client user (so the
//! dialog does not cover every page of a fresh demo; the assessment list and the header count
//! still show the unanswered ones).

use sqlx::{Postgres, Transaction};

use super::users::DemoIds;
use crate::assessments::job::{month_of, previous_month};
use crate::platform::clock::tokyo_today;

pub(super) async fn seed(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    ids: &DemoIds,
) -> sqlx::Result<()> {
    let today = tokyo_today();
    let last_month = previous_month(today);
    let month_before = previous_month(last_month);
    let client_user = ids["client@demo.tsumugi.jp"];
    let writer01: Option<i64> =
        sqlx::query_scalar("select id from users where mail_address = 'writer01@demo.tsumugi.jp'")
            .fetch_optional(&mut **tx)
            .await?;
    let mut unanswered = vec![
        ids["creator@demo.tsumugi.jp"],
        ids["editor@demo.tsumugi.jp"],
    ];
    unanswered.extend(writer01);
    for creator_id in unanswered {
        sqlx::query(
            "insert into assessments (client_id, creator_id, target_month) values ($1, $2, $3)",
        )
        .bind(client_id)
        .bind(creator_id)
        .bind(last_month)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query(
        "insert into assessments (client_id, creator_id, target_month, state, quality, deadline,
                                  communication, rehire, comment, answered_by, answered_at)
         values ($1, $2, $3, 'answered', 5, 4, 5, 5, '丁寧な取材と読みやすい原稿でした。次号もぜひお願いしたいです。', $4, now() - interval '20 days')",
    )
    .bind(client_id)
    .bind(ids["creator@demo.tsumugi.jp"])
    .bind(month_before)
    .bind(client_user)
    .execute(&mut **tx)
    .await?;
    sqlx::query("insert into assessment_remind_dismissals (user_id, month) values ($1, $2)")
        .bind(client_user)
        .bind(month_of(today))
        .execute(&mut **tx)
        .await?;
    Ok(())
}
