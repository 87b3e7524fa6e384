//! A secret every node shares (a row of `app_secrets`, made by the first node that starts) and
//! the HMAC-SHA256 signatures made with it. The file links and the editor links each sign with
//! a key of their own.

use std::sync::Arc;

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// An HMAC-SHA256 key (cheap to clone).
#[derive(Clone)]
pub struct SharedKey(Arc<[u8]>);

impl SharedKey {
    pub fn new(secret: &[u8]) -> Self {
        SharedKey(secret.into())
    }

    fn mac(&self, message: &[u8]) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("hmac takes any key");
        mac.update(message);
        mac
    }

    /// The signature of `message`.
    pub fn sign(&self, message: &[u8]) -> [u8; 32] {
        self.mac(message).finalize().into_bytes().into()
    }

    /// Whether `signature` is this key's for `message` (compared in constant time).
    pub fn verify(&self, message: &[u8], signature: &[u8]) -> bool {
        self.mac(message).verify_slice(signature).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_key_and_message_verify() {
        let key = SharedKey::new(b"every node");
        let signature = key.sign(b"message");
        assert!(key.verify(b"message", &signature));
        assert!(!key.verify(b"other message", &signature));
        assert!(!SharedKey::new(b"another node").verify(b"message", &signature));
        assert!(!key.verify(b"message", &signature[..31]));
    }
}
