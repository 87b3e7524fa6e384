//! A creator's own information: the genre and possible-work masters, skills, portfolio,
//! possible works, job information, attributes and work status — each form's rules on the
//! spec's keys, who may read and write them, and the completeness flags whoami carries.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{TestApp, rules, sio::SioClient, user_id};

const CREATOR: &str = "creator@demo.tsumugi.jp";
const NEWBIE: &str = "newbie@demo.tsumugi.jp";
const EDITOR: &str = "editor@demo.tsumugi.jp";
const CLIENT: &str = "client@demo.tsumugi.jp";
const MANAGER: &str = "manager@demo.tsumugi.jp";
const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";
const ADMIN: &str = "admin@demo.tsumugi.jp";

async fn whoami(app: &TestApp, token: &str) -> Value {
    let (status, who) = app.get("/api/users/whoami", Some(token)).await;
    assert_eq!(status, StatusCode::OK);
    who
}

#[tokio::test]
async fn the_genre_and_possible_work_masters() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let token = app.login(NEWBIE).await;

    let (status, _) = app.get("/api/genres", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let (status, groups) = app.get("/api/genres", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    let groups = groups.as_array().unwrap();
    assert_eq!(groups.len(), 4);
    assert_eq!(groups[0]["name"], "記事・コンテンツ分野");
    let genres = groups[0]["genres"].as_array().unwrap();
    assert_eq!(genres[0], json!({ "id": 1, "name": "グルメ" }));
    assert!(
        genres.iter().all(|g| g["id"].as_i64().unwrap() < 100),
        "only top-level genres: {genres:?}"
    );
    assert_eq!(groups[3]["genres"][1]["name"], "動画編集");

    let (status, children) = app.get("/api/genres/1/child_genres", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = children
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["ラーメン", "カフェ・スイーツ", "お酒・バー", "レシピ・料理"]
    );
    let (status, none) = app.get("/api/genres/21/child_genres", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none, json!([]));
    let (status, _) = app.get("/api/genres/999/child_genres", Some(&token)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, by_parent) = app
        .get("/api/genre_groups/1/child_genres", Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(by_parent["2"][0], json!({ "id": 111, "name": "国内旅行" }));
    assert_eq!(by_parent["10"].as_array().unwrap().len(), 4);
    assert!(
        by_parent.get("11").is_none(),
        "genres without children are left out"
    );
    let (status, _) = app
        .get("/api/genre_groups/99/child_genres", Some(&token))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, works) = app.get("/api/possible_works", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
    let works = works.as_array().unwrap();
    assert_eq!(works.len(), 11);
    assert_eq!(works[0]["id"], "work_direction");
    assert_eq!(works[3], json!({ "id": "writing", "work_name": "執筆" }));
    assert_eq!(works[10], json!({ "id": "other", "work_name": "その他" }));
}

#[tokio::test]
async fn skills_follow_their_rules_and_make_has_skill() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let newbie = app.login(NEWBIE).await;
    assert_eq!(whoami(&app, &newbie).await["has_skill"], false);
    assert_eq!(whoami(&app, &newbie).await["has_bank_account"], false);

    let (status, empty) = app.get("/api/users/me/skills", Some(&newbie)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(empty, json!({ "genre_groups": [] }));

    // Nothing chosen (a note alone is not a skill).
    let (status, body) = app
        .put(
            "/api/users/me/skills",
            Some(&newbie),
            json!({ "genre_groups": [{ "id": 1, "genre_ids": [], "detail": "メモだけ" }] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["genre_groups"], json!(["required"]));

    // A genre of another group, an unknown group, a note over 1000 characters.
    let (status, body) = app
        .put(
            "/api/users/me/skills",
            Some(&newbie),
            json!({ "genre_groups": [
                { "id": 1, "genre_ids": [1, 41], "detail": "" },
                { "id": 99, "genre_ids": [1], "detail": "" },
                { "id": 2, "genre_ids": [21], "detail": "あ".repeat(1001) },
            ] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = rules(&body);
    assert_eq!(r["genre_groups.1"], json!(["exists"]));
    assert_eq!(r["genre_groups.99"], json!(["exists"]));
    assert_eq!(r["genre_detail.2"], json!(["max:1000"]));
    assert!(!r.contains_key("genre_groups"), "{r:?}");
    assert_eq!(whoami(&app, &newbie).await["has_skill"], false);

    // Child genres belong to their group too; 1000 characters is allowed.
    let (status, saved) = app
        .put(
            "/api/users/me/skills",
            Some(&newbie),
            json!({ "genre_groups": [
                { "id": 2, "genre_ids": [22, 21, 21], "detail": "あ".repeat(1000) },
                { "id": 1, "genre_ids": [101, 1], "detail": " ラーメン特集 " },
                { "id": 3, "genre_ids": [], "detail": "" },
            ] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved["genre_groups"][0],
        json!({ "id": 1, "genre_ids": [1, 101], "detail": "ラーメン特集" })
    );
    assert_eq!(saved["genre_groups"][1]["genre_ids"], json!([21, 22]));
    assert_eq!(saved["genre_groups"].as_array().unwrap().len(), 2);
    let (_, read) = app.get("/api/users/me/skills", Some(&newbie)).await;
    assert_eq!(read, saved);
    assert_eq!(whoami(&app, &newbie).await["has_skill"], true);

    // Saving replaces every row.
    let (status, replaced) = app
        .put(
            "/api/users/me/skills",
            Some(&newbie),
            json!({ "genre_groups": [{ "id": 4, "genre_ids": [62], "detail": "" }] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        replaced,
        json!({ "genre_groups": [{ "id": 4, "genre_ids": [62], "detail": "" }] })
    );
}

#[tokio::test]
async fn only_the_creator_and_staff_read_and_only_the_creator_writes() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let newbie_id = user_id(&pool, NEWBIE).await;
    let client_id = user_id(&pool, CLIENT).await;
    let creator = app.login(CREATOR).await;
    let client = app.login(CLIENT).await;
    let newbie = app.login(NEWBIE).await;
    let areas = [
        "skills",
        "portfolio",
        "possible_works",
        "jobs",
        "attributes",
    ];

    for area in areas {
        let path = format!("/api/users/{newbie_id}/{area}");
        for (who, token) in [("another creator", &creator), ("a client", &client)] {
            let (status, body) = app.get(&path, Some(token)).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{who} reads {area}: {body}");
            assert!(body.get(area).is_none() && body.get("genre_groups").is_none());
        }
        // The creator reads their own by id too.
        let (status, _) = app.get(&path, Some(&newbie)).await;
        assert_eq!(status, StatusCode::OK, "newbie reads own {area}");
        // Someone who does not exist is refused the same way, not revealed.
        let (status, _) = app
            .get(&format!("/api/users/999999/{area}"), Some(&creator))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    for staff in [MANAGER, ACCOUNTANT, ADMIN] {
        let token = app.login(staff).await;
        for area in areas {
            let (status, body) = app
                .get(&format!("/api/users/{newbie_id}/{area}"), Some(&token))
                .await;
            assert_eq!(status, StatusCode::OK, "{staff} reads {area}: {body}");
            // A client has no creator information; nobody has.
            let (status, _) = app
                .get(&format!("/api/users/{client_id}/{area}"), Some(&token))
                .await;
            assert_eq!(
                status,
                StatusCode::NOT_FOUND,
                "{staff} reads a client's {area}"
            );
            let (status, _) = app
                .get(&format!("/api/users/999999/{area}"), Some(&token))
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }
        // Staff read but do not write a creator's information.
        let (status, _) = app
            .put(
                &format!("/api/users/{newbie_id}/skills"),
                Some(&token),
                json!({ "genre_groups": [{ "id": 1, "genre_ids": [1] }] }),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }

    let skills = json!({ "genre_groups": [{ "id": 1, "genre_ids": [1] }] });
    // Another creator cannot write someone else's by id.
    let (status, _) = app
        .put(
            &format!("/api/users/{newbie_id}/skills"),
            Some(&creator),
            skills.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // A client has no skills to write.
    let (status, _) = app
        .put("/api/users/me/skills", Some(&client), skills.clone())
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put("/api/users/me/attributes", Some(&client), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put(
            "/api/users/me/jobs",
            Some(&client),
            json!({ "occupation": "other" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put(
            "/api/users/me/portfolio",
            Some(&client),
            json!({ "portfolio": { "portfolio": "x" } }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put(
            "/api/users/me/possible_works",
            Some(&client),
            json!({ "checked_ids": ["writing"] }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Nothing was written for newbie.
    let (_, read) = app.get("/api/users/me/skills", Some(&newbie)).await;
    assert_eq!(read, json!({ "genre_groups": [] }));
}

async fn upload(app: &TestApp, token: &str, name: &str) -> i64 {
    let part =
        reqwest::multipart::Part::bytes(b"portfolio sample".to_vec()).file_name(name.to_string());
    let form = reqwest::multipart::Form::new().part("file", part);
    let (status, file) = app.post_multipart("/api/files", token, form).await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    file["id"].as_i64().unwrap()
}

#[tokio::test]
async fn the_portfolio_keeps_text_publishability_and_own_files() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let newbie = app.login(NEWBIE).await;
    let creator = app.login(CREATOR).await;
    sqlx::query("delete from portfolios where user_id = $1")
        .bind(user_id(&pool, NEWBIE).await)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(whoami(&app, &newbie).await["has_portfolio"], false);
    let (status, none) = app.get("/api/users/me/portfolio", Some(&newbie)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none, json!({ "portfolio": null, "portfolio_files": [] }));

    let others = upload(&app, &creator, "others.txt").await;
    let (status, body) = app
        .put(
            "/api/users/me/portfolio",
            Some(&newbie),
            json!({ "portfolio": { "portfolio": " ", "publishability": "public" }, "portfolio_file_ids": [others] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = rules(&body);
    assert_eq!(
        r["portfolio.publishability"],
        json!(["in:not_set,publishable,conditionally_publishable,unpublishable"])
    );
    assert_eq!(r["portfolio_file_ids"], json!(["exists"]));
    assert!(!r.contains_key("portfolio.portfolio"), "files were given");

    let (status, body) = app
        .put(
            "/api/users/me/portfolio",
            Some(&newbie),
            json!({ "portfolio": { "portfolio": "あ".repeat(2001) }, "portfolio_file_ids": (1..=11).collect::<Vec<i64>>() }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["portfolio.portfolio"], json!(["max:2000"]));
    assert_eq!(rules(&body)["portfolio_file_ids"], json!(["max:10"]));

    let (status, body) = app
        .put(
            "/api/users/me/portfolio",
            Some(&newbie),
            json!({ "portfolio": { "portfolio": "" } }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["portfolio.portfolio"], json!(["required"]));

    let first = upload(&app, &newbie, "作品1.txt").await;
    let second = upload(&app, &newbie, "作品2.txt").await;
    let (status, saved) = app
        .put(
            "/api/users/me/portfolio",
            Some(&newbie),
            json!({
                "portfolio": { "portfolio": "https://example.jp/works", "publishability": "conditionally_publishable" },
                "portfolio_file_ids": [second, first],
            }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved["portfolio"],
        json!({ "portfolio": "https://example.jp/works", "publishability": "conditionally_publishable" })
    );
    let names: Vec<&str> = saved["portfolio_files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["作品2.txt", "作品1.txt"]);
    assert_eq!(whoami(&app, &newbie).await["has_portfolio"], true);

    // Files alone are a portfolio; taking one off keeps the other.
    let (status, saved) = app
        .put(
            "/api/users/me/portfolio",
            Some(&newbie),
            json!({ "portfolio": { "portfolio": "" }, "portfolio_file_ids": [first] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["portfolio"]["publishability"], "not_set");
    assert_eq!(saved["portfolio_files"].as_array().unwrap().len(), 1);
    let manager = app.login(MANAGER).await;
    let (_, read) = app
        .get(
            &format!("/api/users/{}/portfolio", user_id(&pool, NEWBIE).await),
            Some(&manager),
        )
        .await;
    assert_eq!(read, saved);
}

#[tokio::test]
async fn possible_works_are_work_types_with_achievements() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let newbie = app.login(NEWBIE).await;
    // The seeded 「記事執筆」 became the writing work type.
    let (status, seeded) = app.get("/api/users/me/possible_works", Some(&newbie)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(seeded[0]["id"], "writing");
    assert_eq!(seeded[0]["work_name"], "執筆");

    let (status, body) = app
        .put(
            "/api/users/me/possible_works",
            Some(&newbie),
            json!({ "checked_ids": [] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["checked_ids"], json!(["required"]));

    let (status, body) = app
        .put(
            "/api/users/me/possible_works",
            Some(&newbie),
            json!({ "checked_ids": ["writing", "dancing", "planning"],
                    "achievements": { "planning": "あ".repeat(501), "writing": "い".repeat(500) } }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = rules(&body);
    assert!(
        r["checked_ids"][0]
            .as_str()
            .unwrap()
            .starts_with("in:work_direction,")
    );
    assert_eq!(r["workplanning"], json!(["max:500"]));
    assert!(!r.contains_key("workwriting"));

    let (status, saved) = app
        .put(
            "/api/users/me/possible_works",
            Some(&newbie),
            json!({ "checked_ids": ["image_selection", "planning"],
                    "achievements": { "planning": " 旅行特集の企画 ", "supervise": "選ばれていないので捨てられる" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved,
        json!([
            { "id": "planning", "work_name": "企画", "achievement": "旅行特集の企画" },
            { "id": "image_selection", "work_name": "画像選定", "achievement": "" },
        ])
    );
    sqlx::query("delete from possible_works where user_id = $1")
        .bind(user_id(&pool, NEWBIE).await)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(whoami(&app, &newbie).await["has_possible_work"], false);
    let (status, _) = app
        .put(
            "/api/users/me/possible_works",
            Some(&newbie),
            json!({ "checked_ids": ["writing"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(whoami(&app, &newbie).await["has_possible_work"], true);
}

#[tokio::test]
async fn job_information_follows_its_rules() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool).await;
    let editor = app.login(EDITOR).await;
    let (status, none) = app.get("/api/users/me/jobs", Some(&editor)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(none, json!({ "jobs": null }));

    let (status, body) = app
        .put(
            "/api/users/me/jobs",
            Some(&editor),
            json!({ "occupation": "", "years_of_experience": "十年",
                    "qualifications": ["", "あ".repeat(101)], "office_software": ["Word", "keynote"] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = rules(&body);
    assert_eq!(r["occupation"], json!(["required"]));
    assert_eq!(r["years_of_experience"], json!(["numeric"]));
    // A blank row is skipped, yet the error names the row as sent.
    assert_eq!(r["qualifications.1"], json!(["max:100"]));
    assert_eq!(r["office_software"][0], "in:word,excel,powerpoint");

    let too_many: Vec<String> = (0..21).map(|i| format!("資格{i}")).collect();
    let (status, body) = app
        .put(
            "/api/users/me/jobs",
            Some(&editor),
            json!({ "occupation": "pilot", "years_of_experience": 81, "qualifications": too_many }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = rules(&body);
    assert_eq!(
        r["occupation"],
        json!(["in:company_employee,self_employed,student,homemaker,other"])
    );
    assert_eq!(r["years_of_experience"], json!(["between:0,80"]));
    assert_eq!(r["qualifications"], json!(["max:20"]));

    let (status, saved) = app
        .put(
            "/api/users/me/jobs",
            Some(&editor),
            json!({ "occupation": "self_employed", "years_of_experience": "１２",
                    "qualifications": [" 日本語検定1級 ", "", "校正技能検定"],
                    "office_software": ["excel", "word", "excel"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved,
        json!({ "jobs": { "occupation": "self_employed", "years_of_experience": 12,
                          "qualifications": ["日本語検定1級", "校正技能検定"],
                          "office_software": ["excel", "word"] } })
    );
    let (_, read) = app.get("/api/users/me/jobs", Some(&editor)).await;
    assert_eq!(read, saved);
}

fn attributes() -> Value {
    json!({
        "available_time_slot": "平日 10:00〜18:00",
        "married_type": "married",
        "divorce_history_type": "none",
        "can_open_image_type": "illustration",
        "families_type": "with_family",
        "children": [{ "year": 2018, "month": "４", "sex_type": "female" }],
        "publish_information": true,
        "annual_income_id": 3,
        "household_income_id": 99999,
        "chatwork_id": "tsumugi_hanako",
        "languages": [{ "id": 1, "level": 4 }, { "id": 99999, "level": 1 }],
        "socials": [{ "id": 5, "url": "https://blog.example.jp" }],
    })
}

#[tokio::test]
async fn attributes_follow_their_rules_on_the_spec_keys() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let newbie = app.login(NEWBIE).await;
    let newbie_id = user_id(&pool, NEWBIE).await;
    sqlx::query("delete from user_attributes where user_id = $1")
        .bind(newbie_id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(whoami(&app, &newbie).await["has_attribute"], false);
    let (status, _) = app.get("/api/users/me/attributes", Some(&newbie)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Nothing to change yet.
    let (status, _) = app
        .put("/api/users/me/attributes", Some(&newbie), attributes())
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let mut bad = attributes();
    bad["available_time_slot"] = json!("あ".repeat(201));
    bad["married_type"] = json!("divorced");
    bad["families_type"] = json!("many");
    bad["children"] = json!([
        { "year": 2999, "month": 1, "sex_type": "female" },
        { "year": 2015, "month": 13, "sex_type": "robot" },
        { "year": "", "month": "x", "sex_type": "" },
    ]);
    bad["annual_income_id"] = json!(10);
    bad["chatwork_id"] = json!("ちゃっと");
    bad["languages"] = json!([{ "id": 1, "level": 6 }, { "id": 7, "level": 1 }]);
    bad["socials"] = json!([{ "id": 1, "url": "twitter.com/x" }, { "id": 2, "url": "" }]);
    let (status, body) = app
        .post("/api/users/me/attributes", Some(&newbie), bad)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let r = rules(&body);
    assert_eq!(r["available_time_slot"], json!(["max:200"]));
    assert_eq!(
        r["married_type"],
        json!(["in:unanswered,unmarried,married"])
    );
    assert_eq!(
        r["families_type"],
        json!(["in:unanswered,alone,with_family"])
    );
    assert_eq!(r["children0.birthday"], json!(["date"]));
    assert_eq!(r["children1.month"], json!(["between:1,12"]));
    assert_eq!(r["children1.sex_type"], json!(["in:male,female,other"]));
    assert_eq!(r["children2.year"], json!(["required"]));
    assert_eq!(r["children2.month"], json!(["numeric"]));
    assert_eq!(r["children2.sex_type"], json!(["required"]));
    assert_eq!(r["annual_income_id"], json!(["in:1,2,3,4,5,6,7,8,9,99999"]));
    assert_eq!(r["chatwork_id"], json!(["alpha_dash"]));
    assert_eq!(r["language_level1"], json!(["between:1,5"]));
    assert_eq!(r["languages"], json!(["in:1,2,3,4,5,6,99999"]));
    assert_eq!(r["socials.1"], json!(["url"]));
    assert_eq!(r["socials.2"], json!(["required"]));

    let mut eleven = attributes();
    eleven["children"] = json!(vec![
        json!({ "year": 2020, "month": 1, "sex_type": "male" });
        11
    ]);
    let (status, body) = app
        .post("/api/users/me/attributes", Some(&newbie), eleven)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["children"], json!(["max:10"]));

    let (status, created) = app
        .post("/api/users/me/attributes", Some(&newbie), attributes())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["married_type"], "married");
    assert_eq!(
        created["children"],
        json!([{ "birthday": "2018-04", "year": 2018, "month": 4, "sex_type": "female" }])
    );
    assert_eq!(created["annual_income"], json!({ "id": 3 }));
    assert_eq!(created["household_income"], json!({ "id": 99999 }));
    assert_eq!(
        created["languages"],
        json!([{ "id": 1, "level": 4 }, { "id": 99999, "level": 1 }])
    );
    assert_eq!(whoami(&app, &newbie).await["has_attribute"], true);

    // The stored document keeps the keys the creator pages read; languages are rows.
    let stored: Value =
        sqlx::query_scalar("select attributes from user_attributes where user_id = $1")
            .bind(newbie_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    let mut keys: Vec<&str> = stored
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "annual_income_id",
            "available_time_slot",
            "can_open_image_type",
            "chatwork_id",
            "children",
            "divorce_history_type",
            "families_type",
            "household_income_id",
            "married_type",
            "publish_information",
            "socials",
        ]
    );
    let languages: Vec<(i32, i16)> = sqlx::query_as(
        "select language_id, level from user_languages where user_id = $1 order by language_id",
    )
    .bind(newbie_id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(languages, [(1, 4), (99999, 1)]);

    // A second first-time save is refused; changes go through PUT.
    let (status, body) = app
        .post("/api/users/me/attributes", Some(&newbie), attributes())
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["attributes"], json!(["unique"]));

    let (status, changed) = app
        .put(
            "/api/users/me/attributes",
            Some(&newbie),
            json!({ "languages": [{ "id": 3, "level": "２" }], "children": [] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["married_type"], "unanswered");
    assert_eq!(changed["annual_income"], Value::Null);
    assert_eq!(changed["languages"], json!([{ "id": 3, "level": 2 }]));
    let accountant = app.login(ACCOUNTANT).await;
    let (status, read) = app
        .get(
            &format!("/api/users/{newbie_id}/attributes"),
            Some(&accountant),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(read, changed);
}

#[tokio::test]
async fn work_status_is_set_by_the_creator_or_staff() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let newbie_id = user_id(&pool, NEWBIE).await;
    let client_id = user_id(&pool, CLIENT).await;
    let newbie = app.login(NEWBIE).await;
    let mut socket = SioClient::connect(app.addr, Some(&newbie)).await.unwrap();

    // not_set is the state before an answer, never an answer.
    for (value, rule) in [
        (
            "not_set",
            "in:accepting,conditionally_accepting,not_accepting",
        ),
        ("busy", "in:accepting,conditionally_accepting,not_accepting"),
        ("", "required"),
    ] {
        let (status, body) = app
            .put(
                "/api/users/me/work_status",
                Some(&newbie),
                json!({ "work_status": value }),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{value}");
        assert_eq!(rules(&body)["work_status"], json!([rule]));
    }
    assert_eq!(whoami(&app, &newbie).await["work_status"], "not_set");

    let (status, user) = app
        .put(
            "/api/users/me/work_status",
            Some(&newbie),
            json!({ "work_status": "accepting" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{user}");
    assert_eq!(user["id"], newbie_id);
    assert_eq!(user["work_status"], "accepting");
    assert_eq!(user["has_skill"], false);
    // The creator's other tabs learn of it.
    let pushed = socket
        .expect_event("user.updated", Duration::from_secs(5))
        .await
        .expect("user.updated");
    assert_eq!(pushed, user);
    assert_eq!(whoami(&app, &newbie).await["work_status"], "accepting");

    // Another creator and a client are refused; a client has no work status of their own.
    let creator = app.login(CREATOR).await;
    let client = app.login(CLIENT).await;
    let body = json!({ "work_status": "not_accepting" });
    let (status, _) = app
        .put(
            &format!("/api/users/{newbie_id}/work_status"),
            Some(&creator),
            body.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put(
            &format!("/api/users/{newbie_id}/work_status"),
            Some(&client),
            body.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .put("/api/users/me/work_status", Some(&client), body.clone())
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(whoami(&app, &newbie).await["work_status"], "accepting");

    // Staff set a creator's, not a client's.
    let manager = app.login(MANAGER).await;
    let (status, user) = app
        .put(
            &format!("/api/users/{newbie_id}/work_status"),
            Some(&manager),
            json!({ "work_status": "conditionally_accepting" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(user["work_status"], "conditionally_accepting");
    let (status, _) = app
        .put(
            &format!("/api/users/{client_id}/work_status"),
            Some(&manager),
            body.clone(),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .put("/api/users/999999/work_status", Some(&manager), body)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        whoami(&app, &newbie).await["work_status"],
        "conditionally_accepting"
    );
}

#[tokio::test]
async fn completeness_flags_follow_the_saved_information() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let newbie = app.login(NEWBIE).await;
    let newbie_id = user_id(&pool, NEWBIE).await;
    for table in ["portfolios", "possible_works", "user_attributes"] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "delete from {table} where user_id = $1"
        )))
        .bind(newbie_id)
        .execute(&pool)
        .await
        .unwrap();
    }
    let flags = |who: &Value| {
        [
            "has_skill",
            "has_portfolio",
            "has_possible_work",
            "has_attribute",
            "has_bank_account",
        ]
        .map(|flag| who[flag].as_bool().unwrap())
    };
    assert_eq!(flags(&whoami(&app, &newbie).await), [false; 5]);

    let saves = [
        (
            "/api/users/me/skills",
            json!({ "genre_groups": [{ "id": 3, "genre_ids": [41] }] }),
        ),
        (
            "/api/users/me/portfolio",
            json!({ "portfolio": { "portfolio": "https://example.jp" } }),
        ),
        (
            "/api/users/me/possible_works",
            json!({ "checked_ids": ["illustration_and_design"] }),
        ),
    ];
    let mut expected = [false; 5];
    for (index, (path, body)) in saves.into_iter().enumerate() {
        let (status, answer) = app.put(path, Some(&newbie), body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {answer}");
        expected[index] = true;
        assert_eq!(
            flags(&whoami(&app, &newbie).await),
            expected,
            "after {path}"
        );
    }
    let (status, _) = app
        .post("/api/users/me/attributes", Some(&newbie), json!({}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        flags(&whoami(&app, &newbie).await),
        [true, true, true, true, false],
        "newbie still lacks a bank account"
    );
}
