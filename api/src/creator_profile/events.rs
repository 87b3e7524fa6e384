//! `user.updated`: the User record after a change the user's other tabs should show at once
//! (the work status answered in one tab closes the modal in the others).

use realtime::Room;
use serde::Serialize;

use crate::users::model::UserRecord;

#[derive(Debug, Serialize)]
pub struct UserUpdated {
    #[serde(flatten)]
    pub user: UserRecord,
}

crate::impl_event!(UserUpdated as UserRecord, UserUpdated, |e| vec![
    Room::User(e.user.id)
]);
