//! Demo information posts, already published and already seen by every demo member, so
//! /information has something to list and the latest-notices dialog waits for a new post.

use sqlx::{Postgres, Transaction};

use super::users::DemoIds;

/// Title, body or URL, audience (empty: everyone), days ago.
type DemoPost = (
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    &'static [&'static str],
    i32,
);

const POSTS: &[DemoPost] = &[
    (
        "年末年始の営業とサポート窓口について",
        Some(
            "12月29日から1月3日まで、サポート窓口はお休みをいただきます。期間中のお問い合わせには1月5日より順次お返事します。\nお支払いは通常どおり月末に行います。",
        ),
        None,
        &[],
        2,
    ),
    (
        "クリエイター向け：納品ファイルの外部URL登録ができるようになりました",
        Some(
            "タスクの納品で、ファイルのアップロードに加えて Google ドキュメントなどの外部URLを登録できるようになりました。タスク詳細の「外部URLで納品」からご利用ください。",
        ),
        None,
        &["general", "editor_assistant"],
        9,
    ),
    (
        "ご発注ガイドを更新しました",
        None,
        Some("https://tsumugi.jp/guide/ordering"),
        &["client"],
        16,
    ),
    (
        "定期メンテナンス実施のお知らせ（完了）",
        Some(
            "11月2日（日）2:00〜4:00に定期メンテナンスを実施しました。ご協力ありがとうございました。",
        ),
        None,
        &[],
        30,
    ),
];

pub async fn seed(tx: &mut Transaction<'_, Postgres>, ids: &DemoIds) -> anyhow::Result<()> {
    let admin = ids["admin@demo.tsumugi.jp"];
    for (title, body, url, audience, days_ago) in POSTS {
        let audience: Vec<&str> = audience.to_vec();
        sqlx::query(
            "insert into information_posts (title, body, url, audience_roles, scheduled_start_date, published_at, created_by, created_at)
             values ($1, $2, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $5), $6,
                     now() - make_interval(days => $5 + 1))",
        )
        .bind(title)
        .bind(body)
        .bind(url)
        .bind(&audience)
        .bind(days_ago)
        .bind(admin)
        .execute(&mut **tx)
        .await?;
    }
    // Seen by everyone seeded so far: the dialog shows only what is published from now on.
    sqlx::query("update users set information_seen_at = now()")
        .execute(&mut **tx)
        .await?;
    Ok(())
}
