//! Opaque bearer tokens: random, shown once, stored only as a SHA-256 digest.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

pub fn generate() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

pub fn digest(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_unique_and_digests_stable() {
        let a = super::generate();
        let b = super::generate();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(super::digest(&a), super::digest(&a));
        assert_ne!(super::digest(&a), super::digest(&b));
    }
}
