//! `information.published`: a post went live. It reaches the role rooms of its audience (every
//! role when it names none), and nobody else: their open browsers show the latest-notices
//! dialog at once.

use realtime::Room;
use serde::Serialize;
use utoipa::ToSchema;

use crate::information::model::{AudienceRole, InformationItem};

#[derive(Debug, Serialize, ToSchema)]
pub struct InformationPublished {
    #[serde(flatten)]
    pub item: InformationItem,
    #[serde(skip)]
    pub reached_roles: Vec<AudienceRole>,
}

crate::impl_event!(InformationPublished, InformationPublished, |e| e
    .reached_roles
    .iter()
    .map(|role| Room::Role(role.as_str().into()))
    .collect());
