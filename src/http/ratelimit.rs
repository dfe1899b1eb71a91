//! Rate limits per API token: a GCRA bucket (`governor`) for each token and kind of
//! request, kept in memory, and on Postgres the same cell in the database
//! (`Store::take_rate`), shared by every instance: with several instances behind a
//! balancer a token still gets its rate, not that many times it. The in-memory bucket
//! answers floods without a query; a request it lets through is checked against the
//! shared cell.
//!
//! A handler opts in by taking a [`Throttle`] after its [`Auth`](super::extract::Auth):
//! the token has been checked by then, and the bucket is the account's, which all its
//! tokens share. A request without a verified token (an anonymous game stream) takes
//! from its client address's bucket: a bucket is never keyed by an unchecked token
//! string, so random `Bearer` values make no new buckets (nor `rate_limits` rows).
//!
//! Every long-lived stream (the API's game and event streams, the pages' `/live` and
//! `/games/{id}/live`) is also capped per client address while open, all in one count
//! ([`StreamSlots`]): a stream costs memory for as long as it stays open, which no
//! rate bounds.

use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use sha2::{Digest, Sha256};

use super::extract::{ClientAddr, Verified};
use super::{AppState, Settings};
use crate::domain::AccountId;
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

/// The key of a bucket: the SHA-256 of what it limits (an account, an address).
type Key = [u8; 32];

/// The key of the bucket of a request that `Auth` verified for `account`.
fn account_key(account: AccountId) -> Key {
    Sha256::digest(format!("account {}", account.0)).into()
}

/// The key of the bucket of an unauthenticated request from `client`.
fn address_key(client: Option<IpAddr>) -> Key {
    match client {
        Some(ip) => Sha256::digest(format!("address {ip}")).into(),
        None => Sha256::digest("address unknown").into(),
    }
}

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

    /// Takes one request of `bucket` from the account's bucket, in this instance's
    /// memory.
    ///
    /// # Errors
    /// [`Error::RateLimited`] with the whole seconds (at least 1) until the account
    /// may send this kind of request again.
    pub fn check(&self, bucket: Bucket, account: AccountId) -> Result<(), Error> {
        self.check_key(bucket, &account_key(account))
    }

    /// [`RateLimiter::check`] for the bucket `key`.
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

/// Takes one request of `L` from the bucket of the account that `Auth` verified (in
/// memory, then shared by the instances), or, without one, from the client address's;
/// or answers 429 `rate_limited` with `retry_after` and a `Retry-After` header. Put
/// it after `Auth` (or `MaybeAuth`): a token it has not verified counts for nothing.
#[derive(Debug)]
pub struct Throttle<L: Limit>(PhantomData<L>);

impl<S, L> FromRequestParts<S> for Throttle<L>
where
    S: Send + Sync,
    L: Limit,
    RateLimiter: FromRef<S>,
    Service: FromRef<S>,
    Arc<Settings>: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Throttle<L>, Error> {
        let key = match parts.extensions.get::<Verified>() {
            Some(Verified(account)) => account_key(*account),
            None => {
                let Ok(ClientAddr(client)) = ClientAddr::from_request_parts(parts, state).await;
                address_key(client)
            }
        };
        let limiter = RateLimiter::from_ref(state);
        limiter.check_key(L::BUCKET, &key)?;
        if let Some(rate) = limiter.rate(L::BUCKET) {
            let mut cell = Vec::with_capacity(33);
            cell.push(L::BUCKET.tag());
            cell.extend_from_slice(&key);
            Service::from_ref(state)
                .take_shared_rate(&cell, rate.per_second, rate.burst)
                .await?;
        }
        Ok(Throttle(PhantomData))
    }
}

/// Long-lived streams open per client address, page and API streams in one count,
/// capped: a stream holds memory and a connection for as long as it is open, which no
/// rate limit bounds. Cheap to clone (shared).
#[derive(Clone)]
pub struct StreamSlots(Arc<SlotsInner>);

struct SlotsInner {
    per_address: usize,
    open: Mutex<HashMap<Option<IpAddr>, usize>>,
}

impl StreamSlots {
    /// Streams one address may hold open by default (`--max-streams-per-address`).
    pub const DEFAULT_PER_ADDRESS: usize = 32;

    /// At most `per_address` open streams per client address; 0 for no cap.
    #[must_use]
    pub fn new(per_address: usize) -> StreamSlots {
        StreamSlots(Arc::new(SlotsInner {
            per_address,
            open: Mutex::new(HashMap::new()),
        }))
    }

    /// The cap per address (0: none).
    #[must_use]
    pub fn per_address(&self) -> usize {
        self.0.per_address
    }

    /// Takes a place for a stream of `client`, given back when the slot is dropped.
    ///
    /// # Errors
    /// [`Error::RateLimited`] (429, retry in 10 s) when the address holds its cap.
    pub fn take(&self, client: Option<IpAddr>) -> Result<StreamSlot, Error> {
        let mut open = self
            .0
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let held = open.entry(client).or_insert(0);
        if self.0.per_address > 0 && *held >= self.0.per_address {
            return Err(Error::RateLimited { retry_after: 10 });
        }
        *held += 1;
        Ok(StreamSlot {
            slots: self.clone(),
            client,
        })
    }
}

impl Default for StreamSlots {
    fn default() -> Self {
        StreamSlots::new(StreamSlots::DEFAULT_PER_ADDRESS)
    }
}

impl fmt::Debug for StreamSlots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StreamSlots")
            .field("per_address", &self.0.per_address)
            .finish_non_exhaustive()
    }
}

/// A place taken by an open stream (see [`StreamSlots::take`]).
#[derive(Debug)]
pub struct StreamSlot {
    slots: StreamSlots,
    client: Option<IpAddr>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self
            .slots
            .0
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(held) = open.get_mut(&self.client) {
            *held = held.saturating_sub(1);
            if *held == 0 {
                open.remove(&self.client);
            }
        }
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
        let (a, b) = (AccountId::new(), AccountId::new());
        assert!(limiter.check(Bucket::Moves, a).is_ok());
        assert!(limiter.check(Bucket::Moves, a).is_ok());
        match limiter.check(Bucket::Moves, a) {
            Err(Error::RateLimited { retry_after }) => assert_eq!(retry_after, 1),
            other => panic!("expected rate_limited, got {other:?}"),
        }
        assert!(
            limiter.check(Bucket::Moves, b).is_ok(),
            "accounts share no bucket"
        );
        assert!(limiter.check(Bucket::Challenges, a).is_ok(), "unlimited");
    }

    #[test]
    fn rates_read_as_documented() {
        assert_eq!(RateLimits::DEFAULT.moves.to_string(), "10/s, burst 20");
        assert_eq!(Rate::UNLIMITED.to_string(), "unlimited");
    }
}

#[cfg(test)]
mod slot_tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_cap_of_streams_and_gets_them_back() {
        let slots = StreamSlots::new(2);
        let (one, two): (Option<IpAddr>, Option<IpAddr>) =
            (Some([192, 0, 2, 1].into()), Some([192, 0, 2, 2].into()));
        let a = slots.take(one).expect("first");
        let _b = slots.take(one).expect("second");
        assert!(slots.take(one).is_err(), "past the cap");
        assert!(slots.take(two).is_ok(), "another address");
        drop(a);
        assert!(slots.take(one).is_ok(), "a closed stream frees its place");
        assert!(StreamSlots::new(0).take(one).is_ok(), "0: no cap");
    }
}
