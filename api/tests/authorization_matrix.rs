//! The authorisation matrix (`authorization_matrix.tsv`) run against a real server: every
//! operation of the OpenAPI document has a row, every row names a documented operation, and
//! each of the nine actors gets what its cell says. The table is the reviewed statement of who
//! may do what; this file only resolves its placeholders and compares.

use crate::support;
use crate::support::db;

use std::collections::{BTreeMap, BTreeSet};

use reqwest::{Method, StatusCode};
use serde_json::json;
use sqlx::PgPool;
use support::TestApp;

const TABLE: &str = include_str!("authorization_matrix.tsv");

/// The logged-in actors, in the table's column order; the guest and the anonymous follow.
const SESSIONS: [(&str, &str); 7] = [
    ("GEN", "creator@demo.tsumugi.jp"),
    ("EDT", "editor@demo.tsumugi.jp"),
    ("CLA", "client@demo.tsumugi.jp"),
    ("CLB", "client-b@demo.tsumugi.jp"),
    ("MGR", "manager@demo.tsumugi.jp"),
    ("ACC", "accountant@demo.tsumugi.jp"),
    ("ADM", "admin@demo.tsumugi.jp"),
];
const ACTORS: [&str; 9] = [
    "GEN", "EDT", "CLA", "CLB", "MGR", "ACC", "ADM", "GST", "ANO",
];

/// What a cell expects.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Outcome {
    Ok,
    Admitted,
    Unauthenticated,
    Forbidden,
    Hidden,
    Refused,
}

impl Outcome {
    fn parse(cell: &str) -> Self {
        match cell {
            "ok" => Self::Ok,
            "in" => Self::Admitted,
            "401" => Self::Unauthenticated,
            "403" => Self::Forbidden,
            "404" => Self::Hidden,
            "no" => Self::Refused,
            other => panic!("unknown outcome {other:?} in the matrix"),
        }
    }

    fn accepts(self, status: StatusCode) -> bool {
        let code = status.as_u16();
        match self {
            Self::Ok => status.is_success(),
            Self::Admitted => {
                status.is_success() || matches!(code, 400 | 409 | 422) || code == 413 || code == 415
            }
            Self::Unauthenticated => code == 401,
            Self::Forbidden => code == 403,
            Self::Hidden => code == 404,
            Self::Refused => matches!(code, 403 | 404),
        }
    }
}

/// What a row sends: `{}` (or nothing for GET and DELETE), its own JSON, or an empty
/// multipart form.
enum Body {
    Default,
    Json(String),
    Multipart,
}

struct Row {
    line: usize,
    method: Method,
    path: String,
    cells: Vec<Outcome>,
    body: Body,
}

fn rows() -> Vec<Row> {
    TABLE
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split('\t').collect();
            let cells = 2 + ACTORS.len();
            assert!(
                fields.len() == cells || fields.len() == cells + 1,
                "line {}: {l}",
                i + 1
            );
            Row {
                line: i + 1,
                method: Method::from_bytes(fields[0].as_bytes()).unwrap(),
                path: fields[1].to_string(),
                cells: fields[2..cells].iter().map(|c| Outcome::parse(c)).collect(),
                body: match fields.get(cells) {
                    None => Body::Default,
                    Some(&"multipart") => Body::Multipart,
                    Some(json) => Body::Json(json.to_string()),
                },
            }
        })
        .collect()
}

/// The documented operation a concrete path belongs to: the template with the same segments
/// where each `{param}` matches anything, preferring literal matches (`/users/me` over
/// `/users/{id}`).
fn operation_of<'a>(
    documented: &'a BTreeSet<(String, String)>,
    method: &str,
    path: &str,
) -> Option<&'a (String, String)> {
    let path = path.split('?').next().unwrap();
    let segments: Vec<&str> = path.split('/').collect();
    documented
        .iter()
        .filter(|(m, _)| m == method)
        .filter_map(|op| {
            let template: Vec<&str> = op.1.split('/').collect();
            if template.len() != segments.len() {
                return None;
            }
            let mut literal = 0;
            for (t, s) in template.iter().zip(&segments) {
                if t.starts_with('{') {
                    continue;
                }
                if t != s {
                    return None;
                }
                literal += 1;
            }
            Some((literal, op))
        })
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, op)| op)
}

