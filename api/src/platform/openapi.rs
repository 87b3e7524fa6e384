//! The OpenAPI document's frame (title, bearer scheme); the paths come from the domain routers.
//! `complete` then adds what holds for every operation, so no handler has to repeat it, and the
//! pushed events (`x-tsumugi-events`: wire name → payload schema). `document` builds the whole
//! of it without a server or a database (`tsumugi openapi`), for the web's generated types:
//! `docs/decisions/generated-wire-contract.md`.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::{ArrayItems, KnownFormat, Schema, SchemaFormat, SchemaType, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, Response};
use utoipa::{Modify, OpenApi, PartialSchema, ToSchema};

use std::collections::BTreeMap;

use realtime::EventName;

use crate::auth::role::Role;
use crate::creators::model::{AgeBand, Region};
use crate::files::http as files;
use crate::files::http::MAX_IMAGE_SIDE;
use crate::platform::error::ErrorBody;
use crate::platform::events::Event;
use crate::platform::pagination::MAX_PAGE;
use crate::platform::validation::{
    Declared, FieldRules, PATTERN_NOT_BLANK, Rule, YEAR_MAX, YEAR_MIN,
};
use crate::system::http as system;
use crate::users::model::{AccountStatus, WorkStatus};

#[derive(OpenApi)]
#[openapi(
    info(title = "Tsumugi API", description = "REST API of Tsumugi. Errors: {\"error\": {\"message\", \"rules\"?}}. No text, key or query value may hold NUL (U+0000): 422 invalid_characters. A whole number may be sent as 2 or 2.0."),
    // Routes outside the `/api` routers, or with a wildcard axum spells differently; every
    // other path comes from its domain's `router()`.
    paths(files::image, system::revision),
    modifiers(&BearerAuth)
)]
pub struct ApiDoc;

/// The form of `POST /files`, for the document (the handler reads the parts itself). No other
/// parts: the handler skips unknown ones, but a part whose name is not UTF-8 cannot be read.
#[derive(serde::Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub struct UploadForm {
    /// The file; an empty one is refused (`required`).
    #[schema(value_type = String, format = Binary, min_length = 1)]
    file: Vec<u8>,
    /// `1` or `true` keeps the file private; anything else, or none, leaves it public.
    is_private: Option<String>,
}

/// The whole document as `/api/openapi.json` serves it, built from the routers alone.
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, api_doc) = crate::platform::app::domain_routes().split_for_parts();
    complete(ApiDoc::openapi().nest("/api", api_doc))
}

/// The document as `tsumugi openapi` writes it: pretty JSON, keys in a fixed order, a final
/// newline, so the committed copy (`web/src/lib/api/openapi.json`) diffs cleanly.
pub fn document_json() -> String {
    let value = serde_json::to_value(document()).expect("the document serialises");
    let mut text = serde_json::to_string_pretty(&sorted(value)).expect("a JSON value serialises");
    text.push('\n');
    text
}

/// `value` with every object's keys sorted (HashMap-backed parts of the document, such as
/// extensions, would otherwise come out in any order).
fn sorted(value: serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => {
            let ordered: BTreeMap<String, serde_json::Value> =
                map.into_iter().map(|(k, v)| (k, sorted(v))).collect();
            serde_json::Value::Object(ordered.into_iter().collect())
        }
        serde_json::Value::Array(items) => {
            serde_json::Value::Array(items.into_iter().map(sorted).collect())
        }
        other => other,
    }
}

/// `typing`, relayed by the hub itself (`realtime/src/handlers.rs`, not an `Event` of this
/// crate): the channel and the user typing in it.
#[derive(ToSchema)]
#[allow(dead_code)]
struct Typing {
    channel_id: i64,
    user_id: i64,
}

/// `hub.resync`, sent by a node to its own sockets after its link to the other nodes came back
/// (`realtime/src/hub.rs`): events published elsewhere from `since` on may have been missed.
#[derive(ToSchema)]
#[allow(dead_code)]
struct Resync {
    since: chrono::DateTime<chrono::Utc>,
}

/// Every pushed event by wire name, with the schemas their payloads need.
#[derive(Default)]
struct Events {
    names: BTreeMap<&'static str, String>,
    schemas: Vec<(String, RefOr<Schema>)>,
}

