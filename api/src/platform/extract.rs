//! Request extractors shared by every handler: JSON bodies whose rejections use `AppError`,
//! the caller's session and the client address (role guards are in `guards`).

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{
    ConnectInfo, FromRequest, FromRequestParts, OptionalFromRequestParts, Request,
};
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::auth::session::Caller;
use crate::platform::error::AppError;
use crate::platform::text;
use crate::state::AppState;

/// `Json<T>` whose failures answer 422 in the API's error format. Every body is a JSON object
/// (a struct would otherwise also read from an array: `[null, null]`); a member whose value is
/// `null` is read as absent, so what a `GET` answers (`"sex": null`) can be sent back as it is;
/// and a value of the wrong type names its field in `rules` (`{"sex": ["string"]}`), as the
/// other rules do, so the form can show it next to the field.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(json_rejection(JsonRejection::MissingJsonContentType(
                Default::default(),
            )));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|_| AppError::invalid("リクエストを読み取れませんでした。"))?;
        read_body(&bytes).map(ApiJson)
    }
}

pub const MESSAGE_NOT_AN_OBJECT: &str =
    "リクエストの本文は JSON のオブジェクト（{ … }）にしてください。";

/// The rules of every JSON body (see `ApiJson`), apart from the request around it.
pub fn read_body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|_| AppError::invalid("JSON の形式が正しくありません。"))?;
    let mut value = match value {
        object @ serde_json::Value::Object(_) => object,
        _ => return Err(AppError::invalid(MESSAGE_NOT_AN_OBJECT)),
    };
    // PostgreSQL refuses NUL in text: refuse it here, for every body, naming the field.
    if let Some(field) = text::nul_in_json(&value, "") {
        return Err(AppError::rule(
            if field.is_empty() { "body" } else { &field },
            text::RULE_INVALID_CHARACTERS,
        ));
    }
    drop_null_members(&mut value);
    whole_numbers_as_integers(&mut value);
    let failure = match serde_path_to_error::deserialize::<_, T>(&value) {
        Ok(read) => return Ok(read),
        Err(error) => error,
    };
    let message = failure.inner().to_string();
    let mut field = dotted_path(failure.path());
    if field.is_empty() && !message.starts_with("missing field") {
        field = flattened_member::<T>(&value, &message).unwrap_or_default();
    }
    let (field, rule) = type_rule(&field, &message);
    Err(AppError::rule(
        if field.is_empty() { "body" } else { &field },
        rule,
    ))
}

/// The top-level member a pathless error stands for: serde reads `#[serde(flatten)]` fields
/// from a buffer that keeps no path, so the member whose removal changes the error is the one.
/// Bounded: only small objects (every form) are tried.
fn flattened_member<T: DeserializeOwned>(
    value: &serde_json::Value,
    message: &str,
) -> Option<String> {
    const MAX_MEMBERS: usize = 64;
    let map = value.as_object().filter(|map| map.len() <= MAX_MEMBERS)?;
    map.keys().find_map(|key| {
        let mut without = map.clone();
        without.remove(key);
        let changed = match T::deserialize(&serde_json::Value::Object(without)) {
            Ok(_) => true,
            Err(other) => other.to_string() != message,
        };
        changed.then(|| key.clone())
    })
}

/// Removes every object member whose value is `null`, at any depth (array items stay: a `null`
/// in a list is still a wrong item).
fn drop_null_members(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.retain(|_, item| !item.is_null());
            map.values_mut().for_each(drop_null_members);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_null_members),
        _ => {}
    }
}

