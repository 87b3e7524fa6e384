//! Notice mails: every notice (and every published information post) is also mailed to its
//! recipient as their mail frequency for its kind says — at once, in one daily digest, or not
//! at all. A row per recipient goes into the `notice_mails` outbox in the transaction that
//! creates the notice, so a crash loses none; a delivery loop on every node sends what is due,
//! each member's due rows under a per-member lock, so a mail goes out once whatever the number
//! of nodes.

use std::time::Duration;

use chrono::{DateTime, Datelike, NaiveTime, Utc};
use sqlx::PgConnection;

use crate::notices::{NoticeGroup, NoticeView};
use crate::platform::clock;
use crate::platform::mail::Mail;
use crate::state::AppState;

crate::closed_set!(
    /// Which of the member's mail frequencies decides: chat messages, task notices or
    /// information posts (the three of `user_mail_frequencies`).
    MailKind {
        Message = "message",
        Task = "task",
        Information = "information",
    }
);

/// The daily digest goes out at this hour, Tokyo time.
pub const DIGEST_HOUR: u32 = 9;

/// A failing row is retried at most this many times (a minute more between each try).
const MAX_ATTEMPTS: i32 = 20;

/// Members served per pass of the delivery loop.
const MEMBERS_PER_PASS: i64 = 200;

/// The first digest hour strictly after `now`.
pub fn next_digest_at(now: DateTime<Utc>) -> DateTime<Utc> {
    let tokyo = clock::tokyo();
    let at = |day: chrono::NaiveDate| {
        day.and_time(NaiveTime::from_hms_opt(DIGEST_HOUR, 0, 0).expect("a valid time"))
            .and_local_timezone(tokyo)
            .single()
            .expect("a fixed offset has no gaps")
            .with_timezone(&Utc)
    };
    let today = at(clock::tokyo_date(now));
    if today > now {
        today
    } else {
        at(clock::tokyo_date(now) + chrono::Days::new(1))
    }
}

/// One mail's content, before it is worded for its recipient.
pub struct QueuedMail<'a> {
    pub kind: MailKind,
    /// One line: the notice's message, or the post's title.
    pub summary: &'a str,
    /// More text for a mail sent on its own (a post's body); left out of digests.
    pub detail: &'a str,
    /// Where the web app shows it (`/tasks/12`), appended to the public URL.
    pub link_path: &'a str,
}