/// The concrete ids of the demo data the table's placeholders name.
async fn fixtures(app: &TestApp, pool: &PgPool) -> BTreeMap<&'static str, String> {
    async fn id(pool: &PgPool, sql: &'static str) -> i64 {
        sqlx::query_scalar::<_, i64>(sql)
            .fetch_one(pool)
            .await
            .unwrap_or_else(|e| panic!("fixture {sql}: {e}"))
    }
    let user = |mail: &'static str| async move {
        sqlx::query_scalar::<_, i64>("select id from users where mail_address = $1")
            .bind(mail)
            .fetch_one(pool)
            .await
            .unwrap()
    };
    let creator = user("creator@demo.tsumugi.jp").await;
    let mut f: BTreeMap<&'static str, String> = BTreeMap::new();
    let today = api::platform::clock::tokyo_today();
    f.insert("year", today.format("%Y").to_string());
    f.insert("month", today.format("%-m").to_string());
    let confirmed: chrono::NaiveDate =
        sqlx::query_scalar("select max(month) from reward_confirmations")
            .fetch_one(pool)
            .await
            .unwrap();
    f.insert("confirmed_year", confirmed.format("%Y").to_string());
    f.insert("confirmed_month", confirmed.format("%-m").to_string());
    f.insert("creator", creator.to_string());
    f.insert(
        "writer01",
        user("writer01@demo.tsumugi.jp").await.to_string(),
    );
    f.insert(
        "writer06",
        user("writer06@demo.tsumugi.jp").await.to_string(),
    );
    let ids: [(&'static str, &'static str); 18] = [
        ("reaction", "select min(id) from reactions"),
        (
            "client_a",
            "select client_id from users where mail_address = 'client@demo.tsumugi.jp'",
        ),
        (
            "client_b",
            "select client_id from users where mail_address = 'client-b@demo.tsumugi.jp'",
        ),
        (
            "media_a",
            "select min(m.id) from media m join users u on u.client_id = m.client_id where u.mail_address = 'client@demo.tsumugi.jp'",
        ),
        ("team_a", "select id from teams where name = '特集班'"),
        ("chat_team", "select id from teams where name = 'デモ編集部'"),
        (
            "channel",
            "select c.id from channels c join teams t on t.id = c.team_id where t.name = 'デモ編集部' and c.channel_type = 'group'",
        ),
        (
            "message_of_creator",
            "select min(m.id) from messages m join channels c on c.id = m.channel_id join teams t on t.id = c.team_id
              join users u on u.id = m.user_id
             where t.name = 'デモ編集部' and c.channel_type = 'group' and u.mail_address = 'creator@demo.tsumugi.jp' and m.deleted_at is null",
        ),
        (
            "notice_of_creator",
            "select min(n.id) from notices n join users u on u.id = n.user_id where u.mail_address = 'creator@demo.tsumugi.jp'",
        ),
        ("bank", "select min(id)::bigint from banks"),
        (
            "genre",
            "select min(id) from genres where parent_genre_id is null",
        ),
        ("genre_group", "select min(id) from genre_groups"),
        (
            "purchase_order",
            "select min(p.id) from purchase_orders p join users u on u.id = p.user_id where u.mail_address = 'creator@demo.tsumugi.jp'",
        ),
        ("template", "select min(id) from offer_templates"),
        (
            "project",
            "select id from projects where name = '冬の温泉ガイド'",
        ),
        (
            "project_setting",
            "select id from projects where name = '2027年春号 特集企画'",
        ),
        (
            "work",
            "select w.id from works w join projects p on p.id = w.project_id where p.name = '冬の温泉ガイド' and not w.is_operation_agency",
        ),
        (
            "assessment_a",
            "select min(a.id) from assessments a join users u on u.client_id = a.client_id where u.mail_address = 'client@demo.tsumugi.jp'",
        ),
    ];
    for (name, sql) in ids {
        f.insert(name, id(pool, sql).await.to_string());
    }
    // The demo manuscript (seed/manuscripts.rs): a writing task the creator took, of client A.
    for (name, sql) in [
        ("manuscript", "select min(id) from manuscripts"),
        (
            "manuscript_task",
            "select task_id from manuscripts where id = (select min(id) from manuscripts)",
        ),
        (
            "manuscript_link",
            "select min(id) from manuscript_links where manuscript_id = (select min(id) from manuscripts)",
        ),
        (
            "manuscript_version",
            "select min(id) from manuscript_versions where manuscript_id = (select min(id) from manuscripts)",
        ),
    ] {
        f.insert(name, id(pool, sql).await.to_string());
    }
    let writing_task = |project: &'static str| async move {
        sqlx::query_scalar::<_, i64>(
            "select t.id from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id
              where p.name = $1 and t.task_type = 'writing' and not w.is_operation_agency",
        )
        .bind(project)
        .fetch_one(pool)
        .await
        .unwrap()
        .to_string()
    };
    f.insert("task", writing_task("冬の温泉ガイド").await);
    f.insert(
        "task_under_acceptance",
        writing_task("新生活応援コラム").await,
    );
    f.insert(
        "task_offered_decline",
        writing_task("2027年春号 特集企画").await,
    );
    f.insert(
        "task_offered_take",
        writing_task("秋の京都さんぽ 取材記事").await,
    );

    // A file attached to a message of the group channel, uploaded and posted as the creator.
    let token = app.login("creator@demo.tsumugi.jp").await;
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(b"%PDF-1.4\n%matrix\n".to_vec()).file_name("資料.pdf"),
    );
    let (status, file) = app.post_multipart("/api/files", &token, form).await;
    assert_eq!(status, StatusCode::CREATED, "{file}");
    let (status, message) = app
        .post(
            &format!("/api/channels/{}/messages", f["channel"]),
            Some(&token),
            json!({ "body": "資料です", "file_ids": [file["id"]] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{message}");
    f.insert("file_in_channel", file["id"].to_string());

    // A resumable upload the creator started.
    let created = app
        .http
        .post(app.url("/api/uploads"))
        .bearer_auth(&token)
        .header("tus-resumable", "1.0.0")
        .header("upload-length", "100")
        .header("upload-metadata", "filename YS50eHQ=,use ZGVsaXZlcnk=")
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), StatusCode::CREATED);
    let location = created.headers()["location"].to_str().unwrap();
    f.insert("upload", location.rsplit('/').next().unwrap().to_string());
    f
}