/// Reads a whole number written with a fraction (`2.0`, `-8566.0`) as the integer it is, at any
/// depth: JSON has one number type, and the document's `integer` (JSON Schema's "a number
/// whose fraction is zero") allows it. Only values a double holds exactly (|n| ≤ 2^53) change.
fn whole_numbers_as_integers(value: &mut serde_json::Value) {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    match value {
        serde_json::Value::Number(number) if !number.is_i64() && !number.is_u64() => {
            if let Some(float) = number.as_f64()
                && float.fract() == 0.0
                && float.abs() <= EXACT
            {
                *value = serde_json::Value::from(float as i64);
            }
        }
        serde_json::Value::Object(map) => map.values_mut().for_each(whole_numbers_as_integers),
        serde_json::Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        _ => {}
    }
}

/// `tasks.0.title`, the form the other rules name nested fields in.
fn dotted_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    path.iter()
        .filter_map(|segment| match segment {
            Segment::Seq { index } => Some(index.to_string()),
            Segment::Map { key } => Some(key.clone()),
            Segment::Enum { variant } => Some(variant.clone()),
            Segment::Unknown => None,
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The field and rule a deserialization error stands for: a missing member is `required` on
/// that member, an unknown value `in:…` with the accepted ones, a wrong type the type expected.
fn type_rule(field: &str, message: &str) -> (String, String) {
    let join = |key: &str| {
        if field.is_empty() {
            key.to_string()
        } else {
            format!("{field}.{key}")
        }
    };
    if let Some(rest) = message.strip_prefix("missing field `") {
        let key = rest.split('`').next().unwrap_or_default();
        return (join(key), "required".into());
    }
    if message.starts_with("unknown variant") {
        let accepted: Vec<&str> = message
            .split_once("expected")
            .map(|(_, list)| list.split('`').skip(1).step_by(2).collect())
            .unwrap_or_default();
        return (field.to_string(), format!("in:{}", accepted.join(",")));
    }
    let expected = message
        .split_once("expected ")
        .map(|(_, e)| e)
        .unwrap_or(message);
    let rule = if expected.contains("string") || expected.contains("char") {
        "string"
    } else if expected.contains("bool") {
        "boolean"
    } else if expected.contains("sequence") || expected.contains("tuple") {
        "array"
    } else if expected.contains("struct") || expected.contains("map") {
        "object"
    } else if [
        "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "integer",
    ]
    .iter()
    .any(|t| expected.contains(t))
    {
        "integer"
    } else if expected.contains("f32") || expected.contains("f64") {
        "numeric"
    } else if message.contains("premature end of input")
        || message.contains("input contains invalid characters")
        || message.contains("input is out of range")
        || message.contains("input is not enough")
        || message.contains("trailing input")
    {
        // chrono's parse errors: a date or time that does not read.
        "date"
    } else {
        "invalid"
    };
    (field.to_string(), rule.into())
}

/// `application/json` or any `+json` type, as axum's own `Json` accepts.
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|mime| {
            let mime = mime.trim().to_ascii_lowercase();
            mime == "application/json"
                || (mime.starts_with("application/") && mime.ends_with("+json"))
        })
        .unwrap_or(false)
}

/// `Query<T>` whose failures answer 422 in the API's error format (axum's own is a 400 in
/// plain text).
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned> FromRequestParts<AppState> for ApiQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        serde_urlencoded::from_str(query)
            .map(ApiQuery)
            .map_err(|error| {
                // serde_urlencoded names the failing field in its message; keep only the field.
                let message = error.to_string();
                match message.split('`').nth(1) {
                    Some(field) => AppError::rule(field, "invalid"),
                    None => AppError::invalid("検索条件の形式が正しくありません。"),
                }
            })
    }
}

fn json_rejection(rejection: JsonRejection) -> AppError {
    let message = match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "Content-Type は application/json にしてください。"
        }
        _ => "リクエストを読み取れませんでした。",
    };
    AppError::invalid(message)
}

/// The logged-in caller; 401 when there is no live session.
pub struct AuthUser(pub Caller);

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match parts.extensions.get::<Option<Caller>>() {
            Some(Some(caller)) => Ok(AuthUser(caller.clone())),
            _ => Err(AppError::Unauthorized),
        }
    }
}

