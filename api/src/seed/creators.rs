//! Forty demo creators for the creator search: varied genres and skills, languages,
//! prefectures (and overseas), every age band, every work status and some search tags.
//! Deterministic: everything follows from the creator's index; birthdays are counted back
//! from the seeding day so every age band stays filled.

use sqlx::{Postgres, Transaction};

pub(super) const COUNT: usize = 40;

const FAMILY: [(&str, &str); 20] = [
    ("青木", "アオキ"),
    ("石川", "イシカワ"),
    ("上田", "ウエダ"),
    ("遠藤", "エンドウ"),
    ("大野", "オオノ"),
    ("加藤", "カトウ"),
    ("木村", "キムラ"),
    ("工藤", "クドウ"),
    ("小林", "コバヤシ"),
    ("斉藤", "サイトウ"),
    ("清水", "シミズ"),
    ("杉山", "スギヤマ"),
    ("関口", "セキグチ"),
    ("高田", "タカダ"),
    ("千葉", "チバ"),
    ("辻", "ツジ"),
    ("中島", "ナカジマ"),
    ("西村", "ニシムラ"),
    ("野口", "ノグチ"),
    ("橋本", "ハシモト"),
];

const GIVEN: [(&str, &str); 8] = [
    ("葵", "アオイ"),
    ("蓮", "レン"),
    ("結衣", "ユイ"),
    ("大翔", "ヒロト"),
    ("陽菜", "ヒナ"),
    ("悠真", "ユウマ"),
    ("美月", "ミツキ"),
    ("湊", "ミナト"),
];

/// Ages spread over every band of spec section 9 (two or more per band).
const AGES: [u32; 20] = [
    18, 22, 27, 31, 36, 42, 47, 52, 57, 63, 19, 24, 26, 33, 38, 44, 49, 54, 59, 68,
];

const WORK_STATUSES: [&str; 5] = [
    "accepting",
    "conditionally_accepting",
    "accepting",
    "not_accepting",
    "not_set",
];

/// Tokyo, Osaka, Kanagawa, Fukuoka, Hokkaido, Aichi, Kyoto, Okinawa, overseas (99).
const PREFECTURES: [i16; 9] = [13, 27, 14, 40, 1, 23, 26, 47, 99];

/// (genre group, genre ids, detail) — each creator gets one or two of these.
const SKILLS: [(i64, &[i64], &str); 12] = [
    (
        1,
        &[1, 101, 102],
        "グルメ記事の取材・執筆。ラーメンとカフェの食べ歩きレポートが得意です。",
    ),
    (
        1,
        &[2, 111, 112],
        "国内外の旅行記事。ホテル・旅館のレビューも書きます。",
    ),
    (
        1,
        &[3, 131, 132],
        "美容・コスメの商品レビューとハウツー記事。",
    ),
    (
        1,
        &[6, 161, 163],
        "投資・節税などマネー記事。FP 資格を活かした解説が得意。",
    ),
    (
        1,
        &[8, 181, 183],
        "IT・テクノロジー解説。プログラミング入門や AI の記事。",
    ),
    (
        1,
        &[10, 201, 203],
        "映画・アニメのレビュー、インタビュー記事。",
    ),
    (
        2,
        &[21, 23],
        "取材・インタビューから編集・ディレクションまで一貫して担当。",
    ),
    (2, &[24, 25], "校正・校閲と SEO を意識したリライト。"),
    (2, &[27], "英日・日英翻訳。ローカライズ経験あり。"),
    (3, &[41, 42], "イラスト制作とバナー・広告デザイン。"),
    (3, &[44, 45], "Web デザインと DTP・紙面レイアウト。"),
    (
        4,
        &[61, 62, 63],
        "動画撮影・編集、字幕やテロップ入れまで対応。",
    ),
];

/// Search tags staff manage; the demo creators carry some of them.
pub(super) const TAGS: [&str; 6] = [
    "SEO に強い",
    "取材経験豊富",
    "医療監修可",
    "英語対応",
    "納期厳守",
    "新人",
];

const TIME_SLOTS: [&str; 4] = [
    "平日 10:00〜18:00",
    "平日夜・土日",
    "土日のみ",
    "いつでも可",
];

const PUBLISHABILITY: [&str; 4] = [
    "publishable",
    "conditionally_publishable",
    "unpublishable",
    "not_set",
];

