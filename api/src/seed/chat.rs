//! The demo team 「デモ編集部」: a group channel with a few hundred messages, reactions and a pin, a one-to-one channel and a management channel.

use sqlx::{Postgres, Transaction};

use super::users::DemoIds;

const GROUP_LINES: &[&str] = &[
    "おはようございます。本日もよろしくお願いいたします。",
    "来月号の特集「秋の京都さんぽ」の構成案を共有します。ご確認ください。",
    "> 構成案を共有します\n拝見しました。三章の順番を入れ替えると読みやすくなりそうです。",
    "取材先のリストを更新しました。https://example.jp/demo/list",
    "写真素材は共有フォルダに入れておきました。",
    "締め切りは金曜 18:00 でお願いします。",
    "承知しました。初稿は木曜中にお送りします。",
    "見出し案をいくつか考えました。ご意見ください。",
    "校正で表記ゆれを三か所見つけたので直しておきます。",
    "お疲れさまです。今週の進捗を共有します。",
    "ありがとうございます、助かります！",
    "インタビューの文字起こしが終わりました。",
];

/// The team of the demo client, its channels and their history.
pub(super) async fn seed(
    tx: &mut Transaction<'_, Postgres>,
    client_id: i64,
    ids: &DemoIds,
) -> sqlx::Result<()> {
    let team_id: i64 = sqlx::query_scalar(
        "insert into teams (name, client_id) values ('デモ編集部', $1) returning id",
    )
    .bind(client_id)
    .fetch_one(&mut **tx)
    .await?;
    for (mail, leader) in [
        ("creator@demo.tsumugi.jp", false),
        ("editor@demo.tsumugi.jp", true),
    ] {
        sqlx::query("insert into team_members (team_id, user_id, status, is_leader) values ($1, $2, 'assignable', $3)")
            .bind(team_id)
            .bind(ids[mail])
            .bind(leader)
            .execute(&mut **tx)
            .await?;
    }
    let channel_id: i64 = sqlx::query_scalar(
        "insert into channels (team_id, name, channel_type) values ($1, 'デモ編集部', 'group') returning id",
    )
    .bind(team_id)
    .fetch_one(&mut **tx)
    .await?;
    for mail in [
        "creator@demo.tsumugi.jp",
        "editor@demo.tsumugi.jp",
        "client@demo.tsumugi.jp",
        "manager@demo.tsumugi.jp",
    ] {
        sqlx::query("insert into channel_members (channel_id, user_id) values ($1, $2)")
            .bind(channel_id)
            .bind(ids[mail])
            .execute(&mut **tx)
            .await?;
    }
    seed_chat(tx, ids, team_id, channel_id).await
}

/// A living workspace: a group channel with a few hundred messages, a one-to-one channel, a
/// management channel, reactions and a pin.
async fn seed_chat(
    tx: &mut Transaction<'_, Postgres>,
    ids: &DemoIds,
    team_id: i64,
    group_channel_id: i64,
) -> sqlx::Result<()> {
    let creator = ids["creator@demo.tsumugi.jp"];
    let editor = ids["editor@demo.tsumugi.jp"];
    let client = ids["client@demo.tsumugi.jp"];
    let manager = ids["manager@demo.tsumugi.jp"];
    // The last three speakers are not the creator, who has them unread.
    let speakers = [creator, editor, client, manager, editor, client];
    let total = 240;
    let mut last_id: i64 = 0;
    for n in 0..total {
        let author = speakers[n % speakers.len()];
        let body = GROUP_LINES[n % GROUP_LINES.len()];
        let minutes_ago = ((total - n) * 37) as i32;
        last_id = sqlx::query_scalar(
            "insert into messages (channel_id, user_id, body, created_at, updated_at)
             values ($1, $2, $3, now() - make_interval(mins => $4), now() - make_interval(mins => $4)) returning id",
        )
        .bind(group_channel_id)
        .bind(author)
        .bind(body)
        .bind(minutes_ago)
        .fetch_one(&mut **tx)
        .await?;
        if n % 9 == 0 {
            for (reaction_id, user) in [(1_i64, creator), (1, manager), (2, editor)] {
                if user != author {
                    sqlx::query(
                        "insert into message_reactions (message_id, reaction_id, user_id)
                         select $1, id, $3 from reactions where sort_order = $2 on conflict do nothing",
                    )
                    .bind(last_id)
                    .bind(reaction_id as i32)
                    .bind(user)
                    .execute(&mut **tx)
                    .await?;
                }
            }
        }
        if n == 1 {
            sqlx::query("insert into pinned_messages (channel_id, message_id, pinned_by) values ($1, $2, $3)")
                .bind(group_channel_id)
                .bind(last_id)
                .bind(editor)
                .execute(&mut **tx)
                .await?;
        }
    }
    // Everyone has read the group channel except the last three messages for the creator.
    sqlx::query("update channel_members set last_read_message_id = $2 where channel_id = $1")
        .bind(group_channel_id)
        .bind(last_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("update channel_members set last_read_message_id = $3 - 3 where channel_id = $1 and user_id = $2")
        .bind(group_channel_id)
        .bind(creator)
        .bind(last_id)
        .execute(&mut **tx)
        .await?;

    for (name, channel_type, members, lines) in [
        (
            "山田 花子・佐藤 健",
            "single",
            vec![creator, editor],
            vec![
                "初稿を送りました。お手すきの際にご確認ください。",
                "ありがとうございます。本日中に戻します。",
            ],
        ),
        (
            "スタッフ連絡",
            "management",
            vec![editor, manager],
            vec![
                "今月のアサイン状況をまとめました。",
                "確認しました。来週の定例で話しましょう。",
            ],
        ),
    ] {
        let channel_id: i64 = sqlx::query_scalar(
            "insert into channels (team_id, name, channel_type) values ($1, $2, $3) returning id",
        )
        .bind(team_id)
        .bind(name)
        .bind(channel_type)
        .fetch_one(&mut **tx)
        .await?;
        for member in &members {
            sqlx::query("insert into channel_members (channel_id, user_id) values ($1, $2)")
                .bind(channel_id)
                .bind(member)
                .execute(&mut **tx)
                .await?;
        }
        let mut last = 0_i64;
        for (n, line) in lines.iter().enumerate() {
            last = sqlx::query_scalar(
                "insert into messages (channel_id, user_id, body) values ($1, $2, $3) returning id",
            )
            .bind(channel_id)
            .bind(members[n % members.len()])
            .bind(line)
            .fetch_one(&mut **tx)
            .await?;
        }
        sqlx::query("update channel_members set last_read_message_id = $2 where channel_id = $1")
            .bind(channel_id)
            .bind(last)
            .execute(&mut **tx)
            .await?;
        if channel_type == "single" {
            // The editor's reply is new to the creator: unread, with its envelope notice.
            sqlx::query("update channel_members set last_read_message_id = (select max(id) from messages where channel_id = $1 and id < $3) where channel_id = $1 and user_id = $2")
                .bind(channel_id)
                .bind(creator)
                .bind(last)
                .execute(&mut **tx)
                .await?;
            sqlx::query(
                "insert into notices (user_id, notice_type, message, team_id, channel_id, message_id)
                 values ($1, 'message', '佐藤 健さんからメッセージが届きました', $2, $3, $4)",
            )
            .bind(creator)
            .bind(team_id)
            .bind(channel_id)
            .bind(last)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
