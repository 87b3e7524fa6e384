//! Delivery vocabularies.

crate::closed_set!(
    /// How a creator delivered: uploaded files or an external URL.
    DeliveryType {
        File = "file",
        External = "external",
    }
);

crate::closed_set!(
    /// The client's inspection verdict.
    InspectionResult {
        Accepted = "accepted",
        Rejected = "rejected",
    }
);