impl Events {
    fn event<E: Event>(&mut self) {
        self.wire::<E::Wire>(E::NAME);
    }

    fn wire<W: ToSchema>(&mut self, name: EventName) {
        let schema = W::name().into_owned();
        let previous = self.names.insert(name.as_str(), schema.clone());
        assert!(previous.is_none(), "{} listed twice", name.as_str());
        self.schemas.push((schema, W::schema()));
        W::schemas(&mut self.schemas);
    }
}

/// The closed list of `EventName`s with their payloads; a test checks that none is missing.
fn events() -> Events {
    use crate::chat::messages::events as messages;
    let mut all = Events::default();
    all.event::<messages::MessageCreated>();
    all.event::<messages::MessageUpdated>();
    all.event::<messages::MessageDeleted>();
    all.event::<messages::ReactionAdded>();
    all.event::<messages::ReactionRemoved>();
    all.event::<messages::PinAdded>();
    all.event::<messages::PinRemoved>();
    all.event::<crate::chat::channels::http::ChannelRead>();
    all.event::<crate::chat::presence::events::PresenceUpdated>();
    all.wire::<Typing>(EventName::Typing);
    all.event::<crate::notices::NoticeCreated>();
    all.event::<crate::notices::http::NoticeRead>();
    all.event::<crate::work::deliveries::events::DeliveryRegistered>();
    all.event::<crate::work::tasks::events::TaskUpdated<'static>>();
    all.event::<crate::information::events::InformationPublished>();
    all.event::<crate::maintenance::MaintenanceState>();
    all.event::<crate::system::revision::VersionBumped>();
    all.event::<crate::creator_profile::events::UserUpdated>();
    all.event::<crate::clients::media::events::MediaUpdated>();
    all.event::<crate::assessments::events::AssessmentsChanged>();
    all.event::<crate::clients::teams::events::TeamMemberUpdated>();
    all.event::<crate::money::confirmations::events::RewardConfirmationCreated>();
    all.event::<crate::users::events::SessionRevoked>();
    all.event::<crate::files::events::FileScanned>();
    all.wire::<crate::manuscripts::events::ManuscriptUpdated>(EventName::ManuscriptUpdated);
    all.wire::<crate::manuscripts::events::ManuscriptAwareness>(EventName::ManuscriptAwareness);
    all.event::<crate::manuscripts::comments::model::ManuscriptCommentChanged>();
    all.wire::<Resync>(EventName::Resync);
    all
}

/// Adds every event's payload schema to the components and the name → schema map as
/// `x-tsumugi-events`.
fn add_events(doc: &mut utoipa::openapi::OpenApi) {
    let Events { names, schemas } = events();
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, schema) in schemas {
        components.schemas.entry(name).or_insert(schema);
    }
    let map: serde_json::Map<String, serde_json::Value> = names
        .into_iter()
        .map(|(event, schema)| {
            let reference = serde_json::json!({ "$ref": format!("#/components/schemas/{schema}") });
            (event.to_string(), reference)
        })
        .collect();
    doc.extensions
        .get_or_insert_with(Default::default)
        .insert("x-tsumugi-events".into(), serde_json::Value::Object(map));
}

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Paths the maintenance guard lets through (they never answer its 503).
const OUTSIDE_MAINTENANCE: &[&str] = &["/revision.json"];

