//! Editor links' tokens: a JWT in compact form, HS256 over
//! `{ manuscript_id, link_id, permission, exp }` with a secret every node shares (created by the
//! first node, as the file links' one). The token only names a `manuscript_links` row; the row
//! decides (revoked: refused), and the holder's own right still bounds what the link gives.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::manuscripts::model::ManuscriptPermission as Permission;
use crate::platform::shared_key::SharedKey;

/// What a token says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    pub manuscript_id: i64,
    pub link_id: i64,
    pub permission: Permission,
    /// Unix seconds.
    pub exp: i64,
}

/// Why a token is refused: the spec's two messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenRefused {
    /// Missing, duplicated, undecodable, not ours, or naming no live link.
    #[error("無効なURLです")]
    Invalid,
    #[error("URLの有効期限が切れています")]
    Expired,
}

/// Signs and checks editor tokens (cheap to clone).
#[derive(Clone)]
pub struct TokenKey {
    key: SharedKey,
}

const HEADER: &str = r#"{"alg":"HS256","typ":"JWT"}"#;

impl TokenKey {
    pub fn new(secret: &[u8]) -> Self {
        TokenKey {
            key: SharedKey::new(secret),
        }
    }

    pub fn sign(&self, claims: &Claims) -> String {
        let payload = serde_json::to_vec(claims).expect("claims serialise");
        let input = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(HEADER),
            URL_SAFE_NO_PAD.encode(payload)
        );
        let signature = URL_SAFE_NO_PAD.encode(self.key.sign(input.as_bytes()));
        format!("{input}.{signature}")
    }

    /// The claims of a token we signed, alive at `now`. The signature is checked (in constant
    /// time) before anything in the payload is believed; an expired one is told apart.
    pub fn check(&self, token: &str, now: DateTime<Utc>) -> Result<Claims, TokenRefused> {
        let mut parts = token.split('.');
        let (Some(header), Some(payload), Some(signature), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenRefused::Invalid);
        };
        let signature = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| TokenRefused::Invalid)?;
        if !self
            .key
            .verify(format!("{header}.{payload}").as_bytes(), &signature)
        {
            return Err(TokenRefused::Invalid);
        }
        let header: serde_json::Value = URL_SAFE_NO_PAD
            .decode(header)
            .ok()
            .and_then(|h| serde_json::from_slice(&h).ok())
            .ok_or(TokenRefused::Invalid)?;
        if header["alg"] != "HS256" {
            return Err(TokenRefused::Invalid);
        }
        let claims: Claims = URL_SAFE_NO_PAD
            .decode(payload)
            .ok()
            .and_then(|p| serde_json::from_slice(&p).ok())
            .ok_or(TokenRefused::Invalid)?;
        if claims.exp <= now.timestamp() {
            return Err(TokenRefused::Expired);
        }
        Ok(claims)
    }
}

/// The one `token` of a query string: none, or two, is invalid.
pub fn token_in_query(query: Option<&str>) -> Result<String, TokenRefused> {
    let mut tokens = form_urlencoded::parse(query.unwrap_or("").as_bytes())
        .filter(|(key, _)| key == "token")
        .map(|(_, value)| value.into_owned());
    match (tokens.next(), tokens.next()) {
        (Some(token), None) if !token.is_empty() => Ok(token),
        _ => Err(TokenRefused::Invalid),
    }
}

/// The `token` of a query string when it has one (two, or an empty one, is invalid).
pub fn optional_token_in_query(query: Option<&str>) -> Result<Option<String>, TokenRefused> {
    let named =
        form_urlencoded::parse(query.unwrap_or("").as_bytes()).any(|(key, _)| key == "token");
    if named {
        token_in_query(query).map(Some)
    } else {
        Ok(None)
    }
}

/// The path of the editor opened by `token`.
pub fn url(token: &str) -> String {
    format!("/editor?token={token}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    fn claims() -> Claims {
        Claims {
            manuscript_id: 3,
            link_id: 9,
            permission: Permission::Suggest,
            exp: at(60).timestamp(),
        }
    }

    #[test]
    fn a_token_holds_until_it_expires_and_only_with_our_signature() {
        let key = TokenKey::new(b"every node's secret");
        let token = key.sign(&claims());
        assert_eq!(key.check(&token, at(0)), Ok(claims()));
        assert_eq!(key.check(&token, at(60)), Err(TokenRefused::Expired));
        assert_eq!(
            TokenKey::new(b"another").check(&token, at(0)),
            Err(TokenRefused::Invalid)
        );
        // A payload changed under the same signature.
        let mut parts: Vec<&str> = token.split('.').collect();
        let widened = URL_SAFE_NO_PAD.encode(
            serde_json::to_vec(&Claims {
                permission: Permission::Edit,
                ..claims()
            })
            .unwrap(),
        );
        parts[1] = &widened;
        assert_eq!(
            key.check(&parts.join("."), at(0)),
            Err(TokenRefused::Invalid)
        );
        // An empty object, signed by us, is still not a token.
        let empty = format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(HEADER),
            URL_SAFE_NO_PAD.encode("{}")
        );
        let signed_empty = format!(
            "{empty}.{}",
            URL_SAFE_NO_PAD.encode(key.key.sign(empty.as_bytes()))
        );
        assert_eq!(key.check(&signed_empty, at(0)), Err(TokenRefused::Invalid));
        for junk in ["", "a.b", "a.b.c.d", "%%%.%%%.%%%", "a.b.c"] {
            assert_eq!(key.check(junk, at(0)), Err(TokenRefused::Invalid), "{junk}");
        }
    }

    #[test]
    fn the_query_must_carry_exactly_one_token() {
        assert_eq!(token_in_query(Some("token=abc")), Ok("abc".into()));
        assert_eq!(token_in_query(Some("x=1&token=a%2Eb")), Ok("a.b".into()));
        for query in [
            None,
            Some(""),
            Some("token="),
            Some("token=a&token=b"),
            Some("tok=a"),
        ] {
            assert_eq!(
                token_in_query(query),
                Err(TokenRefused::Invalid),
                "{query:?}"
            );
        }
    }
}
