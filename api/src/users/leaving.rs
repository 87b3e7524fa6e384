//! The leave process: `active → banned` (pending leave) `→ left`.
//!
//! - **banned** (退会手続き中): every session is revoked and login refused (sessions only admit
//!   active users), open offers are withdrawn and the creator no longer appears to clients; the
//!   account and its data stay, because work may still be in progress and money still owed.
//! - **left** (退会済み): allowed once nothing is in progress and every reward is on a confirmed
//!   statement. Personal data is then erased (APPI art. 22: delete what is no longer needed):
//!   contact details, address, birthday, profile, skills, attributes, portfolio, languages,
//!   bank accounts, memos and tags; the name becomes 「退会済みユーザー」 and the address an
//!   unusable placeholder. What the law requires is kept: confirmed reward statements (payee,
//!   amounts, the account paid — the 支払調書 and books: seven years, 法人税法 art. 150-2 /
//!   所得税法 art. 148), purchase orders (the Freelance Act's records), and the work itself
//!   (deliveries belong to the clients' projects; messages stay in their channels under the
//!   placeholder name). `user_leaves` keeps the display name at the time of leaving so staff can
//!   tell who left.
//!
//! Each step is idempotent and runs in one transaction.

use chrono::NaiveDate;
use uuid::Uuid;

use crate::auth::session;
use crate::money::rewards::db as rewards_db;
use crate::platform::error::{AppError, AppResult};
use crate::users::model::AccountStatus;

/// The name a user who left is shown under.
pub const LEFT_USER_NAME: &str = "退会済みユーザー";

/// What a leave step did: the status now, and the sessions it revoked (their sockets close).
pub struct Left {
    pub status: AccountStatus,
    pub revoked: Vec<Uuid>,
    /// False when the user already was in that state (nothing changed).
    pub changed: bool,
}

/// Moves `user_id` to `target` (banned or left), by staff member `by`.
pub async fn leave(
    tx: &mut sqlx::PgConnection,
    user_id: i64,
    target: AccountStatus,
    reason: &str,
    by: i64,
) -> AppResult<Left> {
    let current: AccountStatus =
        sqlx::query_scalar("select account_status from users where id = $1 for update")
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(AppError::NotFound)?;
    let unchanged = |status| Left {
        status,
        revoked: Vec::new(),
        changed: false,
    };
    match (current, target) {
        (_, AccountStatus::Active) => Err(AppError::rule("status", "in:banned,left")),
        (AccountStatus::Banned, AccountStatus::Banned)
        | (AccountStatus::Left, AccountStatus::Left) => Ok(unchanged(current)),
        (AccountStatus::Left, AccountStatus::Banned) => Err(AppError::invalid(
            "退会済みのユーザーは退会手続き中に戻せません。",
        )),
        (AccountStatus::Active, AccountStatus::Banned) => {
            let revoked = ban(tx, user_id, reason, by).await?;
            Ok(Left {
                status: AccountStatus::Banned,
                revoked,
                changed: true,
            })
        }
        (_, AccountStatus::Left) => {
            let revoked = if current == AccountStatus::Active {
                ban(tx, user_id, reason, by).await?
            } else {
                Vec::new()
            };
            ensure_settled(tx, user_id).await?;
            erase(tx, user_id, by).await?;
            Ok(Left {
                status: AccountStatus::Left,
                revoked,
                changed: true,
            })
        }
    }
}

/// Suspends the account pending its leave.
async fn ban(
    tx: &mut sqlx::PgConnection,
    user_id: i64,
    reason: &str,
    by: i64,
) -> AppResult<Vec<Uuid>> {
    sqlx::query("update users set account_status = 'banned', updated_at = now() where id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into user_leaves (user_id, user_name, reason, banned_by)
         select id, user_name, $2, $3 from users where id = $1
         on conflict (user_id) do nothing",
    )
    .bind(user_id)
    .bind(reason)
    .bind(by)
    .execute(&mut *tx)
    .await?;
    // Offers not yet answered are withdrawn; work already taken stays until it is finished.
    sqlx::query("delete from task_assignees where user_id = $1 and state = 'offered'")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "update team_members set status = 'declined' where user_id = $1 and status in ('offered', 'negotiating')",
    )
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    Ok(session::revoke_all_of_user(&mut *tx, user_id).await?)
}

/// Refuses to complete a leave while work is in progress or a reward is not yet confirmed.
async fn ensure_settled(tx: &mut sqlx::PgConnection, user_id: i64) -> AppResult<()> {
    let in_progress: i64 = sqlx::query_scalar(
        "select count(*) from task_assignees ta join tasks t on t.id = ta.task_id
          where ta.user_id = $1 and ta.state = 'taken' and not t.is_invalid
            and t.status in ('doing', 'under_acceptance')",
    )
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await?;
    if in_progress > 0 {
        return Err(AppError::invalid(format!(
            "進行中のタスクが{in_progress}件あるため、退会を完了できません。タスクの完了または担当の変更後に、もう一度お試しください。"
        )));
    }
    let unpaid = rewards_db::open_lines(
        &mut *tx,
        Some(user_id),
        NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date"),
        NaiveDate::from_ymd_opt(9999, 12, 31).expect("a date"),
    )
    .await?;
    if !unpaid.is_empty() {
        return Err(AppError::invalid(format!(
            "未確定の報酬（{}件）があるため、退会を完了できません。報酬を確定してから、もう一度お試しください。",
            unpaid.len()
        )));
    }
    Ok(())
}

/// Erases the personal data the service no longer needs and keeps what the law requires.
async fn erase(tx: &mut sqlx::PgConnection, user_id: i64, by: i64) -> AppResult<()> {
    for sql in ERASE {
        sqlx::query(*sql).bind(user_id).execute(&mut *tx).await?;
    }
    sqlx::query(
        "update users set account_status = 'left', user_name = $2,
                mail_address = 'left-' || id || '@left.invalid', password_hash = '!',
                last_name = '', first_name = '', last_name_kana = '', first_name_kana = '',
                company_name = '', representative_name = '', sex = null, birthday = null,
                phone_number = '', prefecture_id = null, postal_code = '', city_address = '',
                street_address = '', building_name = '', profile_text = '', image_path = null,
                image_scan_status = null, image_file_id = null, two_step_enabled = false,
                work_status = 'not_set', updated_at = now()
          where id = $1",
    )
    .bind(user_id)
    .bind(LEFT_USER_NAME)
    .execute(&mut *tx)
    .await?;
    sqlx::query("update user_leaves set left_at = now(), left_by = $2 where user_id = $1")
        .bind(user_id)
        .bind(by)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The rows holding personal data that leave with the user (each statement binds the user id).
const ERASE: &[&str] = &[
    "delete from user_skills where user_id = $1",
    "delete from user_attributes where user_id = $1",
    "delete from user_languages where user_id = $1",
    "delete from portfolio_files where user_id = $1",
    "delete from portfolios where user_id = $1",
    "delete from possible_works where user_id = $1",
    "delete from user_search_tags where user_id = $1",
    "delete from creator_client_memos where user_id = $1",
    "delete from creator_manager_memos where user_id = $1",
    "delete from bank_accounts where user_id = $1",
    "delete from bank_account_versions where user_id = $1",
    "delete from mail_tokens where user_id = $1",
    "delete from two_step_challenges where user_id = $1",
    "delete from team_favorites where user_id = $1",
    "delete from user_admin_flags where user_id = $1",
    "update team_members set status = 'left' where user_id = $1 and status <> 'left'",
];
