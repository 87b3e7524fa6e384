//! Short-lived signed download links, for what cannot send the bearer token: a `<video>` asks
//! for its bytes itself, range by range. `POST /api/files/{id}/link` (bearer) checks the
//! download rule and answers `/api/files/{id}/signed?session=…&expires=…&signature=…`: an
//! HMAC-SHA256, with a secret every node shares, over the file, the caller's session and the
//! expiry ([`LIFETIME_SECS`]). Its `GET` checks the signature and the expiry, then the same
//! download rule again for the session's user at that moment (a revoked session, a channel
//! left: refused), and answers like `GET /api/files/{id}`, ranges included. The token itself
//! never appears in a URL. See docs/decisions/signed-file-links.md.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::platform::shared_key::SharedKey;

/// How long a link lives, in seconds.
pub const LIFETIME_SECS: i64 = 5 * 60;

/// Signs and checks links with the nodes' shared secret (cheap to clone).
#[derive(Clone)]
pub struct LinkSigner {
    key: SharedKey,
}

/// Why a link is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum LinkRefused {
    /// Not signed by us for this file, session and expiry (changed, or made up).
    Forged,
    /// Signed, but its time is over.
    Expired,
}

/// What a link carries besides the file id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signed {
    pub session: Uuid,
    /// Unix seconds.
    pub expires: i64,
    pub signature: String,
}

impl LinkSigner {
    pub fn new(secret: &[u8]) -> Self {
        LinkSigner {
            key: SharedKey::new(secret),
        }
    }

    fn message(file_id: i64, session: Uuid, expires: i64) -> String {
        format!("file-link.v1:{file_id}:{session}:{expires}")
    }

    /// A link to `file_id` for `session`, living [`LIFETIME_SECS`] from `now`.
    pub fn sign(&self, file_id: i64, session: Uuid, now: DateTime<Utc>) -> Signed {
        let expires = now.timestamp() + LIFETIME_SECS;
        let signature = hex::encode(
            self.key
                .sign(Self::message(file_id, session, expires).as_bytes()),
        );
        Signed {
            session,
            expires,
            signature,
        }
    }

    /// Whether `signed` is our link to `file_id`, still alive at `now` (compared in constant
    /// time).
    pub fn check(
        &self,
        file_id: i64,
        signed: &Signed,
        now: DateTime<Utc>,
    ) -> Result<(), LinkRefused> {
        let signature = hex::decode(&signed.signature).map_err(|_| LinkRefused::Forged)?;
        let message = Self::message(file_id, signed.session, signed.expires);
        if !self.key.verify(message.as_bytes(), &signature) {
            return Err(LinkRefused::Forged);
        }
        if signed.expires <= now.timestamp() {
            return Err(LinkRefused::Expired);
        }
        Ok(())
    }
}

/// The path of a signed link to `file_id`.
pub fn path(file_id: i64, signed: &Signed) -> String {
    format!(
        "/api/files/{file_id}/signed?session={}&expires={}&signature={}",
        signed.session, signed.expires, signed.signature
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    #[test]
    fn a_link_holds_for_its_file_and_session_until_it_expires() {
        let signer = LinkSigner::new(b"secret of every node");
        let session = Uuid::new_v4();
        let signed = signer.sign(7, session, at(0));
        assert_eq!(signed.expires, at(LIFETIME_SECS).timestamp());
        assert_eq!(signer.check(7, &signed, at(0)), Ok(()));
        assert_eq!(signer.check(7, &signed, at(LIFETIME_SECS - 1)), Ok(()));
        assert_eq!(
            signer.check(7, &signed, at(LIFETIME_SECS)),
            Err(LinkRefused::Expired)
        );
        assert_eq!(
            signer.check(8, &signed, at(0)),
            Err(LinkRefused::Forged),
            "another file"
        );
        let tampered = [
            Signed {
                expires: signed.expires + 3600,
                ..signed.clone()
            },
            Signed {
                session: Uuid::new_v4(),
                ..signed.clone()
            },
            Signed {
                signature: {
                    let (rest, last) = signed.signature.split_at(signed.signature.len() - 1);
                    format!("{rest}{}", if last == "0" { "1" } else { "0" })
                },
                ..signed.clone()
            },
            Signed {
                signature: "not hex".into(),
                ..signed.clone()
            },
            Signed {
                signature: String::new(),
                ..signed.clone()
            },
        ];
        for link in tampered {
            assert_eq!(
                signer.check(7, &link, at(0)),
                Err(LinkRefused::Forged),
                "{link:?}"
            );
        }
        let other_node_secret = LinkSigner::new(b"another secret");
        assert_eq!(
            other_node_secret.check(7, &signed, at(0)),
            Err(LinkRefused::Forged)
        );
    }
}
