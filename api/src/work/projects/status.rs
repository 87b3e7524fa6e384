//! The project status machine (setting → applying → doing → under_acceptance → done) and who
//! may move a project along each edge. The server enforces it; an illegal move is a 422 with
//! the rule `transition:{from},{to}`. Who the caller is along the edges (an [`Actor`]) is
//! `access::actor`'s to say; the machine never reads a role.

use crate::platform::error::AppError;

crate::closed_set!(
    /// A project's status.
    ProjectStatus {
        Setting = "setting",
        Applying = "applying",
        Doing = "doing",
        UnderAcceptance = "under_acceptance",
        Done = "done",
    }
);

impl ProjectStatus {
    /// The Japanese label of the spec: 設定中, 募集中, 作業中, 検収中, 完了.
    pub fn label(self) -> &'static str {
        match self {
            ProjectStatus::Setting => "設定中",
            ProjectStatus::Applying => "募集中",
            ProjectStatus::Doing => "作業中",
            ProjectStatus::UnderAcceptance => "検収中",
            ProjectStatus::Done => "完了",
        }
    }
}

/// What the caller is for the machine's edges, computed once by `access::actor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Actor {
    /// Staff, or a user of the client that owns the project.
    pub owner_or_staff: bool,
    /// A manager or an admin.
    pub operations: bool,
}

/// Who may take one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mover {
    /// The client that owns the project, or staff.
    OwnerOrStaff,
    /// Managers and admins only.
    Operations,
}

fn edge(from: ProjectStatus, to: ProjectStatus) -> Option<Mover> {
    use ProjectStatus::*;
    match (from, to) {
        // The client publishes a project it has set up, or takes it back to change it.
        (Setting, Applying) | (Applying, Setting) => Some(Mover::OwnerOrStaff),
        // Operations staff decide when applications close and the work starts.
        (Applying, Doing) => Some(Mover::Operations),
        // Work delivered: inspection starts; a rejected inspection sends it back to work.
        (Doing, UnderAcceptance) => Some(Mover::Operations),
        (UnderAcceptance, Doing) | (UnderAcceptance, Done) => Some(Mover::OwnerOrStaff),
        _ => None,
    }
}

/// Every status the caller may move a project to from `from`.
pub fn allowed_transitions(from: ProjectStatus, actor: Actor) -> Vec<ProjectStatus> {
    ProjectStatus::ALL
        .iter()
        .copied()
        .filter(|&to| check_transition(from, to, actor).is_ok())
        .collect()
}

/// Checks one move by `actor`.
pub fn check_transition(
    from: ProjectStatus,
    to: ProjectStatus,
    actor: Actor,
) -> Result<(), AppError> {
    let Some(mover) = edge(from, to) else {
        return Err(AppError::rule(
            "status",
            format!("transition:{},{}", from.as_str(), to.as_str()),
        ));
    };
    let allowed = match mover {
        Mover::OwnerOrStaff => actor.owner_or_staff,
        Mover::Operations => actor.operations,
    };
    if allowed {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

#[cfg(test)]
mod tests {
    use super::ProjectStatus::*;
    use super::*;
    use crate::auth::role::Role;
    use crate::work::projects::access::actor_of;

    const LEGAL: [(ProjectStatus, ProjectStatus); 6] = [
        (Setting, Applying),
        (Applying, Setting),
        (Applying, Doing),
        (Doing, UnderAcceptance),
        (UnderAcceptance, Doing),
        (UnderAcceptance, Done),
    ];

    #[test]
    fn every_pair_is_either_a_legal_edge_or_a_422() {
        for &from in ProjectStatus::ALL {
            for &to in ProjectStatus::ALL {
                let result = check_transition(from, to, actor_of(Role::Admin, false));
                if LEGAL.contains(&(from, to)) {
                    assert!(
                        result.is_ok(),
                        "{from:?} -> {to:?} should be legal for an admin"
                    );
                } else {
                    match result {
                        Err(AppError::Validation { rules, .. }) => {
                            assert_eq!(
                                rules["status"],
                                vec![format!("transition:{},{}", from.as_str(), to.as_str())]
                            );
                        }
                        other => panic!("{from:?} -> {to:?} should be a 422, got {other:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn each_edge_has_its_movers() {
        assert!(check_transition(Setting, Applying, actor_of(Role::Client, true)).is_ok());
        assert!(
            matches!(
                check_transition(Setting, Applying, actor_of(Role::Client, false)),
                Err(AppError::Forbidden)
            ),
            "another client's project"
        );
        assert!(matches!(
            check_transition(Setting, Applying, actor_of(Role::General, false)),
            Err(AppError::Forbidden)
        ));
        assert!(check_transition(Applying, Doing, actor_of(Role::Manager, false)).is_ok());
        assert!(matches!(
            check_transition(Applying, Doing, actor_of(Role::Client, true)),
            Err(AppError::Forbidden)
        ));
        assert!(matches!(
            check_transition(Applying, Doing, actor_of(Role::Accountant, false)),
            Err(AppError::Forbidden)
        ));
        assert!(check_transition(UnderAcceptance, Done, actor_of(Role::Client, true)).is_ok());
        assert!(
            check_transition(UnderAcceptance, Doing, actor_of(Role::Accountant, false)).is_ok()
        );
    }

    #[test]
    fn allowed_transitions_follow_the_movers() {
        assert_eq!(
            allowed_transitions(Setting, actor_of(Role::Client, true)),
            vec![Applying]
        );
        assert_eq!(
            allowed_transitions(Setting, actor_of(Role::Client, false)),
            vec![]
        );
        assert_eq!(
            allowed_transitions(Applying, actor_of(Role::Manager, false)),
            vec![Setting, Doing]
        );
        assert_eq!(
            allowed_transitions(Applying, actor_of(Role::Accountant, false)),
            vec![Setting]
        );
        assert_eq!(
            allowed_transitions(UnderAcceptance, actor_of(Role::Client, true)),
            vec![Doing, Done]
        );
        assert_eq!(
            allowed_transitions(Done, actor_of(Role::Admin, false)),
            vec![]
        );
        assert_eq!(
            allowed_transitions(Setting, actor_of(Role::General, false)),
            vec![]
        );
    }

    #[test]
    fn statuses_round_trip_and_have_japanese_labels() {
        for &status in ProjectStatus::ALL {
            assert_eq!(ProjectStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(ProjectStatus::parse("archived"), None);
        assert_eq!(UnderAcceptance.label(), "検収中");
    }
}
