//! Creator pages and search: every search filter and paging, what clients may and may not see
//! of a creator, memo privacy between client companies, NG combinations and search tags.

use crate::support;
use crate::support::db;

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, demo_client_id, user_id};

const CLIENT: &str = "client@demo.tsumugi.jp";
const MANAGER: &str = "manager@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";
const CREATOR: &str = "creator@demo.tsumugi.jp";
const EDITOR: &str = "editor@demo.tsumugi.jp";
const OTHER_CLIENT: &str = "other-client@example.jp";
/// A word only the test creators have in their profile text; the filters are tried within it.
const MARK: &str = "ミツバチ計画";

async fn app(pool: PgPool) -> TestApp {
    TestApp::spawn_with_master_data(pool).await
}

struct Spec {
    name: &'static str,
    group: i64,
    genres: &'static [i64],
    detail: &'static str,
    work_status: &'static str,
    age: i32,
    prefecture: Option<i16>,
    language: Option<i32>,
    account_status: &'static str,
    created_hours_ago: i32,
    profile: String,
}

fn spec(name: &'static str) -> Spec {
    Spec {
        name,
        group: 1,
        genres: &[1],
        detail: "",
        work_status: "accepting",
        age: 30,
        prefecture: Some(13),
        language: None,
        account_status: "active",
        created_hours_ago: 0,
        profile: format!("{MARK}のテスト用プロフィール"),
    }
}

/// Inserts a creator (birthday `age` years and ten days before today in Japan).
async fn insert_creator(pool: &PgPool, s: &Spec) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "insert into users (mail_address, password_hash, user_name, last_name, first_name, role, work_status,
                            account_status, birthday, prefecture_id, profile_text, phone_number, postal_code,
                            city_address, last_name_kana, created_at)
         values ($1, (select password_hash from users where mail_address = 'creator@demo.tsumugi.jp'), $2,
                 'テスト', $2, 'general', $3, $4,
                 ((now() at time zone 'Asia/Tokyo')::date - make_interval(years => $5) - interval '10 days')::date,
                 $6, $7, '09011112222', '1000005', '千代田区丸の内', 'テスト',
                 now() - make_interval(hours => $8))
         returning id",
    )
    .bind(format!("{}@test.example.jp", uuid_like(s.name)))
    .bind(s.name)
    .bind(s.work_status)
    .bind(s.account_status)
    .bind(s.age)
    .bind(s.prefecture)
    .bind(&s.profile)
    .bind(s.created_hours_ago)
    .fetch_one(pool)
    .await
    .unwrap();
    sqlx::query("insert into user_skills (user_id, genre_group_id, genre_ids, detail) values ($1, $2, $3, $4)")
        .bind(id)
        .bind(s.group)
        .bind(s.genres)
        .bind(s.detail)
        .execute(pool)
        .await
        .unwrap();
    if let Some(language) = s.language {
        sqlx::query("insert into user_languages (user_id, language_id, level) values ($1, $2, 3)")
            .bind(id)
            .bind(language)
            .execute(pool)
            .await
            .unwrap();
    }
    id
}

fn uuid_like(name: &str) -> String {
    name.bytes().map(|b| format!("{b:02x}")).collect()
}