fn resolve(path: &str, fixtures: &BTreeMap<&'static str, String>) -> String {
    let mut out = path.to_string();
    for (name, value) in fixtures {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    let unresolved = out.split('{').skip(1).any(|rest| {
        rest.split_once('}').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
        })
    });
    assert!(!unresolved, "unresolved placeholder in {path}");
    out
}

/// A guest token of the demo share link of 「デモ編集部」, opened as a guest would.
async fn guest_token(app: &TestApp, client: &str, media: &str, team: &str) -> String {
    let (status, body) = app
        .post(
            &format!("/api/clients/media/{media}/teams/{team}/share"),
            Some(client),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let url = body["url"].as_str().unwrap();
    let query = url.split_once('?').unwrap().1;
    let secret = form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned())
        .unwrap();
    let (status, body) = app
        .put(
            "/api/guest/clients/url_auth",
            None,
            json!({ "token": secret }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["token"].as_str().unwrap().to_string()
}

/// A request without a JSON body, as a row's `Body` says: an empty multipart form (an upload
/// without its file) or a tus request (`Tus-Resumable: 1.0.0`, no body).
async fn send_raw(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    multipart: bool,
) -> (StatusCode, serde_json::Value) {
    let mut request = app.http.request(method, app.url(path));
    request = if multipart {
        request.multipart(reqwest::multipart::Form::new().text("note", "matrix"))
    } else {
        request.header("tus-resumable", "1.0.0")
    };
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    (status, response.json().await.unwrap_or_default())
}

#[tokio::test]
async fn every_operation_answers_every_actor_as_the_matrix_says() {
    let (pool, _db) = db::with_master_data().await;
    let app = TestApp::spawn_with_master_data(pool.clone()).await;
    let rows = rows();

    // The table covers the document exactly.
    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .unwrap()
                .keys()
                .filter(|m| ["get", "post", "put", "delete", "patch"].contains(&m.as_str()))
                .map(move |m| (m.to_uppercase(), path.clone()))
        })
        .collect();
    let mut covered = BTreeSet::new();
    let mut strays = Vec::new();
    for row in &rows {
        match operation_of(&documented, row.method.as_str(), &row.path) {
            Some(op) => {
                covered.insert(op.clone());
            }
            None => strays.push(format!("line {}: {} {}", row.line, row.method, row.path)),
        }
    }
    let missing: Vec<_> = documented.difference(&covered).collect();
    assert!(
        strays.is_empty() && missing.is_empty(),
        "rows naming no documented operation: {strays:#?}\ndocumented operations without a row: {missing:#?}"
    );

    let fixtures = fixtures(&app, &pool).await;
    let mut tokens: Vec<Option<String>> = Vec::new();
    for (_, mail) in SESSIONS {
        tokens.push(Some(app.login(mail).await));
    }
    let guest = guest_token(
        &app,
        tokens[2].as_deref().unwrap(),
        &fixtures["media_a"],
        &fixtures["chat_team"],
    )
    .await;
    tokens.push(Some(guest));
    tokens.push(None);

    let mut wrong = Vec::new();
    let mut cells = 0;
    for row in &rows {
        let path = resolve(&row.path, &fixtures);
        for (column, expected) in row.cells.iter().enumerate() {
            let token = tokens[column].as_deref();
            let (status, answer) = match &row.body {
                Body::Multipart => send_raw(&app, row.method.clone(), &path, token, true).await,
                Body::Json(json) => {
                    let body = serde_json::from_str(&resolve(json, &fixtures))
                        .unwrap_or_else(|e| panic!("line {}: body {json}: {e}", row.line));
                    app.request(row.method.clone(), &path, token, Some(body))
                        .await
                }
                Body::Default if path.starts_with("/api/uploads") => {
                    send_raw(&app, row.method.clone(), &path, token, false).await
                }
                Body::Default => {
                    let body = (row.method != Method::GET && row.method != Method::DELETE)
                        .then(|| json!({}));
                    app.request(row.method.clone(), &path, token, body).await
                }
            };
            cells += 1;
            if !expected.accepts(status) || status.is_server_error() {
                wrong.push(format!(
                    "line {} {} {} as {}: expected {:?}, got {} {}",
                    row.line,
                    row.method,
                    path,
                    ACTORS[column],
                    expected,
                    status.as_u16(),
                    answer.to_string().chars().take(160).collect::<String>()
                ));
            }
        }
    }
    println!(
        "authorisation matrix: {} rows over {} documented operations × {} actors = {} cells",
        rows.len(),
        documented.len(),
        ACTORS.len(),
        cells
    );
    assert!(
        wrong.is_empty(),
        "{} of {cells} cells wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
