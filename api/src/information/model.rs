//! The Information item of the spec (section 3) as the API answers it, and its audience.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::pagination::Paging;

crate::closed_set!(
    /// A role a post is meant for (the database's role names); no role at all means everyone.
    AudienceRole {
        General = "general",
        EditorAssistant = "editor_assistant",
        Client = "client",
        Manager = "manager",
        Accountant = "accountant",
        Admin = "admin",
    }
);

/// A post as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Post {
    pub id: i64,
    pub title: String,
    pub url: Option<String>,
    pub body: Option<String>,
    pub scheduled_start_date: DateTime<Utc>,
    pub published_at: Option<DateTime<Utc>>,
    pub audience_roles: Vec<AudienceRole>,
}

/// An information item: `url` when it links elsewhere, `body` when it carries its own text (a
/// post has at least one). The staff view adds whether it is live and whom it is for.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InformationItem {
    pub id: i64,
    pub title: String,
    pub url: Option<String>,
    pub body: Option<String>,
    pub scheduled_start_date: DateTime<Utc>,
    /// Staff view only: false while the post waits for its start.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub is_published: Option<bool>,
    /// Staff view only: the roles it is for; empty means everyone.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub audience_roles: Option<Vec<AudienceRole>>,
}

impl Post {
    /// What every member sees.
    pub fn item(&self) -> InformationItem {
        InformationItem {
            id: self.id,
            title: self.title.clone(),
            url: self.url.clone(),
            body: self.body.clone(),
            scheduled_start_date: self.scheduled_start_date,
            is_published: None,
            audience_roles: None,
        }
    }

    /// What staff managing the posts see.
    pub fn staff_item(&self) -> InformationItem {
        InformationItem {
            is_published: Some(self.published_at.is_some()),
            audience_roles: Some(self.audience_roles.clone()),
            ..self.item()
        }
    }

    /// The roles it reaches: its audience, or every role when it names none.
    pub fn reached_roles(&self) -> &[AudienceRole] {
        if self.audience_roles.is_empty() {
            AudienceRole::ALL
        } else {
            &self.audience_roles
        }
    }
}

/// `GET /information`: newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct InformationList {
    pub information: Vec<InformationItem>,
    #[serde(flatten)]
    pub paging: Paging,
    pub base_url: String,
}

/// `GET /information/latest`: the caller's unseen posts, newest first (at most a few).
#[derive(Debug, Serialize, ToSchema)]
pub struct LatestInformation {
    pub information: Vec<InformationItem>,
}
