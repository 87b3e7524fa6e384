//! Throttling of the requests that send a link by mail, per address and per network address,
//! kept in PostgreSQL so every node agrees (like the login's).

use crate::accounts::tokens::Purpose;
use crate::platform::error::{AppError, AppResult};
use crate::state::AppState;

pub const WINDOW_MINUTES: i64 = 15;
/// Default mails one address may be sent per window (a typo'd form resubmitted, a lost mail);
/// `MAIL_LINK_LIMIT_PER_ADDRESS` overrides it.
pub const PER_ADDRESS: i64 = 5;
/// Default requests one network address may make per window (an office behind one address);
/// `MAIL_LINK_LIMIT_PER_IP` overrides it.
pub const PER_IP: i64 = 30;

/// Records the request, or refuses it with 429 when either budget of the window is spent.
pub async fn admit(
    state: &AppState,
    purpose: Purpose,
    mail_address: &str,
    ip: &str,
) -> AppResult<()> {
    let (by_address, by_ip): (i64, i64) = sqlx::query_as(
        "select
           (select count(*) from mail_link_requests
             where lower(mail_address) = lower($1) and created_at > now() - make_interval(mins => $3)),
           (select count(*) from mail_link_requests
             where ip = $2 and created_at > now() - make_interval(mins => $3))",
    )
    .bind(mail_address)
    .bind(ip)
    .bind(WINDOW_MINUTES as i32)
    .fetch_one(&state.db)
    .await?;
    let config = &state.config;
    if by_address >= config.mail_link_limit_per_address || by_ip >= config.mail_link_limit_per_ip {
        return Err(AppError::TooManyRequests {
            retry_after_secs: (WINDOW_MINUTES * 60) as u64,
        });
    }
    sqlx::query("insert into mail_link_requests (purpose, mail_address, ip) values ($1, $2, $3)")
        .bind(purpose)
        .bind(mail_address)
        .bind(ip)
        .execute(&state.db)
        .await?;
    Ok(())
}