/// Adds the answers every operation can give whatever its handler does, and the one error body
/// to every error answer:
/// - 401 where a bearer token is required (none, or a revoked or expired one);
/// - 404 where the path has parameters (nothing by that id, or a segment that cannot be one);
/// - 422 where there is a body or a query (unreadable JSON, wrong types, failed rules);
/// - 503 under `/api` (a maintenance window for non-staff callers, a request over its time
///   limit, the database not answering);
/// - every 4xx and 5xx carries `application/json` `ErrorBody` (`{"error": {"message", …}}`).
pub fn complete(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    add_events(&mut doc);
    let mut schemas = vec![(ErrorBody::name().into_owned(), ErrorBody::schema())];
    ErrorBody::schemas(&mut schemas);
    let components = doc.components.get_or_insert_with(Default::default);
    components.schemas.extend(schemas);
    for (name, rules) in declared() {
        let inherited = inherited_properties(&components.schemas, &name, rules);
        if let Some(RefOr::T(schema)) = components.schemas.get_mut(&name) {
            if let Schema::AllOf(all) = schema
                && let Some(RefOr::T(Schema::Object(own))) = all
                    .items
                    .iter_mut()
                    .find(|item| matches!(item, RefOr::T(_)))
            {
                own.properties.extend(inherited);
            }
            state_rules(schema, rules);
        }
    }
    for (path, item) in doc.paths.paths.iter_mut() {
        let under_api = path.starts_with("/api/") && !OUTSIDE_MAINTENANCE.contains(&path.as_str());
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            complete_operation(operation, under_api);
        }
    }
    doc
}

fn complete_operation(operation: &mut Operation, under_api: bool) {
    let needs_token = operation.security.as_ref().is_some_and(|requirements| {
        !requirements.is_empty()
            && requirements
                .iter()
                .all(|r| serde_json::to_value(r).is_ok_and(|v| v != serde_json::json!({})))
    });
    for parameter in operation.parameters.iter_mut().flatten() {
        if let RefOr::T(parameter) = parameter
            && let Some((_, rules)) = PARAMETER_RULES
                .iter()
                .find(|(name, _)| *name == parameter.name)
        {
            if rules.contains(&Rule::Required) {
                parameter.required = utoipa::openapi::Required::True;
            }
            if let Some(schema) = parameter.schema.as_mut() {
                state_parameter_rules(schema, rules);
            }
        }
    }
    let parameters_in = |place: ParameterIn| {
        operation.parameters.iter().flatten().any(
            |parameter| matches!(parameter, RefOr::T(parameter) if parameter.parameter_in == place),
        )
    };
    let has_path = parameters_in(ParameterIn::Path);
    let has_input = operation.request_body.is_some() || parameters_in(ParameterIn::Query);
    let responses = &mut operation.responses.responses;
    for (wanted, status) in [
        (needs_token, "401"),
        (has_path, "404"),
        (has_input, "422"),
        (under_api, "503"),
    ] {
        if wanted {
            responses
                .entry(status.to_string())
                .or_insert_with(|| RefOr::T(Response::new("")));
        }
    }
    for (status, response) in responses.iter_mut() {
        let RefOr::T(response) = response else {
            continue;
        };
        if response.description.is_empty() {
            response.description = reason(status).to_string();
        }
        if status.starts_with(['4', '5']) && response.content.is_empty() {
            response.content.insert(
                "application/json".to_string(),
                RefOr::T(Content::new(Some(Ref::from_schema_name(ErrorBody::name())))),
            );
        }
    }
}

fn reason(status: &str) -> &'static str {
    status
        .parse::<u16>()
        .ok()
        .and_then(|code| axum::http::StatusCode::from_u16(code).ok())
        .and_then(|code| code.canonical_reason())
        .unwrap_or("")
}

/// Query and path parameters that mean the same in every operation, and their rules (the
/// rules of a list parameter hold for each of its items).
const PARAMETER_RULES: &[FieldRules] = &[
    // The money screens' years and months (`validation::year_month`).
    (
        "year",
        &[
            Rule::Required,
            Rule::Between(YEAR_MIN as i64, YEAR_MAX as i64),
        ],
    ),
    ("month", &[Rule::Required, Rule::Between(1, 12)]),
    ("page", &[Rule::Between(0, MAX_PAGE)]),
    (
        "per_page",
        &[Rule::Between(1, crate::users::http::MAX_PER_PAGE)],
    ),
    ("active_statuses[]", &[Rule::In(AccountStatus::NAMES)]),
    ("postal_code", &[Rule::Pattern("^[0-9]{7}$")]),
    ("width", &[Rule::Between(0, MAX_IMAGE_SIDE as i64)]),
    ("height", &[Rule::Between(0, MAX_IMAGE_SIDE as i64)]),
    ("role_types[]", &[Rule::In(Role::WIRE_NAMES)]),
    ("work_statuses[]", &[Rule::In(WorkStatus::NAMES)]),
    ("age_bands[]", &[Rule::In(AgeBand::NAMES)]),
    ("region", &[Rule::In(Region::NAMES)]),
    (
        "prefecture_ids[]",
        &[Rule::Between(i16::MIN as i64, i16::MAX as i64)],
    ),
    ("left_team_members", &[Rule::Between(0, u8::MAX as i64)]),
];

