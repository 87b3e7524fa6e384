//! The bot check in front of the login: a pluggable verifier (built-in proof of work, an
//! HTTP verifier in the reCAPTCHA/Turnstile style, or none) and the single-use record that
//! lets a verified token through the login exactly once, on any node.

use async_trait::async_trait;
use chrono::{Duration, Utc};
use hmac::{Hmac, Mac};
use rand::RngCore;
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use super::token;
use crate::config::SiteVerifyConfig;

pub const TOKEN_LIFETIME_SECS: i64 = 300;
pub const BOT_SUSPECTED: &str = "ボットによる登録の疑いが強いため、ログインできません。ブラウザまたは端末を変更してお試しください。";

#[async_trait]
pub trait SiteVerifier: Send + Sync {
    /// What the browser needs to produce a token.
    fn challenge(&self) -> Value;
    /// Whether the token proves a person (or at least real work).
    async fn check(&self, token: &str, remote_ip: &str) -> anyhow::Result<bool>;
    /// False when no check is configured: the login then needs no token.
    fn enabled(&self) -> bool {
        true
    }
}

pub fn from_config(config: &SiteVerifyConfig, secret: &[u8]) -> Box<dyn SiteVerifier> {
    match config {
        SiteVerifyConfig::ProofOfWork { difficulty } => Box::new(ProofOfWork {
            secret: secret.to_vec(),
            difficulty: *difficulty,
        }),
        SiteVerifyConfig::Http {
            url,
            secret,
            site_key,
        } => Box::new(HttpVerifier {
            client: reqwest::Client::new(),
            url: url.clone(),
            secret: secret.clone(),
            site_key: site_key.clone(),
        }),
        SiteVerifyConfig::Off => Box::new(NoCheck),
    }
}

/// Hashcash-style: the browser finds a nonce so that SHA-256(`challenge:nonce`) starts with
/// `difficulty` zero bits. Challenges are signed and expire, so any node can check them.
pub struct ProofOfWork {
    secret: Vec<u8>,
    difficulty: u32,
}

impl ProofOfWork {
    fn sign(&self, body: &str) -> String {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.secret).expect("hmac accepts any key length");
        mac.update(body.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }

    pub fn issue(&self) -> String {
        let expires = Utc::now().timestamp() + TOKEN_LIFETIME_SECS;
        let mut salt = [0u8; 8];
        rand::rng().fill_bytes(&mut salt);
        let body = format!("v1.{expires}.{}", hex::encode(salt));
        let signature = self.sign(&body);
        format!("{body}.{signature}")
    }

    pub fn is_solved(&self, token: &str) -> bool {
        let Some((challenge, nonce)) = token.rsplit_once(':') else {
            return false;
        };
        if nonce.is_empty() || nonce.len() > 20 || !nonce.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        let Some((body, signature)) = challenge.rsplit_once('.') else {
            return false;
        };
        let signature_ok = {
            let mut mac =
                Hmac::<Sha256>::new_from_slice(&self.secret).expect("hmac accepts any key length");
            mac.update(body.as_bytes());
            hex::decode(signature)
                .map(|sig| sig.len() == 16 && mac.verify_truncated_left(&sig).is_ok())
                .unwrap_or(false)
        };
        let not_expired = body
            .split('.')
            .nth(1)
            .and_then(|e| e.parse::<i64>().ok())
            .is_some_and(|expires| expires >= Utc::now().timestamp());
        signature_ok
            && not_expired
            && leading_zero_bits(&Sha256::digest(token.as_bytes())) >= self.difficulty
    }
}

pub fn leading_zero_bits(bytes: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in bytes {
        if *byte == 0 {
            bits += 8;
        } else {
            return bits + byte.leading_zeros();
        }
    }
    bits
}

/// Solves a challenge (used by tests and tools; the browser has its own solver).
pub fn solve(challenge: &str, difficulty: u32) -> String {
    (0u64..)
        .map(|nonce| format!("{challenge}:{nonce}"))
        .find(|candidate| leading_zero_bits(&Sha256::digest(candidate.as_bytes())) >= difficulty)
        .expect("a nonce exists")
}

#[async_trait]
impl SiteVerifier for ProofOfWork {
    fn challenge(&self) -> Value {
        json!({ "kind": "pow", "challenge": self.issue(), "difficulty": self.difficulty })
    }

    async fn check(&self, token: &str, _remote_ip: &str) -> anyhow::Result<bool> {
        Ok(self.is_solved(token))
    }
}

