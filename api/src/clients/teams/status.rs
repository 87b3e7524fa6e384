//! The team member status machine and who may move a member along each edge:
//!
//! ```text
//! temporary ──offer──► offered ──ask to talk──► negotiating
//!                       │   ▲                      │
//!        accept/decline │   └──── offer again ─┐   │ accept/decline
//!                       ▼                      │   ▼
//!                 assignable / declined ◄──────┴── (declined → offered)
//! assignable ──end / leave──► left
//! ```
//!
//! The server enforces it; an illegal move is a 422 with the rule `transition:{from},{to}` (as
//! the project machine answers), a legal move by the wrong side is a 403. Every member view
//! carries `allowed_transitions` for its caller so the web never copies these rules.

use crate::platform::error::AppError;

crate::closed_set!(
    /// Where a creator stands in a team.
    MemberStatus {
        Temporary = "temporary",
        Offered = "offered",
        Negotiating = "negotiating",
        Assignable = "assignable",
        Declined = "declined",
        Left = "left",
    }
);

impl MemberStatus {
    /// The Japanese label the client and the creator read.
    pub fn label(self) -> &'static str {
        match self {
            MemberStatus::Temporary => "仮登録",
            MemberStatus::Offered => "オファー中",
            MemberStatus::Negotiating => "相談中",
            MemberStatus::Assignable => "稼働可",
            MemberStatus::Declined => "辞退",
            MemberStatus::Left => "離脱",
        }
    }

    /// Only members who never joined (or turned the offer down) may be deleted outright; a
    /// member who worked in the team moves to `left` so the history stays.
    pub fn removable(self) -> bool {
        matches!(self, MemberStatus::Temporary | MemberStatus::Declined)
    }
}

/// Who is moving the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// A user of the client that owns the team, or staff.
    Owner,
    /// The creator who is the member.
    Member,
}

/// Who may take one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Movers {
    Owner,
    Member,
    Either,
}

fn edge(from: MemberStatus, to: MemberStatus) -> Option<Movers> {
    use MemberStatus::*;
    match (from, to) {
        // The client (or staff) sends an offer, or offers again after a refusal.
        (Temporary, Offered) | (Declined, Offered) => Some(Movers::Owner),
        // The creator asks to talk it over first.
        (Offered, Negotiating) => Some(Movers::Member),
        (Offered | Negotiating, Assignable) => Some(Movers::Member),
        // The creator declines, or the client withdraws the offer.
        (Offered | Negotiating, Declined) => Some(Movers::Either),
        // The client ends the engagement, or the creator leaves.
        (Assignable, Left) => Some(Movers::Either),
        _ => None,
    }
}

/// Checks one move by `actor`.
pub fn check_transition(
    from: MemberStatus,
    to: MemberStatus,
    actor: Actor,
) -> Result<(), AppError> {
    let Some(movers) = edge(from, to) else {
        return Err(AppError::rule(
            "status",
            format!("transition:{},{}", from.as_str(), to.as_str()),
        ));
    };
    let allowed = match movers {
        Movers::Either => true,
        Movers::Owner => actor == Actor::Owner,
        Movers::Member => actor == Actor::Member,
    };
    if allowed {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// Every status `actor` may move a member to from `from`.
pub fn allowed_transitions(from: MemberStatus, actor: Actor) -> Vec<MemberStatus> {
    MemberStatus::ALL
        .iter()
        .copied()
        .filter(|&to| check_transition(from, to, actor).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::MemberStatus::*;
    use super::*;

    const LEGAL: [(MemberStatus, MemberStatus, Actor); 11] = [
        (Temporary, Offered, Actor::Owner),
        (Declined, Offered, Actor::Owner),
        (Offered, Negotiating, Actor::Member),
        (Offered, Assignable, Actor::Member),
        (Negotiating, Assignable, Actor::Member),
        (Offered, Declined, Actor::Member),
        (Negotiating, Declined, Actor::Member),
        (Offered, Declined, Actor::Owner),
        (Negotiating, Declined, Actor::Owner),
        (Assignable, Left, Actor::Owner),
        (Assignable, Left, Actor::Member),
    ];

    #[test]
    fn every_move_is_legal_forbidden_or_a_422() {
        for &from in MemberStatus::ALL {
            for &to in MemberStatus::ALL {
                for actor in [Actor::Owner, Actor::Member] {
                    let result = check_transition(from, to, actor);
                    let is_edge = LEGAL.iter().any(|(f, t, _)| (*f, *t) == (from, to));
                    if LEGAL.contains(&(from, to, actor)) {
                        assert!(result.is_ok(), "{from:?} -> {to:?} by {actor:?}");
                    } else if is_edge {
                        assert!(
                            matches!(result, Err(AppError::Forbidden)),
                            "{from:?} -> {to:?} by {actor:?}"
                        );
                    } else {
                        match result {
                            Err(AppError::Validation { rules, .. }) => assert_eq!(
                                rules["status"],
                                vec![format!("transition:{},{}", from.as_str(), to.as_str())]
                            ),
                            other => panic!("{from:?} -> {to:?} should be a 422, got {other:?}"),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn allowed_transitions_per_side() {
        assert_eq!(allowed_transitions(Temporary, Actor::Owner), vec![Offered]);
        assert_eq!(allowed_transitions(Temporary, Actor::Member), vec![]);
        assert_eq!(
            allowed_transitions(Offered, Actor::Member),
            vec![Negotiating, Assignable, Declined]
        );
        assert_eq!(
            allowed_transitions(Negotiating, Actor::Owner),
            vec![Declined]
        );
        assert_eq!(allowed_transitions(Assignable, Actor::Member), vec![Left]);
        assert_eq!(allowed_transitions(Left, Actor::Owner), vec![]);
        assert!(Temporary.removable() && Declined.removable() && !Assignable.removable());
    }
}
