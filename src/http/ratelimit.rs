//! Rate limits per API token: a GCRA bucket (`governor`) for each token and kind of
//! request, kept in memory, and on Postgres the same cell in the database
//! (`Store::take_rate`), shared by every instance: with several instances behind a
//! balancer a token still gets its rate, not that many times it. The in-memory bucket
//! answers floods without a query; a request it lets through is checked against the
//! shared cell.
//!
//! A handler opts in by taking a [`Throttle`] after its [`Auth`](super::extract::Auth):
//! the token has been checked by then, and the bucket is keyed by the token's hash.

use std::fmt;
use std::marker::PhantomData;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use sha2::{Digest, Sha256};

use super::{AppState, Settings};
use crate::error::Error;
use crate::service::Service;

/// A rate: `per_second` requests a second on average, up to `burst` at once. A
/// `per_second` of 0 turns the limit off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// Requests a second, on average; 0 for no limit.
    pub per_second: u32,
    /// Requests allowed at once after a quiet spell (at least 1).
    pub burst: u32,
}

impl Rate {
    /// `per_second` a second, `burst` at once.
    #[must_use]
    pub const fn new(per_second: u32, burst: u32) -> Rate {
        Rate { per_second, burst }
    }

    /// No limit.
    pub const UNLIMITED: Rate = Rate::new(0, 0);

    fn quota(self) -> Option<Quota> {
        let per_second = NonZeroU32::new(self.per_second)?;
        let burst = NonZeroU32::new(self.burst.max(1)).unwrap_or(NonZeroU32::MIN);
        Some(Quota::per_second(per_second).allow_burst(burst))
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.per_second == 0 {
            f.write_str("unlimited")
        } else {
            write!(f, "{}/s, burst {}", self.per_second, self.burst.max(1))
        }
    }
}

/// The limits of each kind of request, per token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    /// Game actions: `POST /games/{id}/moves`, `/resign`, `/abort`.
    pub moves: Rate,
    /// Creating challenges: `POST /challenges`.
    pub challenges: Rate,
    /// Opening event or game streams.
    pub streams: Rate,
}

impl RateLimits {
    /// The documented defaults (docs/api.md, "Rate limits"): moves 10/s burst 20,
    /// challenges 1/s burst 10, stream connections 1/s burst 5.
    pub const DEFAULT: RateLimits = RateLimits {
        moves: Rate::new(10, 20),
        challenges: Rate::new(1, 10),
        streams: Rate::new(1, 5),
    };

    /// No limits at all.
    pub const UNLIMITED: RateLimits = RateLimits {
        moves: Rate::UNLIMITED,
        challenges: Rate::UNLIMITED,
        streams: Rate::UNLIMITED,
    };
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits::DEFAULT
    }
}

/// The kinds of limited requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    /// Game actions.
    Moves,
    /// Challenge creation.
    Challenges,
    /// Stream connections.
    Streams,
}

impl Bucket {
    /// Its first byte in the key of a shared cell.
    fn tag(self) -> u8 {
        match self {
            Bucket::Moves => b'm',
            Bucket::Challenges => b'c',
            Bucket::Streams => b's',
        }
    }
}

/// The key of a token's bucket: the SHA-256 of its secret.
type Key = [u8; 32];

/// How many checks between two sweeps of idle buckets.
const SWEEP_EVERY: u64 = 4096;

struct Buckets {
    limits: RateLimits,
    moves: Option<DefaultKeyedRateLimiter<Key>>,
    challenges: Option<DefaultKeyedRateLimiter<Key>>,
    streams: Option<DefaultKeyedRateLimiter<Key>>,
    checks: AtomicU64,
}

/// The live buckets of every token, for one instance. Cheap to clone (shared).
#[derive(Clone)]
pub struct RateLimiter(Arc<Buckets>);

impl RateLimiter {
    /// Buckets enforcing `limits`.
    #[must_use]
    pub fn new(limits: RateLimits) -> RateLimiter {
        let keyed = |rate: Rate| rate.quota().map(DefaultKeyedRateLimiter::keyed);
        RateLimiter(Arc::new(Buckets {
            limits,
            moves: keyed(limits.moves),
            challenges: keyed(limits.challenges),
            streams: keyed(limits.streams),
            checks: AtomicU64::new(0),
        }))
    }

    /// The limits enforced.
    #[must_use]
    pub fn limits(&self) -> RateLimits {
        self.0.limits
    }

    /// The rate of `bucket`, if it is limited.
    #[must_use]
    pub fn rate(&self, bucket: Bucket) -> Option<Rate> {
        let limits = self.0.limits;
        let rate = match bucket {
            Bucket::Moves => limits.moves,
            Bucket::Challenges => limits.challenges,
            Bucket::Streams => limits.streams,
        };
        (rate.per_second > 0).then_some(rate)
    }

