//! Secrets: how one is made and how it is stored. Shared by every secret the server
//! hands out (API tokens, browser sessions, mailed links, calendar feeds) and by
//! what finds their owner from them (the event streams).

use rand::RngCore;
use sha2::{Digest, Sha256};

/// 256 random bits in hex.
#[must_use]
pub fn random_hex() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The stored form of a token secret: its SHA-256 in hex. Tokens are 256 random bits,
/// so a fast hash is enough; lookups go by this hash, so the secret is never compared.
#[must_use]
pub fn token_hash(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
