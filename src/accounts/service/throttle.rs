//! Log-in throttling: failed password checks counted per (account, address), per
//! address and per account over a sliding window, by the service's clock (so tests can
//! move time). Nobody can lock a player out (SECURITY.md, "Log-in throttling"):
//!
//! - an address that keeps failing on one account, or on any accounts, is refused
//!   for the rest of the window;
//! - an account failing from many addresses is slowed, not locked: addresses it has
//!   not logged in from get one password check per [`LoginLimits::slow_down`], and
//!   the addresses it has logged in from before are not slowed at all.
//!
//! Kept in memory, per instance: with several instances behind a balancer an attacker
//! gets that many times the attempts, which still leaves argon2id as the real cost.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

use crate::error::Error;

/// The log-in throttling policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginLimits {
    /// Failures per account from one address per window; past them that address is
    /// refused for that account.
    pub per_account_address: usize,
    /// Failures per client address (any account) per window; past them the address
    /// is refused.
    pub per_address: usize,
    /// Failures per account (any address) per window; past them the account is
    /// slowed for addresses it has not logged in from.
    pub per_account: usize,
    /// While an account is slowed: one password check from its unknown addresses per
    /// this long.
    pub slow_down: Duration,
    /// The sliding window.
    pub window: Duration,
    /// How long an address that logged in stays known to the account.
    pub known_for: Duration,
}