/// Posts `secret`, `response` and `remoteip` as a form and reads `{"success": bool}`, the
/// protocol reCAPTCHA and Turnstile share.
pub struct HttpVerifier {
    client: reqwest::Client,
    url: String,
    secret: String,
    site_key: String,
}

#[derive(Deserialize)]
struct HttpVerdict {
    success: bool,
}

#[async_trait]
impl SiteVerifier for HttpVerifier {
    fn challenge(&self) -> Value {
        json!({ "kind": "http", "site_key": self.site_key })
    }

    async fn check(&self, token: &str, remote_ip: &str) -> anyhow::Result<bool> {
        let body = format!(
            "secret={}&response={}&remoteip={}",
            crate::platform::text::percent_encode(&self.secret),
            crate::platform::text::percent_encode(token),
            crate::platform::text::percent_encode(remote_ip)
        );
        let verdict: HttpVerdict = self
            .client
            .post(&self.url)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .timeout(std::time::Duration::from_secs(5))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        Ok(verdict.success)
    }
}

pub struct NoCheck;

#[async_trait]
impl SiteVerifier for NoCheck {
    fn challenge(&self) -> Value {
        json!({ "kind": "off" })
    }

    async fn check(&self, _token: &str, _remote_ip: &str) -> anyhow::Result<bool> {
        Ok(true)
    }

    fn enabled(&self) -> bool {
        false
    }
}

/// Checks a token with the verifier and records it as verified; a replayed token fails.
pub async fn verify_and_record(
    db: &PgPool,
    verifier: &dyn SiteVerifier,
    token: &str,
    ip: &str,
) -> anyhow::Result<bool> {
    if token.is_empty() || token.len() > 4096 || !verifier.check(token, ip).await? {
        return Ok(false);
    }
    let inserted = sqlx::query(
        "insert into site_verifications (token_hash, expires_at) values ($1, $2) on conflict do nothing",
    )
    .bind(token::digest(token))
    .bind(Utc::now() + Duration::seconds(TOKEN_LIFETIME_SECS))
    .execute(db)
    .await?
    .rows_affected();
    Ok(inserted == 1)
}

/// Lets a verified token through once.
pub async fn consume(db: &PgPool, token: &str) -> sqlx::Result<bool> {
    let used = sqlx::query(
        "update site_verifications set used_at = now()
          where token_hash = $1 and used_at is null and expires_at > now()",
    )
    .bind(token::digest(token))
    .execute(db)
    .await?
    .rows_affected();
    Ok(used == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pow(difficulty: u32) -> ProofOfWork {
        ProofOfWork {
            secret: b"test-secret".to_vec(),
            difficulty,
        }
    }

    #[test]
    fn counts_leading_zero_bits() {
        assert_eq!(leading_zero_bits(&[0, 0, 0x80]), 16);
        assert_eq!(leading_zero_bits(&[0, 0x0f]), 12);
        assert_eq!(leading_zero_bits(&[0xff]), 0);
    }

    #[test]
    fn a_solved_challenge_passes_and_tampering_fails() {
        let verifier = pow(8);
        let challenge = verifier.issue();
        let token = solve(&challenge, 8);
        assert!(verifier.is_solved(&token));

        let (_, nonce) = token.rsplit_once(':').unwrap();
        let forged = challenge.replacen("v1.", "v1.9", 1);
        assert!(
            !verifier.is_solved(&format!("{forged}:{nonce}")),
            "a changed challenge must fail its signature"
        );
        assert!(!pow(8).is_solved("v1.1.00.00:1"));
        assert!(!verifier.is_solved(&challenge), "no nonce");
        let other_key = ProofOfWork {
            secret: b"other".to_vec(),
            difficulty: 8,
        };
        assert!(!other_key.is_solved(&token));
    }

    #[test]
    fn unsolved_work_fails() {
        let verifier = pow(24);
        let challenge = verifier.issue();
        // A nonce found for 1 bit almost never satisfies 24 bits.
        let weak = solve(&challenge, 1);
        let weak_bits = leading_zero_bits(&Sha256::digest(weak.as_bytes()));
        assert_eq!(verifier.is_solved(&weak), weak_bits >= 24);
    }

    #[test]
    fn expired_challenges_fail() {
        let verifier = pow(1);
        let body = format!("v1.{}.0011223344556677", Utc::now().timestamp() - 1);
        let challenge = format!("{body}.{}", verifier.sign(&body));
        assert!(!verifier.is_solved(&solve(&challenge, 1)));
    }
}