impl OptionalFromRequestParts<AppState> for AuthUser {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &AppState,
    ) -> Result<Option<Self>, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Option<Caller>>()
            .cloned()
            .flatten()
            .map(AuthUser))
    }
}

/// The address a request came from: the socket peer, or behind `TRUST_PROXY` proxies the
/// address the farthest of them saw, read from the right of `X-Forwarded-For`
/// (`realtime::client_address`; the client's own entries on the left are never believed).
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let client = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|peer| {
                realtime::client_address(peer.0.ip(), &parts.headers, state.config.trust_proxy)
            });
        Ok(ClientIp(
            client.map_or_else(|| "unknown".into(), |ip| ip.to_string()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::Rules;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        year: i32,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Flat {
        phone: String,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Body {
        #[serde(default)]
        name: String,
        ids: Option<Vec<i64>>,
        inner: Option<Inner>,
        #[serde(default)]
        items: Vec<Inner>,
        #[serde(flatten)]
        flat: Flat,
        #[serde(default)]
        read: bool,
    }

    fn rules(body: &str) -> Rules {
        match read_body::<Body>(body.as_bytes()) {
            Err(AppError::Validation { rules, .. }) => rules,
            other => panic!("{other:?}"),
        }
    }

    fn one(field: &str, rule: &str) -> Rules {
        Rules::from([(field.to_string(), vec![rule.to_string()])])
    }

    #[test]
    fn whole_numbers_with_a_fraction_are_integers() {
        let body: Body =
            read_body(br#"{"phone": "0", "ids": [-8566.0, 2, 1e3], "inner": {"year": 2026.0}}"#)
                .unwrap();
        assert_eq!(body.ids, Some(vec![-8566, 2, 1000]));
        assert_eq!(body.inner.unwrap().year, 2026);
        // A real fraction, or a float past what a double holds exactly, stays a wrong type.
        assert_eq!(
            rules(r#"{"phone": "0", "ids": [1.5]}"#),
            one("ids.0", "integer")
        );
        assert_eq!(
            rules(r#"{"phone": "0", "ids": [1e300]}"#),
            one("ids.0", "integer")
        );
    }

    #[test]
    fn bodies_must_be_objects() {
        for body in ["[null, null]", "[]", "\"x\"", "1", "null", "true"] {
            match read_body::<Body>(body.as_bytes()) {
                Err(AppError::Validation { message, rules }) => {
                    assert_eq!(message, MESSAGE_NOT_AN_OBJECT, "{body}");
                    assert!(rules.is_empty());
                }
                other => panic!("{body}: {other:?}"),
            }
        }
    }

    #[test]
    fn null_members_read_as_absent() {
        let body: Body =
            read_body(br#"{"name": null, "ids": null, "phone": "1", "read": null}"#).unwrap();
        assert_eq!(body.name, "");
        assert!(body.ids.is_none());
        assert!(!body.read);
    }

    #[test]
    fn type_errors_name_their_field() {
        assert_eq!(rules(r#"{"name": 1, "phone": "1"}"#), one("name", "string"));
        assert_eq!(
            rules(r#"{"ids": [1, "a"], "phone": "1"}"#),
            one("ids.1", "integer")
        );
        assert_eq!(rules(r#"{"ids": 3, "phone": "1"}"#), one("ids", "array"));
        assert_eq!(
            rules(r#"{"inner": {}, "phone": "1"}"#),
            one("inner.year", "required")
        );
        assert_eq!(
            rules(r#"{"items": [{"year": 1}, {"year": "x"}], "phone": "1"}"#),
            one("items.1.year", "integer")
        );
        assert_eq!(
            rules(r#"{"read": "yes", "phone": "1"}"#),
            one("read", "boolean")
        );
        assert_eq!(rules(r#"{"phone": 5}"#), one("phone", "string"));
        assert_eq!(rules(r#"{}"#), one("phone", "required"));
    }
}