/// Inserts the search tags and the demo creators (all with `password_hash`).
pub(super) async fn seed(
    tx: &mut Transaction<'_, Postgres>,
    password_hash: &str,
) -> sqlx::Result<()> {
    let mut tag_ids = Vec::new();
    for name in TAGS {
        let id: i64 = sqlx::query_scalar("insert into search_tags (name) values ($1) returning id")
            .bind(name)
            .fetch_one(&mut **tx)
            .await?;
        tag_ids.push(id);
    }
    let today = crate::platform::clock::tokyo_today();

    for i in 0..COUNT {
        let (family, family_kana) = FAMILY[i % FAMILY.len()];
        let (given, given_kana) = GIVEN[(i * 3) % GIVEN.len()];
        let first = SKILLS[i % SKILLS.len()];
        let second = SKILLS[(i * 5 + 3) % SKILLS.len()];
        let age = AGES[i % AGES.len()];
        // Up to ~300 days before the birthday anniversary: the age (and band) stays `age`.
        let birthday = today
            .checked_sub_months(chrono::Months::new(age * 12))
            .and_then(|d| d.checked_sub_days(chrono::Days::new((i as u64 * 37) % 300)))
            .unwrap_or(today);
        let work_status = WORK_STATUSES[i % WORK_STATUSES.len()];
        let prefecture = PREFECTURES[(i * 7) % PREFECTURES.len()];
        // Every 13th creator is leaving the service: staff still find them, clients do not.
        let account_status = if i % 13 == 12 { "banned" } else { "active" };
        let role = if i % 6 == 5 {
            "editor_assistant"
        } else {
            "general"
        };
        let profile = format!(
            "{family} {given}です。{} 経験{}年。{}",
            first.2,
            1 + i % 12,
            if prefecture == 99 {
                "海外在住のため、時差を活かした対応ができます。"
            } else {
                ""
            }
        );
        let id: i64 = sqlx::query_scalar(
            "insert into users (mail_address, password_hash, user_name, last_name, first_name, last_name_kana, first_name_kana,
                                role, account_status, work_status, birthday, sex, prefecture_id, profile_text, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
                     (select id from prefectures where id = $13), $14, now() - make_interval(hours => $15))
             returning id",
        )
        .bind(format!("writer{:02}@demo.tsumugi.jp", i + 1))
        .bind(password_hash)
        .bind(format!("{family} {given}"))
        .bind(family)
        .bind(given)
        .bind(family_kana)
        .bind(given_kana)
        .bind(role)
        .bind(account_status)
        .bind(work_status)
        .bind(birthday)
        .bind(["female", "male", "other"][i % 3])
        .bind(prefecture)
        .bind(profile)
        .bind(i as i32 + 1)
        .fetch_one(&mut **tx)
        .await?;

        insert_skill(tx, id, first).await?;
        if second.0 != first.0 {
            insert_skill(tx, id, second).await?;
        }
        if i % 3 == 0 {
            sqlx::query(
                "insert into user_languages (user_id, language_id, level) values ($1, $2, $3)",
            )
            .bind(id)
            .bind([1, 2, 3, 1, 4, 99999][(i / 3) % 6])
            .bind(1 + (i % 5) as i16)
            .execute(&mut **tx)
            .await?;
        }
        sqlx::query(
            "insert into user_attributes (user_id, attributes)
             values ($1, jsonb_build_object('available_time_slot', $2::text, 'can_open_image_type', $3::text,
                                            'married_type', 'unanswered', 'annual_income_id', $4::int,
                                            'socials', jsonb_build_array(jsonb_build_object('id', 5, 'url', $5::text))))",
        )
        .bind(id)
        .bind(TIME_SLOTS[i % TIME_SLOTS.len()])
        .bind(["face_photo", "illustration", "profile_photo", "unanswered"][i % 4])
        .bind(1 + (i % 9) as i32)
        .bind(format!("https://blog.example.jp/writer{:02}", i + 1))
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "insert into portfolios (user_id, portfolio, publishability) values ($1, $2, $3)",
        )
        .bind(id)
        .bind(format!("https://portfolio.example.jp/writer{:02}", i + 1))
        .bind(PUBLISHABILITY[i % PUBLISHABILITY.len()])
        .execute(&mut **tx)
        .await?;
        let (work_type, work_name) = [
            ("writing", "執筆"),
            ("proofreading_and_review", "校正・校閲"),
            ("coverage_and_shooting", "取材・撮影"),
            ("illustration_and_design", "イラスト・デザイン"),
        ][i % 4];
        sqlx::query("insert into possible_works (user_id, work_type, work_name, achievement) values ($1, $2, $3, $4)")
            .bind(id)
            .bind(work_type)
            .bind(work_name)
            .bind(format!("月 {} 本程度の実績", 2 + i % 10))
            .execute(&mut **tx)
            .await?;
        // Tags: one or two for about half of the creators; every 7th carries 医療監修可 as
        // exclude type (not to be offered medical work).
        if i % 2 == 0 {
            sqlx::query("insert into user_search_tags (user_id, search_tag_id) values ($1, $2)")
                .bind(id)
                .bind(tag_ids[(i / 2) % TAGS.len()])
                .execute(&mut **tx)
                .await?;
        }
        if i % 7 == 3 {
            sqlx::query(
                "insert into user_search_tags (user_id, search_tag_id, is_exclude_type) values ($1, $2, true)
                 on conflict do nothing",
            )
            .bind(id)
            .bind(tag_ids[2])
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

async fn insert_skill(
    tx: &mut Transaction<'_, Postgres>,
    user_id: i64,
    (group, genres, detail): (i64, &[i64], &str),
) -> sqlx::Result<()> {
    sqlx::query(
        "insert into user_skills (user_id, genre_group_id, genre_ids, detail) values ($1, $2, $3, $4)
         on conflict (user_id, genre_group_id) do nothing",
    )
    .bind(user_id)
    .bind(group)
    .bind(genres)
    .bind(detail)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