    /// Takes one request of `bucket` from the token with secret `secret`, in this
    /// instance's memory.
    ///
    /// # Errors
    /// [`Error::RateLimited`] with the whole seconds (at least 1) until the token may
    /// send this kind of request again.
    pub fn check(&self, bucket: Bucket, secret: &str) -> Result<(), Error> {
        self.check_key(bucket, &Sha256::digest(secret.as_bytes()).into())
    }

    /// [`RateLimiter::check`] for the token whose secret hashes to `key`.
    fn check_key(&self, bucket: Bucket, key: &Key) -> Result<(), Error> {
        let buckets = &*self.0;
        let limiter = match bucket {
            Bucket::Moves => &buckets.moves,
            Bucket::Challenges => &buckets.challenges,
            Bucket::Streams => &buckets.streams,
        };
        let Some(limiter) = limiter else {
            return Ok(());
        };
        if buckets.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            // Full buckets carry no information: forget them so memory follows the
            // number of busy tokens, not of all tokens ever seen.
            for l in [&buckets.moves, &buckets.challenges, &buckets.streams]
                .into_iter()
                .flatten()
            {
                l.retain_recent();
                l.shrink_to_fit();
            }
        }
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            // Round up, so a client that waits this long is never refused again.
            let retry_after = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            Error::RateLimited {
                retry_after: retry_after.max(1),
            }
        })
    }
}

impl Default for RateLimiter {
    fn default() -> Self {
        RateLimiter::new(RateLimits::DEFAULT)
    }
}

impl fmt::Debug for RateLimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RateLimiter")
            .field("limits", &self.0.limits)
            .finish_non_exhaustive()
    }
}

impl FromRef<AppState> for RateLimiter {
    fn from_ref(state: &AppState) -> RateLimiter {
        state.settings.rate_limiter.clone()
    }
}

impl FromRef<Arc<Settings>> for RateLimiter {
    fn from_ref(settings: &Arc<Settings>) -> RateLimiter {
        settings.rate_limiter.clone()
    }
}

/// A kind of limited request, named by a type for [`Throttle`].
pub trait Limit: Send + Sync + 'static {
    /// Its bucket.
    const BUCKET: Bucket;
}

/// Game actions (moves, resignations, aborts).
#[derive(Debug)]
pub enum Moves {}

/// Challenge creation.
#[derive(Debug)]
pub enum Challenges {}

/// Stream connections.
#[derive(Debug)]
pub enum Streams {}

impl Limit for Moves {
    const BUCKET: Bucket = Bucket::Moves;
}

impl Limit for Challenges {
    const BUCKET: Bucket = Bucket::Challenges;
}

impl Limit for Streams {
    const BUCKET: Bucket = Bucket::Streams;
}

/// Takes one request of `L` from the bearer token's bucket (in memory, then shared by
/// the instances), or answers 429 `rate_limited` with `retry_after` and a
/// `Retry-After` header. Put it after `Auth`: a request without a token is not
/// counted (`Auth` refuses it).
#[derive(Debug)]
pub struct Throttle<L: Limit>(PhantomData<L>);

impl<S, L> FromRequestParts<S> for Throttle<L>
where
    S: Send + Sync,
    L: Limit,
    RateLimiter: FromRef<S>,
    Service: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Throttle<L>, Error> {
        let secret = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim);
        if let Some(secret) = secret {
            let limiter = RateLimiter::from_ref(state);
            let hash: Key = Sha256::digest(secret.as_bytes()).into();
            limiter.check_key(L::BUCKET, &hash)?;
            if let Some(rate) = limiter.rate(L::BUCKET) {
                let mut key = Vec::with_capacity(33);
                key.push(L::BUCKET.tag());
                key.extend_from_slice(&hash);
                Service::from_ref(state)
                    .take_shared_rate(&key, rate.per_second, rate.burst)
                    .await?;
            }
        }
        Ok(Throttle(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_refuses_past_its_burst_and_names_whole_seconds() {
        let limiter = RateLimiter::new(RateLimits {
            moves: Rate::new(1, 2),
            ..RateLimits::UNLIMITED
        });
        assert!(limiter.check(Bucket::Moves, "a").is_ok());
        assert!(limiter.check(Bucket::Moves, "a").is_ok());
        match limiter.check(Bucket::Moves, "a") {
            Err(Error::RateLimited { retry_after }) => assert_eq!(retry_after, 1),
            other => panic!("expected rate_limited, got {other:?}"),
        }
        assert!(
            limiter.check(Bucket::Moves, "b").is_ok(),
            "tokens share no bucket"
        );
        assert!(limiter.check(Bucket::Challenges, "a").is_ok(), "unlimited");
    }

    #[test]
    fn rates_read_as_documented() {
        assert_eq!(RateLimits::DEFAULT.moves.to_string(), "10/s, burst 20");
        assert_eq!(Rate::UNLIMITED.to_string(), "unlimited");
    }
}
