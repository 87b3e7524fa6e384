//! Guest share pages: a share link opens a guest token that reads one team (its members, their
//! public details and publishable portfolio files) for 120 minutes, and nothing else.

use crate::support;
use crate::support::db;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, user_id};

const CLIENT: &str = "client@demo.tsumugi.jp";
const CREATOR: &str = "creator@demo.tsumugi.jp";
const EDITOR: &str = "editor@demo.tsumugi.jp";

/// The demo chat team 「デモ編集部」 and its medium.
async fn demo_team(pool: &PgPool) -> (i64, i64) {
    sqlx::query_as("select media_id, id from teams where name = 'デモ編集部'")
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Another team of the same medium, with writer05 as a member.
async fn other_team(pool: &PgPool, media_id: i64) -> i64 {
    let team_id: i64 = sqlx::query_scalar(
        "insert into teams (name, client_id, media_id)
         select 'ほかの編集部', client_id, id from media where id = $1 returning id",
    )
    .bind(media_id)
    .fetch_one(pool)
    .await
    .unwrap();
    add_member(pool, team_id, "writer05@demo.tsumugi.jp", "assignable").await;
    team_id
}

async fn add_member(pool: &PgPool, team_id: i64, mail: &str, status: &str) {
    sqlx::query(
        "insert into team_members (team_id, user_id, status) select $1, id, $3 from users where mail_address = $2",
    )
    .bind(team_id)
    .bind(mail)
    .bind(status)
    .execute(pool)
    .await
    .unwrap();
}

/// A client company of its own, with one user who can log in (the demo password).
async fn other_company_client(pool: &PgPool) -> &'static str {
    let mail = "other-client@example.jp";
    sqlx::query(
        "with c as (insert into clients (company_name) values ('株式会社ほかの出版') returning id)
         insert into users (mail_address, password_hash, user_name, role, client_id)
         select $1, u.password_hash, 'ほかの担当者', 'client', c.id from users u, c where u.mail_address = $2",
    )
    .bind(mail)
    .bind(CLIENT)
    .execute(pool)
    .await
    .unwrap();
    mail
}

/// The query parameter `key` of `url`.
fn param(url: &str, key: &str) -> String {
    let query = url.split_once('?').expect("a query").1;
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
        .unwrap_or_else(|| panic!("{key} in {url}"))
}

