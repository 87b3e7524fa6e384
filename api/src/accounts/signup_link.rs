//! The link of a new account, mailed by the public sign-up (`http.rs`) and by a client
//! company's invitation (`invitations.rs`).

use crate::accounts::model::{MAIL_ADDRESS, check_mail_address};
use crate::accounts::tokens::{self, Purpose, Recipient};
use crate::accounts::{db, throttle};
use crate::platform::error::AppResult;
use crate::platform::validation::Validator;
use crate::state::AppState;

/// The link of a new account (a sign-up, or a client's invited person): the address must be
/// valid and within the throttle. Answers the trimmed address and the token, or no token when
/// the address is registered already (the caller decides what that person is told).
pub(super) async fn new_account_link<'a>(
    state: &AppState,
    ip: &str,
    purpose: Purpose,
    mail_address: &'a str,
    client_id: Option<i64>,
) -> AppResult<(&'a str, Option<String>)> {
    let mail_address = mail_address.trim();
    let mut v = Validator::new();
    check_mail_address(&mut v, MAIL_ADDRESS, mail_address);
    v.finish()?;
    throttle::admit(state, purpose, mail_address, ip).await?;
    if db::mail_address_taken(&state.db, mail_address).await? {
        return Ok((mail_address, None));
    }
    let recipient = Recipient {
        mail_address,
        user_id: None,
        client_id,
    };
    let token = tokens::issue(&state.db, purpose, &recipient).await?;
    Ok((mail_address, Some(token)))
}
