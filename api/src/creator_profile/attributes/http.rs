//! `GET /users/{id}/attributes` (the creator and staff; 404 until saved), `POST` (first time)
//! and `PUT /users/me/attributes` (the creator).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::Datelike;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use super::model::{
    CanOpenImageType, Child, DivorceHistoryType, FamiliesType, INCOME_IDS, LANGUAGE_IDS, Language,
    MarriedType, SOCIAL_IDS, SexType, Social, StoredAttributes, UserAttributes,
};
use crate::creator_profile::access;
use crate::platform::error::{AppError, AppResult};
use crate::platform::extract::{ApiJson, AuthUser};
use crate::platform::text::half_width_digits;
use crate::platform::validation::Validator;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(show, create, update))
}

pub const TIME_SLOT_MAX: usize = 200;
pub const CHILDREN_MAX: usize = 10;
pub const CHATWORK_ID_MAX: usize = 50;
pub const URL_MAX: usize = 500;
/// The earliest birth year accepted for a child.
pub const CHILD_YEAR_MIN: i64 = 1900;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChildInput {
    /// A number or digits.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub year: Value,
    /// 1 to 12, a number or digits.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub month: Value,
    /// male, female or other.
    #[serde(default)]
    pub sex_type: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct LanguageInput {
    pub id: i64,
    /// 1 to 5.
    #[serde(default)]
    #[schema(value_type = i64)]
    pub level: Value,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SocialInput {
    pub id: i64,
    #[serde(default)]
    pub url: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AttributesInput {
    #[serde(default)]
    pub available_time_slot: String,
    /// unanswered (when absent), unmarried, married.
    #[serde(default)]
    pub married_type: Option<String>,
    /// unanswered (when absent), none, exists.
    #[serde(default)]
    pub divorce_history_type: Option<String>,
    /// unanswered (when absent), face_photo, profile_photo, illustration.
    #[serde(default)]
    pub can_open_image_type: Option<String>,
    /// unanswered (when absent), alone, with_family.
    #[serde(default)]
    pub families_type: Option<String>,
    /// At most 10.
    #[serde(default)]
    pub children: Vec<ChildInput>,
    #[serde(default)]
    pub publish_information: bool,
    /// 1..9 or 99999.
    #[serde(default)]
    pub annual_income_id: Option<i64>,
    /// 1..9 or 99999.
    #[serde(default)]
    pub household_income_id: Option<i64>,
    #[serde(default)]
    pub chatwork_id: String,
    #[serde(default)]
    pub languages: Vec<LanguageInput>,
    #[serde(default)]
    pub socials: Vec<SocialInput>,
}

/// The attributes of user `id` (`me` for the caller); 404 until they are saved.
#[utoipa::path(get, path = "/users/{id}/attributes", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "a user id or `me`")),
    responses((status = 200, body = UserAttributes), (status = 401), (status = 403), (status = 404)))]
pub async fn show(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
) -> AppResult<Json<UserAttributes>> {
    let user_id = access::readable(&state.db, &caller, &id).await?;
    load(&state, user_id)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

async fn load(state: &AppState, user_id: i64) -> AppResult<Option<UserAttributes>> {
    let Some((id, stored)) = db::find(&state.db, user_id).await? else {
        return Ok(None);
    };
    let languages = db::languages(&state.db, user_id).await?;
    Ok(Some(UserAttributes::new(id, stored, languages)))
}

/// Saves the caller's attributes the first time (422 `attributes: unique` when they exist).
#[utoipa::path(post, path = "/users/{id}/attributes", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "`me`")), request_body = AttributesInput,
    responses((status = 201, body = UserAttributes), (status = 401), (status = 403), (status = 422)))]
