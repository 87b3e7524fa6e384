//! Manuscripts (issue 44): creating one per textual task, rights by role and through editor
//! links (a link narrows, never widens), the token rules of `GET /editor/resolve`, counts and
//! versions, and the live document: persisted before it is relayed, refused without the right,
//! compacted without losing text, and converging through two nodes sharing PostgreSQL and Redis.

use crate::support;
use crate::support::db;

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::{STANDARD as BASE64, URL_SAFE_NO_PAD};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use support::chat::two_nodes;
use support::sio::SioClient;
use support::{TestApp, user_id};
use yrs::types::xml::XmlTextPrelim;
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{
    Doc, ReadTxn, StateVector, Text, Transact, Update, XmlElementPrelim, XmlFragment, XmlOut,
};

use api::auth::role::Role;
use api::auth::session::Caller;
use api::manuscripts::links::Claims;
use api::manuscripts::model::ManuscriptPermission;
use api::manuscripts::{doc, sync};

pub(crate) const CREATOR: &str = "creator@demo.tsumugi.jp";
pub(crate) const EDITOR: &str = "editor@demo.tsumugi.jp";
pub(crate) const CLIENT: &str = "client@demo.tsumugi.jp";
pub(crate) const CLIENT_B: &str = "client-b@demo.tsumugi.jp";
pub(crate) const MANAGER: &str = "manager@demo.tsumugi.jp";
pub(crate) const ACCOUNTANT: &str = "accountant@demo.tsumugi.jp";
const WAIT: Duration = Duration::from_secs(5);

/// A new task of `task_type` in a work of client A, taken by the demo creator and offered to the
/// editor assistant.
async fn task_of_type(pool: &PgPool, task_type: &str) -> i64 {
    let task_id: i64 = sqlx::query_scalar(
        "with w as (select w.id from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id
                     where m.client_id = (select client_id from users where mail_address = $2)
                       and not w.is_operation_agency order by w.id limit 1)
         insert into tasks (work_id, task_type, title, status) select id, $1, '原稿のテスト', 'doing' from w returning id",
    )
    .bind(task_type)
    .bind(CLIENT)
    .fetch_one(pool)
    .await
    .unwrap();
    for (mail, state) in [(CREATOR, "taken"), (EDITOR, "offered")] {
        sqlx::query("insert into task_assignees (task_id, user_id, state) values ($1, $2, $3)")
            .bind(task_id)
            .bind(user_id(pool, mail).await)
            .bind(state)
            .execute(pool)
            .await
            .unwrap();
    }
    task_id
}

