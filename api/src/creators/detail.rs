//! A creator's page as a viewer of a given depth sees it: the one place the detail view is
//! built, for `/creators/{id}` and for the guest share pages.

use serde_json::Value;
use sqlx::PgPool;

use crate::creators::access::Depth;
use crate::creators::db;
use crate::creators::model::{AgeBand, CreatorAbilities, CreatorDetail, Prefecture, SocialLink};
use crate::platform::clock::tokyo_today;
use crate::platform::error::{AppError, AppResult};

fn text_attribute(attributes: &Value, key: &str) -> Option<String> {
    attributes
        .get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn socials(attributes: &Value) -> Vec<SocialLink> {
    attributes
        .get("socials")
        .and_then(Value::as_array)
        .map(|links| {
            links
                .iter()
                .filter_map(|link| serde_json::from_value(link.clone()).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Creator `id` at `depth` (the caller has checked the viewer may see them): public fields
/// only unless `Depth::Full`; an unpublishable portfolio only at full depth.
pub async fn load(
    db: &PgPool,
    id: i64,
    depth: Depth,
    abilities: CreatorAbilities,
) -> AppResult<CreatorDetail> {
    let row = db::creator(db, id).await?.ok_or(AppError::NotFound)?;
    let full = depth == Depth::Full;
    let portfolio = db::portfolio(db, id)
        .await?
        .filter(|p| full || p.publishability != "unpublishable");
    let today = tokyo_today();
    Ok(CreatorDetail {
        id: row.id,
        user_name: row.user_name.clone(),
        role_type: row.role.clone(),
        image_file: row.image_file(),
        work_status: row.work_status,
        prefecture: row
            .prefecture_id
            .zip(row.prefecture_name.clone())
            .map(|(id, name)| Prefecture { id, name }),
        age_band: row.private.birthday.and_then(|b| AgeBand::of(b, today)),
        profile_text: row.profile_text.clone(),
        skills: db::skills(db, id).await?,
        portfolio,
        possible_works: db::possible_works(db, id).await?,
        languages: db::languages(db, id).await?,
        socials: socials(&row.attributes),
        can_open_image_type: text_attribute(&row.attributes, "can_open_image_type"),
        available_time_slot: text_attribute(&row.attributes, "available_time_slot"),
        private: full.then_some(row.private),
        abilities,
    })
}
