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
/// The most memory a stored hash may ask for, in KiB: OWASP's 19 MiB setting.
const MAX_MEMORY_KIB: u32 = 19 * 1024;
/// The most memory × passes a stored hash may ask for: OWASP's 19 MiB × 2.
const MAX_COST: u32 = MAX_MEMORY_KIB * 2;
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
        .map_err(|_| Error::internal("the password-hashing turns are closed"))?;
    // The turn goes with the work, so that it is given back when the hash ends even if
    // the request that asked for it is gone.
    tokio::task::spawn_blocking(move || {
        let _running = running;
        work()
    })
    .await
    .map_err(|e| Error::internal_from("hashing a password", e))?
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
        .map_err(|e| Error::internal_from("hashing a password", e))
}

/// Hashes a new password; returns its PHC string.
///
/// # Errors
/// [`Error::Unavailable`] when the queue is full (a flood of sign-ups).
pub async fn hash(password: String) -> Result<String> {
    on_worker(move || {
        let params = Params::new(MEMORY_KIB, PASSES, 1, Some(32))
            .map_err(|e| Error::internal_from("hashing a password", e))?;
        let salt = SaltString::generate(&mut OsRng);
        let mut raw_salt = [0u8; 64];
        let raw_salt = salt
            .decode_b64(&mut raw_salt)
            .map_err(|e| Error::internal_from("hashing a password", e))?;
        let mut out = [0u8; 32];
        compute(&params, password.as_bytes(), raw_salt, &mut out)?;
        let output =
            Output::new(&out).map_err(|e| Error::internal_from("hashing a password", e))?;
        let phc = PasswordHash {
            algorithm: argon2::ARGON2ID_IDENT,
            version: Some(Version::V0x13.into()),
            params: (&params)
                .try_into()
                .map_err(|e: argon2::password_hash::Error| {
                    Error::internal_from("hashing a password", e)
                })?,
            salt: Some(salt.as_salt()),
            hash: Some(output),
        };
        Ok(phc.to_string())
    })
    .await
}

/// Checks that `stored` is a password hash as this server writes it: an argon2id PHC
/// string (version 19) with a salt and a 32-byte hash, and parameters at most the
/// server's range (its own 7 MiB × 5 passes, or the other OWASP setting, 19 MiB × 2
/// passes, that the argon2 crate defaults to; one lane), so that no stored hash,
/// imported or tampered with, makes a log-in cost much more than a sign-up.
///
/// # Errors
/// What is wrong with it.
pub fn check_stored(stored: &str) -> Result<(), String> {
    let phc = PasswordHash::new(stored).map_err(|e| {
        format!("the password hash is not a PHC string ({e}): a password in plain text?")
    })?;
    if phc.algorithm != argon2::ARGON2ID_IDENT || phc.version != Some(Version::V0x13.into()) {
        return Err(format!(
            "the password hash is {} version {:?}, not argon2id version 19",
            phc.algorithm, phc.version
        ));
    }
    let params = Params::try_from(&phc).map_err(|e| format!("bad argon2 parameters: {e}"))?;
    let (m, t) = (params.m_cost(), params.t_cost());
    if m > MAX_MEMORY_KIB || t > PASSES || m.saturating_mul(t) > MAX_COST || params.p_cost() != 1 {
        return Err(format!(
            "argon2 parameters m={}, t={}, p={} are outside this server's range \
             (m at most {MAX_MEMORY_KIB}, t at most {PASSES}, m × t at most {MAX_COST}, p = 1)",
            params.m_cost(),
            params.t_cost(),
            params.p_cost()
        ));
    }
    match (phc.salt, phc.hash) {
        (Some(_), Some(hash)) if hash.len() == 32 => Ok(()),
        _ => Err("the password hash has no salt or no 32-byte hash".to_owned()),
    }
}

/// Checks a password against a stored PHC string (argon2id within the server's
/// parameters, see [`check_stored`]), comparing in constant time.
///
/// # Errors
/// [`Error::Internal`] for a stored hash that is not argon2; [`Error::Unavailable`]
/// when the queue is full.
pub async fn verify(password: String, stored: String) -> Result<bool> {
    check_stored(&stored).map_err(|e| Error::internal_from("stored password hash", e))?;
    on_worker(move || {
        let phc = PasswordHash::new(&stored)
            .map_err(|e| Error::internal_from("stored password hash", e))?;
        let (Some(expected), Some(salt)) = (phc.hash, phc.salt) else {
            return Err(Error::internal("stored password hash has no hash or salt"));
        };
        let params =
            Params::try_from(&phc).map_err(|e| Error::internal_from("hashing a password", e))?;
        let mut raw_salt = [0u8; 64];
        let raw_salt = salt
            .decode_b64(&mut raw_salt)
            .map_err(|e| Error::internal_from("hashing a password", e))?;
        let mut out = vec![0u8; expected.len()];
        compute(&params, password.as_bytes(), raw_salt, &mut out)?;
        let actual =
            Output::new(&out).map_err(|e| Error::internal_from("hashing a password", e))?;
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

    #[test]
    fn only_argon2id_hashes_within_the_servers_range_are_taken() {
        let ours = "$argon2id$v=19$m=7168,t=5,p=1$c2FsdHNhbHRzYWx0$\
                    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        assert_eq!(check_stored(ours), Ok(()));
        let default = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$\
                       AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        assert_eq!(check_stored(default), Ok(()));
        for bad in [
            "correct horse battery",
            "$argon2id$v=19$m=262144,t=3,p=4$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "$argon2id$v=19$m=19456,t=5,p=1$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "$argon2i$v=19$m=7168,t=5,p=1$c2FsdHNhbHRzYWx0$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "$argon2id$v=19$m=7168,t=5,p=1$c2FsdHNhbHRzYWx0",
        ] {
            assert!(check_stored(bad).is_err(), "{bad}");
        }
    }
}
