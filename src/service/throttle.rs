//! Log-in throttling: failed password checks counted per account and per client
//! address over a sliding window, by the service's clock (so tests can move time).
//!
//! Kept in memory, per instance: with several instances behind a balancer an attacker
//! gets that many times the attempts, which still leaves argon2id as the real cost.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

use crate::error::Error;

/// How many failed log-ins an account, and an address, may have in a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginLimits {
    /// Failures per account (any address) per window.
    pub per_account: usize,
    /// Failures per client address (any account) per window.
    pub per_address: usize,
    /// The sliding window.
    pub window: Duration,
}

impl LoginLimits {
    /// The documented defaults (SECURITY.md): 5 failures per account and 20 per
    /// address in 15 minutes.
    pub const DEFAULT: LoginLimits = LoginLimits {
        per_account: 5,
        per_address: 20,
        window: Duration::minutes(15),
    };
}

impl Default for LoginLimits {
    fn default() -> Self {
        LoginLimits::DEFAULT
    }
}

/// What a failure is counted against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    /// A user name, lowercased (names are unique ignoring case).
    Account(String),
    /// A client address.
    Address(IpAddr),
}

/// Past this many keys, forget those with no failure in the window.
const SWEEP_ABOVE: usize = 10_000;

/// The failures of each account and address in the window.
#[derive(Debug, Default)]
pub(super) struct LoginThrottle {
    limits: LoginLimits,
    failures: Mutex<HashMap<Key, VecDeque<DateTime<Utc>>>>,
}

impl LoginThrottle {
    pub(super) fn new(limits: LoginLimits) -> LoginThrottle {
        LoginThrottle {
            limits,
            failures: Mutex::new(HashMap::new()),
        }
    }

    fn keys(username: &str, client: Option<IpAddr>) -> impl Iterator<Item = Key> {
        std::iter::once(Key::Account(username.trim().to_ascii_lowercase()))
            .chain(client.map(Key::Address))
    }

    fn limit(&self, key: &Key) -> usize {
        match key {
            Key::Account(_) => self.limits.per_account,
            Key::Address(_) => self.limits.per_address,
        }
    }

    /// Refuses a log-in of `username` from `client` that has had too many failures.
    ///
    /// # Errors
    /// [`Error::RateLimited`] with the whole seconds (at least 1) until the oldest
    /// counted failure leaves the window.
    pub(super) fn check(
        &self,
        username: &str,
        client: Option<IpAddr>,
        now: DateTime<Utc>,
    ) -> Result<(), Error> {
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let since = now - self.limits.window;
        let mut wait = Duration::zero();
        for key in Self::keys(username, client) {
            let limit = self.limit(&key);
            if let Some(times) = failures.get_mut(&key) {
                while times.front().is_some_and(|t| *t <= since) {
                    times.pop_front();
                }
                if limit > 0
                    && times.len() >= limit
                    && let Some(oldest) = times.get(times.len() - limit)
                {
                    wait = wait.max(*oldest + self.limits.window - now);
                }
            }
        }
        if wait > Duration::zero() {
            let ms = u64::try_from(wait.num_milliseconds()).unwrap_or(0);
            // Round up, so a client that waits this long is let through.
            return Err(Error::RateLimited {
                retry_after: ms.div_ceil(1000).max(1),
            });
        }
        Ok(())
    }

    /// Counts a failed log-in of `username` from `client`.
    pub(super) fn failed(&self, username: &str, client: Option<IpAddr>, now: DateTime<Utc>) {
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if failures.len() > SWEEP_ABOVE {
            let since = now - self.limits.window;
            failures.retain(|_, times| times.back().is_some_and(|t| *t > since));
        }
        for key in Self::keys(username, client) {
            let limit = self.limit(&key).max(1);
            let times = failures.entry(key).or_default();
            times.push_back(now);
            // Only the last `limit` failures matter.
            while times.len() > limit {
                times.pop_front();
            }
        }
    }

    /// Forgets the account's failures after a successful log-in (not the address's:
    /// one good password must not reset a guesser's count of other accounts).
    pub(super) fn succeeded(&self, username: &str) {
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        failures.remove(&Key::Account(username.trim().to_ascii_lowercase()));
    }
}

impl super::Service {
    /// Takes one request from the rate-limit cell `key`, shared by every instance on
    /// the database: `per_second` on average, `burst` at once. On SQLite (one
    /// process, whose in-memory buckets are the whole truth) every request may go.
    /// Rate limits run on real time, as the in-memory buckets do, not on the
    /// correspondence clock.
    ///
    /// # Errors
    /// [`Error::RateLimited`] with the whole seconds to wait (at least 1); storage
    /// errors.
    pub async fn take_shared_rate(
        &self,
        key: &[u8],
        per_second: u32,
        burst: u32,
    ) -> Result<(), Error> {
        let interval = std::time::Duration::from_secs(1) / per_second.max(1);
        match self
            .store
            .take_rate(key, interval, burst, Utc::now())
            .await?
        {
            None => Ok(()),
            Some(wait) => Err(Error::RateLimited {
                retry_after: (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1),
            }),
        }
    }

    /// Forgets the shared rate-limit cells that are full buckets now; returns how
    /// many.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn purge_rates(&self) -> Result<u64, Error> {
        Ok(self.store.purge_rates(Utc::now()).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 30, 12, minute, 0)
            .single()
            .unwrap_or_default()
    }

    #[test]
    fn an_account_is_refused_after_its_failures_until_the_window_passes() {
        let throttle = LoginThrottle::new(LoginLimits::DEFAULT);
        let ip: Option<IpAddr> = "192.0.2.1".parse().ok();
        for _ in 0..5 {
            assert!(throttle.check("Ayse", ip, at(0)).is_ok());
            throttle.failed("Ayse", ip, at(0));
        }
        match throttle.check("ayse", None, at(1)) {
            Err(Error::RateLimited { retry_after }) => assert_eq!(retry_after, 14 * 60),
            other => panic!("expected rate_limited, got {other:?}"),
        }
        assert!(
            throttle.check("other", ip, at(1)).is_ok(),
            "address has room"
        );
        assert!(throttle.check("ayse", ip, at(15)).is_ok(), "window passed");
    }

    #[test]
    fn an_address_is_refused_after_its_failures_on_any_accounts() {
        let throttle = LoginThrottle::new(LoginLimits::DEFAULT);
        let ip: Option<IpAddr> = "192.0.2.1".parse().ok();
        for n in 0..20 {
            throttle.failed(&format!("user{n}"), ip, at(0));
        }
        assert!(throttle.check("fresh", ip, at(0)).is_err());
        assert!(
            throttle
                .check("fresh", "192.0.2.2".parse().ok(), at(0))
                .is_ok()
        );
    }

    #[test]
    fn a_success_clears_the_account_but_not_the_address() {
        let throttle = LoginThrottle::new(LoginLimits {
            per_account: 2,
            per_address: 3,
            window: Duration::minutes(15),
        });
        let ip: Option<IpAddr> = "192.0.2.1".parse().ok();
        throttle.failed("a", ip, at(0));
        throttle.failed("a", ip, at(0));
        throttle.succeeded("a");
        assert!(throttle.check("a", None, at(0)).is_ok());
        throttle.failed("b", ip, at(0));
        assert!(throttle.check("c", ip, at(0)).is_err());
    }
}
