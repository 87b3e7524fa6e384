//! argon2id password hashes.

use argon2::Argon2;
use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
}

/// A real hash to verify against when the address is unknown, so both cases take as long.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| hash("no such account").expect("hashing a constant succeeds"));
    &DUMMY
}

pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Hashing runs on the blocking pool so a login does not stall the other connections.
pub async fn verify_async(password: String, stored: String) -> bool {
    tokio::task::spawn_blocking(move || verify(&password, &stored))
        .await
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hash_verifies_only_its_own_password() {
        let stored = super::hash("Tsumugi-demo-2026").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(super::verify("Tsumugi-demo-2026", &stored));
        assert!(!super::verify("tsumugi-demo-2026", &stored));
        assert!(!super::verify("Tsumugi-demo-2026", "not a hash"));
    }
}
