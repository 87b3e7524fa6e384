//! Client companies, their media and the media's teams of creators (spec sections 3 and 7): the
//! staff register a company, its plan, accounts and media; a client user reads its own company
//! and media and runs the media's teams (`teams`: members, offers and their status machine).
//!
//! The access rules other slices use (media teams, offers):
//! - `clients::access::client_for(db, caller, client_id)`: staff see every client, a client
//!   user only its own company (another company's answers 404), creators get 403.
//! - `media::access::media_for(db, caller, media_id) -> MediaRef`: the same rule for a medium,
//!   answering its id, name and client; `media::access::ensure_writer(caller)` for staff writes.
//!
//! `payments`: a company's usage per year, month and medium, and the staff's bills of each
//! medium's month.

// The layout names the company domain `clients/clients` beside `media` and `teams`.
#[allow(clippy::module_inception)]
pub mod clients;
pub mod media;
pub mod payments;
pub mod teams;
