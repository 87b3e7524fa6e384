//! The task vocabularies shared by the task, delivery and spreadsheet handlers.

crate::closed_set!(
    /// The task statuses; the task-status filter accepts exactly these.
    TaskStatus {
        Applying = "applying",
        Doing = "doing",
        UnderAcceptance = "under_acceptance",
        Done = "done",
    }
);

crate::closed_set!(
    /// A creator's relation to a task: offered, taken, or an offer they declined.
    AssigneeState {
        Offered = "offered",
        Taken = "taken",
        Declined = "declined",
    }
);
