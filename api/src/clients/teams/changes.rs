//! The side effects of one member-status change (`status.rs` says which moves are allowed):
//! inside the write's transaction the team's chat is kept in step and the notices are written;
//! after commit the member row is pushed (`team_member.updated`) to the creator and to the
//! client's users, each in their own view. The handlers then let the member's sockets leave the
//! channels they may no longer read (`realtime_auth::channel_access_changed`) and push the
//! notices (`notice.created`).

use sqlx::PgConnection;

use crate::clients::teams::db;
use crate::clients::teams::events::TeamMemberUpdated;
use crate::clients::teams::model::{MemberReader, MemberView};
use crate::clients::teams::status::{self, Actor, MemberStatus};
use crate::notices::{self, NewNotice, NoticeReference, NoticeType, NoticeView};
use crate::platform::error::{AppError, AppResult};
use crate::platform::events::emit;
use crate::state::AppState;

/// One member-status change.
pub(super) struct Change {
    pub(super) team_id: i64,
    pub(super) media_id: i64,
    pub(super) user_id: i64,
    pub(super) to: MemberStatus,
    pub(super) actor: Actor,
}

impl Change {
    /// A move the team's owner (the client or staff) makes.
    pub(super) fn by_owner(team_id: i64, media_id: i64, user_id: i64, to: MemberStatus) -> Self {
        Change {
            team_id,
            media_id,
            user_id,
            to,
            actor: Actor::Owner,
        }
    }
}

/// Moves the member if the machine allows it (422 / 403 otherwise), keeping the team's chat in
/// step: an assignable member takes part in the `all` channel, a member who left in none.
pub(super) async fn move_member(tx: &mut PgConnection, change: &Change) -> AppResult<()> {
    let from = db::lock_status(&mut *tx, change.team_id, change.user_id)
        .await?
        .ok_or(AppError::NotFound)?;
    status::check_transition(from, change.to, change.actor)?;
    db::set_status(&mut *tx, change.team_id, change.user_id, change.to).await?;
    match change.to {
        MemberStatus::Assignable => {
            let channel_id = db::ensure_all_channel(tx, change.team_id).await?;
            db::join_channel(&mut *tx, channel_id, change.user_id).await?;
        }
        MemberStatus::Left => {
            db::leave_team_channels(&mut *tx, change.team_id, change.user_id).await?;
        }
        _ => {}
    }
    Ok(())
}

/// The notices a change makes: the side that did not make the move is told. The creator's
/// notice leads to their offers (`/teams`), the client's to the team's page under its medium.
pub(super) async fn notify(
    tx: &mut PgConnection,
    change: &Change,
) -> AppResult<Vec<(i64, NoticeView)>> {
    let (team, company, creator) = db::names(&mut *tx, change.team_id, change.user_id).await?;
    let (recipients, message, media_id) = match change.actor {
        Actor::Owner => {
            let message = match change.to {
                MemberStatus::Offered => format!("{company}の「{team}」からオファーが届きました"),
                MemberStatus::Declined => format!("「{team}」へのオファーが取り下げられました"),
                MemberStatus::Left => format!("「{team}」のメンバーから外れました"),
                _ => return Ok(Vec::new()),
            };
            (vec![change.user_id], message, None)
        }
        Actor::Member => {
            let message = match change.to {
                MemberStatus::Negotiating => {
                    format!("{creator}さんが「{team}」のオファーについて相談を希望しています")
                }
                MemberStatus::Assignable => {
                    format!("{creator}さんが「{team}」のオファーを承諾しました")
                }
                MemberStatus::Declined => {
                    format!("{creator}さんが「{team}」のオファーを辞退しました")
                }
                MemberStatus::Left => format!("{creator}さんが「{team}」を抜けました"),
                _ => return Ok(Vec::new()),
            };
            (
                db::client_user_ids(&mut *tx, change.team_id).await?,
                message,
                Some(change.media_id),
            )
        }
    };
    let mut created = Vec::with_capacity(recipients.len());
    for user_id in recipients {
        let notice = NewNotice {
            user_id,
            notice_type: NoticeType::TeamOffer,
            message: message.clone(),
            reference: NoticeReference {
                team_id: Some(change.team_id),
                media_id,
                ..Default::default()
            },
        };
        created.push((user_id, notices::insert(&mut *tx, &notice).await?));
    }
    Ok(created)
}

/// Publishes each member's row (`publish_member`) and answers the views `reader` gets, leaving
/// out members gone meanwhile.
pub(super) async fn publish_members(
    state: &AppState,
    reader: MemberReader,
    team_id: i64,
    user_ids: Vec<i64>,
    to_creator: bool,
) -> AppResult<Vec<MemberView>> {
    let mut views = Vec::with_capacity(user_ids.len());
    for user_id in user_ids {
        if let Some(row) = publish_member(state, team_id, user_id, to_creator).await? {
            views.push(row.view(reader));
        }
    }
    Ok(views)
}

/// Pushes the committed member row to the client's users (and to the creator when
/// `to_creator`), each in their own view; returns the row (None when it is gone).
pub(super) async fn publish_member(
    state: &AppState,
    team_id: i64,
    user_id: i64,
    to_creator: bool,
) -> AppResult<Option<crate::clients::teams::model::MemberRow>> {
    let Some(row) = db::member(&state.db, team_id, user_id).await? else {
        return Ok(None);
    };
    let client_users = db::client_user_ids(&state.db, team_id).await?;
    emit(
        &state.hub,
        &TeamMemberUpdated {
            member: row.clone().view(MemberReader::Client),
            recipients: client_users,
        },
    )
    .await;
    // A temporary member is the client's shortlist: the creator does not learn of it.
    if to_creator && row.status != MemberStatus::Temporary {
        emit(
            &state.hub,
            &TeamMemberUpdated {
                member: row.clone().view(MemberReader::Member),
                recipients: vec![user_id],
            },
        )
        .await;
    }
    Ok(Some(row))
}