pub async fn create(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<AttributesInput>,
) -> AppResult<(StatusCode, Json<UserAttributes>)> {
    let user_id = access::writable(&caller, &id)?;
    let saved = save(&state, user_id, true, input)
        .await?
        .ok_or_else(|| AppError::rule("attributes", "unique"))?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// Changes the caller's attributes (404 before the first save). Errors:
/// `available_time_slot` (max:200), the closed sets (`in:`), `children` (max:10),
/// `children{n}.year|month|sex_type|birthday` (n from 0), `annual_income_id` and
/// `household_income_id` (in), `chatwork_id` (max:50, alpha_dash), `languages` (in, distinct),
/// `language_level{id}` (between:1,5), `socials` (in, distinct), `socials.{id}` (required,
/// url, max:500).
#[utoipa::path(put, path = "/users/{id}/attributes", tag = "creator_profile", security(("bearer" = [])),
    params(("id" = String, Path, description = "`me`")), request_body = AttributesInput,
    responses((status = 200, body = UserAttributes), (status = 401), (status = 403), (status = 404), (status = 422)))]
pub async fn update(
    State(state): State<AppState>,
    AuthUser(caller): AuthUser,
    Path(id): Path<String>,
    ApiJson(input): ApiJson<AttributesInput>,
) -> AppResult<Json<UserAttributes>> {
    let user_id = access::writable(&caller, &id)?;
    save(&state, user_id, false, input)
        .await?
        .map(Json)
        .ok_or(AppError::NotFound)
}

async fn save(
    state: &AppState,
    user_id: i64,
    create: bool,
    input: AttributesInput,
) -> AppResult<Option<UserAttributes>> {
    let (stored, languages) = validate(input)?;
    let mut tx = state.db.begin().await?;
    if !db::save(&mut tx, user_id, create, &stored, &languages).await? {
        return Ok(None);
    }
    tx.commit().await?;
    load(state, user_id).await
}

/// A closed-set answer: `default` when absent or empty, else the parsed value or the `in:` rule.
fn choice<T: Copy>(
    v: &mut Validator,
    field: &str,
    value: Option<&str>,
    default: T,
    parse: fn(&str) -> Option<T>,
    rule: fn() -> String,
) -> T {
    match value.map(str::trim) {
        None | Some("") => default,
        Some(value) => parse(value).unwrap_or_else(|| {
            v.fail(field, rule());
            default
        }),
    }
}

/// A whole number given as a number or as digits (full-width accepted); `None` when absent.
fn whole_number(value: &Value) -> Result<Option<i64>, ()> {
    match value {
        Value::Null => Ok(None),
        Value::Number(n) => n.as_i64().map(Some).ok_or(()),
        Value::String(s) => {
            let s = half_width_digits(s.trim());
            if s.is_empty() {
                Ok(None)
            } else if s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse().map(Some).map_err(|_| ())
            } else {
                Err(())
            }
        }
        _ => Err(()),
    }
}

/// A number that must be given: the failed rule names `required` or `numeric`.
fn required_number(v: &mut Validator, field: &str, value: &Value) -> Option<i64> {
    match whole_number(value) {
        Ok(Some(n)) => Some(n),
        Ok(None) => {
            v.fail(field, "required");
            None
        }
        Err(()) => {
            v.fail(field, "numeric");
            None
        }
    }
}