/// Who is mailed: some members, or every member with one of some roles (none: everyone).
pub enum Recipients<'a> {
    Users(&'a [i64]),
    Roles(&'a [String]),
}

/// Queues `mail` for each active recipient whose frequency for its kind is not `none`;
/// answers how many rows were queued. Run it in the transaction that creates the notice.
pub async fn queue(
    db: &mut PgConnection,
    recipients: Recipients<'_>,
    mail: &QueuedMail<'_>,
) -> sqlx::Result<u64> {
    let (users, roles): (Option<&[i64]>, Option<&[String]>) = match recipients {
        Recipients::Users(ids) => (Some(ids), None),
        Recipients::Roles(roles) => (None, Some(roles)),
    };
    let queued = sqlx::query(
        "insert into notice_mails (user_id, kind, delivery, summary, detail, link_path, due_at)
         select u.id, $3, f.delivery, $4, $5, $6, case f.delivery when 'daily' then $7 else now() end
           from users u
           left join user_mail_frequencies m on m.user_id = u.id
           cross join lateral (
                select coalesce(case $3::text when 'message' then m.message when 'task' then m.task
                                               else m.information end, 'immediately') as delivery
           ) f
          where u.account_status = 'active'
            and ($1::bigint[] is null or u.id = any($1))
            and ($2::text[] is null or cardinality($2) = 0 or u.role = any($2))
            and f.delivery <> 'none'",
    )
    .bind(users)
    .bind(roles)
    .bind(mail.kind.as_str())
    .bind(mail.summary)
    .bind(mail.detail)
    .bind(mail.link_path)
    .bind(next_digest_at(Utc::now()))
    .execute(db)
    .await?;
    Ok(queued.rows_affected())
}

/// Where the web app opens a notice (as the notice dropdown does).
fn notice_link(notice: &NoticeView) -> String {
    let r = &notice.reference;
    if notice.notice_type == crate::notices::NoticeType::TeamOffer {
        return match (r.media_id, r.team_id) {
            (Some(media_id), Some(team_id)) => format!("/clients/media/{media_id}/teams/{team_id}"),
            _ => "/teams".into(),
        };
    }
    match (r.team_id, r.channel_id, r.task_id, r.project_id) {
        (Some(team_id), Some(channel_id), _, _) => {
            format!("/teams/{team_id}/channels/{channel_id}")
        }
        (_, _, Some(task_id), _) => format!("/tasks/{task_id}"),
        (_, _, _, Some(project_id)) => format!("/projects/{project_id}"),
        _ => "/".into(),
    }
}

/// Queues the mail of a notice just written for `user_id`.
pub(crate) async fn queue_notice(
    db: &mut PgConnection,
    user_id: i64,
    notice: &NoticeView,
) -> sqlx::Result<()> {
    let kind = match NoticeGroup::of(notice.notice_type) {
        NoticeGroup::Message => MailKind::Message,
        NoticeGroup::Task => MailKind::Task,
    };
    let link = notice_link(notice);
    let mail = QueuedMail {
        kind,
        summary: &notice.message,
        detail: "",
        link_path: &link,
    };
    queue(db, Recipients::Users(&[user_id]), &mail).await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct DueRow {
    id: i64,
    kind: MailKind,
    delivery: String,
    summary: String,
    detail: String,
    link_path: String,
}

struct Recipient {
    user_name: String,
    mail_address: String,
}

fn kind_label(kind: MailKind) -> &'static str {
    match kind {
        MailKind::Message => "メッセージ",
        MailKind::Task => "タスク",
        MailKind::Information => "運営からのお知らせ",
    }
}

fn footer(base: &str) -> String {
    format!(
        "\n――\nTsumugi\nお知らせメールの受け取り方は「メール通知設定」で変更できます。\n{base}/user/edit/mail_frequencies\nこのメールは送信専用です。\n"
    )
}

/// A mail of one notice, sent as soon as it is due.
fn single_mail(base: &str, to: &Recipient, row: &DueRow) -> Mail {
    let subject = match row.kind {
        MailKind::Message => "【Tsumugi】メッセージのお知らせ".to_string(),
        MailKind::Task => "【Tsumugi】タスクのお知らせ".to_string(),
        MailKind::Information => format!("【Tsumugi】お知らせ：{}", row.summary),
    };
    let mut text = format!("{} 様\n\n{}\n", to.user_name, row.summary);
    if !row.detail.is_empty() {
        text.push('\n');
        text.push_str(&row.detail);
        text.push('\n');
    }
    text.push_str(&format!("\n{base}{}\n", row.link_path));
    text.push_str(&footer(base));
    Mail {
        to_name: to.user_name.clone(),
        to_address: to.mail_address.clone(),
        subject,
        text,
    }
}

/// The daily digest: every due row of one member, grouped by kind.
fn digest_mail(base: &str, to: &Recipient, rows: &[&DueRow], now: DateTime<Utc>) -> Mail {
    let day = clock::tokyo_date(now);
    let mut text = format!(
        "{} 様\n\n前回のまとめ以降のお知らせが{}件あります。\n",
        to.user_name,
        rows.len()
    );
    for kind in MailKind::ALL {
        let of_kind: Vec<&&DueRow> = rows.iter().filter(|r| r.kind == *kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        text.push_str(&format!(
            "\n■ {}（{}件）\n",
            kind_label(*kind),
            of_kind.len()
        ));
        for row in of_kind {
            text.push_str(&format!("・{}\n  {base}{}\n", row.summary, row.link_path));
        }
    }
    text.push_str(&footer(base));
    Mail {
        to_name: to.user_name.clone(),
        to_address: to.mail_address.clone(),
        subject: format!(
            "【Tsumugi】{}月{}日のお知らせまとめ（{}件）",
            day.month(),
            day.day(),
            rows.len()
        ),
        text,
    }
}

/// Sends every mail due at `now`; answers how many mails went out (a digest counts once).
pub async fn deliver_due(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let members: Vec<i64> = sqlx::query_scalar(
        "select distinct user_id from notice_mails
          where sent_at is null and due_at <= $1 and attempts < $2 limit $3",
    )
    .bind(now)
    .bind(MAX_ATTEMPTS)
    .bind(MEMBERS_PER_PASS)
    .fetch_all(&state.db)
    .await?;
    let mut sent = 0;
    for user_id in members {
        sent += deliver_to(state, user_id, now).await?;
    }
    Ok(sent)
}

/// One member's due mails, under a lock no other node's pass can take meanwhile; the rows are
/// read after the lock, so a pass that waited finds them sent.
async fn deliver_to(state: &AppState, user_id: i64, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let mut tx = state.db.begin().await?;
    let locked: bool = sqlx::query_scalar(
        "select pg_try_advisory_xact_lock(hashtext('notice_mails'), ($1 % 2147483647)::int)",
    )
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await?;
    if !locked {
        return Ok(0);
    }
    let rows: Vec<DueRow> = sqlx::query_as(
        "select id, kind, delivery, summary, detail, link_path from notice_mails
          where user_id = $1 and sent_at is null and due_at <= $2 and attempts < $3 order by id",
    )
    .bind(user_id)
    .bind(now)
    .bind(MAX_ATTEMPTS)
    .fetch_all(&mut *tx)
    .await?;
    let recipient: Option<(String, String)> = sqlx::query_as(
        "select user_name, mail_address from users where id = $1 and account_status = 'active'",
    )
    .bind(user_id)
    .fetch_optional(&mut *tx)
    .await?;
    let base = state.config.public_base_url();
    let mut done: Vec<i64> = Vec::new();
    let mut failed: Vec<i64> = Vec::new();
    let mut sent = 0;
    match recipient {
        // A member who left (or is leaving) is mailed nothing more; the rows are closed.
        None => done.extend(rows.iter().map(|r| r.id)),
        Some((user_name, mail_address)) => {
            let to = Recipient {
                user_name,
                mail_address,
            };
            let (daily, immediate): (Vec<&DueRow>, Vec<&DueRow>) =
                rows.iter().partition(|r| r.delivery == "daily");
            let mut outgoing: Vec<(Mail, Vec<i64>)> = immediate
                .iter()
                .map(|row| (single_mail(&base, &to, row), vec![row.id]))
                .collect();
            if !daily.is_empty() {
                outgoing.push((
                    digest_mail(&base, &to, &daily, now),
                    daily.iter().map(|r| r.id).collect(),
                ));
            }
            for (mail, ids) in outgoing {
                match state.mailer.send(&state.config.mail_from, mail).await {
                    Ok(()) => {
                        sent += 1;
                        done.extend(ids);
                    }
                    Err(error) => {
                        tracing::warn!(%error, user_id, "a notice mail could not be sent");
                        failed.extend(ids);
                    }
                }
            }
        }
    }
    sqlx::query("update notice_mails set sent_at = now() where id = any($1)")
        .bind(&done)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "update notice_mails set attempts = attempts + 1, due_at = $2 + interval '1 minute' * (attempts + 1)
          where id = any($1)",
    )
    .bind(&failed)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(sent)
}

/// Sends due notice mails every second on this node (and on every other one: they share the
/// outbox, never a mail).
pub fn spawn_delivery(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let result = deliver_due(&state, Utc::now()).await;
            if let Err(error) = &result {
                tracing::error!(?error, "notice mail delivery failed");
            }
            crate::platform::metrics::job_ran("notice_mails", result.is_ok());
            if !state.node.pause(Duration::from_secs(1)).await {
                break;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::next_digest_at;

    #[test]
    fn the_digest_goes_out_at_nine_in_tokyo() {
        // 08:59 in Tokyo → 09:00 the same day.
        let now = "2026-11-30T23:59:00Z".parse().unwrap();
        assert_eq!(
            next_digest_at(now).to_rfc3339(),
            "2026-12-01T00:00:00+00:00"
        );
        // 09:00 sharp in Tokyo → the next day.
        let now = "2026-12-01T00:00:00Z".parse().unwrap();
        assert_eq!(
            next_digest_at(now).to_rfc3339(),
            "2026-12-02T00:00:00+00:00"
        );
        // 23:30 in Tokyo → 09:00 the next day.
        let now = "2026-12-01T14:30:00Z".parse().unwrap();
        assert_eq!(
            next_digest_at(now).to_rfc3339(),
            "2026-12-02T00:00:00+00:00"
        );
    }
}
