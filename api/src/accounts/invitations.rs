//! Client invitations: a single-use link mailed to someone who will join a client company.
//! Both `POST /clients/{id}/signup` and the clients domain's `POST /clients/{id}/accounts` send
//! them through `invite_to_client`; who may invite is each caller's own rule.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::accounts::mails::{self, send};
use crate::accounts::signup_link::new_account_link;
use crate::accounts::tokens::Purpose;
use crate::platform::error::{AppError, AppResult};
use crate::state::AppState;

/// Mails an invitation to join client `client_id` (named `company_name`) to `mail_address`:
/// 422 for an invalid or registered address, 429 past the throttle.
pub async fn invite_to_client(
    state: &AppState,
    ip: &str,
    client_id: i64,
    company_name: &str,
    mail_address: &str,
) -> AppResult<()> {
    let (mail_address, token) = new_account_link(
        state,
        ip,
        Purpose::ClientSignup,
        mail_address,
        Some(client_id),
    )
    .await?;
    // The inviter is a signed-in member of the company or staff: they are told the address has
    // an account already, a stranger on the public sign-up form is not.
    let token = token.ok_or_else(|| AppError::rule("mail_address", "unique"))?;
    let base = state.config.public_base_url();
    let mail = mails::client_invitation(&base, mail_address, company_name, client_id, &token);
    send(state, mail).await
}

/// An invitation whose link is still usable.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct PendingInvitation {
    pub mail_address: String,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// The live invitations of client `client_id`, newest first, one per address.
pub async fn pending(db: impl PgExecutor<'_>, client_id: i64) -> AppResult<Vec<PendingInvitation>> {
    Ok(sqlx::query_as(
        "select distinct on (lower(mail_address)) mail_address, created_at as sent_at, expires_at
           from mail_tokens
          where purpose = 'client_signup' and client_id = $1 and used_at is null and expires_at > now()
            and not exists (select 1 from users u where lower(u.mail_address) = lower(mail_tokens.mail_address))
          order by lower(mail_address), created_at desc",
    )
    .bind(client_id)
    .fetch_all(db)
    .await?)
}