/// A writing task with its manuscript, created by its creator: (task id, manuscript id).
pub(crate) async fn manuscript(app: &TestApp, pool: &PgPool) -> (i64, i64) {
    let task_id = task_of_type(pool, "writing").await;
    let creator = app.login(CREATOR).await;
    let (status, body) = app
        .post(
            &format!("/api/tasks/{task_id}/manuscript"),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (task_id, body["id"].as_i64().unwrap())
}

pub(crate) fn message(body: &Value) -> &str {
    body["error"]["message"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn a_textual_task_gets_one_manuscript_from_whoever_may_edit_it() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let task_id = task_of_type(&pool, "writing").await;
    let path = format!("/api/tasks/{task_id}/manuscript");
    let client = app.login(CLIENT).await;
    let creator = app.login(CREATOR).await;

    let (status, _) = app.get(&path, Some(&creator)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "none yet");
    let (status, _) = app.post(&path, Some(&client), json!({})).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a client comments, never creates"
    );
    let (status, created) = app.post(&path, Some(&creator), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["task_id"], task_id);
    assert_eq!(created["task_name"], "原稿のテスト");
    assert_eq!(created["title"], "原稿のテスト");
    assert!(
        created["project_name"]
            .as_str()
            .is_some_and(|n| !n.is_empty())
    );
    assert_eq!(created["permission"], "edit");
    assert_eq!(created["can_issue_links"], true);
    assert_eq!(
        created["counts"],
        json!({ "total": 0, "without_punctuation": 0, "sections": [] })
    );
    let (status, again) = app.post(&path, Some(&creator), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(message(&again), "このタスクには原稿があります");
    let (status, by_task) = app.get(&path, Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(by_task["id"], created["id"]);
    assert_eq!(by_task["permission"], "comment");
    assert_eq!(by_task["can_issue_links"], false);

    // Illustration is not a text.
    let drawing = task_of_type(&pool, "illustration_and_design").await;
    let manager = app.login(MANAGER).await;
    let (status, body) = app
        .post(
            &format!("/api/tasks/{drawing}/manuscript"),
            Some(&manager),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    // A manager may create one for a textual task nobody took yet.
    let planning = task_of_type(&pool, "planning").await;
    let (status, body) = app
        .post(
            &format!("/api/tasks/{planning}/manuscript"),
            Some(&manager),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn own_permission_follows_the_role_and_others_see_nothing() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let path = format!("/api/manuscripts/{manuscript_id}");
    for (mail, expected) in [
        (CREATOR, Some("edit")),
        (MANAGER, Some("edit")),
        ("admin@demo.tsumugi.jp", Some("edit")),
        (EDITOR, Some("suggest")),
        (CLIENT, Some("comment")),
        (CLIENT_B, None),
        (ACCOUNTANT, None),
        ("writer01@demo.tsumugi.jp", None),
    ] {
        let token = app.login(mail).await;
        let (status, body) = app.get(&path, Some(&token)).await;
        match expected {
            Some(permission) => {
                assert_eq!(status, StatusCode::OK, "{mail}: {body}");
                assert_eq!(body["permission"], permission, "{mail}");
                assert_eq!(body["can_issue_links"], permission == "edit", "{mail}");
            }
            None => assert_eq!(status, StatusCode::NOT_FOUND, "{mail}: {body}"),
        }
    }
    let (status, _) = app.get(&path, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // An invalidated task exists for staff only.
    sqlx::query("update tasks set is_invalid = true where id = (select task_id from manuscripts where id = $1)")
        .bind(manuscript_id)
        .execute(&pool)
        .await
        .unwrap();
    let creator = app.login(CREATOR).await;
    assert_eq!(
        app.get(&path, Some(&creator)).await.0,
        StatusCode::NOT_FOUND
    );
    let manager = app.login(MANAGER).await;
    assert_eq!(app.get(&path, Some(&manager)).await.0, StatusCode::OK);
}

/// Issues a link as `token`'s user: the answer's status and body.
pub(crate) async fn issue(
    app: &TestApp,
    token: &str,
    manuscript_id: i64,
    permission: &str,
    hours: i64,
) -> (StatusCode, Value) {
    app.post(
        &format!("/api/manuscripts/{manuscript_id}/links"),
        Some(token),
        json!({ "permission": permission, "expires_in_hours": hours }),
    )
    .await
}

async fn resolve(app: &TestApp, holder: &str, query: &str) -> (StatusCode, Value) {
    app.get(&format!("/api/editor/resolve{query}"), Some(holder))
        .await
}

#[tokio::test]
async fn links_narrow_never_widen_and_bad_tokens_get_the_two_messages() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let creator = app.login(CREATOR).await;
    let client = app.login(CLIENT).await;
    let editor = app.login(EDITOR).await;
    let accountant = app.login(ACCOUNTANT).await;

    let (status, _) = issue(&app, &client, manuscript_id, "comment", 24).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "comment does not issue links"
    );
    let (status, _) = issue(&app, &editor, manuscript_id, "comment", 24).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "suggest does not issue links"
    );
    for (permission, hours) in [("edit", 0), ("edit", 721), ("owner", 24)] {
        let (status, body) = issue(&app, &creator, manuscript_id, permission, hours).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{permission} {hours}: {body}"
        );
    }
    let (status, edit_link) = issue(&app, &creator, manuscript_id, "edit", 720).await;
    assert_eq!(status, StatusCode::CREATED, "{edit_link}");
    let token = edit_link["token"].as_str().unwrap().to_string();
    assert_eq!(edit_link["url"], format!("/editor?token={token}"));
    assert_eq!(edit_link["permission"], "edit");
    assert_eq!(edit_link["revoked_at"], Value::Null);
    assert_eq!(
        edit_link["created_by_name"].as_str().map(str::is_empty),
        Some(false)
    );

    // The link narrows to the holder's own permission, and never opens for someone without one.
    let query = format!("?token={token}");
    for (holder, expected) in [
        (&creator, "edit"),
        (&editor, "suggest"),
        (&client, "comment"),
    ] {
        let (status, body) = resolve(&app, holder, &query).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body,
            json!({ "manuscript_id": manuscript_id, "permission": expected })
        );
    }
    let (status, _) = resolve(&app, &accountant, &query).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, comment_link) = issue(&app, &creator, manuscript_id, "comment", 1).await;
    let comment_query = format!("?token={}", comment_link["token"].as_str().unwrap());
    let (_, body) = resolve(&app, &creator, &comment_query).await;
    assert_eq!(
        body["permission"], "comment",
        "an editor opening a comment link comments"
    );

    // Every malformed token is the same 400.
    let (header, payload, signature) = {
        let mut parts = token.split('.');
        (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        )
    };
    let flipped = {
        let mut bytes = URL_SAFE_NO_PAD.decode(signature).unwrap();
        bytes[0] ^= 1;
        URL_SAFE_NO_PAD.encode(bytes)
    };
    let empty_payload = URL_SAFE_NO_PAD.encode("{}");
    for bad in [
        String::new(),
        "?token=".into(),
        format!("?token={token}&token={token}"),
        "?token=not-a-token".into(),
        "?token=%E3%81%82.%E3%81%84.%E3%81%86".into(),
        format!("?token={header}.{empty_payload}.{signature}"),
        format!("?token={header}.{payload}.{flipped}"),
    ] {
        let (status, body) = resolve(&app, &creator, &bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert_eq!(message(&body), "無効なURLです", "{bad}");
    }
    // Expired: signed by the server, its time over.
    let link_id = edit_link["id"].as_i64().unwrap();
    let expired = app.state.manuscript_links.sign(&Claims {
        manuscript_id,
        link_id,
        permission: ManuscriptPermission::Edit,
        exp: chrono::Utc::now().timestamp() - 1,
    });
    let (status, body) = resolve(&app, &creator, &format!("?token={expired}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(message(&body), "URLの有効期限が切れています");
    // A link naming another manuscript's id, or no link at all, is invalid.
    let forged = app.state.manuscript_links.sign(&Claims {
        manuscript_id: manuscript_id + 1000,
        link_id,
        permission: ManuscriptPermission::Edit,
        exp: chrono::Utc::now().timestamp() + 60,
    });
    let (_, body) = resolve(&app, &creator, &format!("?token={forged}")).await;
    assert_eq!(message(&body), "無効なURLです");

    // Listed without tokens; revoked: invalid.
    let (status, listed) = app
        .get(
            &format!("/api/manuscripts/{manuscript_id}/links"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), 2);
    assert!(
        listed
            .iter()
            .all(|l| l.get("token").is_none() && l["url"].is_null())
    );
    let (status, _) = app
        .delete(
            &format!("/api/manuscripts/{manuscript_id}/links/{link_id}"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .delete(
            &format!("/api/manuscripts/{manuscript_id}/links/{link_id}"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = resolve(&app, &creator, &query).await;
    assert_eq!(
        (status, message(&body)),
        (StatusCode::BAD_REQUEST, "無効なURLです")
    );
    let (_, listed) = app
        .get(
            &format!("/api/manuscripts/{manuscript_id}/links"),
            Some(&creator),
        )
        .await;
    let revoked = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == link_id)
        .unwrap();
    assert!(revoked["revoked_at"].is_string());
    let (status, _) = app
        .delete(
            &format!("/api/manuscripts/{manuscript_id}/links/999999"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The stored document's blocks as one text (paragraphs joined by newlines).
fn text_of(doc: &Doc) -> String {
    doc::blocks(doc)
        .into_iter()
        .map(|b| b.text)
        .collect::<Vec<_>>()
        .join("\n")
}

async fn stored_text(pool: &PgPool, manuscript_id: i64) -> String {
    let state = sync::current_state(pool, manuscript_id).await.unwrap();
    text_of(&doc::load(&state).unwrap())
}

#[tokio::test]
async fn counts_and_versions_keep_the_document_of_their_moment() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let creator = app.login(CREATOR).await;
    let client = app.login(CLIENT).await;
    let caller = caller_of(&pool, CREATOR, Role::General).await;
    let blocks = [
        (doc_kind("paragraph"), "前書き。"),
        (doc_kind("heading"), "見出し一"),
        (doc_kind("paragraph"), "本文です"),
    ]
    .map(|(kind, text)| api::manuscripts::count::Block {
        kind,
        text: text.into(),
    });
    store(&app, &caller, manuscript_id, &doc::state_of(&blocks)).await;
    let (_, shown) = app
        .get(&format!("/api/manuscripts/{manuscript_id}"), Some(&client))
        .await;
    assert_eq!(
        shown["counts"],
        json!({ "total": 12, "without_punctuation": 11, "sections": [
            { "heading": null, "total": 4, "without_punctuation": 3 },
            { "heading": "見出し一", "total": 8, "without_punctuation": 8 }] })
    );
    let versions = format!("/api/manuscripts/{manuscript_id}/versions");
    let (status, _) = app
        .post(&versions, Some(&client), json!({ "name": "初稿" }))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "comment creates no version");
    for name in ["", "   ", &"あ".repeat(51)] {
        let (status, body) = app
            .post(&versions, Some(&creator), json!({ "name": name }))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {body}");
    }
    let (status, first) = app
        .post(&versions, Some(&creator), json!({ "name": "初稿" }))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(first["name"], "初稿");
    assert_eq!(first["counts"]["total"], 12);
    // More text, a second version; the first keeps its own counts.
    let more = [api::manuscripts::count::Block {
        kind: doc_kind("paragraph"),
        text: "追記".into(),
    }];
    store(&app, &caller, manuscript_id, &doc::state_of(&more)).await;
    let editor = app.login(EDITOR).await;
    let (status, second) = app
        .post(&versions, Some(&editor), json!({ "name": "二稿" }))
        .await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "suggest creates versions: {second}"
    );
    assert_eq!(second["counts"]["total"], 14);
    let (status, listed) = app.get(&versions, Some(&client)).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["二稿", "初稿"], "newest first");
    assert_eq!(listed[1]["counts"]["total"], 12);
    let stored: Vec<u8> = sqlx::query_scalar("select state from manuscript_versions where id = $1")
        .bind(first["id"].as_i64().unwrap())
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        text_of(&doc::load(&stored).unwrap()),
        "前書き。\n見出し一\n本文です"
    );
}

#[tokio::test]
async fn a_version_answers_its_blocks_and_state_to_whoever_may_open_the_manuscript() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let creator = app.login(CREATOR).await;
    let caller = caller_of(&pool, CREATOR, Role::General).await;
    // Kanji and kana, an emoji sequence and a combining mark, in a heading and a paragraph.
    let blocks = [
        (doc_kind("heading"), "季節の料理"),
        (doc_kind("paragraph"), "かぶを煮る👩‍🍳。ｶﾞ"),
    ]
    .map(|(kind, text)| api::manuscripts::count::Block {
        kind,
        text: text.into(),
    });
    store(&app, &caller, manuscript_id, &doc::state_of(&blocks)).await;
    let versions = format!("/api/manuscripts/{manuscript_id}/versions");
    let (status, saved) = app
        .post(&versions, Some(&creator), json!({ "name": "初稿" }))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    let version_id = saved["id"].as_i64().unwrap();
    // The live text moves on; the version keeps its own.
    let more = [api::manuscripts::count::Block {
        kind: doc_kind("paragraph"),
        text: "追記".into(),
    }];
    store(&app, &caller, manuscript_id, &doc::state_of(&more)).await;

    let path = format!("{versions}/{version_id}");
    for (mail, can_restore) in [
        (CREATOR, Some(true)),
        (MANAGER, Some(true)),
        (EDITOR, Some(false)),
        (CLIENT, Some(false)),
        (CLIENT_B, None),
        (ACCOUNTANT, None),
    ] {
        let token = app.login(mail).await;
        let (status, body) = app.get(&path, Some(&token)).await;
        let Some(can_restore) = can_restore else {
            assert_eq!(status, StatusCode::NOT_FOUND, "{mail}: {body}");
            continue;
        };
        assert_eq!(status, StatusCode::OK, "{mail}: {body}");
        assert_eq!(body["can_restore"], can_restore, "{mail}");
        assert_eq!(body["id"], version_id);
        assert_eq!(body["name"], "初稿");
        assert_eq!(body["counts"], saved["counts"]);
        assert_eq!(
            body["blocks"],
            json!([
                { "kind": "heading", "text": "季節の料理" },
                { "kind": "paragraph", "text": "かぶを煮る👩‍🍳。ｶﾞ" },
            ]),
            "{mail}"
        );
        let state = BASE64.decode(body["state"].as_str().unwrap()).unwrap();
        assert_eq!(
            text_of(&doc::load(&state).unwrap()),
            "季節の料理\nかぶを煮る👩‍🍳。ｶﾞ"
        );
    }
    assert_eq!(app.get(&path, None).await.0, StatusCode::UNAUTHORIZED);
    // A version is found only under its own manuscript.
    let (_, other) = manuscript(&app, &pool).await;
    let (status, _) = app
        .get(
            &format!("/api/manuscripts/{other}/versions/{version_id}"),
            Some(&creator),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "another manuscript's version"
    );
    let (status, _) = app
        .get(&format!("{versions}/{}", version_id + 1000), Some(&creator))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no such version");

    // Through a link, restoring follows the link's narrower permission.
    let link_token = |link: &Value| link["token"].as_str().unwrap().to_string();
    let (_, edit_link) = issue(&app, &creator, manuscript_id, "edit", 24).await;
    let (_, comment_link) = issue(&app, &creator, manuscript_id, "comment", 24).await;
    let (_, other_link) = issue(&app, &creator, other, "edit", 24).await;
    let editor = app.login(EDITOR).await;
    for (holder, link, expected) in [
        (&creator, &edit_link, true),
        (&creator, &comment_link, false),
        (&editor, &edit_link, false),
    ] {
        let (status, body) = app
            .get(&format!("{path}?token={}", link_token(link)), Some(holder))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["can_restore"], expected, "{link}");
    }
    for bad in [
        "?token=".to_string(),
        "?token=not-a-token".to_string(),
        format!("?token={}", link_token(&other_link)),
    ] {
        let (status, body) = app.get(&format!("{path}{bad}"), Some(&creator)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert_eq!(message(&body), "無効なURLです");
    }
    let revoked = edit_link["id"].as_i64().unwrap();
    let (status, _) = app
        .delete(
            &format!("/api/manuscripts/{manuscript_id}/links/{revoked}"),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = app
        .get(
            &format!("{path}?token={}", link_token(&edit_link)),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a revoked link: {body}");
}

/// Stores `update` as `caller` sent it through the hub (checked, appended, compacted when due).
pub(crate) async fn store(app: &TestApp, caller: &Caller, manuscript_id: i64, update: &[u8]) {
    let pool = &app.state.db;
    let key = &app.state.manuscript_links;
    let now = chrono::Utc::now();
    let stored = sync::accept(pool, key, caller, manuscript_id, None, update, now).await;
    assert!(stored.is_ok(), "{:?}", stored.err());
}

fn doc_kind(name: &str) -> api::manuscripts::count::BlockKind {
    serde_json::from_value(json!(name)).unwrap()
}

pub(crate) async fn caller_of(pool: &PgPool, mail: &str, role: Role) -> Caller {
    Caller {
        user_id: user_id(pool, mail).await,
        role,
        session_id: uuid::Uuid::new_v4(),
        client_id: None,
    }
}

#[tokio::test]
async fn compaction_folds_the_updates_into_the_snapshot_and_keeps_the_text() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let caller = caller_of(&pool, CREATOR, Role::General).await;
    // One writer typing: an update per character, each against the state before it.
    let writer = Doc::new();
    let fragment = writer.get_or_insert_xml_fragment(doc::FRAGMENT);
    let text = {
        let mut txn = writer.transact_mut();
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        p.push_back(&mut txn, XmlTextPrelim::new(""))
    };
    let first = writer
        .transact()
        .encode_state_as_update_v1(&StateVector::default());
    store(&app, &caller, manuscript_id, &first).await;
    let mut typed = String::new();
    for n in 0..sync::COMPACT_AFTER + 5 {
        let before = writer.transact().state_vector();
        let c = char::from_u32(0x3042 + (n as u32 % 80)).unwrap();
        typed.push(c);
        {
            let mut txn = writer.transact_mut();
            let len = text.len(&txn);
            text.insert(&mut txn, len, &c.to_string());
        }
        let update = writer.transact().encode_state_as_update_v1(&before);
        store(&app, &caller, manuscript_id, &update).await;
    }
    let pending: i64 =
        sqlx::query_scalar("select count(*) from manuscript_updates where manuscript_id = $1")
            .bind(manuscript_id)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(
        pending < sync::COMPACT_AFTER,
        "compacted once past the limit: {pending} left"
    );
    assert_eq!(stored_text(&pool, manuscript_id).await, typed);
    // Two compactions at once: the lock lets one fold; together they fold everything once.
    let (a, b) = tokio::join!(
        sync::compact(&pool, manuscript_id),
        sync::compact(&pool, manuscript_id)
    );
    assert_eq!(a.unwrap() + b.unwrap(), pending as usize);
    assert_eq!(stored_text(&pool, manuscript_id).await, typed);
    assert_eq!(
        text_of(&writer),
        typed,
        "the writer's own document says the same"
    );
}

/// An editor's Yjs document and socket.
struct Editor {
    doc: Doc,
    socket: SioClient,
    manuscript_id: i64,
}

impl Editor {
    /// Connects to `app` as `mail`, joins the manuscript (through `token` if given) and applies
    /// the join's answer.
    async fn join(
        app: &TestApp,
        mail: &str,
        manuscript_id: i64,
        token: Option<&str>,
    ) -> (Editor, Value) {
        let (_, socket) = app.live(mail).await;
        let doc = Doc::new();
        doc.get_or_insert_xml_fragment(doc::FRAGMENT);
        let mut editor = Editor {
            doc,
            socket,
            manuscript_id,
        };
        let ack = editor.send_join(token).await;
        (editor, ack)
    }

    async fn send_join(&mut self, token: Option<&str>) -> Value {
        let state_vector = BASE64.encode(self.doc.transact().state_vector().encode_v1());
        let ack =
            support::manuscripts::join(&mut self.socket, self.manuscript_id, token, &state_vector)
                .await;
        if let Some(update) = ack["data"]["update"].as_str() {
            self.apply(update);
        }
        ack
    }

    fn apply(&self, update: &str) {
        let bytes = BASE64.decode(update).unwrap();
        self.doc
            .transact_mut()
            .apply_update(Update::decode_v1(&bytes).unwrap())
            .unwrap();
    }

    /// Appends `text` to the first paragraph (making it if there is none): the update.
    fn type_text(&self, text: &str) -> String {
        let before = self.doc.transact().state_vector();
        let fragment = self.doc.get_or_insert_xml_fragment(doc::FRAGMENT);
        {
            let mut txn = self.doc.transact_mut();
            let paragraph = match fragment.get(&txn, 0) {
                Some(XmlOut::Element(p)) => p,
                _ => fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph")),
            };
            let t = match paragraph.get(&txn, 0) {
                Some(XmlOut::Text(t)) => t,
                _ => paragraph.push_back(&mut txn, XmlTextPrelim::new("")),
            };
            let len = t.len(&txn);
            t.insert(&mut txn, len, text);
        }
        BASE64.encode(self.doc.transact().encode_state_as_update_v1(&before))
    }

    async fn send_update(&mut self, update: &str) -> Value {
        self.socket
            .emit_with_ack(
                "manuscript:update",
                json!({ "manuscript_id": self.manuscript_id, "update": update }),
                WAIT,
            )
            .await
            .expect("an update is answered")
    }

    fn text(&self) -> String {
        text_of(&self.doc)
    }
}

#[tokio::test]
async fn updates_are_persisted_then_relayed_and_refused_without_the_right() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let (mut writer, ack) = Editor::join(&app, CREATOR, manuscript_id, None).await;
    assert_eq!(ack["data"]["permission"], "edit", "{ack}");
    assert_eq!(ack["data"]["manuscript_id"], manuscript_id);
    let (mut reader, ack) = Editor::join(&app, CLIENT, manuscript_id, None).await;
    assert_eq!(ack["data"]["permission"], "comment", "{ack}");
    let (_, ack) = Editor::join(&app, ACCOUNTANT, manuscript_id, None).await;
    assert!(ack["error"]["message"].is_string(), "{ack}");

    let update = writer.type_text("こんにちは");
    let ack = writer.send_update(&update).await;
    assert_eq!(ack, json!({ "data": { "manuscript_id": manuscript_id } }));
    let relayed = reader
        .socket
        .expect_event("manuscript.updated", WAIT)
        .await
        .expect("relayed to the room");
    assert_eq!(relayed["manuscript_id"], manuscript_id);
    assert_eq!(relayed["user_id"], user_id(&pool, CREATOR).await);
    reader.apply(relayed["update"].as_str().unwrap());
    assert_eq!(reader.text(), "こんにちは");
    assert_eq!(
        stored_text(&pool, manuscript_id).await,
        "こんにちは",
        "persisted"
    );
    // A join with no state vector is answered with the whole document.
    let (_, mut fresh) = app.live(EDITOR).await;
    let ack = support::manuscripts::join(&mut fresh, manuscript_id, None, "").await;
    assert_eq!(ack["data"]["permission"], "suggest", "{ack}");
    let whole = doc::load(
        &BASE64
            .decode(ack["data"]["update"].as_str().unwrap())
            .unwrap(),
    );
    assert_eq!(text_of(&whole.unwrap()), "こんにちは");

    // Comment may not change the document: refused, nothing stored, nothing relayed.
    let forged = reader.type_text("改ざん");
    let ack = reader.send_update(&forged).await;
    assert_eq!(ack["error"]["message"], "編集する権限がありません", "{ack}");
    assert_eq!(stored_text(&pool, manuscript_id).await, "こんにちは");
    // Awareness from comment is relayed.
    let ack = reader
        .socket
        .emit_with_ack(
            "manuscript:awareness",
            json!({ "manuscript_id": manuscript_id, "update": BASE64.encode(b"aw") }),
            WAIT,
        )
        .await
        .unwrap();
    assert!(ack["data"].is_object(), "{ack}");
    let awareness = writer
        .socket
        .expect_event("manuscript.awareness", WAIT)
        .await
        .expect("awareness relayed");
    assert_eq!(
        awareness,
        json!({ "manuscript_id": manuscript_id, "update": BASE64.encode(b"aw") })
    );

    // A late joiner with an offline edit: the join answers what it lacks and the server's
    // state vector; it sends what the server lacks.
    let late = Doc::new();
    let offline = {
        let fragment = late.get_or_insert_xml_fragment(doc::FRAGMENT);
        let mut txn = late.transact_mut();
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        p.push_back(&mut txn, XmlTextPrelim::new("オフライン"));
        drop(txn);
        late
    };
    let (_, socket) = app.live(MANAGER).await;
    let mut manager = Editor {
        doc: offline,
        socket,
        manuscript_id,
    };
    let ack = manager.send_join(None).await;
    let server_vector = StateVector::decode_v1(
        &BASE64
            .decode(ack["data"]["state_vector"].as_str().unwrap())
            .unwrap(),
    )
    .unwrap();
    let lacking = BASE64.encode(
        manager
            .doc
            .transact()
            .encode_state_as_update_v1(&server_vector),
    );
    assert!(manager.send_update(&lacking).await["data"].is_object());
    let merged = stored_text(&pool, manuscript_id).await;
    assert!(
        merged.contains("こんにちは") && merged.contains("オフライン"),
        "{merged}"
    );
    assert_eq!(manager.text(), merged);

    // A socket that lost its right (the task reassigned) is refused and leaves the room.
    sqlx::query("update task_assignees set state = 'declined' where user_id = $1 and task_id = (select task_id from manuscripts where id = $2)")
        .bind(user_id(&pool, CREATOR).await)
        .bind(manuscript_id)
        .execute(&pool)
        .await
        .unwrap();
    let update = writer.type_text("!");
    let ack = writer.send_update(&update).await;
    assert!(ack["error"]["message"].is_string(), "{ack}");
    let ack = writer
        .socket
        .emit_with_ack(
            "manuscript:awareness",
            json!({ "manuscript_id": manuscript_id, "update": BASE64.encode(b"x") }),
            WAIT,
        )
        .await
        .unwrap();
    assert!(ack["error"].is_object(), "not in the room any more: {ack}");
}

#[tokio::test]
async fn a_socket_joined_through_a_link_loses_it_when_the_link_is_revoked() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, manuscript_id) = manuscript(&app, &pool).await;
    let creator = app.login(CREATOR).await;
    let (_, link) = issue(&app, &creator, manuscript_id, "suggest", 2).await;
    let token = link["token"].as_str().unwrap();
    let (mut editor, ack) = Editor::join(&app, MANAGER, manuscript_id, Some(token)).await;
    assert_eq!(
        ack["data"]["permission"], "suggest",
        "the link narrows a manager: {ack}"
    );
    let update = editor.type_text("提案");
    assert!(editor.send_update(&update).await["data"].is_object());
    let (status, _) = app
        .delete(
            &format!("/api/manuscripts/{manuscript_id}/links/{}", link["id"]),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    // The revocation took the socket out of the manuscript: what it sends next is refused.
    let update = editor.type_text("追加");
    let ack = editor.send_update(&update).await;
    assert_eq!(ack["error"]["message"], "原稿が見つかりません", "{ack}");
    assert_eq!(stored_text(&pool, manuscript_id).await, "提案");
    // A bad token at join: the spec's message.
    let (_, ack) = Editor::join(&app, MANAGER, manuscript_id, Some("x.y.z")).await;
    assert_eq!(ack["error"]["message"], "無効なURLです");
}

#[tokio::test]
async fn revoking_a_link_takes_its_sockets_out_of_the_room_on_every_node() {
    let (pool, _db) = db::seeded().await;
    let (node_a, node_b) = two_nodes(&pool).await;
    let (_, manuscript_id) = manuscript(&node_a, &pool).await;
    let creator = node_a.login(CREATOR).await;
    let (_, link) = issue(&node_a, &creator, manuscript_id, "suggest", 2).await;
    let token = link["token"].as_str().unwrap();
    // The link's holder has a tab on each node; the writer types on node A.
    let (mut near, ack) = Editor::join(&node_a, MANAGER, manuscript_id, Some(token)).await;
    assert_eq!(ack["data"]["permission"], "suggest", "{ack}");
    let (mut far, _) = Editor::join(&node_b, MANAGER, manuscript_id, Some(token)).await;
    let (mut writer, _) = Editor::join(&node_a, CREATOR, manuscript_id, None).await;
    let before = writer.type_text("前");
    assert!(writer.send_update(&before).await["data"].is_object());
    for holder in [&mut near, &mut far] {
        assert!(
            holder
                .socket
                .expect_event("manuscript.updated", WAIT)
                .await
                .is_some(),
            "the holder hears the writer while the link is live"
        );
    }

    let (status, _) = node_a
        .delete(
            &format!("/api/manuscripts/{manuscript_id}/links/{}", link["id"]),
            Some(&creator),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    // The node that answered took its holder out before answering; the other node does so when
    // the signal reaches it (a moment later), neither waiting for the holder to send anything.
    let right_after = writer.type_text("直後");
    assert!(writer.send_update(&right_after).await["data"].is_object());
    assert_eq!(
        near.socket
            .expect_event("manuscript.updated", Duration::from_millis(1_000))
            .await,
        None,
        "the answering node's holder hears nothing more"
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let later = writer.type_text("後");
    assert!(writer.send_update(&later).await["data"].is_object());
    let mut far_heard: Vec<Value> = Vec::new();
    while let Some(event) = far
        .socket
        .expect_event("manuscript.updated", Duration::from_millis(1_000))
        .await
    {
        far_heard.push(event);
    }
    assert!(
        far_heard.len() <= 1,
        "the other node's holder heard at most what was sent before the signal arrived: {far_heard:?}"
    );
    assert!(
        far_heard
            .iter()
            .all(|event| event["update"] == json!(right_after)),
        "never what was sent after: {far_heard:?}"
    );
}

#[tokio::test]
async fn two_nodes_converge_on_concurrent_edits() {
    let (pool, _db) = db::seeded().await;
    let (node_a, node_b) = two_nodes(&pool).await;
    let (_, manuscript_id) = manuscript(&node_a, &pool).await;
    let (mut a, _) = Editor::join(&node_a, CREATOR, manuscript_id, None).await;
    let (mut b, ack) = Editor::join(&node_b, MANAGER, manuscript_id, None).await;
    assert_eq!(ack["data"]["permission"], "edit");
    // A shared start, seen by both.
    let start = a.type_text("共有:");
    assert!(a.send_update(&start).await["data"].is_object());
    let relayed = b
        .socket
        .expect_event("manuscript.updated", WAIT)
        .await
        .expect("across nodes");
    b.apply(relayed["update"].as_str().unwrap());
    assert_eq!(b.text(), "共有:");

    // Both type into the same paragraph at once, a few rounds, without waiting for each other.
    const ROUNDS: usize = 5;
    let mut sent_a = Vec::new();
    let mut sent_b = Vec::new();
    for round in 0..ROUNDS {
        sent_a.push(a.type_text(&format!("A{round}")));
        sent_b.push(b.type_text(&format!("B{round}")));
    }
    for (ua, ub) in sent_a.iter().zip(&sent_b) {
        assert!(
            a.socket
                .emit(
                    "manuscript:update",
                    json!({ "manuscript_id": manuscript_id, "update": ua })
                )
                .await
        );
        assert!(
            b.socket
                .emit(
                    "manuscript:update",
                    json!({ "manuscript_id": manuscript_id, "update": ub })
                )
                .await
        );
    }
    for _ in 0..ROUNDS {
        let from_b = a
            .socket
            .expect_event("manuscript.updated", WAIT)
            .await
            .expect("b's update reaches a");
        a.apply(from_b["update"].as_str().unwrap());
        let from_a = b
            .socket
            .expect_event("manuscript.updated", WAIT)
            .await
            .expect("a's update reaches b");
        b.apply(from_a["update"].as_str().unwrap());
    }
    let text = a.text();
    assert_eq!(b.text(), text, "both editors hold the same document");
    for round in 0..ROUNDS {
        assert!(
            text.contains(&format!("A{round}")) && text.contains(&format!("B{round}")),
            "{text}"
        );
    }
    assert!(text.starts_with("共有:"), "{text}");
    // The stored document: updates are persisted before they are relayed.
    assert_eq!(stored_text(&pool, manuscript_id).await, text);
    let counted = node_b
        .get(
            &format!("/api/manuscripts/{manuscript_id}"),
            Some(&node_b.login(CLIENT).await),
        )
        .await
        .1;
    assert_eq!(
        counted["counts"]["total"],
        text.chars().filter(|c| !c.is_whitespace()).count()
    );
}

/// A document as the editor writes it, with what a delivered file must carry: a heading, a
/// paragraph with bold and a link, text needing escapes, both kinds of list and a quote.
fn rich_state() -> Vec<u8> {
    use yrs::{Any, Xml};
    // A link mark as y-prosemirror stores it.
    let link_to = |href: &str| -> yrs::types::Attrs {
        let mark = std::collections::HashMap::from([("href".to_string(), Any::from(href))]);
        [("link".into(), Any::from(mark))].into_iter().collect()
    };
    let doc = Doc::new();
    let fragment = doc.get_or_insert_xml_fragment(doc::FRAGMENT);
    {
        let mut txn = doc.transact_mut();
        let h = fragment.push_back(&mut txn, XmlElementPrelim::empty("heading"));
        h.insert_attribute(&mut txn, "level", Any::from(1.0));
        h.push_back(&mut txn, XmlTextPrelim::new("京都の秋"));
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        let t = p.push_back(
            &mut txn,
            XmlTextPrelim::new("紅葉は<script>&\"美しい\"</script>。"),
        );
        // The first two characters bold (offsets in bytes).
        let bold: yrs::types::Attrs = [(
            "bold".into(),
            Any::from(std::collections::HashMap::<String, Any>::new()),
        )]
        .into_iter()
        .collect();
        t.format(&mut txn, 0, 6, bold);
        let link = link_to("https://example.jp/kyoto?a=1&b=2");
        let len = t.len(&txn);
        t.insert_with_attributes(&mut txn, len, "案内", link);
        let list = fragment.push_back(&mut txn, XmlElementPrelim::empty("bulletList"));
        for text in ["清水寺", "嵐山"] {
            let item = list.push_back(&mut txn, XmlElementPrelim::empty("listItem"));
            let ip = item.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            ip.push_back(&mut txn, XmlTextPrelim::new(text));
        }
        let ordered = fragment.push_back(&mut txn, XmlElementPrelim::empty("orderedList"));
        ordered.insert_attribute(&mut txn, "start", Any::from(3.0));
        let item = ordered.push_back(&mut txn, XmlElementPrelim::empty("listItem"));
        let ip = item.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        ip.push_back(&mut txn, XmlTextPrelim::new("早朝に行く"));
        let quote = fragment.push_back(&mut txn, XmlElementPrelim::empty("blockquote"));
        let qp = quote.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        qp.push_back(&mut txn, XmlTextPrelim::new("秋は夕暮れ"));
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        let t = p.push_back(&mut txn, XmlTextPrelim::new("危ない"));
        let bad = link_to("javascript:alert(1)");
        t.format(&mut txn, 0, 9, bad);
    }
    doc.transact()
        .encode_state_as_update_v1(&StateVector::default())
}

pub(crate) fn zip_entry(bytes: &[u8], name: &str) -> String {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut entry = archive.by_name(name).expect(name);
    let mut text = String::new();
    entry.read_to_string(&mut text).unwrap();
    text
}

#[tokio::test]
async fn delivering_a_version_registers_the_delivery_with_its_word_and_html_files() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (task_id, manuscript_id) = manuscript(&app, &pool).await;
    let creator = app.login(CREATOR).await;
    let (client, mut client_socket) = app.live(CLIENT).await;
    let caller = caller_of(&pool, CREATOR, Role::General).await;
    store(&app, &caller, manuscript_id, &rich_state()).await;
    let (status, version) = app
        .post(
            &format!("/api/manuscripts/{manuscript_id}/versions"),
            Some(&creator),
            json!({ "name": "初稿" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{version}");
    let version_id = version["id"].as_i64().unwrap();
    let deliver = format!("/api/manuscripts/{manuscript_id}/versions/{version_id}/deliver");

    // Who may deliver is said on the manuscript: its taker only.
    let (_, shown) = app
        .get(&format!("/api/manuscripts/{manuscript_id}"), Some(&creator))
        .await;
    assert_eq!(shown["can_deliver"], true);
    let (_, shown) = app
        .get(&format!("/api/manuscripts/{manuscript_id}"), Some(&client))
        .await;
    assert_eq!(shown["can_deliver"], false);

    let (status, registered) = app.post(&deliver, Some(&creator), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{registered}");
    assert_eq!(registered["task_id"], task_id);
    assert_eq!(registered["type"], "file");
    assert_eq!(registered["manuscript_version_id"], version_id);
    let pushed = client_socket
        .expect_event("delivery.registered", WAIT)
        .await
        .expect("delivery pushed to the client");
    assert_eq!(pushed["delivery_id"], registered["delivery_id"]);
    assert_eq!(pushed["manuscript_version_id"], version_id);

    // The task is under acceptance, its page names the version, the client was told.
    let (_, task) = app
        .get(&format!("/api/tasks/{task_id}"), Some(&client))
        .await;
    assert_eq!(task["status"], "under_acceptance", "{task}");
    let files = task["delivery_files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["原稿のテスト_初稿.docx", "原稿のテスト_初稿.html"]);
    assert!(
        files.iter().all(|f| f["manuscript_version_name"] == "初稿"
            && f["anti_virus_check_scan_status"] == "clean")
    );
    let (_, bell) = app.get("/api/v2/notices?type=task", Some(&client)).await;
    assert_eq!(bell["notices"][0]["type"], "check_delivery");
    assert!(
        bell["notices"][0]["message"]
            .as_str()
            .is_some_and(|m| m.ends_with("「原稿のテスト」の納品がありました。検収してください")),
        "{bell}"
    );
    let delivered_version: Option<i64> =
        sqlx::query_scalar("select manuscript_version_id from deliveries where id = $1")
            .bind(registered["delivery_id"].as_i64().unwrap())
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(delivered_version, Some(version_id));

    // The client downloads both: Word holds the text (XML-escaped), HTML holds it escaped.
    let file_ids: Vec<i64> = registered["file_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_i64().unwrap())
        .collect();
    let (status, _, docx) = app
        .download(&format!("/api/files/{}", file_ids[0]), &client)
        .await;
    assert_eq!(status, StatusCode::OK);
    let document = zip_entry(&docx, "word/document.xml");
    for text in [
        "京都の秋",
        "清水寺",
        "嵐山",
        "早朝に行く",
        "秋は夕暮れ",
        "危ない",
    ] {
        assert!(document.contains(text), "{text} in {document}");
    }
    assert!(
        document.contains("は&lt;script&gt;&amp;&quot;美しい&quot;&lt;/script&gt;。"),
        "{document}"
    );
    assert!(!document.contains("<script>"));
    assert!(
        document.contains("<w:b />") || document.contains("<w:b/>"),
        "bold kept"
    );
    assert!(document.contains("w:hyperlink"), "the link kept");
    assert!(!document.contains("javascript"), "an unsafe link dropped");
    let relations = zip_entry(&docx, "word/_rels/document.xml.rels");
    assert!(
        relations.contains("https://example.jp/kyoto?a=1&amp;b=2"),
        "{relations}"
    );

    let (status, _, html) = app
        .download(&format!("/api/files/{}", file_ids[1]), &client)
        .await;
    assert_eq!(status, StatusCode::OK);
    let html = String::from_utf8(html).unwrap();
    for expected in [
        "<title>原稿のテスト（初稿）</title>",
        "<h1>京都の秋</h1>",
        "<p><strong>紅葉</strong>は&lt;script&gt;&amp;&quot;美しい&quot;&lt;/script&gt;。<a href=\"https://example.jp/kyoto?a=1&amp;b=2\" rel=\"noopener noreferrer\">案内</a></p>",
        "<ul>\n<li>清水寺</li>\n<li>嵐山</li>\n</ul>",
        "<ol start=\"3\">\n<li>早朝に行く</li>\n</ol>",
        "<blockquote>\n<p>秋は夕暮れ</p>\n</blockquote>",
        "<p>危ない</p>",
    ] {
        assert!(html.contains(expected), "{expected} in {html}");
    }
    assert!(!html.contains("<script>"));
}

#[tokio::test]
async fn only_the_taker_delivers_a_version_of_this_manuscript_while_the_task_takes_one() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (task_id, manuscript_id) = manuscript(&app, &pool).await;
    let (_, other_manuscript) = manuscript(&app, &pool).await;
    let creator = app.login(CREATOR).await;
    let version = |manuscript_id: i64| {
        let app = &app;
        let creator = creator.clone();
        async move {
            let (status, version) = app
                .post(
                    &format!("/api/manuscripts/{manuscript_id}/versions"),
                    Some(&creator),
                    json!({ "name": "初稿" }),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{version}");
            version["id"].as_i64().unwrap()
        }
    };
    let version_id = version(manuscript_id).await;
    let other_version = version(other_manuscript).await;
    let deliver = format!("/api/manuscripts/{manuscript_id}/versions/{version_id}/deliver");
    let deliveries = || async {
        let count: i64 = sqlx::query_scalar("select count(*) from deliveries where task_id = $1")
            .bind(task_id)
            .fetch_one(&pool)
            .await
            .unwrap();
        count
    };

    // Others who see the manuscript (the client, the editor, a manager) did not take the task.
    for mail in [CLIENT, EDITOR, MANAGER] {
        let token = app.login(mail).await;
        let (status, body) = app.post(&deliver, Some(&token), json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{mail}: {body}");
    }
    // Who cannot see it at all gets 404.
    for mail in [CLIENT_B, ACCOUNTANT] {
        let token = app.login(mail).await;
        let (status, _) = app.post(&deliver, Some(&token), json!({})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{mail}");
    }
    // Another manuscript's version is not this manuscript's.
    let (status, _) = app
        .post(
            &format!("/api/manuscripts/{manuscript_id}/versions/{other_version}/deliver"),
            Some(&creator),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(deliveries().await, 0);

    // A task no longer being worked on takes no delivery, and leaves no stored files behind.
    sqlx::query("update tasks set status = 'done' where id = $1")
        .bind(task_id)
        .execute(&pool)
        .await
        .unwrap();
    let files_before: i64 = sqlx::query_scalar("select count(*) from files")
        .fetch_one(&pool)
        .await
        .unwrap();
    let (status, body) = app.post(&deliver, Some(&creator), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["error"]["rules"]["status"],
        json!(["transition:done,under_acceptance"])
    );
    let (_, shown) = app
        .get(&format!("/api/manuscripts/{manuscript_id}"), Some(&creator))
        .await;
    assert_eq!(shown["can_deliver"], false);
    let files_after: i64 = sqlx::query_scalar("select count(*) from files")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(files_after, files_before);
    assert_eq!(deliveries().await, 0);
}
