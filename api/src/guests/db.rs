//! The guests domain's SQL: share links, guest tokens and the shared team's public rows.

use chrono::{DateTime, Duration, Utc};
use sqlx::{PgConnection, PgExecutor};

use crate::auth::token;
use crate::files::scan::ScanStatus;
use crate::files::{FILE_COLUMNS, FileRow, FileView};
use crate::guests::access::GUEST_TOKEN_MINUTES;
use crate::guests::model::{GuestMember, GuestTeam, ShareLinkStatus};
use crate::users::model::{ImageFile, WorkStatus};

/// The member statuses a guest sees: not temporary (not yet offered), declined or left.
const VISIBLE_MEMBER: &str =
    "tm.status in ('offered', 'negotiating', 'assignable') and u.account_status = 'active'";

/// Issues a new share link for `team_id`, revoking the live one (and every guest token opened
/// through it); the token to put in the URL. Call inside a transaction.
pub async fn issue_share_link(
    tx: &mut PgConnection,
    team_id: i64,
    created_by: Option<i64>,
) -> sqlx::Result<(String, DateTime<Utc>)> {
    // Two issuers at once: the second waits, then replaces the first one's link.
    sqlx::query("select id from teams where id = $1 for update")
        .bind(team_id)
        .execute(&mut *tx)
        .await?;
    revoke(&mut *tx, team_id).await?;
    let secret = token::generate();
    let created_at: DateTime<Utc> = sqlx::query_scalar(
        "insert into team_share_links (team_id, token_hash, created_by) values ($1, $2, $3)
         returning created_at",
    )
    .bind(team_id)
    .bind(token::digest(&secret))
    .bind(created_by)
    .fetch_one(&mut *tx)
    .await?;
    Ok((secret, created_at))
}

/// Revokes the team's live link; whether there was one.
pub(super) async fn revoke(db: impl PgExecutor<'_>, team_id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "update team_share_links set revoked_at = now() where team_id = $1 and revoked_at is null",
    )
    .bind(team_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub(super) async fn share_link_status(
    db: impl PgExecutor<'_>,
    team_id: i64,
) -> sqlx::Result<Option<ShareLinkStatus>> {
    sqlx::query_as(
        "select t.media_id, l.team_id, l.created_at, u.user_name as created_by_name
           from team_share_links l join teams t on t.id = l.team_id
           left join users u on u.id = l.created_by
          where l.team_id = $1 and l.revoked_at is null and t.media_id is not null",
    )
    .bind(team_id)
    .fetch_optional(db)
    .await
}

/// Opens a guest token through the live link of `secret`: `(token, media_id, team_id,
/// expires_at)`, or `None` for an unknown, revoked or replaced link.
pub(super) async fn open_guest_token(
    db: &sqlx::PgPool,
    secret: &str,
) -> sqlx::Result<Option<(String, i64, i64, DateTime<Utc>)>> {
    let link: Option<(i64, i64, i64)> = sqlx::query_as(
        "select l.id, t.media_id, l.team_id from team_share_links l join teams t on t.id = l.team_id
          where l.token_hash = $1 and l.revoked_at is null and t.media_id is not null",
    )
    .bind(token::digest(secret))
    .fetch_optional(db)
    .await?;
    let Some((link_id, media_id, team_id)) = link else {
        return Ok(None);
    };
    let guest = token::generate();
    let expires_at = Utc::now() + Duration::minutes(GUEST_TOKEN_MINUTES);
    sqlx::query(
        "insert into guest_tokens (share_link_id, token_hash, expires_at) values ($1, $2, $3)",
    )
    .bind(link_id)
    .bind(token::digest(&guest))
    .bind(expires_at)
    .execute(db)
    .await?;
    Ok(Some((guest, media_id, team_id, expires_at)))
}

pub(super) async fn team(db: impl PgExecutor<'_>, team_id: i64) -> sqlx::Result<Option<GuestTeam>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select t.id, t.id as team_id, t.name, m.id as media_id, m.name as media_name,
                (select count(*) from team_members tm join users u on u.id = tm.user_id
                  where tm.team_id = t.id and {VISIBLE_MEMBER}) as member_count
           from teams t join media m on m.id = t.media_id where t.id = $1"
    )))
    .bind(team_id)
    .fetch_optional(db)
    .await
}

#[derive(sqlx::FromRow)]
struct MemberRow {
    id: i64,
    user_name: String,
    image_path: Option<String>,
    image_scan_status: Option<ScanStatus>,
    work_status: WorkStatus,
    genres: Vec<String>,
    public_memo: String,
}

/// One page of the team's visible members (leaders first, then by joining) and their total.
pub(super) async fn members_page(
    db: &sqlx::PgPool,
    team_id: i64,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<GuestMember>)> {
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select count(*) from team_members tm join users u on u.id = tm.user_id
          where tm.team_id = $1 and {VISIBLE_MEMBER}"
    )))
    .bind(team_id)
    .fetch_one(db)
    .await?;
    let rows: Vec<MemberRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select u.id, u.user_name, u.image_path, u.image_scan_status, u.work_status, tm.public_memo,
                array(select g.name from genres g join creator_search cs on g.id = any(cs.genre_ids)
                       where cs.user_id = u.id order by g.genre_group_id, g.position, g.id) as genres
           from team_members tm join users u on u.id = tm.user_id
          where tm.team_id = $1 and {VISIBLE_MEMBER}
          order by tm.is_leader desc, tm.created_at, u.id
          limit $2 offset $3"
    )))
    .bind(team_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    let members = rows
        .into_iter()
        .map(|r| GuestMember {
            id: r.id,
            user_name: r.user_name,
            image_file: r.image_path.map(|path| ImageFile {
                path,
                anti_virus_check_scan_status: r.image_scan_status.unwrap_or(ScanStatus::Scanning),
            }),
            work_status: r.work_status,
            genres: r.genres,
            public_memo: r.public_memo,
        })
        .collect();
    Ok((total, members))
}

/// The public memo of `user_id` when they are a visible member of the team.
pub(super) async fn visible_member_memo(
    db: impl PgExecutor<'_>,
    team_id: i64,
    user_id: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select tm.public_memo from team_members tm join users u on u.id = tm.user_id
          where tm.team_id = $1 and tm.user_id = $2 and {VISIBLE_MEMBER}
            and u.role in ('general', 'editor_assistant')"
    )))
    .bind(team_id)
    .bind(user_id)
    .fetch_optional(db)
    .await
}

/// The creator's portfolio files when the portfolio is marked publishable; `file_id` narrows
/// to one.
pub(super) async fn publishable_portfolio_files(
    db: impl PgExecutor<'_>,
    user_id: i64,
    file_id: Option<i64>,
) -> sqlx::Result<Vec<FileRow>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select {FILE_COLUMNS} from portfolio_files p
           join portfolios po on po.user_id = p.user_id and po.publishability = 'publishable'
           join files f on f.id = p.file_id join users u on u.id = f.user_id
          where p.user_id = $1 and ($2::bigint is null or f.id = $2)
          order by p.position"
    )))
    .bind(user_id)
    .bind(file_id)
    .fetch_all(db)
    .await
}

pub(super) fn views(rows: Vec<FileRow>) -> Vec<FileView> {
    rows.into_iter().map(FileRow::view).collect()
}