/// Shares the team as the demo client; the share token.
async fn share(app: &TestApp, token: &str, media_id: i64, team_id: i64) -> String {
    let (status, body) = app
        .post(
            &format!("/api/clients/media/{media_id}/teams/{team_id}/share"),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let url = body["url"].as_str().unwrap();
    assert!(url.contains("/guest/clients/login?"), "{url}");
    assert_eq!(param(url, "media_id"), media_id.to_string());
    assert_eq!(param(url, "team_id"), team_id.to_string());
    param(url, "token")
}

async fn guest_token(app: &TestApp, share_token: &str) -> String {
    let (status, body) = app
        .put(
            "/api/guest/clients/url_auth",
            None,
            json!({ "token": share_token }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["token"].as_str().unwrap().to_string()
}

fn names(members: &Value) -> Vec<String> {
    members["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["user_name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_guest_reads_only_the_shared_team_and_its_members() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = demo_team(&pool).await;
    let other = other_team(&pool, media_id).await;
    add_member(&pool, team_id, "writer02@demo.tsumugi.jp", "declined").await;
    add_member(&pool, team_id, "writer03@demo.tsumugi.jp", "temporary").await;
    add_member(&pool, team_id, "writer04@demo.tsumugi.jp", "negotiating").await;
    let client = app.login(CLIENT).await;
    let secret = share(&app, &client, media_id, team_id).await;
    let (status, current) = app
        .get(
            &format!("/api/clients/media/{media_id}/teams/{team_id}/url"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(current["share_link"]["team_id"], team_id);
    assert!(
        current["share_link"].get("url").is_none(),
        "the URL is shown only once"
    );

    let (status, auth) = app
        .put(
            "/api/guest/clients/url_auth",
            None,
            json!({ "token": secret }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{auth}");
    assert_eq!(auth["media_id"], media_id);
    assert_eq!(auth["team_id"], team_id);
    let guest = auth["token"].as_str().unwrap().to_string();
    let base = format!("/api/guest/clients/media/{media_id}/teams/{team_id}");

    let (status, team) = app.get(&base, Some(&guest)).await;
    assert_eq!(status, StatusCode::OK, "{team}");
    assert_eq!(team["name"], "デモ編集部");
    assert_eq!(team["media_name"], "デモマガジン");

    let (status, members) = app
        .get(&format!("{base}/members?page=1"), Some(&guest))
        .await;
    assert_eq!(status, StatusCode::OK, "{members}");
    let listed = names(&members);
    assert!(listed.contains(&"山田 花子".to_string()), "{listed:?}");
    assert!(listed.contains(&"佐藤 健".to_string()), "{listed:?}");
    assert_eq!(
        members["total"], 3,
        "declined and temporary members are not shown: {listed:?}"
    );
    let member = &members["members"][0];
    for private in [
        "mail_address",
        "phone_number",
        "private_memo",
        "editor_memo",
        "birthday",
    ] {
        assert!(member.get(private).is_none(), "{private} leaked: {member}");
    }

    let creator = user_id(&pool, CREATOR).await;
    let (status, detail) = app
        .get(&format!("{base}/creators/{creator}"), Some(&guest))
        .await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    assert_eq!(detail["user"]["id"], creator);
    for private in [
        "mail_address",
        "phone_number",
        "postal_code",
        "birthday",
        "last_name",
    ] {
        assert!(
            detail["user"].get(private).is_none(),
            "{private} leaked: {detail}"
        );
    }
    // Not a visible member of the shared team: declined, temporary, another team's, nobody's.
    for mail in [
        "writer02@demo.tsumugi.jp",
        "writer03@demo.tsumugi.jp",
        "writer05@demo.tsumugi.jp",
        "writer06@demo.tsumugi.jp",
        CLIENT,
    ] {
        let id = user_id(&pool, mail).await;
        let (status, _) = app
            .get(&format!("{base}/creators/{id}"), Some(&guest))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{mail}");
    }

    // Another team's URL (same medium), or the team under another medium, is refused.
    let other_base = format!("/api/guest/clients/media/{media_id}/teams/{other}");
    for path in [
        other_base.clone(),
        format!("{other_base}/members"),
        format!(
            "{other_base}/creators/{}",
            user_id(&pool, "writer05@demo.tsumugi.jp").await
        ),
        format!(
            "/api/guest/clients/media/{}/teams/{team_id}",
            media_id + 1000
        ),
    ] {
        let (status, _) = app.get(&path, Some(&guest)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }

    let (status, children) = app
        .get("/api/guest/genres/1/child_genres", Some(&guest))
        .await;
    assert!(
        status == StatusCode::OK || status == StatusCode::NOT_FOUND,
        "{status} {children}"
    );
}

#[tokio::test]
async fn guest_tokens_and_user_tokens_do_not_cross() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = demo_team(&pool).await;
    let client = app.login(CLIENT).await;
    let guest = guest_token(&app, &share(&app, &client, media_id, team_id).await).await;
    let creator = user_id(&pool, CREATOR).await;
    // A guest token is no login.
    for path in [
        "/api/users/whoami".to_string(),
        "/api/teams".to_string(),
        format!("/api/creators/{creator}"),
        "/api/assessments".to_string(),
        format!("/api/clients/media/{media_id}/teams/{team_id}/url"),
    ] {
        let (status, _) = app.get(&path, Some(&guest)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
    }
    let (status, _) = app
        .post(
            &format!("/api/clients/media/{media_id}/teams/{team_id}/share"),
            Some(&guest),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A login is no guest token, nor is nothing.
    let base = format!("/api/guest/clients/media/{media_id}/teams/{team_id}");
    for token in [Some(client.as_str()), None] {
        for path in [
            base.clone(),
            format!("{base}/members"),
            format!("{base}/creators/{creator}"),
            "/api/guest/genres/1/child_genres".to_string(),
        ] {
            let (status, _) = app.get(&path, token).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{path} with {token:?}");
        }
    }
    // A socket does not take a guest token either.
    assert!(
        support::sio::SioClient::connect(app.addr, Some(&guest))
            .await
            .is_err()
    );
}

#[tokio::test]
async fn expired_revoked_and_replaced_links_give_the_spec_messages() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = demo_team(&pool).await;
    let client = app.login(CLIENT).await;
    let base = format!("/api/guest/clients/media/{media_id}/teams/{team_id}");
    let share_path = format!("/api/clients/media/{media_id}/teams/{team_id}/share");

    // A token that is not a link.
    let (status, body) = app
        .put(
            "/api/guest/clients/url_auth",
            None,
            json!({ "token": "nothing" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["error"]["message"], "無効なURLです。");
    assert_eq!(body["error"]["rules"]["token"], json!(["invalid"]));

    // Expired after 120 minutes.
    let first = share(&app, &client, media_id, team_id).await;
    let guest = guest_token(&app, &first).await;
    let (_, auth_row): (i64, chrono::DateTime<chrono::Utc>) =
        sqlx::query_as("select id, expires_at from guest_tokens order by id desc limit 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    let minutes = (auth_row - chrono::Utc::now()).num_minutes();
    assert!((118..=120).contains(&minutes), "{minutes} minutes");
    sqlx::query("update guest_tokens set expires_at = now() - interval '1 minute'")
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = app.get(&base, Some(&guest)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"]["message"], "URLの有効期限が切れています。");
    // The link itself still opens a new 120 minutes.
    let guest = guest_token(&app, &first).await;
    let (status, _) = app.get(&base, Some(&guest)).await;
    assert_eq!(status, StatusCode::OK);

    // Replaced: the old link and the guests it let in are out.
    let second = share(&app, &client, media_id, team_id).await;
    let (status, body) = app.get(&base, Some(&guest)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"]["message"], "無効なURLです。");
    let (status, _) = app
        .put(
            "/api/guest/clients/url_auth",
            None,
            json!({ "token": first }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    // Revoked.
    let guest = guest_token(&app, &second).await;
    let (status, _) = app.delete(&share_path, Some(&client)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = app.get(&format!("{base}/members"), Some(&guest)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"]["message"], "無効なURLです。");
    let (status, _) = app
        .put(
            "/api/guest/clients/url_auth",
            None,
            json!({ "token": second }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, current) = app
        .get(
            &format!("/api/clients/media/{media_id}/teams/{team_id}/url"),
            Some(&client),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a revoked link is no share link, not an error"
    );
    assert_eq!(current, json!({ "share_link": null }));
    let (status, _) = app.delete(&share_path, Some(&client)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_team_never_shared_answers_no_share_link_rather_than_404() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, _) = demo_team(&pool).await;
    let team_id = other_team(&pool, media_id).await;
    let client = app.login(CLIENT).await;
    let url_path = format!("/api/clients/media/{media_id}/teams/{team_id}/url");
    let (status, body) = app.get(&url_path, Some(&client)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({ "share_link": null }));
    // Someone who may not see the team still gets the 404.
    let other = app.login(other_company_client(&pool).await).await;
    let (status, _) = app.get(&url_path, Some(&other)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn only_the_medium_s_client_and_staff_share_a_team() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = demo_team(&pool).await;
    let other = app.login(other_company_client(&pool).await).await;
    let share_path = format!("/api/clients/media/{media_id}/teams/{team_id}/share");
    let url_path = format!("/api/clients/media/{media_id}/teams/{team_id}/url");
    let (status, _) = app.post(&share_path, Some(&other), json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let client = app.login(CLIENT).await;
    share(&app, &client, media_id, team_id).await;
    let (status, _) = app.get(&url_path, Some(&other)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.delete(&share_path, Some(&other)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get(&url_path, Some(&client)).await;
    assert_eq!(status, StatusCode::OK, "still shared");
    // The team under another medium of the same client is not found either.
    let (status, _) = app
        .post(
            &format!(
                "/api/clients/media/{}/teams/{team_id}/share",
                media_id + 1000
            ),
            Some(&client),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let creator = app.login(CREATOR).await;
    let (status, _) = app.post(&share_path, Some(&creator), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let manager = app.login("manager@demo.tsumugi.jp").await;
    let (status, _) = app.post(&share_path, Some(&manager), json!({})).await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn a_guest_downloads_only_publishable_portfolio_files_of_members() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = demo_team(&pool).await;
    let client = app.login(CLIENT).await;
    let guest = guest_token(&app, &share(&app, &client, media_id, team_id).await).await;
    let editor_token = app.login(EDITOR).await;
    let editor = user_id(&pool, EDITOR).await;
    let part =
        reqwest::multipart::Part::bytes(b"editor portfolio".to_vec()).file_name("作品集.txt");
    let form = reqwest::multipart::Form::new().part("file", part);
    let (status, file) = app.post_multipart("/api/files", &editor_token, form).await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    let file_id = file["id"].as_i64().unwrap();
    let publish = |publishability: &'static str| {
        let pool = pool.clone();
        async move {
            sqlx::query(
                "insert into portfolios (user_id, portfolio, publishability) values ($1, '作品集', $2)
                 on conflict (user_id) do update set publishability = excluded.publishability",
            )
            .bind(editor)
            .bind(publishability)
            .execute(&pool)
            .await
            .unwrap();
        }
    };
    publish("publishable").await;
    sqlx::query("insert into portfolio_files (user_id, file_id, position) values ($1, $2, 0)")
        .bind(editor)
        .bind(file_id)
        .execute(&pool)
        .await
        .unwrap();
    let base = format!("/api/guest/clients/media/{media_id}/teams/{team_id}/creators/{editor}");
    let (status, detail) = app.get(&base, Some(&guest)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(detail["portfolio_files"][0]["id"], file_id);
    let download = format!("{base}/portfolio_files/{file_id}");
    let response = app
        .http
        .get(app.url(&download))
        .bearer_auth(&guest)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.bytes().await.unwrap().as_ref(),
        b"editor portfolio"
    );
    // Under another member's path, or a file outside the portfolio: not found.
    let creator = user_id(&pool, CREATOR).await;
    let (status, _) = app
        .get(
            &format!("/api/guest/clients/media/{media_id}/teams/{team_id}/creators/{creator}/portfolio_files/{file_id}"),
            Some(&guest),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Only conditionally publishable: neither listed nor served.
    publish("conditionally_publishable").await;
    let (_, detail) = app.get(&base, Some(&guest)).await;
    assert_eq!(detail["portfolio_files"], json!([]));
    assert!(detail["user"]["portfolio"].is_null());
    let (status, _) = app.get(&download, Some(&guest)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A login cannot use the guest download.
    let (status, _) = app.get(&download, Some(&client)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
