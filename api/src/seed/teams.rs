//! Demo media teams: a team for every medium of the demo client, and on the first medium the
//! team 「特集班」 with writer01–06 in every member status (with memos and their offers), plus
//! one pending offer to the demo creator so the creator's offers panel has something to show.

use sqlx::{Postgres, Transaction};

const STATUSES: [(&str, &str, &str, Option<&str>); 6] = [
    // (status, private memo, public memo, the answer on the latest offer)
    ("temporary", "旅行記事の候補。実績を確認中", "", None),
    (
        "offered",
        "写真も撮れる方。返事待ち",
        "撮影もお願いできると助かります",
        None,
    ),
    (
        "negotiating",
        "報酬について相談あり",
        "条件はご相談ください",
        Some("negotiate"),
    ),
    (
        "assignable",
        "毎月2本お願いしている",
        "いつもありがとうございます",
        Some("accept"),
    ),
    (
        "declined",
        "今期は手が空かないとのこと",
        "",
        Some("decline"),
    ),
    ("left", "前期まで担当", "", Some("accept")),
];

pub(super) async fn seed(tx: &mut Transaction<'_, Postgres>, client_id: i64) -> sqlx::Result<()> {
    let media: Vec<(i64, String)> =
        sqlx::query_as("select id, name from media where client_id = $1 order by id")
            .bind(client_id)
            .fetch_all(&mut **tx)
            .await?;
    for (media_id, name) in &media {
        let has_team: bool =
            sqlx::query_scalar("select exists (select 1 from teams where media_id = $1)")
                .bind(media_id)
                .fetch_one(&mut **tx)
                .await?;
        if !has_team {
            team(tx, client_id, *media_id, &format!("{name} 編集チーム"), "").await?;
        }
    }
    let Some((first_media_id, _)) = media.first() else {
        return Ok(());
    };
    let team_id = team(
        tx,
        client_id,
        *first_media_id,
        "特集班",
        "季節の特集記事を担当するチームです。",
    )
    .await?;
    let (template_id, template_name, template_body): (i64, String, String) =
        sqlx::query_as("select id, name, body from offer_templates order by id limit 1")
            .fetch_one(&mut **tx)
            .await?;
    let offered_by: i64 =
        sqlx::query_scalar("select id from users where mail_address = 'client@demo.tsumugi.jp'")
            .fetch_one(&mut **tx)
            .await?;
    let channel_id: i64 =
        sqlx::query_scalar("select id from channels where team_id = $1 and channel_type = 'all'")
            .bind(team_id)
            .fetch_one(&mut **tx)
            .await?;

    let mut members: Vec<(String, &str, &str, &str, Option<&str>)> = STATUSES
        .iter()
        .enumerate()
        .map(|(i, (status, private, public, answer))| {
            (
                format!("writer{:02}@demo.tsumugi.jp", i + 1),
                *status,
                *private,
                *public,
                *answer,
            )
        })
        .collect();
    members.push(("creator@demo.tsumugi.jp".into(), "offered", "", "", None));
    for (position, (mail, status, private_memo, public_memo, answer)) in
        members.into_iter().enumerate()
    {
        let user_id: i64 = sqlx::query_scalar("select id from users where mail_address = $1")
            .bind(&mail)
            .fetch_one(&mut **tx)
            .await?;
        sqlx::query(
            "insert into team_members (team_id, user_id, status, private_memo, public_memo, editor_memo, created_at, status_changed_at)
             values ($1, $2, $3, $4, $5, $6, now() - make_interval(days => 30 - $7), now() - make_interval(days => 20 - $7))",
        )
        .bind(team_id)
        .bind(user_id)
        .bind(status)
        .bind(private_memo)
        .bind(public_memo)
        .bind(if status == "assignable" { "納期厳守。安心して任せられる" } else { "" })
        .bind(position as i32)
        .execute(&mut **tx)
        .await?;
        if status != "temporary" {
            sqlx::query(
                "insert into team_offers (team_id, user_id, offer_template_id, template_name, template_body, message, offered_by, answer, answered_at)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, case when $8::text is null then null else now() end)",
            )
            .bind(team_id)
            .bind(user_id)
            .bind(template_id)
            .bind(&template_name)
            .bind(&template_body)
            .bind("秋の特集号でご一緒できればうれしいです。ご検討ください。")
            .bind(offered_by)
            .bind(answer)
            .execute(&mut **tx)
            .await?;
        }
        if status == "assignable" {
            sqlx::query("insert into channel_members (channel_id, user_id) values ($1, $2)")
                .bind(channel_id)
                .bind(user_id)
                .execute(&mut **tx)
                .await?;
        }
        if mail == "creator@demo.tsumugi.jp" {
            sqlx::query(
                "insert into notices (user_id, notice_type, message, team_id)
                 select $1, 'team_offer', c.company_name || 'の「特集班」からオファーが届きました', $2
                   from clients c where c.id = $3",
            )
            .bind(user_id)
            .bind(team_id)
            .bind(client_id)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// A team of the medium with its `all` channel, whose members are the client's users.
async fn team(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    media_id: i64,
    name: &str,
    description: &str,
) -> sqlx::Result<i64> {
    let team_id: i64 = sqlx::query_scalar(
        "insert into teams (name, client_id, media_id, description) values ($1, $2, $3, $4) returning id",
    )
    .bind(name)
    .bind(client_id)
    .bind(media_id)
    .bind(description)
    .fetch_one(&mut **tx)
    .await?;
    let channel_id: i64 = sqlx::query_scalar(
        "insert into channels (team_id, name, channel_type) values ($1, $2, 'all') returning id",
    )
    .bind(team_id)
    .bind(name)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query(
        "insert into channel_members (channel_id, user_id) select $1, id from users where client_id = $2",
    )
    .bind(channel_id)
    .bind(client_id)
    .execute(&mut **tx)
    .await?;
    Ok(team_id)
}
