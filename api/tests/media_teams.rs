//! Media teams and offers: the member status machine through the endpoints that move it, who
//! may make which move, the notices and pushes of an offer and its answer, client isolation on
//! every endpoint, creators seeing only their own offers, and the client's message in the chat.

use crate::support;
use crate::support::db;

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{TestApp, demo_client_id, rules, sio::SioClient, user_id};

const CLIENT: &str = "client@demo.tsumugi.jp";
const MANAGER: &str = "manager@demo.tsumugi.jp";
const CREATOR: &str = "creator@demo.tsumugi.jp";
const OTHER_CLIENT: &str = "other-client@example.jp";
const STATUSES: [&str; 6] = [
    "temporary",
    "offered",
    "negotiating",
    "assignable",
    "declined",
    "left",
];

fn writer(n: u32) -> String {
    format!("writer{n:02}@demo.tsumugi.jp")
}

/// The demo client's first medium and its team 「特集班」 (seed/teams.rs).
async fn feature_team(pool: &PgPool) -> (i64, i64) {
    sqlx::query_as("select media_id, id from teams where name = '特集班'")
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn member_status(pool: &PgPool, team_id: i64, user_id: i64) -> Option<String> {
    sqlx::query_scalar("select status from team_members where team_id = $1 and user_id = $2")
        .bind(team_id)
        .bind(user_id)
        .fetch_optional(pool)
        .await
        .unwrap()
}

async fn set_status(pool: &PgPool, team_id: i64, user_id: i64, status: &str) {
    sqlx::query(
        "insert into team_members (team_id, user_id, status) values ($1, $2, $3)
         on conflict (team_id, user_id) do update set status = excluded.status",
    )
    .bind(team_id)
    .bind(user_id)
    .bind(status)
    .execute(pool)
    .await
    .unwrap();
}

/// Gives a demo writer the bank account the seed leaves out, so their profile is complete
/// (attribute, bank account, portfolio, possible work and skill).
async fn complete_profile(pool: &PgPool, user_id: i64) {
    sqlx::query(
        "insert into bank_accounts (user_id, bank_name, bank_code, branch_name, branch_code, account_number, account_holder_kana)
         values ($1, 'みずほ', '0001', '東京営業部', '001', '7654321', 'テスト')",
    )
    .bind(user_id)
    .execute(pool)
    .await
    .unwrap();
}

async fn template_id(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select min(id) from offer_templates")
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Another client company with one user and one medium.
async fn other_company(pool: &PgPool) -> i64 {
    let client_id: i64 = sqlx::query_scalar(
        "insert into clients (company_name) values ('株式会社ほかの出版') returning id",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    sqlx::query(
        "insert into users (mail_address, password_hash, user_name, role, client_id)
         select $1, password_hash, '別会社 担当', 'client', $2 from users where mail_address = $3",
    )
    .bind(OTHER_CLIENT)
    .bind(client_id)
    .bind(CLIENT)
    .execute(pool)
    .await
    .unwrap();
    sqlx::query_scalar("insert into media (client_id, name) values ($1, 'ほかの雑誌') returning id")
        .bind(client_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Waits for one event of each name, in whatever order they come; returns them by name.
async fn expect_events(socket: &mut SioClient, names: &[&str]) -> Vec<Value> {
    let mut found: Vec<Option<Value>> = vec![None; names.len()];
    while found.iter().any(Option::is_none) {
        let event = socket
            .next_event(Duration::from_secs(5))
            .await
            .unwrap_or_else(|| panic!("waiting for {names:?}, got {found:?}"));
        if let Some(i) = names.iter().position(|n| *n == event.name) {
            found[i].get_or_insert(event.data);
        }
    }
    found.into_iter().map(Option::unwrap).collect()
}

/// One way of moving a member: who calls what, and the status it asks for.
#[derive(Clone, Copy, Debug)]
enum Move {
    Offer,
    Negotiate,
    Accept,
    Decline,
    Withdraw,
    End,
    Leave,
}

impl Move {
    const ALL: [Move; 7] = [
        Move::Offer,
        Move::Negotiate,
        Move::Accept,
        Move::Decline,
        Move::Withdraw,
        Move::End,
        Move::Leave,
    ];

    fn target(self) -> &'static str {
        match self {
            Move::Offer => "offered",
            Move::Negotiate => "negotiating",
            Move::Accept => "assignable",
            Move::Decline | Move::Withdraw => "declined",
            Move::End | Move::Leave => "left",
        }
    }

    /// The legal starting statuses.
    fn from(self) -> &'static [&'static str] {
        match self {
            Move::Offer => &["temporary", "declined"],
            Move::Negotiate => &["offered"],
            Move::Accept | Move::Decline | Move::Withdraw => &["offered", "negotiating"],
            Move::End | Move::Leave => &["assignable"],
        }
    }
}

struct Ctx<'a> {
    app: &'a TestApp,
    pool: &'a PgPool,
    media_id: i64,
    team_id: i64,
    template_id: i64,
}

impl Ctx<'_> {
    fn team(&self, rest: &str) -> String {
        format!(
            "/api/clients/media/{}/teams/{}{rest}",
            self.media_id, self.team_id
        )
    }

    /// Makes the move as its side: `owner` (client or staff token) or `creator` (the member).
    async fn make(&self, m: Move, owner: &str, creator: &str, user_id: i64) -> (StatusCode, Value) {
        let app = self.app;
        match m {
            Move::Offer => {
                app.post(
                    &self.team("/offer"),
                    Some(owner),
                    json!({ "user_ids": [user_id], "offer_template_id": self.template_id, "message": "ぜひ" }),
                )
                .await
            }
            Move::Withdraw => {
                app.post(
                    &self.team("/decline_offer"),
                    Some(owner),
                    json!({ "user_ids": [user_id] }),
                )
                .await
            }
            Move::End => {
                app.put(
                    &self.team(&format!("/members/{user_id}")),
                    Some(owner),
                    json!({ "status": "left" }),
                )
                .await
            }
            Move::Negotiate | Move::Accept | Move::Decline | Move::Leave => {
                let answer = match m {
                    Move::Negotiate => "negotiate",
                    Move::Accept => "accept",
                    Move::Decline => "decline",
                    _ => "leave",
                };
                app.put(
                    &format!("/api/teams/{}/offer", self.team_id),
                    Some(creator),
                    json!({ "answer": answer, "comment": "よろしくお願いします" }),
                )
                .await
            }
        }
    }
}

#[tokio::test]
async fn every_move_from_every_status_is_legal_or_a_422() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = feature_team(&pool).await;
    let ctx = Ctx {
        app: &app,
        pool: &pool,
        media_id,
        team_id,
        template_id: template_id(&pool).await,
    };
    let client = app.login(CLIENT).await;
    let mail = writer(7);
    let creator_id = user_id(&pool, &mail).await;
    let creator = app.login(&mail).await;

    for m in Move::ALL {
        for from in STATUSES {
            set_status(ctx.pool, team_id, creator_id, from).await;
            let (status, body) = ctx.make(m, &client, &creator, creator_id).await;
            let after = member_status(&pool, team_id, creator_id).await.unwrap();
            if m.from().contains(&from) {
                assert_eq!(status, StatusCode::OK, "{m:?} from {from}: {body}");
                assert_eq!(after, m.target(), "{m:?} from {from}");
                let row = if body.is_array() { &body[0] } else { &body };
                assert_eq!(row["status"], m.target(), "{m:?} from {from}");
                assert_eq!(row["team_id"], team_id);
                assert_eq!(row["media_id"], media_id);
            } else {
                assert_eq!(
                    status,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "{m:?} from {from}: {body}"
                );
                assert_eq!(
                    rules(&body)["status"],
                    json!([format!("transition:{from},{}", m.target())]),
                    "{m:?} from {from}"
                );
                assert_eq!(after, from, "an illegal move changes nothing");
            }
        }
    }
}