fn state_parameter_rules(schema: &mut RefOr<Schema>, rules: &[Rule]) {
    match schema {
        RefOr::T(Schema::Array(array)) => {
            if let ArrayItems::RefOrSchema(item) = &mut array.items {
                state_field_rules(item, rules);
            }
        }
        schema => state_field_rules(schema, rules),
    }
}

/// A request type's schema name and its declared rules.
fn rules_of<T: ToSchema + Declared>() -> (String, &'static [FieldRules]) {
    (T::name().into_owned(), T::RULES)
}

/// Every request type that declares its rules (`validation::Declared`); `complete` writes them
/// into the document, and a test checks that each one reached its schema.
pub fn declared() -> Vec<(String, &'static [FieldRules])> {
    use crate::{
        accounts, assessments, auth, chat, clients, creator_profile, creators, information,
        maintenance, money, offers, users, work,
    };
    vec![
        rules_of::<clients::clients::model::ClientInput>(),
        rules_of::<clients::media::model::MediaInput>(),
        rules_of::<clients::media::model::OptionPaymentInput>(),
        rules_of::<clients::payments::model::MediaPaymentInput>(),
        rules_of::<creators::notes::SearchTagInput>(),
        rules_of::<information::http::InformationInput>(),
        rules_of::<maintenance::http::WindowRequest>(),
        rules_of::<money::confirmations::http::ConfirmationRequest>(),
        rules_of::<money::rewards::admin::RatesInput>(),
        rules_of::<money::rewards::admin::ReducedRateInput>(),
        rules_of::<offers::http::OfferTemplateInput>(),
        rules_of::<users::admin::AdminFlagsInput>(),
        rules_of::<users::admin::LeaveRequest>(),
        rules_of::<users::admin::RoleChange>(),
        rules_of::<work::deliveries::admin::NewDeliveryReport>(),
        rules_of::<accounts::model::MailAddressRequest>(),
        rules_of::<assessments::model::AnswerBody>(),
        rules_of::<auth::http::TwoStepPasswordRequest>(),
        rules_of::<auth::http::TwoStepVerificationRequest>(),
        rules_of::<chat::messages::http::EditMessage>(),
        rules_of::<chat::messages::http::NewMessage>(),
        rules_of::<clients::teams::offers::AnswerInput>(),
        rules_of::<creator_profile::work_status::http::WorkStatusInput>(),
        rules_of::<clients::teams::members::MemberInput>(),
        rules_of::<clients::teams::offers::OfferInput>(),
        rules_of::<clients::teams::http::TeamInput>(),
        rules_of::<clients::teams::members::TeamMessage>(),
        rules_of::<clients::teams::members::UserIds>(),
        rules_of::<users::profile::BirthdayInput>(),
        rules_of::<users::profile::PersonInput>(),
        rules_of::<users::profile::ProfileInput>(),
        rules_of::<work::deliveries::http::DeliveryRequest>(),
        rules_of::<work::deliveries::http::InspectionRequest>(),
        rules_of::<work::deliveries::http::NewUploadedDestination>(),
        rules_of::<work::projects::http::NewProject>(),
        rules_of::<work::projects::http::ProjectChange>(),
        rules_of::<work::tasks::http::NewTask>(),
        rules_of::<work::tasks::admin::AdminTaskChange>(),
        rules_of::<work::tasks::http::BulkTaskChange>(),
        rules_of::<accounts::http::MailChangeRequest>(),
        rules_of::<accounts::http::UpdatePasswordRequest>(),
        rules_of::<work::tasks::write::TaskFields>(),
        rules_of::<work::works::http::WorkInput>(),
        rules_of::<crate::manuscripts::http::NewManuscriptLink>(),
        rules_of::<crate::manuscripts::http::NewManuscriptVersion>(),
        rules_of::<crate::manuscripts::http::NewManuscriptImage>(),
        rules_of::<crate::manuscripts::comments::http::NewManuscriptComment>(),
    ]
}

