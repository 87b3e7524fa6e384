//! `GET /messages/search`: messages of the channels the caller may read now, by words.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::chat::channels::model::ChannelType;
use crate::chat::messages::model::MessageView;
use crate::chat::search::db::{self, Filters};
use crate::chat::search::fold::{self, ExcerptPart};
use crate::platform::clock;
use crate::platform::error::AppResult;
use crate::platform::extract::{ApiQuery, AuthUser};
use crate::platform::pagination::Paging;
use crate::platform::text::search_words;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
}

pub const PER_PAGE: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Words separated by spaces (full-width too), all of which a message must hold; width,
    /// case and katakana/hiragana do not matter. Blank finds nothing.
    #[serde(default)]
    pub keyword: String,
    pub channel_id: Option<i64>,
    pub team_id: Option<i64>,
    /// The author.
    pub user_id: Option<i64>,
    /// Posted on or after this day (Tokyo).
    pub from: Option<NaiveDate>,
    /// Posted on or before this day (Tokyo).
    pub to: Option<NaiveDate>,
    /// From 1.
    #[param(minimum = 0, maximum = 100000)]
    pub page: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelRef {
    pub id: i64,
    pub name: String,
    pub channel_type: ChannelType,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TeamRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchHit {
    pub message: MessageView,
    pub channel: ChannelRef,
    pub team: TeamRef,
    /// The text around the first match; `is_hit` parts are the matched words.
    pub excerpt: Vec<ExcerptPart>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    pub base_url: String,
    /// Newest first.
    pub messages: Vec<SearchHit>,
    #[serde(flatten)]
    pub paging: Paging,
}

/// The instant a Tokyo day starts.
fn tokyo_midnight(day: NaiveDate) -> chrono::DateTime<chrono::Utc> {
    day.and_hms_opt(0, 0, 0)
        .expect("midnight exists")
        .and_local_timezone(clock::tokyo())
        .single()
        .expect("Tokyo has no gaps")
        .to_utc()
}

#[utoipa::path(get, path = "/messages/search", tag = "messages", security(("bearer" = [])), params(SearchQuery),
    responses((status = 200, body = SearchResults)))]
pub async fn search(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> AppResult<Json<SearchResults>> {
    let page = Paging::requested(query.page, 1)?;
    let words = fold::words(&search_words(Some(&query.keyword)));
    let base_url = "/messages/search".to_string();
    if words.is_empty() {
        return Ok(Json(SearchResults {
            base_url,
            messages: Vec::new(),
            paging: Paging::new(page, PER_PAGE, 0, 1),
        }));
    }
    let filters = Filters {
        channel_id: query.channel_id,
        team_id: query.team_id,
        user_id: query.user_id,
        from: query.from.map(tokyo_midnight),
        until: query
            .to
            .and_then(|day| day.checked_add_days(Days::new(1)))
            .map(tokyo_midnight),
    };
    let db::HitIds { total, ids } = db::hit_ids(
        &state.db,
        &caller,
        &words,
        &filters,
        PER_PAGE,
        Paging::offset(page, PER_PAGE, 1),
    )
    .await?;
    let views = crate::chat::messages::load(&state.db, &ids).await?;
    let mut places: HashMap<i64, db::Place> = db::places(&state.db, &ids)
        .await?
        .into_iter()
        .map(|p| (p.message_id, p))
        .collect();
    let folded: Vec<String> = search_words(Some(&query.keyword))
        .iter()
        .map(|w| fold::fold(w))
        .collect();
    let messages = views
        .into_iter()
        .filter_map(|message| {
            let place = places.remove(&message.id)?;
            Some(SearchHit {
                excerpt: fold::excerpt(&message.body, &folded),
                channel: ChannelRef {
                    id: place.channel_id,
                    name: place.channel_name,
                    channel_type: place.channel_type,
                },
                team: TeamRef {
                    id: place.team_id,
                    name: place.team_name,
                },
                message,
            })
        })
        .collect();
    Ok(Json(SearchResults {
        base_url,
        messages,
        paging: Paging::new(page, PER_PAGE, total, 1),
    }))
}
