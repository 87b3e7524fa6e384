//! Who may invite a person to a client company through `POST /clients/{client_id}/signup`:
//! staff and the company's own users (a company that does not exist is 404, another's 403).

use crate::auth::session::Caller;

pub fn may_invite_to_client(caller: &Caller, client_id: i64) -> bool {
    caller.acts_for_client(client_id)
}