/// The declared fields of `name` that live in a flattened type it is made of (`allOf` of a
/// `$ref`), copied so that its own rules (a new task's required title) can be stated on the
/// copy without changing the shared type (a task change, where the title is optional).
fn inherited_properties(
    schemas: &std::collections::BTreeMap<String, RefOr<Schema>>,
    name: &str,
    rules: &[FieldRules],
) -> Vec<(String, RefOr<Schema>)> {
    let Some(RefOr::T(Schema::AllOf(all))) = schemas.get(name) else {
        return Vec::new();
    };
    let mut inherited = Vec::new();
    for item in &all.items {
        let RefOr::Ref(reference) = item else {
            continue;
        };
        let part = reference
            .ref_location
            .trim_start_matches("#/components/schemas/");
        let Some(RefOr::T(Schema::Object(part))) = schemas.get(part) else {
            continue;
        };
        for (field, _) in rules {
            if let Some(property) = part.properties.get(*field) {
                inherited.push((field.to_string(), property.clone()));
            }
        }
    }
    inherited
}

/// Writes `rules` into `schema`: the object itself, or the inline object of a flattened type
/// (`allOf`).
fn state_rules(schema: &mut Schema, rules: &[FieldRules]) {
    match schema {
        Schema::Object(object) => {
            for (field, field_rules) in rules {
                // A member of a flattened type (`allOf`) is required here and described there.
                if field_rules.contains(&Rule::Required)
                    && !object.required.iter().any(|r| r == field)
                {
                    object.required.push(field.to_string());
                }
                if let Some(property) = object.properties.get_mut(*field) {
                    state_field_rules(property, field_rules);
                }
            }
        }
        Schema::AllOf(all) => {
            for item in all.items.iter_mut() {
                if let RefOr::T(item) = item {
                    state_rules(item, rules);
                }
            }
        }
        _ => {}
    }
}

fn state_field_rules(property: &mut RefOr<Schema>, rules: &[Rule]) {
    let required = rules.contains(&Rule::Required);
    match property {
        RefOr::T(Schema::Object(object)) => {
            if required {
                not_null(&mut object.schema_type);
            }
            let text = matches!(&object.schema_type, SchemaType::Type(Type::String))
                || matches!(&object.schema_type, SchemaType::Array(types) if types.contains(&Type::String));
            for rule in rules {
                match *rule {
                    Rule::Required | Rule::NotBlank if text => {
                        object.min_length = Some(object.min_length.unwrap_or(0).max(1));
                        object
                            .pattern
                            .get_or_insert_with(|| PATTERN_NOT_BLANK.to_string());
                    }
                    Rule::Required
                    | Rule::NotBlank
                    | Rule::MinItems(_)
                    | Rule::MaxItems(_)
                    | Rule::EachMaxChars(_) => {}
                    Rule::MaxChars(max) => object.max_length = Some(max),
                    Rule::MinChars(min) => object.min_length = Some(min),
                    Rule::Between(min, max) => {
                        object.minimum = Some((min as isize).into());
                        object.maximum = Some((max as isize).into());
                    }
                    Rule::In(values) => {
                        object.enum_values =
                            Some(values.iter().map(|v| serde_json::Value::from(*v)).collect());
                    }
                    Rule::Pattern(pattern) => object.pattern = Some(pattern.to_string()),
                    Rule::Date => {
                        object.format = Some(SchemaFormat::KnownFormat(KnownFormat::Date));
                    }
                }
            }
        }
        RefOr::T(Schema::Array(array)) => {
            if required {
                not_null(&mut array.schema_type);
            }
            for rule in rules {
                match *rule {
                    Rule::MinItems(min) => array.min_items = Some(min),
                    Rule::MaxItems(max) => array.max_items = Some(max),
                    Rule::EachMaxChars(max) => {
                        if let ArrayItems::RefOrSchema(item) = &mut array.items {
                            state_field_rules(item, &[Rule::MaxChars(max)]);
                        }
                    }
                    // A set or range on a list holds for each item.
                    Rule::In(_) | Rule::Between(..) => {
                        if let ArrayItems::RefOrSchema(item) = &mut array.items {
                            state_field_rules(item, &[*rule]);
                        }
                    }
                    _ => {}
                }
            }
        }
        RefOr::T(Schema::OneOf(one_of)) if required => {
            // `Option<Named>`: `oneOf: [null, $ref]`; required means the named type only.
            one_of.items.retain(|item| {
                !matches!(item, RefOr::T(Schema::Object(o)) if o.schema_type == SchemaType::Type(Type::Null))
            });
        }
        _ => {}
    }
}