impl LoginLimits {
    /// The documented defaults (SECURITY.md): 5 failures per account and address, 20
    /// per address, 10 per account before it is slowed to one check per 30 s from
    /// unknown addresses, all in 15 minutes; addresses known for 30 days.
    pub const DEFAULT: LoginLimits = LoginLimits {
        per_account_address: 5,
        per_address: 20,
        per_account: 10,
        slow_down: Duration::seconds(30),
        window: Duration::minutes(15),
        known_for: Duration::days(30),
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
    /// A user name, lowercased (names are unique ignoring case), from one address.
    Pair(String, IpAddr),
    /// A client address.
    Address(IpAddr),
    /// A user name, from any address.
    Account(String),
}

/// Past this many keys (or accounts with known addresses), forget the stale ones.
const SWEEP_ABOVE: usize = 10_000;

/// Addresses remembered per account.
const KNOWN_PER_ACCOUNT: usize = 8;

#[derive(Debug, Default)]
struct State {
    /// Each key's failures in the window, oldest first.
    failures: HashMap<Key, VecDeque<DateTime<Utc>>>,
    /// Each account's addresses that logged in, with when they last did.
    known: HashMap<String, Vec<(IpAddr, DateTime<Utc>)>>,
    /// When a slowed account last had a password check from an unknown address.
    slowed_check: HashMap<String, DateTime<Utc>>,
}

/// The failures of each account and address in the window, and the addresses each
/// account logged in from.
#[derive(Debug, Default)]
pub(crate) struct LoginThrottle {
    limits: LoginLimits,
    state: Mutex<State>,
}

fn account_key(username: &str) -> String {
    username.trim().to_ascii_lowercase()
}

/// The whole seconds (at least 1) of `wait`, rounded up so that a client that waits
/// this long is let through.
fn rate_limited(wait: Duration) -> Error {
    let ms = u64::try_from(wait.num_milliseconds()).unwrap_or(0);
    Error::RateLimited {
        retry_after: ms.div_ceil(1000).max(1),
    }
}

impl LoginThrottle {
    pub(crate) fn new(limits: LoginLimits) -> LoginThrottle {
        LoginThrottle {
            limits,
            state: Mutex::new(State::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn limit(&self, key: &Key) -> usize {
        match key {
            Key::Pair(..) => self.limits.per_account_address,
            Key::Address(_) => self.limits.per_address,
            Key::Account(_) => self.limits.per_account,
        }
    }

    /// How long until `key` has room for another failure; zero when it has room now.
    fn wait(&self, state: &mut State, key: &Key, now: DateTime<Utc>) -> Duration {
        let limit = self.limit(key);
        let since = now - self.limits.window;
        let Some(times) = state.failures.get_mut(key) else {
            return Duration::zero();
        };
        while times.front().is_some_and(|t| *t <= since) {
            times.pop_front();
        }
        match times.len().checked_sub(limit) {
            Some(extra) if limit > 0 => times.get(extra).map_or(Duration::zero(), |oldest| {
                *oldest + self.limits.window - now
            }),
            _ => Duration::zero(),
        }
    }

    fn is_known(&self, state: &State, account: &str, client: IpAddr, now: DateTime<Utc>) -> bool {
        state.known.get(account).is_some_and(|addresses| {
            addresses
                .iter()
                .any(|(ip, at)| *ip == client && *at + self.limits.known_for > now)
        })
    }

    /// Refuses, or lets through, a password check of `username` from `client`.
    ///
    /// # Errors
    /// [`Error::RateLimited`] with the whole seconds (at least 1) to wait: until the
    /// oldest counted failure of the address (on this account or any) leaves the
    /// window; or, for an account being slowed and an address it has not logged in
    /// from, until the next check is due.
    pub(crate) fn check(
        &self,
        username: &str,
        client: Option<IpAddr>,
        now: DateTime<Utc>,
    ) -> Result<(), Error> {
        let account = account_key(username);
        let mut state = self.lock();
        if let Some(ip) = client {
            let wait = self
                .wait(&mut state, &Key::Pair(account.clone(), ip), now)
                .max(self.wait(&mut state, &Key::Address(ip), now));
            if wait > Duration::zero() {
                return Err(rate_limited(wait));
            }
            if self.is_known(&state, &account, ip, now) {
                return Ok(());
            }
        }
        let slowed = self.wait(&mut state, &Key::Account(account.clone()), now) > Duration::zero();
        if slowed {
            if let Some(last) = state.slowed_check.get(&account) {
                let due = *last + self.limits.slow_down;
                if due > now {
                    return Err(rate_limited(due - now));
                }
            }
            state.slowed_check.insert(account, now);
        }
        Ok(())
    }

    /// Counts a failed log-in of `username` from `client`.
    pub(crate) fn failed(&self, username: &str, client: Option<IpAddr>, now: DateTime<Utc>) {
        let account = account_key(username);
        let mut state = self.lock();
        if state.failures.len() > SWEEP_ABOVE {
            let since = now - self.limits.window;
            state
                .failures
                .retain(|_, times| times.back().is_some_and(|t| *t > since));
            state.slowed_check.retain(|_, t| *t > since);
        }
        let keys = client
            .map(|ip| [Key::Pair(account.clone(), ip), Key::Address(ip)])
            .into_iter()
            .flatten()
            .chain(std::iter::once(Key::Account(account)));
        for key in keys {
            let limit = self.limit(&key).max(1);
            let times = state.failures.entry(key).or_default();
            times.push_back(now);
            // Only the last `limit` failures matter.
            while times.len() > limit {
                times.pop_front();
            }
        }
    }

    /// After a successful log-in: forgets the failures of the account from this
    /// address, and remembers the address as one the account logs in from. The
    /// account's failures from other addresses, and the address's on other accounts,
    /// stay: one good password must not reset a guesser's count.
    pub(crate) fn succeeded(&self, username: &str, client: Option<IpAddr>, now: DateTime<Utc>) {
        let Some(ip) = client else {
            return;
        };
        let account = account_key(username);
        let known_for = self.limits.known_for;
        let mut state = self.lock();
        state.failures.remove(&Key::Pair(account.clone(), ip));
        if state.known.len() > SWEEP_ABOVE {
            state.known.retain(|_, addresses| {
                addresses.retain(|(_, at)| *at + known_for > now);
                !addresses.is_empty()
            });
        }
        let addresses = state.known.entry(account).or_default();
        addresses.retain(|(known, _)| *known != ip);
        addresses.push((ip, now));
        if addresses.len() > KNOWN_PER_ACCOUNT {
            addresses.remove(0);
        }
    }
}

impl crate::service::Service {
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

    fn ip(n: u8) -> Option<IpAddr> {
        Some(IpAddr::from([192, 0, 2, n]))
    }

    fn retry_after(result: Result<(), Error>) -> u64 {
        match result {
            Err(Error::RateLimited { retry_after }) => retry_after,
            other => panic!("expected rate_limited, got {other:?}"),
        }
    }

    #[test]
    fn an_address_failing_on_an_account_is_refused_for_it_but_others_are_not() {
        let throttle = LoginThrottle::new(LoginLimits::DEFAULT);
        for _ in 0..5 {
            assert!(throttle.check("Ayse", ip(1), at(0)).is_ok());
            throttle.failed("Ayse", ip(1), at(0));
        }
        assert_eq!(retry_after(throttle.check("ayse", ip(1), at(1))), 14 * 60);
        assert!(
            throttle.check("ayse", ip(2), at(1)).is_ok(),
            "another address"
        );
        assert!(
            throttle.check("other", ip(1), at(1)).is_ok(),
            "another account"
        );
        assert!(
            throttle.check("ayse", ip(1), at(15)).is_ok(),
            "window passed"
        );
    }

    #[test]
    fn an_address_is_refused_after_its_failures_on_any_accounts() {
        let throttle = LoginThrottle::new(LoginLimits::DEFAULT);
        for n in 0..20 {
            throttle.failed(&format!("user{n}"), ip(1), at(0));
        }
        assert!(throttle.check("fresh", ip(1), at(0)).is_err());
        assert!(throttle.check("fresh", ip(2), at(0)).is_ok());
    }

    #[test]
    fn an_account_failing_from_many_addresses_is_slowed_for_new_ones_only() {
        let throttle = LoginThrottle::new(LoginLimits::DEFAULT);
        throttle.succeeded("ayse", ip(200), at(0));
        for n in 0..10 {
            throttle.failed("ayse", ip(n), at(1));
        }
        // A new address gets one check now, the next one 30 s later.
        assert!(throttle.check("ayse", ip(100), at(1)).is_ok());
        assert_eq!(retry_after(throttle.check("ayse", ip(101), at(1))), 30);
        assert!(
            throttle
                .check("ayse", ip(101), at(1) + Duration::seconds(30))
                .is_ok()
        );
        // The address the player logged in from is never slowed.
        for _ in 0..3 {
            assert!(throttle.check("ayse", ip(200), at(1)).is_ok());
        }
        // Once the failures leave the window the account is not slowed any more.
        assert!(throttle.check("ayse", ip(102), at(16)).is_ok());
        assert!(throttle.check("ayse", ip(103), at(16)).is_ok());
    }

    #[test]
    fn a_success_clears_the_pair_but_not_the_address_or_the_account() {
        let throttle = LoginThrottle::new(LoginLimits {
            per_account_address: 2,
            per_address: 3,
            ..LoginLimits::DEFAULT
        });
        throttle.failed("a", ip(1), at(0));
        throttle.failed("a", ip(1), at(0));
        assert!(throttle.check("a", ip(1), at(0)).is_err());
        throttle.succeeded("a", ip(1), at(0));
        assert!(throttle.check("a", ip(1), at(0)).is_ok());
        throttle.failed("b", ip(1), at(0));
        assert!(throttle.check("c", ip(1), at(0)).is_err());
    }
}