fn is_alpha_dash(value: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

fn income(v: &mut Validator, field: &str, value: Option<i64>) -> Option<i32> {
    let value = value?;
    match INCOME_IDS.iter().find(|&&id| i64::from(id) == value) {
        Some(&id) => Some(id),
        None => {
            let ids: Vec<String> = INCOME_IDS.iter().map(i32::to_string).collect();
            v.fail(field, format!("in:{}", ids.join(",")));
            None
        }
    }
}

fn ids_rule(ids: &[i32]) -> String {
    let ids: Vec<String> = ids.iter().map(i32::to_string).collect();
    format!("in:{}", ids.join(","))
}

fn validate(input: AttributesInput) -> AppResult<(StoredAttributes, Vec<Language>)> {
    let mut v = Validator::new();
    let available_time_slot = input.available_time_slot.trim().to_string();
    v.max_chars("available_time_slot", &available_time_slot, TIME_SLOT_MAX);

    let married_type = choice(
        &mut v,
        "married_type",
        input.married_type.as_deref(),
        MarriedType::Unanswered,
        MarriedType::parse,
        MarriedType::rule,
    );
    let divorce_history_type = choice(
        &mut v,
        "divorce_history_type",
        input.divorce_history_type.as_deref(),
        DivorceHistoryType::Unanswered,
        DivorceHistoryType::parse,
        DivorceHistoryType::rule,
    );
    let can_open_image_type = choice(
        &mut v,
        "can_open_image_type",
        input.can_open_image_type.as_deref(),
        CanOpenImageType::Unanswered,
        CanOpenImageType::parse,
        CanOpenImageType::rule,
    );
    let families_type = choice(
        &mut v,
        "families_type",
        input.families_type.as_deref(),
        FamiliesType::Unanswered,
        FamiliesType::parse,
        FamiliesType::rule,
    );

    if input.children.len() > CHILDREN_MAX {
        v.fail("children", format!("max:{CHILDREN_MAX}"));
    }
    let today = crate::platform::clock::tokyo_today();
    let this_month = i64::from(today.year()) * 12 + i64::from(today.month0());
    let mut children = Vec::new();
    for (index, child) in input.children.iter().enumerate().take(CHILDREN_MAX) {
        let row = format!("children{index}");
        let year = required_number(&mut v, &format!("{row}.year"), &child.year);
        let month = required_number(&mut v, &format!("{row}.month"), &child.month);
        if month.is_some_and(|m| !(1..=12).contains(&m)) {
            v.fail(&format!("{row}.month"), "between:1,12");
        }
        let sex_type = SexType::parse(child.sex_type.trim());
        if child.sex_type.trim().is_empty() {
            v.fail(&format!("{row}.sex_type"), "required");
        } else if sex_type.is_none() {
            v.fail(&format!("{row}.sex_type"), SexType::rule());
        }
        if let (Some(year), Some(month)) = (year, month) {
            let born = year * 12 + month - 1;
            if (1..=12).contains(&month) && (year < CHILD_YEAR_MIN || born > this_month) {
                v.fail(&format!("{row}.birthday"), "date");
            }
        }
        if let (Some(year), Some(month), Some(sex_type)) = (year, month, sex_type) {
            children.push(Child {
                birthday: format!("{year:04}-{month:02}"),
                year: year as i32,
                month: month as i32,
                sex_type,
            });
        }
    }

    let annual_income_id = income(&mut v, "annual_income_id", input.annual_income_id);
    let household_income_id = income(&mut v, "household_income_id", input.household_income_id);

    let chatwork_id = input.chatwork_id.trim().to_string();
    v.max_chars("chatwork_id", &chatwork_id, CHATWORK_ID_MAX);
    if !is_alpha_dash(&chatwork_id) {
        v.fail("chatwork_id", "alpha_dash");
    }

    let mut languages: Vec<Language> = Vec::new();
    for language in &input.languages {
        let Some(&id) = LANGUAGE_IDS
            .iter()
            .find(|&&id| i64::from(id) == language.id)
        else {
            v.fail("languages", ids_rule(&LANGUAGE_IDS));
            continue;
        };
        if languages.iter().any(|l| l.id == id) {
            v.fail("languages", "distinct");
            continue;
        }
        let field = format!("language_level{id}");
        match whole_number(&language.level) {
            Ok(Some(level)) if (1..=5).contains(&level) => languages.push(Language {
                id,
                level: level as i16,
            }),
            Ok(None) => {
                v.fail(&field, "required");
            }
            _ => {
                v.fail(&field, "between:1,5");
            }
        }
    }

    let mut socials: Vec<Social> = Vec::new();
    for social in &input.socials {
        let Some(&id) = SOCIAL_IDS.iter().find(|&&id| i64::from(id) == social.id) else {
            v.fail("socials", ids_rule(&SOCIAL_IDS));
            continue;
        };
        if socials.iter().any(|s| s.id == id) {
            v.fail("socials", "distinct");
            continue;
        }
        let url = social.url.trim().to_string();
        let field = format!("socials.{id}");
        v.required(&field, &url)
            .url(&field, &url)
            .max_chars(&field, &url, URL_MAX);
        socials.push(Social { id, url });
    }

    v.finish()?;
    Ok((
        StoredAttributes {
            available_time_slot,
            married_type,
            divorce_history_type,
            can_open_image_type,
            families_type,
            children,
            publish_information: input.publish_information,
            annual_income_id,
            household_income_id,
            chatwork_id,
            socials,
        },
        languages,
    ))
}