#[tokio::test]
async fn each_side_makes_only_its_own_moves() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = feature_team(&pool).await;
    let ctx = Ctx {
        app: &app,
        pool: &pool,
        media_id,
        team_id,
        template_id: template_id(&pool).await,
    };
    let client = app.login(CLIENT).await;
    let manager = app.login(MANAGER).await;
    let member_mail = writer(2); // offered in the seed
    let member_id = user_id(&pool, &member_mail).await;
    let member = app.login(&member_mail).await;
    let outsider = app.login(&writer(20)).await;

    // A creator never reaches the client's endpoints.
    for (method, path) in [
        (Method::GET, ctx.team("")),
        (Method::GET, ctx.team("/members")),
        (Method::POST, ctx.team("/offer")),
        (Method::POST, ctx.team("/decline_offer")),
        (Method::POST, ctx.team("/message")),
    ] {
        let (status, _) = app
            .request(method.clone(), &path, Some(&member), Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}");
    }
    // A client does not answer for the creator.
    let (status, _) = app
        .put(
            &format!("/api/teams/{team_id}/offer"),
            Some(&client),
            json!({ "answer": "accept" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Another creator has no offer in this team: 404, and nothing moves.
    let (status, _) = ctx.make(Move::Accept, &client, &outsider, member_id).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        member_status(&pool, team_id, member_id).await.unwrap(),
        "offered"
    );
    // A bad answer is a 422 with the closed list.
    let (status, body) = app
        .put(
            &format!("/api/teams/{team_id}/offer"),
            Some(&member),
            json!({ "answer": "maybe" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        rules(&body)["answer"],
        json!(["in:accept,negotiate,decline,leave"])
    );

    // Staff act for the client: withdraw, then offer again.
    let (status, body) = ctx.make(Move::Withdraw, &manager, &member, member_id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = ctx.make(Move::Offer, &manager, &member, member_id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Staff read the editor memo, clients never do; the member's own view has no private memo.
    let (_, staff_rows) = app.get(&ctx.team("/members"), Some(&manager)).await;
    let (_, client_rows) = app.get(&ctx.team("/members"), Some(&client)).await;
    let assignable = |rows: &Value| {
        rows["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["status"] == "assignable")
            .cloned()
            .unwrap()
    };
    assert_eq!(
        assignable(&staff_rows)["editor_memo"],
        "納期厳守。安心して任せられる"
    );
    assert_eq!(assignable(&client_rows)["editor_memo"], Value::Null);
    assert_eq!(
        assignable(&client_rows)["private_memo"],
        "毎月2本お願いしている"
    );
    assert_eq!(
        assignable(&client_rows)["allowed_transitions"],
        json!(["left"])
    );
    let (status, _) = app
        .put(
            &ctx.team(&format!("/members/{member_id}")),
            Some(&client),
            json!({ "editor_memo": "x" }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "the editor memo is the staff's"
    );
    let (status, answered) = ctx.make(Move::Negotiate, &client, &member, member_id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answered["private_memo"], Value::Null);
    assert_eq!(
        answered["allowed_transitions"],
        json!(["assignable", "declined"])
    );

    // Only temporary and declined members are deleted; the others must leave.
    let (status, body) = app
        .delete(&ctx.team(&format!("/members/{member_id}")), Some(&client))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["status"], json!(["not_removable:negotiating"]));
    let temporary_id = user_id(&pool, &writer(1)).await;
    let (status, _) = app
        .delete(
            &ctx.team(&format!("/members/{temporary_id}")),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(member_status(&pool, team_id, temporary_id).await, None);
}

#[tokio::test]
async fn an_offer_reaches_the_creator_live_and_the_answer_reaches_the_client() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = feature_team(&pool).await;
    let client = app.login(CLIENT).await;
    let mail = writer(9);
    let creator_id = user_id(&pool, &mail).await;
    let creator = app.login(&mail).await;
    let team = format!("/api/clients/media/{media_id}/teams/{team_id}");
    complete_profile(&pool, creator_id).await;

    // Added from the search as temporary: the creator is not told.
    let (status, added) = app
        .post(
            &format!("{team}/members"),
            Some(&client),
            json!({ "user_ids": [creator_id] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    assert_eq!(added[0]["status"], "temporary");
    assert_eq!(added[0]["allowed_transitions"], json!(["offered"]));
    assert_eq!(added[0]["can_remove"], true);
    let (status, body) = app
        .post(
            &format!("{team}/members"),
            Some(&client),
            json!({ "user_ids": [user_id(&pool, CLIENT).await] }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "only creators join"
    );
    assert_eq!(rules(&body)["user_ids"], json!(["exists"]));

    let mut creator_socket = SioClient::connect(app.addr, Some(&creator)).await.unwrap();
    let (status, offered) = app
        .post(
            &format!("{team}/offer"),
            Some(&client),
            json!({ "user_ids": [creator_id], "offer_template_id": template_id(&pool).await, "message": "秋号でぜひ" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{offered}");

    let events = expect_events(
        &mut creator_socket,
        &["team_member.updated", "notice.created"],
    )
    .await;
    let (pushed, notice) = (&events[0], &events[1]);
    assert_eq!(pushed["id"], creator_id);
    assert_eq!(pushed["team_id"], team_id);
    assert_eq!(pushed["media_id"], media_id);
    assert_eq!(pushed["status"], "offered");
    assert_eq!(
        pushed["private_memo"],
        Value::Null,
        "the creator's own view"
    );
    assert_eq!(
        pushed["allowed_transitions"],
        json!(["negotiating", "assignable", "declined"])
    );
    assert_eq!(notice["notice"]["type"], "team_offer");
    assert_eq!(notice["group"], "task");
    assert_eq!(notice["notice"]["reference"]["team_id"], team_id);
    let stored: (String, String) = sqlx::query_as(
        "select notice_type, message from notices where user_id = $1 order by id desc limit 1",
    )
    .bind(creator_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(stored.0, "team_offer");
    assert!(stored.1.contains("特集班"), "{}", stored.1);

    // The offer waits in the creator's list with the template and the client's words.
    let (_, received) = app.get("/api/offers/received", Some(&creator)).await;
    assert_eq!(received.as_array().unwrap().len(), 1, "{received}");
    assert_eq!(received[0]["team_name"], "特集班");
    assert_eq!(received[0]["client_name"], "株式会社デモメディア");
    assert_eq!(received[0]["message"], "秋号でぜひ");
    assert_eq!(received[0]["template_name"], "記事執筆のご依頼");

    let mut client_socket = SioClient::connect(app.addr, Some(&client)).await.unwrap();
    // The creator accepts: the client's users see it at once, with a notice; the creator joins the chat.
    let (status, accepted) = app
        .put(
            &format!("/api/teams/{team_id}/offer"),
            Some(&creator),
            json!({ "answer": "accept" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    let events = expect_events(
        &mut client_socket,
        &["team_member.updated", "notice.created"],
    )
    .await;
    let (pushed, notice) = (&events[0], &events[1]);
    assert_eq!(pushed["id"], creator_id);
    assert_eq!(pushed["status"], "assignable");
    assert_eq!(pushed["allowed_transitions"], json!(["left"]));
    assert_eq!(notice["notice"]["type"], "team_offer");
    assert_eq!(notice["notice"]["reference"]["media_id"], media_id);
    let (_, received) = app.get("/api/offers/received", Some(&creator)).await;
    assert_eq!(received, json!([]));
    let (_, teams) = app.get("/api/teams", Some(&creator)).await;
    let names: Vec<&str> = teams["other"]
        .as_array()
        .unwrap()
        .iter()
        .chain(teams["assigned"].as_array().unwrap())
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(names.contains(&"特集班"), "{teams}");
    let in_channel: bool = sqlx::query_scalar(
        "select exists (select 1 from channel_members cm join channels c on c.id = cm.channel_id
          where c.team_id = $1 and c.channel_type = 'all' and cm.user_id = $2 and not cm.is_observer)",
    )
    .bind(team_id)
    .bind(creator_id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(in_channel);
}

#[tokio::test]
async fn creators_see_only_the_offers_made_to_them() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (_, team_id) = feature_team(&pool).await;
    let demo = app.login(CREATOR).await;
    let (status, received) = app.get("/api/offers/received", Some(&demo)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(received.as_array().unwrap().len(), 1, "{received}");
    assert_eq!(received[0]["team_id"], team_id);
    assert_eq!(received[0]["status"], "offered");

    // writer03 negotiates; writer01 (temporary), writer04 (working) and writer05 (declined) wait for nothing.
    let (_, negotiating) = app
        .get("/api/offers/received", Some(&app.login(&writer(3)).await))
        .await;
    assert_eq!(negotiating.as_array().unwrap().len(), 1);
    assert_eq!(negotiating[0]["status"], "negotiating");
    assert_eq!(negotiating[0]["public_memo"], "条件はご相談ください");
    for n in [1, 4, 5] {
        let (_, none) = app
            .get("/api/offers/received", Some(&app.login(&writer(n)).await))
            .await;
        assert_eq!(none, json!([]), "writer{n:02}");
    }
    // A shortlisted (temporary) creator does not see the team in the chat either.
    let (_, teams) = app
        .get("/api/teams", Some(&app.login(&writer(1)).await))
        .await;
    assert!(!teams.to_string().contains("特集班"), "{teams}");
    let (status, _) = app
        .get("/api/offers/received", Some(&app.login(CLIENT).await))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn another_company_finds_nothing_of_the_demo_media() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = feature_team(&pool).await;
    let other_media_id = other_company(&pool).await;
    let other = app.login(OTHER_CLIENT).await;
    let client = app.login(CLIENT).await;
    let member_id = user_id(&pool, &writer(2)).await;
    let team = format!("/api/clients/media/{media_id}/teams/{team_id}");
    let body = json!({ "name": "x", "user_ids": [member_id], "offer_template_id": template_id(&pool).await, "body": "x", "is_favorite": true });
    let endpoints = [
        (Method::GET, format!("/api/clients/media/{media_id}/teams")),
        (Method::POST, format!("/api/clients/media/{media_id}/teams")),
        (Method::GET, team.clone()),
        (Method::PUT, team.clone()),
        (Method::GET, format!("{team}/members")),
        (Method::POST, format!("{team}/members")),
        (Method::PUT, format!("{team}/members/{member_id}")),
        (Method::DELETE, format!("{team}/members/{member_id}")),
        (Method::POST, format!("{team}/offer")),
        (Method::POST, format!("{team}/decline_offer")),
        (Method::POST, format!("{team}/message")),
        (Method::PUT, format!("{team}/favorite")),
    ];
    for (method, path) in &endpoints {
        let (status, answer) = app
            .request(method.clone(), path, Some(&other), Some(body.clone()))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}: {answer}");
    }
    // The demo client in turn finds nothing of the other company's medium, nor a demo team under it.
    let (status, _) = app
        .get(
            &format!("/api/clients/media/{other_media_id}/teams"),
            Some(&client),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .get(
            &format!("/api/clients/media/{other_media_id}/teams/{team_id}"),
            Some(&app.login(MANAGER).await),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "a team is found only under its own medium"
    );
    // Nothing changed.
    assert_eq!(
        member_status(&pool, team_id, member_id).await.unwrap(),
        "offered"
    );
    let count: i64 = sqlx::query_scalar("select count(*) from teams where client_id = $1")
        .bind(demo_client_id(&pool).await)
        .fetch_one(&pool)
        .await
        .unwrap();
    // The seed's teams: デモ編集部 and 特集班 (on the first medium), one per further medium.
    let media: i64 = sqlx::query_scalar("select count(*) from media where client_id = $1")
        .bind(demo_client_id(&pool).await)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(count, media + 1);
}

#[tokio::test]
async fn a_client_creates_a_team_stars_it_and_messages_its_members() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, feature_team_id) = feature_team(&pool).await;
    let client = app.login(CLIENT).await;
    let teams = format!("/api/clients/media/{media_id}/teams");

    let (status, body) = app
        .post(&teams, Some(&client), json!({ "name": " " }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(rules(&body)["name"], json!(["required"]));
    let (status, created) = app
        .post(
            &teams,
            Some(&client),
            json!({ "name": "新春特集", "description": "新年号の特集" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["member_count"], 0);
    assert!(
        created["channel_id"].is_i64(),
        "a team is born with its all channel"
    );
    let (status, starred) = app
        .put(
            &format!("{teams}/{}/favorite", created["id"]),
            Some(&client),
            json!({ "is_favorite": true }),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(starred["is_favorite"], true);
    let (_, list) = app.get(&teams, Some(&client)).await;
    assert_eq!(
        list["teams"][0]["name"], "新春特集",
        "favourites first: {list}"
    );
    let feature = list["teams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == feature_team_id)
        .unwrap();
    assert_eq!(
        feature["status_counts"],
        json!({ "temporary": 1, "offered": 2, "negotiating": 1, "assignable": 1, "declined": 1, "left": 1 })
    );
    assert_eq!(feature["member_count"], 6);

    // The message goes into the team's all channel, where the working member reads it live.
    let working = app.login(&writer(4)).await;
    let channel_id = feature["channel_id"].as_i64().unwrap();
    let mut socket = SioClient::connect(app.addr, Some(&working)).await.unwrap();
    let joined = socket
        .emit_with_ack(
            "channel:join",
            json!({ "channel_id": channel_id }),
            Duration::from_secs(5),
        )
        .await
        .expect("ack");
    assert!(joined.get("error").is_none(), "{joined}");
    let (status, sent) = app
        .post(
            &format!("{teams}/{feature_team_id}/message"),
            Some(&client),
            json!({ "body": "来週の編集会議は火曜です" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(sent["channel_id"], channel_id);
    let pushed = socket
        .expect_event("message.created", Duration::from_secs(5))
        .await
        .expect("message.created");
    assert_eq!(pushed["body"], "来週の編集会議は火曜です");
    let (_, history) = app
        .get(
            &format!("/api/channels/{channel_id}/messages"),
            Some(&working),
        )
        .await;
    assert_eq!(
        history["messages"].as_array().unwrap().last().unwrap()["body"],
        "来週の編集会議は火曜です"
    );
    // A temporary member is not in the channel.
    let (status, _) = app
        .get(
            &format!("/api/channels/{channel_id}/messages"),
            Some(&app.login(&writer(1)).await),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_candidate_list_says_who_cannot_be_added_and_adding_them_is_refused() {
    let (pool, _db) = db::seeded().await;
    let app = TestApp::spawn(pool.clone()).await;
    let (media_id, team_id) = feature_team(&pool).await;
    let client = app.login(CLIENT).await;
    let team = format!("/api/clients/media/{media_id}/teams/{team_id}");
    let member = user_id(&pool, &writer(11)).await;
    let incomplete = user_id(&pool, &writer(12)).await;
    let ready = user_id(&pool, &writer(14)).await;
    complete_profile(&pool, member).await;
    complete_profile(&pool, ready).await;
    set_status(&pool, team_id, member, "left").await;

    // The candidates: the search's cards, each saying whether it can be added and why not.
    let reason_of = |page: &Value, id: i64| {
        let card = page["users"]
            .as_array()
            .unwrap()
            .iter()
            .find(|card| card["id"] == id)
            .unwrap_or_else(|| panic!("{id} not in {page}"))
            .clone();
        (card["can_add"].clone(), card["reason"].clone())
    };
    for (id, can_add, reason) in [
        (member, false, json!("already_member")),
        (incomplete, false, json!("profile_incomplete")),
        (ready, true, Value::Null),
    ] {
        let name = writer_name(&pool, id).await;
        let (status, page) = app
            .get(
                &format!("{team}/candidates?words={}", urlencoding(&name)),
                Some(&client),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(reason_of(&page, id), (json!(can_add), reason), "{name}");
        assert!(
            page["users"][0]["user_name"].is_string(),
            "the search card is there: {page}"
        );
        assert!(page["total"].as_i64().unwrap() >= 1);
    }

    // Adding them is refused, each named by its index, and nobody is added.
    let (status, body) = app
        .post(
            &format!("{team}/members"),
            Some(&client),
            json!({ "user_ids": [ready, member, incomplete] }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        Value::Object(rules(&body).clone()),
        json!({ "user_ids.1": ["already_member"], "user_ids.2": ["profile_incomplete"] })
    );
    assert_eq!(member_status(&pool, team_id, ready).await, None);
    assert_eq!(member_status(&pool, team_id, incomplete).await, None);
    assert_eq!(
        member_status(&pool, team_id, member).await.as_deref(),
        Some("left")
    );

    // The one who can be added is.
    let (status, added) = app
        .post(
            &format!("{team}/members"),
            Some(&client),
            json!({ "user_ids": [ready] }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    assert_eq!(added[0]["status"], "temporary");
    let (_, page) = app
        .get(
            &format!(
                "{team}/candidates?words={}",
                urlencoding(&writer_name(&pool, ready).await)
            ),
            Some(&client),
        )
        .await;
    assert_eq!(
        reason_of(&page, ready),
        (json!(false), json!("already_member"))
    );

    // Another company sees nothing of the team.
    other_company(&pool).await;
    let other = app.login(OTHER_CLIENT).await;
    let (status, _) = app.get(&format!("{team}/candidates"), Some(&other)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let creator = app.login(CREATOR).await;
    let (status, _) = app.get(&format!("{team}/candidates"), Some(&creator)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn writer_name(pool: &PgPool, id: i64) -> String {
    sqlx::query_scalar("select user_name from users where id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// A query value, percent-encoded (names hold spaces and Japanese).
fn urlencoding(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

#[tokio::test]
async fn a_senders_messages_to_teams_share_one_rate_over_all_their_teams() {
    let (pool, _db) = db::seeded().await;
    let mut config = support::test_config(&pool);
    config.team_message_limit = api::platform::limits::Rate {
        burst: 2,
        per_minute: 1,
    };
    let app = TestApp::spawn_with(pool.clone(), config).await;
    let (media_id, feature_team_id) = feature_team(&pool).await;
    let client = app.login(CLIENT).await;
    let client_id = user_id(&pool, CLIENT).await;
    let teams = format!("/api/clients/media/{media_id}/teams");
    let mut team_ids = vec![feature_team_id];
    for name in ["一斉A", "一斉B"] {
        let (status, created) = app
            .post(&teams, Some(&client), json!({ "name": name }))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        team_ids.push(created["id"].as_i64().unwrap());
    }
    let sent_by_client = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from messages where user_id = $1")
            .bind(client_id)
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let before = sent_by_client().await;

    // One message to each team: the third team is one too many within the minute.
    let mut answers = Vec::new();
    for team_id in &team_ids {
        answers.push(
            app.post(
                &format!("{teams}/{team_id}/message"),
                Some(&client),
                json!({ "body": "全チームへのお知らせです" }),
            )
            .await,
        );
    }
    assert_eq!(answers[0].0, StatusCode::CREATED, "{}", answers[0].1);
    assert_eq!(answers[1].0, StatusCode::CREATED, "{}", answers[1].1);
    assert_eq!(answers[2].0, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        answers[2].1,
        json!({ "error": { "message": "メッセージの送信が多すぎます。しばらくしてから再度お試しください。" } })
    );
    assert_eq!(
        sent_by_client().await,
        before + 2,
        "the refused one is not stored"
    );

    // Staff of the same media are not held to the client's rate.
    let manager = app.login(MANAGER).await;
    let (status, body) = app
        .post(
            &format!("{teams}/{}/message", team_ids[2]),
            Some(&manager),
            json!({ "body": "運営からのお知らせです" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
