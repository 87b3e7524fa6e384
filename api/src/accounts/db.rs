//! The accounts domain's SQL: addresses, passwords and mail frequencies on the user row and
//! its own table (the links and the throttle keep theirs in `tokens` and `throttle`).

use sqlx::PgExecutor;

use crate::accounts::model::MailFrequencies;

/// Whether any account (active, leaving or left) has this address, case-insensitively.
pub(crate) async fn mail_address_taken(
    db: impl PgExecutor<'_>,
    mail_address: &str,
) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from users where lower(mail_address) = lower($1))")
        .bind(mail_address)
        .fetch_one(db)
        .await
}

/// An account's id, name and address.
#[derive(sqlx::FromRow)]
pub(crate) struct Contact {
    pub id: i64,
    pub user_name: String,
    pub mail_address: String,
}

/// The active account with this address, if any.
pub(crate) async fn active_contact_by_mail(
    db: impl PgExecutor<'_>,
    mail_address: &str,
) -> sqlx::Result<Option<Contact>> {
    sqlx::query_as(
        "select id, user_name, mail_address from users
          where lower(mail_address) = lower($1) and account_status = 'active'",
    )
    .bind(mail_address)
    .fetch_optional(db)
    .await
}

pub(crate) async fn contact(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Contact> {
    sqlx::query_as("select id, user_name, mail_address from users where id = $1")
        .bind(user_id)
        .fetch_one(db)
        .await
}

/// The company name of a client, if it exists.
pub(crate) async fn client_company(
    db: impl PgExecutor<'_>,
    client_id: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("select company_name from clients where id = $1")
        .bind(client_id)
        .fetch_optional(db)
        .await
}

pub(crate) async fn password_hash(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<String> {
    sqlx::query_scalar("select password_hash from users where id = $1")
        .bind(user_id)
        .fetch_one(db)
        .await
}

pub(crate) async fn set_password_hash(
    db: impl PgExecutor<'_>,
    user_id: i64,
    password_hash: &str,
) -> sqlx::Result<()> {
    sqlx::query("update users set password_hash = $2, updated_at = now() where id = $1")
        .bind(user_id)
        .bind(password_hash)
        .execute(db)
        .await?;
    Ok(())
}

/// Moves the account to `mail_address`; false when another account has taken it meanwhile.
pub(crate) async fn set_mail_address(
    db: impl PgExecutor<'_>,
    user_id: i64,
    mail_address: &str,
) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "update users set mail_address = $2, updated_at = now()
          where id = $1
            and not exists (select 1 from users o where o.id <> $1 and lower(o.mail_address) = lower($2))",
    )
    .bind(user_id)
    .bind(mail_address)
    .execute(db)
    .await?;
    Ok(changed.rows_affected() == 1)
}

/// The member's frequencies; every kind immediately until they choose.
pub(crate) async fn mail_frequencies(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<MailFrequencies> {
    let row: Option<MailFrequencies> = sqlx::query_as(
        "select message, task, information, browser_notification from user_mail_frequencies where user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.unwrap_or_default())
}

/// Saves the frequencies; `browser_notification` `None` keeps what was chosen before (on for a
/// member who never chose).
pub(crate) async fn save_mail_frequencies(
    db: impl PgExecutor<'_>,
    user_id: i64,
    f: &MailFrequencies,
    browser_notification: Option<bool>,
) -> sqlx::Result<MailFrequencies> {
    sqlx::query_as(
        "insert into user_mail_frequencies (user_id, message, task, information, browser_notification)
         values ($1, $2, $3, $4, coalesce($5, true))
         on conflict (user_id) do update
            set message = excluded.message, task = excluded.task,
                information = excluded.information,
                browser_notification = coalesce($5, user_mail_frequencies.browser_notification),
                updated_at = now()
         returning message, task, information, browser_notification",
    )
    .bind(user_id)
    .bind(f.message)
    .bind(f.task)
    .bind(f.information)
    .bind(browser_notification)
    .fetch_one(db)
    .await
}
