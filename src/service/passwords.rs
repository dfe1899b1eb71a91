//! Password hashing with argon2id on tokio's blocking threads, two at a time.
//!
//! Parameters: argon2id, m = 7 MiB, t = 5 passes, p = 1 lane — one of OWASP's
//! equivalent recommended settings (the same defence as 19 MiB × 2 passes) with the
//! smallest memory. At most `WORKERS` hashes run at once (a semaphore) and at most
//! `QUEUE` more wait, so a burst of sign-ups never takes every core from the request
//! threads; past that the answer is [`Error::Unavailable`].
//!
//! Each hash takes its 7 MiB scratch memory and gives it back to the operating system
//! when done: idle threads hold nothing. The scratch is reserved with a capacity above
//! the largest size glibc's allocator ever serves from its heaps (32 MiB), so it is
//! always a private mapping that is unmapped when freed, and only the 7 MiB the hash
//! touches becomes resident. Served from the heap instead, each thread's arena would
//! keep the 7 MiB for the life of the process (measured in the streams benchmark
//! of bench/README.md: 14 MiB of a 65 MiB server).

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::Semaphore;

use crate::error::{Error, Result};

/// Memory per hash, in KiB.
const MEMORY_KIB: u32 = 7 * 1024;
/// Passes over the memory.
const PASSES: u32 = 5;
/// Hashes running at once.
const WORKERS: usize = 2;
/// Hashes waiting for a turn, at most.
const QUEUE: usize = 1024;

/// Runs `work` on a blocking thread once one of the `WORKERS` turns is free.
async fn on_worker<T: Send + 'static>(
    work: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<T> {
    static ADMITTED: Semaphore = Semaphore::const_new(WORKERS + QUEUE);
    static RUNNING: Semaphore = Semaphore::const_new(WORKERS);
    let _admitted = ADMITTED.try_acquire().map_err(|_| Error::Unavailable)?;
    let running = RUNNING
        .acquire()
        .await
        .map_err(|_| Error::Internal("the password-hashing turns are closed".to_owned()))?;
    // The turn goes with the work, so that it is given back when the hash ends even if
    // the request that asked for it is gone.
    tokio::task::spawn_blocking(move || {
        let _running = running;
        work()
    })
    .await
    .map_err(|e| Error::Internal(format!("hashing a password: {e}")))?
}

fn hasher(params: Params) -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Blocks (1 KiB each) reserved for a hash's scratch: more than glibc's largest
/// heap-served size (`DEFAULT_MMAP_THRESHOLD_MAX`, 32 MiB on 64-bit), so that the
/// scratch is mapped on its own and unmapped when freed. Untouched, the reserve above
/// the blocks a hash uses costs address space only.
const SCRATCH_RESERVE_BLOCKS: usize = 33 * 1024;

/// Computes the raw hash into `out` in scratch memory that is freed on return.
fn compute(params: &Params, password: &[u8], salt: &[u8], out: &mut [u8]) -> Result<()> {
    let blocks = params.block_count();
    let mut memory: Vec<Block> = Vec::with_capacity(blocks.max(SCRATCH_RESERVE_BLOCKS));
    memory.resize(blocks, Block::default());
    hasher(params.clone())
        .hash_password_into_with_memory(password, salt, out, &mut memory[..])
        .map_err(|e| Error::Internal(format!("hashing a password: {e}")))
}

/// Hashes a new password; returns its PHC string.
///
/// # Errors
/// [`Error::Unavailable`] when the queue is full (a flood of sign-ups).
pub async fn hash(password: String) -> Result<String> {
    on_worker(move || {
        let params = Params::new(MEMORY_KIB, PASSES, 1, Some(32))
            .map_err(|e| Error::Internal(e.to_string()))?;
        let salt = SaltString::generate(&mut OsRng);
        let mut raw_salt = [0u8; 64];
        let raw_salt = salt
            .decode_b64(&mut raw_salt)
            .map_err(|e| Error::Internal(e.to_string()))?;
        let mut out = [0u8; 32];
        compute(&params, password.as_bytes(), raw_salt, &mut out)?;
        let output = Output::new(&out).map_err(|e| Error::Internal(e.to_string()))?;
        let phc = PasswordHash {
            algorithm: argon2::ARGON2ID_IDENT,
            version: Some(Version::V0x13.into()),
            params: (&params)
                .try_into()
                .map_err(|e: argon2::password_hash::Error| Error::Internal(e.to_string()))?,
            salt: Some(salt.as_salt()),
            hash: Some(output),
        };
        Ok(phc.to_string())
    })
    .await
}

/// Checks a password against a stored PHC string (any argon2 parameters), comparing
/// in constant time.
///
/// # Errors
/// [`Error::Internal`] for a stored hash that is not argon2; [`Error::Unavailable`]
/// when the queue is full.
pub async fn verify(password: String, stored: String) -> Result<bool> {
    on_worker(move || {
        let phc = PasswordHash::new(&stored)
            .map_err(|e| Error::Internal(format!("stored password hash: {e}")))?;
        let (Some(expected), Some(salt)) = (phc.hash, phc.salt) else {
            return Err(Error::Internal(
                "stored password hash has no hash or salt".to_owned(),
            ));
        };
        let params = Params::try_from(&phc).map_err(|e| Error::Internal(e.to_string()))?;
        let mut raw_salt = [0u8; 64];
        let raw_salt = salt
            .decode_b64(&mut raw_salt)
            .map_err(|e| Error::Internal(e.to_string()))?;
        let mut out = vec![0u8; expected.len()];
        compute(&params, password.as_bytes(), raw_salt, &mut out)?;
        let actual = Output::new(&out).map_err(|e| Error::Internal(e.to_string()))?;
        // `Output`'s equality is constant-time.
        Ok(actual == expected)
    })
    .await
}

#[cfg(test)]
mod tests {
    use argon2::PasswordVerifier;

    use super::*;

    #[tokio::test]
    async fn a_hashed_password_verifies_and_another_does_not() {
        let stored = hash("correct horse".to_owned()).await.expect("hashed");
        assert!(
            stored.starts_with("$argon2id$v=19$m=7168,t=5,p=1$"),
            "{stored}"
        );
        assert!(
            verify("correct horse".to_owned(), stored.clone())
                .await
                .expect("checked")
        );
        assert!(
            !verify("correct horsf".to_owned(), stored.clone())
                .await
                .expect("checked")
        );
        // The standard verifier agrees: the PHC string is the usual one.
        let phc = PasswordHash::new(&stored).expect("a PHC string");
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &phc)
                .is_ok()
        );
    }

    #[tokio::test]
    async fn hashes_made_with_other_parameters_still_verify() {
        use argon2::PasswordHasher;
        let salt = SaltString::generate(&mut OsRng);
        let old = Argon2::default()
            .hash_password(b"an older password", &salt)
            .expect("hashed")
            .to_string();
        assert!(
            verify("an older password".to_owned(), old.clone())
                .await
                .expect("checked")
        );
        assert!(
            !verify("a newer password".to_owned(), old)
                .await
                .expect("checked")
        );
    }
}
