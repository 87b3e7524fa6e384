//! Demo clients and media: the demo company's details and plan, its two media with genres, tags
//! and managers, and a second company (with its own medium and account) to show isolation.

use sqlx::{Postgres, Transaction};

use super::users::DemoIds;

/// The second company's account: it must never see the demo company's records.
pub const OTHER_CLIENT_MAIL: &str = "client-b@demo.tsumugi.jp";

/// Tags naming what a medium is about (creators may carry them too).
const MEDIA_TAGS: [&str; 3] = ["グルメ取材", "旅行記事", "写真撮影可"];

pub(super) async fn seed(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    ids: &DemoIds,
    password_hash: &str,
) -> sqlx::Result<()> {
    let manager = ids["manager@demo.tsumugi.jp"];
    let client_user = ids["client@demo.tsumugi.jp"];
    // The prefecture is set only when the master data (prefectures) has been imported.
    sqlx::query(
        "update clients set company_name_kana = 'カブシキガイシャデモメディア', plan_id = 2,
                postal_code = '1000005', prefecture_id = (select id from prefectures where id = 13),
                address = '千代田区丸の内1-1-1 デモビル5階', phone_number = '0312345678',
                url = 'https://media.example.jp', is_public = true,
                note = '2024年からのお取引。月末締め。'
          where id = $1",
    )
    .bind(client_id)
    .execute(&mut **tx)
    .await?;

    let mut tag_ids = Vec::new();
    for name in MEDIA_TAGS {
        let id: i64 = sqlx::query_scalar("insert into search_tags (name) values ($1) returning id")
            .bind(name)
            .fetch_one(&mut **tx)
            .await?;
        tag_ids.push(id);
    }

    let magazine: i64 = sqlx::query_scalar(
        "update media set description = '街歩きとグルメを中心にしたWebマガジン。月20本の記事を公開しています。',
                url = 'https://media.example.jp/magazine', genre_group_id = 1,
                payment_schedule = 'last_day_of_month',
                customer_information = 'ご担当: 編集部 高橋様。入稿はGoogleドキュメントで。'
          where client_id = $1 and name = 'デモマガジン' returning id",
    )
    .bind(client_id)
    .fetch_one(&mut **tx)
    .await?;
    link(
        tx,
        magazine,
        &[1, 2, 3],
        &tag_ids[..2],
        &[manager, client_user],
    )
    .await?;
    sqlx::query(
        "insert into media_option_payments (media_id, title, amount, target_year, target_month, note, created_by)
         values ($1, '特集ページ追加制作', 50000, extract(year from now())::int, extract(month from now())::int,
                 '春の特集号のため', $2)",
    )
    .bind(magazine)
    .bind(manager)
    .execute(&mut **tx)
    .await?;

    let travel = insert_media(
        tx,
        client_id,
        "デモトラベル",
        "国内旅行の体験記とホテル紹介のメディア。",
        "weekly",
    )
    .await?;
    link(tx, travel, &[2], &tag_ids[1..], &[manager]).await?;

    let other_client: i64 = sqlx::query_scalar(
        "insert into clients (company_name, company_name_kana, plan_id, postal_code, prefecture_id,
                              address, phone_number, url, is_public)
         values ('株式会社サンプル出版', 'カブシキガイシャサンプルシュッパン', 1, '5300001',
                 (select id from prefectures where id = 27), '大阪市北区梅田1-1-1', '0661234567',
                 'https://sample-pub.example.jp', false)
         returning id",
    )
    .fetch_one(&mut **tx)
    .await?;
    let sample = insert_media(
        tx,
        other_client,
        "サンプルウェブ",
        "サンプル出版のWebマガジン。",
        "last_day_of_month",
    )
    .await?;
    link(tx, sample, &[6], &[], &[]).await?;
    sqlx::query(
        "insert into users (mail_address, password_hash, user_name, last_name, first_name,
                            last_name_kana, first_name_kana, role, client_id)
         values ($1, $2, '小林 明', '小林', '明', 'コバヤシ', 'アキラ', 'client', $3)",
    )
    .bind(OTHER_CLIENT_MAIL)
    .bind(password_hash)
    .bind(other_client)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn insert_media(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    name: &str,
    description: &str,
    payment_schedule: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "insert into media (client_id, name, description, genre_group_id, payment_schedule)
         values ($1, $2, $3, 1, $4) returning id",
    )
    .bind(client_id)
    .bind(name)
    .bind(description)
    .bind(payment_schedule)
    .fetch_one(&mut **tx)
    .await
}

async fn link(
    tx: &mut Transaction<'_, Postgres>,
    media_id: i64,
    genre_ids: &[i64],
    tag_ids: &[i64],
    manager_ids: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("insert into media_genres (media_id, genre_id) select $1, unnest($2::bigint[])")
        .bind(media_id)
        .bind(genre_ids)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "insert into media_search_tags (media_id, search_tag_id) select $1, unnest($2::bigint[])",
    )
    .bind(media_id)
    .bind(tag_ids)
    .execute(&mut **tx)
    .await?;
    sqlx::query("insert into media_managers (media_id, user_id) select $1, unnest($2::bigint[])")
        .bind(media_id)
        .bind(manager_ids)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