/// `[T, null]` as `T`: a required value is never null.
fn not_null(schema_type: &mut SchemaType) {
    if let SchemaType::Array(types) = schema_type {
        types.retain(|t| *t != Type::Null);
        if let [only] = types.as_slice() {
            *schema_type = SchemaType::Type(only.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_event_name_has_a_payload_schema_in_the_document() {
        let doc = super::document();
        let extensions = doc.extensions.as_ref().expect("extensions");
        let map = extensions["x-tsumugi-events"].as_object().expect("a map");
        let components = &doc.components.as_ref().expect("components").schemas;
        for name in realtime::EventName::ALL {
            let entry = map.get(name.as_str());
            let reference = entry.and_then(|r| r["$ref"].as_str());
            let schema = reference.and_then(|r| r.strip_prefix("#/components/schemas/"));
            assert!(
                schema.is_some_and(|s| components.contains_key(s)),
                "{} has no payload schema in x-tsumugi-events",
                name.as_str()
            );
        }
        assert_eq!(map.len(), realtime::EventName::ALL.len(), "{map:?}");
    }

    /// Named schemas as a part of the document declares them.
    type Schemas = Vec<(String, RefOr<Schema>)>;

    /// Every schema each part of the document declares, by part: the frame, each domain's
    /// router, the pushed events. Merging them keeps the first schema of a name, so two Rust
    /// types under one name would leave the other's operations pointing at the wrong shape.
    fn schemas_by_part() -> Vec<(String, Schemas)> {
        let components = |doc: utoipa::openapi::OpenApi| -> Schemas {
            doc.components
                .map(|c| c.schemas.into_iter().collect())
                .unwrap_or_default()
        };
        let mut parts = vec![("the frame".to_string(), components(ApiDoc::openapi()))];
        for router in crate::platform::app::domain_routers() {
            let (_, doc) = router.split_for_parts();
            let label = doc.paths.paths.keys().next().cloned().unwrap_or_default();
            parts.push((format!("the router of {label}"), components(doc)));
        }
        parts.push(("the events".to_string(), events().schemas));
        parts
    }

    #[test]
    fn every_schema_name_is_declared_by_one_type() {
        let parts = schemas_by_part();
        assert!(parts.len() > 30, "{}", parts.len());
        let mut seen: BTreeMap<String, (String, serde_json::Value)> = BTreeMap::new();
        let mut clashes = Vec::new();
        for (part, schemas) in parts {
            for (name, schema) in schemas {
                let schema = serde_json::to_value(schema).unwrap();
                match seen.get(&name) {
                    Some((first, earlier)) if *earlier != schema => {
                        clashes.push(format!("{name}: {first} and {part}"));
                    }
                    Some(_) => {}
                    None => {
                        seen.insert(name, (part.clone(), schema));
                    }
                }
            }
        }
        clashes.dedup();
        assert!(
            clashes.is_empty(),
            "schema names declared by two types (name one apart with #[schema(as = …)]):\n{}",
            clashes.join("\n")
        );
    }

    #[test]
    fn the_written_document_is_the_same_every_time() {
        assert_eq!(super::document_json(), super::document_json());
    }

    use serde_json::{Value, json};

    use super::*;

    fn document() -> Value {
        let (_, paths) = crate::platform::app::domain_routes().split_for_parts();
        serde_json::to_value(complete(ApiDoc::openapi().nest("/api", paths))).unwrap()
    }

    /// `#/components/schemas/Name` as the schema it names.
    fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
        match schema["$ref"].as_str() {
            Some(reference) => {
                let name = reference.trim_start_matches("#/components/schemas/");
                &doc["components"]["schemas"][name]
            }
            None => schema,
        }
    }

    /// The schema and the ones it is made of (`allOf`, flattened types).
    fn parts<'a>(doc: &'a Value, schema: &'a Value) -> Vec<&'a Value> {
        let schema = resolve(doc, schema);
        let mut parts = vec![schema];
        for item in schema["allOf"].as_array().into_iter().flatten() {
            parts.extend(self::parts(doc, item));
        }
        parts
    }

    /// Whether `schema` (or each item of a list) carries the keyword a rule is stated with.
    fn states(schema: &Value, rule: &Rule) -> bool {
        let target = if schema["type"] == "array" || schema["type"][0] == "array" {
            &schema["items"]
        } else {
            schema
        };
        match *rule {
            Rule::Required | Rule::MinItems(_) | Rule::MaxItems(_) => true,
            Rule::NotBlank => {
                target["minLength"].as_u64() >= Some(1) && target["pattern"].is_string()
            }
            Rule::MaxChars(max) | Rule::EachMaxChars(max) => target["maxLength"] == json!(max),
            Rule::MinChars(min) => target["minLength"] == json!(min),
            Rule::Between(min, max) => {
                target["minimum"] == json!(min) && target["maximum"] == json!(max)
            }
            Rule::In(values) => target["enum"] == json!(values),
            Rule::Pattern(pattern) => target["pattern"] == pattern,
            Rule::Date => target["format"] == "date",
        }
    }

    #[test]
    fn every_declared_rule_is_stated_in_the_document() {
        let doc = document();
        let declared = declared();
        assert!(declared.len() > 30, "{}", declared.len());
        for (name, rules) in declared {
            let schema = &doc["components"]["schemas"][&name];
            assert!(schema.is_object(), "{name} is not in the document");
            let parts = parts(&doc, schema);
            for (field, field_rules) in rules {
                // The type's own description of the field first, then a flattened type's.
                let property = parts
                    .iter()
                    .rev()
                    .find_map(|part| part["properties"].get(*field))
                    .map(|property| resolve(&doc, property))
                    .unwrap_or_else(|| panic!("{name}.{field} is not in the document"));
                let required = parts.iter().any(|part| {
                    part["required"]
                        .as_array()
                        .is_some_and(|r| r.contains(&json!(field)))
                });
                for rule in *field_rules {
                    assert!(
                        states(property, rule),
                        "{name}.{field}: {rule:?} in {property}"
                    );
                    if *rule == Rule::Required {
                        assert!(required, "{name}.{field} is not required");
                        let nullable = property["type"]
                            .as_array()
                            .is_some_and(|types| types.contains(&json!("null")));
                        assert!(!nullable, "{name}.{field} may be null");
                        if property["type"] == "string" {
                            assert!(states(property, &Rule::NotBlank), "{name}.{field}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn parameters_with_a_shared_meaning_are_stated_wherever_they_appear() {
        let doc = document();
        for (name, rules) in PARAMETER_RULES {
            let mut seen = 0;
            for item in doc["paths"].as_object().unwrap().values() {
                for operation in item.as_object().unwrap().values() {
                    for parameter in operation["parameters"].as_array().into_iter().flatten() {
                        if parameter["name"] != *name {
                            continue;
                        }
                        seen += 1;
                        for rule in *rules {
                            assert!(states(&parameter["schema"], rule), "{name}: {rule:?}");
                            if *rule == Rule::Required {
                                assert_eq!(parameter["required"], true, "{name}");
                            }
                        }
                    }
                }
            }
            assert!(seen > 0, "no operation has a parameter {name}");
        }
    }

    #[test]
    fn the_closed_sets_stated_match_what_the_rules_read() {
        for name in Role::WIRE_NAMES {
            assert!(Role::from_wire(name).is_some(), "{name}");
        }
        for role in Role::ASSIGNABLE_WIRE_NAMES {
            assert!(Role::WIRE_NAMES.contains(role), "{role}");
        }
        for name in crate::work::tasks::task_type::NAMES {
            assert_eq!(crate::work::tasks::task_type::parse(name), Some(name));
        }
    }
}