async fn tag(pool: &PgPool, name: &str) -> i64 {
    sqlx::query_scalar("insert into search_tags (name) values ($1) on conflict (name) do update set name = excluded.name returning id")
        .bind(name)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn put_tag(pool: &PgPool, user: i64, tag: i64, exclude: bool) {
    sqlx::query("insert into user_search_tags (user_id, search_tag_id, is_exclude_type) values ($1, $2, $3)")
        .bind(user)
        .bind(tag)
        .bind(exclude)
        .execute(pool)
        .await
        .unwrap();
}

fn names(result: &Value) -> BTreeSet<String> {
    result["users"]
        .as_array()
        .unwrap_or_else(|| panic!("users in {result}"))
        .iter()
        .map(|u| u["user_name"].as_str().unwrap().to_string())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// The four test creators: 甲 (グルメ → ラーメン, accepting, early twenties, Tokyo, English,
/// tag SEO), 乙 (illustration, conditionally accepting, late thirties, overseas, Chinese, SEO as
/// exclude type), 丙 (travel, not accepting, over sixty, Osaka, tag 新人) and 丁 (interview,
/// accepting, teens, no prefecture, leaving the service).
async fn four_creators(pool: &PgPool) -> (i64, i64, i64, i64, i64, i64) {
    let a = insert_creator(
        pool,
        &Spec {
            genres: &[101],
            detail: "ラーメン二郎の食レポが得意",
            age: 22,
            language: Some(1),
            created_hours_ago: 4,
            ..spec("テスト甲")
        },
    )
    .await;
    let b = insert_creator(
        pool,
        &Spec {
            group: 3,
            genres: &[41],
            work_status: "conditionally_accepting",
            age: 37,
            prefecture: Some(99),
            language: Some(3),
            created_hours_ago: 3,
            ..spec("テスト乙")
        },
    )
    .await;
    let c = insert_creator(
        pool,
        &Spec {
            genres: &[2],
            work_status: "not_accepting",
            age: 61,
            prefecture: Some(27),
            created_hours_ago: 2,
            ..spec("テスト丙")
        },
    )
    .await;
    let d = insert_creator(
        pool,
        &Spec {
            group: 2,
            genres: &[21],
            age: 19,
            prefecture: None,
            account_status: "banned",
            created_hours_ago: 1,
            ..spec("テスト丁")
        },
    )
    .await;
    let seo = tag(pool, "テストSEO").await;
    let fresh = tag(pool, "テスト新人").await;
    put_tag(pool, a, seo, false).await;
    put_tag(pool, b, seo, true).await;
    put_tag(pool, c, fresh, false).await;
    (a, b, c, d, seo, fresh)
}

#[tokio::test]
async fn every_search_filter_narrows() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let (_a, _b, _c, _d, seo, fresh) = four_creators(&pool).await;
    let client = app.login(CLIENT).await;
    let manager = app.login(MANAGER).await;

    let search = |token: String, query: String| {
        let app = &app;
        async move {
            let (status, body) = app
                .get(
                    &format!("/api/users/search?words={MARK}&{query}"),
                    Some(&token),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{query}: {body}");
            names(&body)
        }
    };
    let c = || client.clone();
    let m = || manager.clone();

    // The word alone: every active test creator for a client; staff also see the leaving one.
    assert_eq!(
        search(c(), String::new()).await,
        set(&["テスト甲", "テスト乙", "テスト丙"])
    );
    assert_eq!(
        search(m(), String::new()).await,
        set(&["テスト甲", "テスト乙", "テスト丙", "テスト丁"])
    );
    // Genre: a top-level genre finds its child genres' creators too.
    assert_eq!(
        search(c(), "genre_ids[]=1".into()).await,
        set(&["テスト甲"])
    );
    assert_eq!(
        search(c(), "genre_ids[]=101".into()).await,
        set(&["テスト甲"])
    );
    assert_eq!(
        search(c(), "genre_ids[]=41&genre_ids[]=2".into()).await,
        set(&["テスト乙", "テスト丙"])
    );
    assert_eq!(
        search(c(), "genre_group_ids[]=1".into()).await,
        set(&["テスト甲", "テスト丙"])
    );
    // Work status.
    assert_eq!(
        search(c(), "work_statuses[]=accepting".into()).await,
        set(&["テスト甲"])
    );
    assert_eq!(
        search(m(), "work_statuses[]=accepting".into()).await,
        set(&["テスト甲", "テスト丁"])
    );
    assert_eq!(
        search(
            c(),
            "work_statuses[]=not_accepting&work_statuses[]=conditionally_accepting".into()
        )
        .await,
        set(&["テスト乙", "テスト丙"])
    );
    // Tags: including SEO passes over 乙, who carries it as exclude type; excluding drops both.
    assert_eq!(
        search(c(), format!("search_tag_ids[]={seo}")).await,
        set(&["テスト甲"])
    );
    assert_eq!(
        search(
            c(),
            format!("search_tag_ids[]={seo}&search_tag_ids[]={fresh}")
        )
        .await,
        set(&["テスト甲", "テスト丙"])
    );
    assert_eq!(
        search(c(), format!("exclude_search_tag_ids[]={seo}")).await,
        set(&["テスト丙"])
    );
    // Age bands, from the birthday at today's date in Japan.
    assert_eq!(
        search(c(), "age_bands[]=early_twenties".into()).await,
        set(&["テスト甲"])
    );
    assert_eq!(
        search(
            c(),
            "age_bands[]=late_thirties&age_bands[]=over_sixties".into()
        )
        .await,
        set(&["テスト乙", "テスト丙"])
    );
    assert_eq!(search(c(), "age_bands[]=teens".into()).await, set(&[]));
    assert_eq!(
        search(m(), "age_bands[]=teens".into()).await,
        set(&["テスト丁"])
    );
    assert_eq!(
        search(c(), "age_bands[]=late_twenties".into()).await,
        set(&[])
    );
    // Region and prefecture (99 is overseas; no prefecture is neither).
    assert_eq!(
        search(c(), "region=overseas".into()).await,
        set(&["テスト乙"])
    );
    assert_eq!(
        search(m(), "region=japan".into()).await,
        set(&["テスト甲", "テスト丙"])
    );
    assert_eq!(
        search(c(), "prefecture_ids[]=27".into()).await,
        set(&["テスト丙"])
    );
    // Languages.
    assert_eq!(
        search(c(), "language_ids[]=1".into()).await,
        set(&["テスト甲"])
    );
    assert_eq!(
        search(c(), "language_ids[]=1&language_ids[]=3".into()).await,
        set(&["テスト甲", "テスト乙"])
    );
    // Filters combine.
    assert_eq!(
        search(
            c(),
            "genre_group_ids[]=1&work_statuses[]=not_accepting&region=japan".into()
        )
        .await,
        set(&["テスト丙"])
    );

    // Words: a skill detail, the user name, two words that must both be found, and pattern
    // characters taken literally.
    let (_, by_detail) = app
        .get("/api/users/search?words=二郎の食レポ", Some(&client))
        .await;
    assert_eq!(names(&by_detail), set(&["テスト甲"]));
    let (_, by_name) = app
        .get("/api/users/search?words=テスト丙", Some(&client))
        .await;
    assert_eq!(names(&by_name), set(&["テスト丙"]));
    let (_, both) = app
        .get(
            &format!("/api/users/search?words={MARK}%E3%80%80%E4%B9%99"),
            Some(&client),
        )
        .await;
    assert_eq!(
        names(&both),
        set(&["テスト乙"]),
        "full-width space splits words"
    );
    let (_, literal) = app
        .get("/api/users/search?words=%25%25%25", Some(&client))
        .await;
    assert_eq!(literal["total"], 0, "{literal}");

    // The cards carry public fields only.
    let (_, card) = app
        .get(
            &format!("/api/users/search?words={MARK}&genre_ids[]=101"),
            Some(&client),
        )
        .await;
    let card = &card["users"][0];
    assert_eq!(card["age_band"], "early_twenties");
    assert_eq!(card["work_status"], "accepting");
    assert_eq!(card["prefecture_name"], "東京都");
    assert_eq!(card["genres"], json!(["ラーメン"]));
    assert_eq!(card["tags"][0]["name"], "テストSEO");
    assert!(
        card.get("birthday").is_none() && card.get("mail_address").is_none(),
        "{card}"
    );

    // Unknown values are refused on their key.
    for (query, key) in [
        ("work_statuses[]=busy", "work_statuses"),
        ("age_bands[]=thirties", "age_bands"),
        ("region=mars", "region"),
        ("genre_ids[]=abc", "genre_ids"),
    ] {
        let (status, body) = app
            .get(&format!("/api/users/search?{query}"), Some(&client))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert!(body["error"]["rules"][key].is_array(), "{query}: {body}");
    }
}

#[tokio::test]
async fn search_pages_newest_first() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let mut ids = Vec::new();
    const NAMES: [&str; 25] = [
        "頁01", "頁02", "頁03", "頁04", "頁05", "頁06", "頁07", "頁08", "頁09", "頁10", "頁11",
        "頁12", "頁13", "頁14", "頁15", "頁16", "頁17", "頁18", "頁19", "頁20", "頁21", "頁22",
        "頁23", "頁24", "頁25",
    ];
    for (i, name) in NAMES.iter().enumerate() {
        let id = insert_creator(
            &pool,
            &Spec {
                // 頁01 is the oldest, 頁25 the newest.
                created_hours_ago: 100 - i as i32,
                profile: "ハチドリ計画の参加者".into(),
                ..spec(name)
            },
        )
        .await;
        ids.push(id);
    }
    let client = app.login(CLIENT).await;
    let (status, first) = app
        .get("/api/users/search?words=ハチドリ計画", Some(&client))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(first["total"], 25);
    assert_eq!(first["per_page"], 20);
    assert_eq!(first["current_page"], 1);
    assert_eq!(first["last_page"], 2);
    let users = first["users"].as_array().unwrap();
    assert_eq!(users.len(), 20);
    assert_eq!(users[0]["user_name"], "頁25");
    assert_eq!(users[19]["user_name"], "頁06");
    let (_, second) = app
        .get("/api/users/search?words=ハチドリ計画&page=2", Some(&client))
        .await;
    assert_eq!(second["current_page"], 2);
    let users: Vec<&str> = second["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["user_name"].as_str().unwrap())
        .collect();
    assert_eq!(users, vec!["頁05", "頁04", "頁03", "頁02", "頁01"]);

    // Without filters the demo creators are found too, the newest first.
    let (_, all) = app.get("/api/users/search", Some(&client)).await;
    let active: i64 = sqlx::query_scalar(
        "select count(*) from users where role in ('general', 'editor_assistant') and account_status = 'active'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(all["total"], active);
    assert!(active > 40, "the demo creators are seeded");
}

/// What a client's search by genres (and statuses) must find, straight from the creators' own
/// rows: active creators with a skill in one of `genres` or in a child of one, not hidden by an
/// admin flag, newest first.
async fn genre_search_oracle(pool: &PgPool, genres: &[i64], statuses: &[&str]) -> Vec<i64> {
    sqlx::query_scalar(
        "select u.id from users u
          where u.role in ('general', 'editor_assistant') and u.account_status = 'active'
            and (cardinality($2::text[]) = 0 or u.work_status = any($2))
            and exists (select 1 from user_skills s join genres g on g.id = any(s.genre_ids)
                         where s.user_id = u.id and (g.id = any($1) or g.parent_genre_id = any($1)))
            and not exists (select 1 from user_admin_flags f where f.user_id = u.id and f.flag = any($3))
          order by u.created_at desc, u.id desc",
    )
    .bind(genres)
    .bind(statuses)
    .bind(api::users::flags::HIDE_FROM_SEARCH.to_vec())
    .fetch_all(pool)
    .await
    .unwrap()
}

fn ids_of(result: &Value) -> Vec<i64> {
    result["users"]
        .as_array()
        .unwrap_or_else(|| panic!("users in {result}"))
        .iter()
        .map(|u| u["id"].as_i64().unwrap())
        .collect()
}

/// Runs `sql` with the user id as `$1`.
async fn on_user(pool: &PgPool, sql: &'static str, user: i64) {
    sqlx::query(sql).bind(user).execute(pool).await.unwrap();
}

/// Genre searches walk the per-genre rows (`creator_genre_search`): each creator once however
/// many of the asked genres they have, the same total and order as the creators' own rows give,
/// and the rows follow every change of skills, status, account and admin flags.
#[tokio::test]
async fn genre_searches_follow_the_creators() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let client = app.login(CLIENT).await;
    // Parent and child genre on one skill, a child genre only, and two groups.
    let both = insert_creator(
        &pool,
        &Spec {
            genres: &[1, 101],
            created_hours_ago: 3,
            ..spec("テスト親子")
        },
    )
    .await;
    let child = insert_creator(
        &pool,
        &Spec {
            genres: &[102],
            work_status: "not_accepting",
            created_hours_ago: 2,
            ..spec("テスト子")
        },
    )
    .await;
    let other = insert_creator(
        &pool,
        &Spec {
            group: 3,
            genres: &[41],
            created_hours_ago: 1,
            ..spec("テスト別")
        },
    )
    .await;
    on_user(&pool, "insert into user_skills (user_id, genre_group_id, genre_ids, detail) values ($1, 1, '{1}', '')", other).await;

    // Enough creators in genre 1 and its child 101 for more than one page.
    const MORE: [&str; 21] = [
        "枝01", "枝02", "枝03", "枝04", "枝05", "枝06", "枝07", "枝08", "枝09", "枝10", "枝11",
        "枝12", "枝13", "枝14", "枝15", "枝16", "枝17", "枝18", "枝19", "枝20", "枝21",
    ];
    for (i, name) in MORE.iter().enumerate() {
        let genres: &'static [i64] = if i % 2 == 0 { &[101] } else { &[1, 101] };
        insert_creator(
            &pool,
            &Spec {
                genres,
                created_hours_ago: 10 + i as i32,
                profile: "枝の会の参加者".into(),
                ..spec(name)
            },
        )
        .await;
    }

    let check = |query: &'static str, genres: &'static [i64], statuses: &'static [&'static str]| {
        let (app, client, pool) = (&app, &client, &pool);
        async move {
            let expected = genre_search_oracle(pool, genres, statuses).await;
            let mut found = Vec::new();
            let mut page = 1;
            loop {
                let (status, body) = app
                    .get(
                        &format!("/api/users/search?{query}&page={page}"),
                        Some(client),
                    )
                    .await;
                assert_eq!(status, StatusCode::OK, "{query}: {body}");
                assert_eq!(body["total"], expected.len(), "{query}");
                let ids = ids_of(&body);
                if ids.is_empty() {
                    break;
                }
                found.extend(ids);
                page += 1;
            }
            assert_eq!(
                found, expected,
                "{query}: every page, newest first, each once"
            );
            expected
        }
    };
    let found = check("genre_ids[]=1&genre_ids[]=101", &[1, 101], &[]).await;
    assert!(found.contains(&both) && found.contains(&child) && found.contains(&other));
    assert!(found.len() > 20, "more than one page");
    let found = check("genre_ids[]=101", &[101], &[]).await;
    assert!(found.contains(&both) && !found.contains(&child));
    let found = check(
        "genre_ids[]=1&work_statuses[]=accepting",
        &[1],
        &["accepting"],
    )
    .await;
    assert!(found.contains(&both) && !found.contains(&child));
    let found = check(
        "genre_ids[]=1&genre_ids[]=41&work_statuses[]=accepting&work_statuses[]=not_accepting",
        &[1, 41],
        &["accepting", "not_accepting"],
    )
    .await;
    assert!(found.contains(&both) && found.contains(&child) && found.contains(&other));

    // Skills change: 別 leaves genre 1, 子 moves to accepting, 親子 is hidden by a flag.
    on_user(
        &pool,
        "delete from user_skills where user_id = $1 and genre_group_id = 1",
        other,
    )
    .await;
    on_user(
        &pool,
        "update users set work_status = 'accepting' where id = $1",
        child,
    )
    .await;
    on_user(
        &pool,
        "insert into user_admin_flags (user_id, flag) values ($1, 'black')",
        both,
    )
    .await;
    let found = check(
        "genre_ids[]=1&work_statuses[]=accepting",
        &[1],
        &["accepting"],
    )
    .await;
    assert!(found.contains(&child) && !found.contains(&both) && !found.contains(&other));
    let found = check("genre_ids[]=41", &[41], &[]).await;
    assert!(found.contains(&other));

    // Leaving the service and losing the creator role take them out of every genre.
    on_user(
        &pool,
        "update users set account_status = 'banned' where id = $1",
        child,
    )
    .await;
    sqlx::query("update users set role = 'client', client_id = $2 where id = $1")
        .bind(other)
        .bind(demo_client_id(&pool).await)
        .execute(&pool)
        .await
        .unwrap();
    let found = check("genre_ids[]=1&genre_ids[]=41", &[1, 41], &[]).await;
    assert!(!found.contains(&child) && !found.contains(&other));
    let rows: i64 =
        sqlx::query_scalar("select count(*) from creator_genre_search where user_id = $1")
            .bind(other)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(
        rows, 0,
        "a user who is no longer a creator has no genre rows"
    );

    // With a condition on the creator's own row (words) the search walks the creator rows.
    let words_and_genres = format!("/api/users/search?words={MARK}&genre_ids[]=1&genre_ids[]=101");
    let (_, body) = app.get(&words_and_genres, Some(&client)).await;
    assert_eq!(body["total"], 0, "{body}");
    on_user(
        &pool,
        "delete from user_admin_flags where user_id = $1",
        both,
    )
    .await;
    let (_, body) = app.get(&words_and_genres, Some(&client)).await;
    assert_eq!(ids_of(&body), vec![both], "{body}");
    assert_eq!(body["total"], 1, "{body}");
}

const PRIVATE_KEYS: [&str; 12] = [
    "mail_address",
    "phone_number",
    "birthday",
    "last_name_kana",
    "first_name_kana",
    "postal_code",
    "city_address",
    "street_address",
    "building_name",
    "last_name",
    "sex",
    "account_status",
];

#[tokio::test]
async fn clients_see_public_fields_only() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let (a, _b, _c, d, _, _) = four_creators(&pool).await;
    sqlx::query(
        r#"insert into user_attributes (user_id, attributes) values ($1,
           '{"available_time_slot": "平日夜", "can_open_image_type": "illustration", "married_type": "married",
             "children": [{"birthday": "2020-01-01", "year": 2020, "month": 1, "sex_type": "female"}],
             "annual_income_id": 3, "household_income_id": 4, "chatwork_id": "secret-chatwork",
             "families_type": "with_family", "socials": [{"id": 1, "url": "https://x.example/a"}]}')"#,
    )
    .bind(a)
    .execute(&pool)
    .await
    .unwrap();
    on_user(&pool, "insert into portfolios (user_id, portfolio, publishability) values ($1, 'https://private.example/p', 'unpublishable')", a).await;
    on_user(&pool, "insert into bank_accounts (user_id, bank_name, bank_code, branch_name, branch_code, account_number, account_holder_kana) values ($1, 'みずほ', '0001', '東京営業部', '001', '7654321', 'テスト')", a).await;
    let client = app.login(CLIENT).await;
    let manager = app.login(MANAGER).await;

    let (status, seen) = app.get(&format!("/api/creators/{a}"), Some(&client)).await;
    assert_eq!(status, StatusCode::OK, "{seen}");
    for key in PRIVATE_KEYS {
        assert!(seen.get(key).is_none(), "a client sees {key}: {seen}");
    }
    let text = seen.to_string();
    for secret in [
        "09011112222",
        "7654321",
        "secret-chatwork",
        "private.example",
        "1000005",
    ] {
        assert!(!text.contains(secret), "{secret} leaked: {seen}");
    }
    assert_eq!(seen["age_band"], "early_twenties");
    assert_eq!(seen["prefecture"]["name"], "東京都");
    assert_eq!(seen["skills"][0]["genres"][0]["name"], "ラーメン");
    assert_eq!(
        seen["skills"][0]["genre_group"]["name"],
        "記事・コンテンツ分野"
    );
    assert_eq!(seen["available_time_slot"], "平日夜");
    assert_eq!(seen["can_open_image_type"], "illustration");
    assert_eq!(seen["socials"][0]["url"], "https://x.example/a");
    assert_eq!(seen["languages"], json!([{ "id": 1, "level": 3 }]));
    assert!(
        seen["portfolio"].is_null(),
        "unpublishable portfolio: {seen}"
    );
    assert_eq!(seen["can_write_memo"], true);
    assert_eq!(seen["can_write_manager_memo"], false);
    assert_eq!(seen["can_edit_combinations"], false);

    let (status, attributes) = app
        .get(&format!("/api/creators/{a}/attributes"), Some(&client))
        .await;
    assert_eq!(status, StatusCode::OK);
    let keys: BTreeSet<&str> = attributes["attributes"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from(["available_time_slot", "can_open_image_type", "socials"])
    );

    // Staff see every field.
    let (status, full) = app.get(&format!("/api/creators/{a}"), Some(&manager)).await;
    assert_eq!(status, StatusCode::OK);
    for key in PRIVATE_KEYS {
        assert!(full.get(key).is_some(), "staff miss {key}: {full}");
    }
    assert_eq!(full["phone_number"], "09011112222");
    assert_eq!(full["portfolio"]["publishability"], "unpublishable");
    assert_eq!(full["can_write_manager_memo"], true);
    assert_eq!(full["can_edit_combinations"], true);
    let (_, attributes) = app
        .get(&format!("/api/creators/{a}/attributes"), Some(&manager))
        .await;
    assert_eq!(attributes["attributes"]["chatwork_id"], "secret-chatwork");
    assert_eq!(attributes["attributes"]["annual_income_id"], 3);
    let accountant = app.login(ACCOUNTANT).await;
    let (_, by_accountant) = app
        .get(&format!("/api/creators/{a}"), Some(&accountant))
        .await;
    assert_eq!(by_accountant["can_edit_combinations"], false);
    assert_eq!(by_accountant["can_write_manager_memo"], true);

    let (status, simple) = app
        .get(&format!("/api/creators/{a}/simple_detail"), Some(&client))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        simple,
        json!({ "id": a, "user_name": "テスト甲", "image_file": null, "work_status": "accepting" })
    );

    // A leaving creator is not a client's to see; staff see them. Unknown ids and non-creators
    // are not found.
    for path in [
        "",
        "/attributes",
        "/simple_detail",
        "/tasks",
        "/search_tags",
    ] {
        let (status, _) = app
            .get(&format!("/api/creators/{d}{path}"), Some(&client))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
    }
    let (status, _) = app.get(&format!("/api/creators/{d}"), Some(&manager)).await;
    assert_eq!(status, StatusCode::OK);
    let client_id = user_id(&pool, CLIENT).await;
    for id in [client_id, 987_654_321] {
        let (status, _) = app
            .get(&format!("/api/creators/{id}"), Some(&manager))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn creators_see_only_themselves_and_cannot_search() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let creator = app.login(CREATOR).await;
    let me = user_id(&pool, CREATOR).await;
    let editor = user_id(&pool, EDITOR).await;

    let (status, own) = app
        .get(&format!("/api/creators/{me}"), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(own["mail_address"], CREATOR);
    assert_eq!(own["can_write_memo"], false);
    for path in ["", "/attributes", "/simple_detail", "/tasks"] {
        let (status, _) = app
            .get(&format!("/api/creators/{editor}{path}"), Some(&creator))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
    }
    for path in [
        "/api/users/search".to_string(),
        "/api/creators/search_options".to_string(),
        format!("/api/creators/{me}/memo"),
        format!("/api/creators/{me}/manager_memo"),
        format!("/api/creators/{me}/combinations"),
    ] {
        let (status, _) = app.get(&path, Some(&creator)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
    }
    let (status, _) = app.get("/api/users/search", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// A second client company with one user who logs in with the demo password.
async fn other_client(pool: &PgPool) -> i64 {
    let client_id: i64 = sqlx::query_scalar(
        "insert into clients (company_name) values ('株式会社ほかの会社') returning id",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into users (mail_address, password_hash, user_name, role, client_id)
         select $1, password_hash, '別会社 担当', 'client', $2 from users where mail_address = 'client@demo.tsumugi.jp'",
    )
    .bind(OTHER_CLIENT)
    .bind(client_id)
    .execute(pool)
    .await
    .unwrap();
    client_id
}

#[tokio::test]
async fn memos_stay_with_their_company_and_the_staff() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let other_client_id = other_client(&pool).await;
    let creator_id = user_id(&pool, CREATOR).await;
    let client = app.login(CLIENT).await;
    let other = app.login(OTHER_CLIENT).await;
    let manager = app.login(MANAGER).await;
    let accountant = app.login(ACCOUNTANT).await;
    let memo = format!("/api/creators/{creator_id}/memo");
    let manager_memo = format!("/api/creators/{creator_id}/manager_memo");

    let (status, written) = app
        .put(
            &memo,
            Some(&client),
            json!({ "memo": "丁寧な取材。次回も依頼したい" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{written}");
    assert_eq!(written["memos"][0]["memo"], "丁寧な取材。次回も依頼したい");
    assert_eq!(written["memos"][0]["updated_by"]["user_name"], "高橋 誠");

    // The other company sees nothing of it, and writes its own.
    let (status, theirs) = app.get(&memo, Some(&other)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(theirs["memos"], json!([]));
    app.put(&memo, Some(&other), json!({ "memo": "納期に注意" }))
        .await;
    let (_, ours) = app.get(&memo, Some(&client)).await;
    let texts: Vec<&str> = ours["memos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["memo"].as_str().unwrap())
        .collect();
    assert_eq!(texts, vec!["丁寧な取材。次回も依頼したい"]);
    assert_eq!(
        ours["memos"][0]["client"]["id"],
        demo_client_id(&pool).await
    );

    // Staff read every company's memo but write none.
    let (_, all) = app.get(&memo, Some(&manager)).await;
    let companies: BTreeSet<i64> = all["memos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["client"]["id"].as_i64().unwrap())
        .collect();
    assert_eq!(
        companies,
        BTreeSet::from([demo_client_id(&pool).await, other_client_id])
    );
    let (status, _) = app.put(&memo, Some(&manager), json!({ "memo": "x" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // At most 2000 characters; blank removes the memo.
    let (status, refused) = app
        .put(&memo, Some(&client), json!({ "memo": "あ".repeat(2001) }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["error"]["rules"]["memo"], json!(["max:2000"]));
    let (status, _) = app
        .put(&memo, Some(&client), json!({ "memo": "あ".repeat(2000) }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, cleared) = app.put(&memo, Some(&client), json!({ "memo": "" })).await;
    assert_eq!(cleared["memos"], json!([]));

    // The staff memo: staff only, with who wrote it last.
    let (status, empty) = app.get(&manager_memo, Some(&manager)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(empty["memo"], "");
    assert!(empty["updated_by"].is_null());
    let (status, saved) = app
        .put(
            &manager_memo,
            Some(&manager),
            json!({ "memo": "医療案件は避ける" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(saved["updated_by"]["user_name"], "田中 美咲");
    let (_, read) = app.get(&manager_memo, Some(&accountant)).await;
    assert_eq!(read["memo"], "医療案件は避ける");
    assert!(read["updated_at"].is_string());
    for token in [&client, &other] {
        let (status, _) = app.get(&manager_memo, Some(token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = app
            .put(&manager_memo, Some(token), json!({ "memo": "x" }))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let (status, _) = app
        .put(
            &manager_memo,
            Some(&manager),
            json!({ "memo": "あ".repeat(2001) }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn ng_combinations_are_symmetric_and_staff_only() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let editor = user_id(&pool, EDITOR).await;
    let newbie = user_id(&pool, "newbie@demo.tsumugi.jp").await;
    let client_user = user_id(&pool, CLIENT).await;
    let manager = app.login(MANAGER).await;
    let accountant = app.login(ACCOUNTANT).await;
    let client = app.login(CLIENT).await;
    let path = |id: i64| format!("/api/creators/{id}/combinations");
    let ids = |body: &Value| -> BTreeSet<i64> {
        body["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["id"].as_i64().unwrap())
            .collect()
    };

    let (status, set_) = app
        .put(
            &path(creator),
            Some(&manager),
            json!({ "user_ids": [editor, newbie, editor] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{set_}");
    assert_eq!(ids(&set_), BTreeSet::from([editor, newbie]));
    // Symmetric: the other side sees it too.
    let (_, from_editor) = app.get(&path(editor), Some(&accountant)).await;
    assert_eq!(ids(&from_editor), BTreeSet::from([creator]));
    assert_eq!(from_editor["user_id"], editor);
    assert_eq!(from_editor["users"][0]["user_name"], "山田 花子");
    // Clearing from the other side removes the pair for both.
    app.put(&path(editor), Some(&manager), json!({ "user_ids": [] }))
        .await;
    let (_, after) = app.get(&path(creator), Some(&manager)).await;
    assert_eq!(ids(&after), BTreeSet::from([newbie]));

    // No self-pair, creators only, and only managers and admins write.
    let (status, refused) = app
        .put(
            &path(creator),
            Some(&manager),
            json!({ "user_ids": [creator] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["error"]["rules"]["user_ids"].is_array());
    let (status, _) = app
        .put(
            &path(creator),
            Some(&manager),
            json!({ "user_ids": [client_user] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (_, unchanged) = app.get(&path(creator), Some(&manager)).await;
    assert_eq!(
        ids(&unchanged),
        BTreeSet::from([newbie]),
        "a refused change changes nothing"
    );
    let (status, _) = app
        .put(&path(creator), Some(&accountant), json!({ "user_ids": [] }))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get(&path(creator), Some(&client)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get(&path(client_user), Some(&manager)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn search_tags_are_staff_managed() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    let manager = app.login(MANAGER).await;
    let client = app.login(CLIENT).await;

    let (status, created) = app
        .post(
            "/api/search_tags",
            Some(&manager),
            json!({ "name": "  ドローン撮影  " }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["name"], "ドローン撮影");
    let drone = created["id"].as_i64().unwrap();
    let (status, dup) = app
        .post(
            "/api/search_tags",
            Some(&manager),
            json!({ "name": "ドローン撮影" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(dup["error"]["rules"]["name"], json!(["unique"]));
    let (status, _) = app
        .post("/api/search_tags", Some(&manager), json!({ "name": " " }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = app
        .post(
            "/api/search_tags",
            Some(&client),
            json!({ "name": "勝手なタグ" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, list) = app.get("/api/search_tags", Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(list.as_array().unwrap().iter().any(|t| t["id"] == drone));
    let medical: i64 = sqlx::query_scalar("select id from search_tags where name = '医療監修可'")
        .fetch_one(&pool)
        .await
        .unwrap();

    let path = format!("/api/creators/{creator}/search_tags");
    let (status, saved) = app
        .put(
            &path,
            Some(&manager),
            json!({ "tags": [{ "id": drone, "is_exclude_type": false }, { "id": medical, "is_exclude_type": true }] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved,
        json!([
            { "id": drone, "search_tag_name": "ドローン撮影", "is_exclude_type": false },
            { "id": medical, "search_tag_name": "医療監修可", "is_exclude_type": true },
        ])
    );
    // Clients see the tag but not the exclude-type mark.
    let (_, seen) = app.get(&path, Some(&client)).await;
    assert_eq!(
        seen,
        json!([{ "id": drone, "search_tag_name": "ドローン撮影", "is_exclude_type": false }])
    );
    // The search finds the creator by the tag, and not by the exclude-type one.
    let (_, found) = app
        .get(
            &format!("/api/users/search?search_tag_ids[]={drone}"),
            Some(&client),
        )
        .await;
    assert_eq!(names(&found), set(&["山田 花子"]));
    let (_, medical_found) = app
        .get(
            &format!("/api/users/search?search_tag_ids[]={medical}"),
            Some(&client),
        )
        .await;
    assert!(!names(&medical_found).contains("山田 花子"));

    let (status, refused) = app
        .put(
            &path,
            Some(&manager),
            json!({ "tags": [{ "id": 987_654 }] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["error"]["rules"]["tags.0.id"], json!(["exists"]));
    let (status, _) = app.put(&path, Some(&client), json!({ "tags": [] })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, unchanged) = app.get(&path, Some(&manager)).await;
    assert_eq!(unchanged.as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn a_creators_tasks_are_those_the_caller_may_see() {
    let (pool, _db) = db::with_master_data().await;
    let app = app(pool.clone()).await;
    let creator = user_id(&pool, CREATOR).await;
    // A task of another client's media, offered to the demo creator.
    let other_client_id = other_client(&pool).await;
    sqlx::query(
        "with m as (insert into media (client_id, name) values ($1, '別媒体') returning id),
              p as (insert into projects (media_id, name, status) select id, '別案件', 'doing' from m returning id),
              w as (insert into works (project_id, name) select id, '別作品' from p returning id),
              t as (insert into tasks (work_id, task_type, title, status) select id, 'writing', '別会社のタスク', 'doing' from w returning id)
         insert into task_assignees (task_id, user_id, state) select id, $2, 'taken' from t",
    )
    .bind(other_client_id)
    .bind(creator)
    .execute(&pool)
    .await
    .unwrap();
    let visible = |client: Option<i64>| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(
                "select count(*) from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
                   join media m on m.id = p.media_id
                  where not t.is_invalid and ($2::bigint is null or m.client_id = $2)
                    and exists (select 1 from task_assignees a where a.task_id = t.id and a.user_id = $1 and a.state <> 'declined')",
            )
            .bind(creator)
            .bind(client)
            .fetch_one(&pool)
            .await
            .unwrap()
        }
    };
    let manager = app.login(MANAGER).await;
    let client = app.login(CLIENT).await;
    let path = format!("/api/creators/{creator}/tasks");

    let (status, all) = app.get(&path, Some(&manager)).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    assert_eq!(all["total"], visible(None).await);
    let titles: Vec<&str> = all["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles[0], "別会社のタスク", "newest first");

    let (_, own) = app.get(&path, Some(&client)).await;
    let demo_client = demo_client_id(&pool).await;
    assert_eq!(own["total"], visible(Some(demo_client)).await);
    assert!(
        own["total"].as_i64().unwrap() > 0,
        "the demo creator has demo tasks"
    );
    assert!(!own.to_string().contains("別会社のタスク"));
    let (_, other) = app.get(&path, Some(&app.login(OTHER_CLIENT).await)).await;
    assert_eq!(other["total"], 1);
}
