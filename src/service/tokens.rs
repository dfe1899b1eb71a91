//! This instance's memory of which account each recently used API token belongs to,
//! so that an authenticated request usually costs no query.
//!
//! Keyed by the token's hash (the secret itself is never kept). An entry lasts until
//! the store would record a new use of the token (its last use plus
//! [`LAST_USED_RESOLUTION`], and never more than [`TOKEN_TTL`]), so the recorded last
//! use stays as accurate as without the cache.
//!
//! Revocation takes effect at once: revoking forgets the account's entries on this
//! instance before answering, and every instance on the same Postgres database drops
//! them when the store's revocation notification arrives (see
//! [`Store::listen_revocations`]). Entries are only trusted while that listener is
//! connected: the cache forgets everything when it loses its connection and caches
//! nothing until it listens again. A lookup that started before a revocation was
//! heard does not fill the cache (see [`Ticket`]). The one case the listener cannot
//! notice, a connection dead without a word, is bounded by the time to live.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, TimeDelta, Utc};

use crate::domain::AccountId;
use crate::store::{Account, LAST_USED_RESOLUTION, Revocation, RevocationWake, Store};

/// Tokens kept at most; past it the expired entries go, and if none had expired, all.
const CAPACITY: usize = 4096;

/// The longest a token is trusted without asking the store.
pub const TOKEN_TTL: TimeDelta = LAST_USED_RESOLUTION;

/// Accounts by token hash.
#[derive(Debug, Default)]
pub(super) struct TokenCache {
    state: Mutex<State>,
    /// Whether the store's revocation listener was started.
    started: AtomicBool,
}

#[derive(Debug, Default)]
struct State {
    entries: HashMap<String, Entry>,
    /// Whether every revocation reaches this cache: the store's listener is connected
    /// (always, on a store that has one process).
    live: bool,
    /// Counts the times entries were forgotten.
    epoch: u64,
}

#[derive(Debug)]
struct Entry {
    account: Account,
    /// When it was filled.
    from: DateTime<Utc>,
    /// When it expires.
    until: DateTime<Utc>,
}

/// Taken before a store lookup, so that its answer fills the cache only if nothing was
/// forgotten meanwhile: a lookup that read a token just before its revocation
/// committed must not cache it after the revocation was heard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Ticket(u64);

impl TokenCache {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The account of the token with this hash, if cached, unexpired at `now`, and
    /// revocations are being heard.
    pub(super) fn get(&self, hash: &str, now: DateTime<Utc>) -> Option<Account> {
        let mut state = self.state();
        if !state.live {
            return None;
        }
        let entry = state.entries.get(hash)?;
        if entry.from <= now && now < entry.until {
            return Some(entry.account.clone());
        }
        state.entries.remove(hash);
        None
    }

    /// A ticket for a store lookup starting now.
    pub(super) fn ticket(&self) -> Ticket {
        Ticket(self.state().epoch)
    }

    /// Keeps `account` for the token with this hash, looked up at `now` under
    /// `ticket`, whose last use is `last_used_at`, unless something was forgotten
    /// since the ticket was taken or revocations are not being heard.
    pub(super) fn put(
        &self,
        ticket: Ticket,
        hash: &str,
        account: Account,
        now: DateTime<Utc>,
        last_used_at: DateTime<Utc>,
    ) {
        let until = (last_used_at + LAST_USED_RESOLUTION).min(now + TOKEN_TTL);
        let mut state = self.state();
        if !state.live || state.epoch != ticket.0 || until <= now {
            return;
        }
        if state.entries.len() >= CAPACITY && !state.entries.contains_key(hash) {
            state.entries.retain(|_, e| e.from <= now && now < e.until);
            if state.entries.len() >= CAPACITY {
                state.entries.clear();
            }
        }
        state.entries.insert(
            hash.to_owned(),
            Entry {
                account,
                from: now,
                until,
            },
        );
    }

    /// Forgets every token of `account`.
    pub(super) fn forget_account(&self, account: AccountId) {
        let mut state = self.state();
        state.entries.retain(|_, e| e.account.id != account);
        state.epoch += 1;
    }

    /// Acts on what the store's revocation listener says.
    fn heard(&self, revocation: Revocation) {
        match revocation {
            Revocation::Revoked(account) => self.forget_account(account),
            Revocation::Listening | Revocation::Lost => {
                let mut state = self.state();
                state.entries.clear();
                state.epoch += 1;
                state.live = revocation == Revocation::Listening;
            }
        }
    }

    /// Starts the store's revocation listener, once; until it listens nothing is
    /// cached. Should it fail to start, the next call tries again.
    pub(super) fn listen(self: &Arc<Self>, store: &Arc<dyn Store>) {
        if self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        let weak = Arc::downgrade(self);
        let wake: RevocationWake = Arc::new(move |revocation| match weak.upgrade() {
            Some(cache) => {
                cache.heard(revocation);
                true
            }
            None => false,
        });
        let cache = Arc::clone(self);
        let store = Arc::clone(store);
        tokio::spawn(async move {
            match store.listen_revocations(wake).await {
                // The listener said `Listening` itself.
                Ok(true) => {}
                // One process: its own revocations are all there are.
                Ok(false) => cache.heard(Revocation::Listening),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot listen for token revocations");
                    cache.started.store(false, Ordering::SeqCst);
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Username;

    fn t(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).expect("a time")
    }

    fn account(name: &str) -> Account {
        Account {
            id: AccountId::new(),
            username: Username::parse(name).expect("a name"),
            bot: false,
            created_at: t(0),
        }
    }

    fn live() -> TokenCache {
        let cache = TokenCache::default();
        cache.heard(Revocation::Listening);
        cache
    }

    fn fill(cache: &TokenCache, hash: &str, account: &Account, now: DateTime<Utc>) {
        let ticket = cache.ticket();
        cache.put(ticket, hash, account.clone(), now, now);
    }

    #[test]
    fn a_cached_token_answers_until_the_store_would_record_a_new_use() {
        let cache = live();
        let ayse = account("ayse");
        fill(&cache, "h1", &ayse, t(10));
        assert_eq!(cache.get("h1", t(10)), Some(ayse.clone()));
        assert_eq!(cache.get("h1", t(69)), Some(ayse.clone()));
        assert_eq!(cache.get("h1", t(70)), None, "expired");
        assert_eq!(cache.get("h1", t(10)), None, "and gone");
        assert_eq!(cache.get("h2", t(10)), None);

        // Last used 50 s before the lookup: 10 s left before the store writes again.
        let ticket = cache.ticket();
        cache.put(ticket, "h1", ayse.clone(), t(100), t(50));
        assert_eq!(cache.get("h1", t(109)), Some(ayse.clone()));
        assert_eq!(cache.get("h1", t(110)), None);
        // A last use in the future (another instance's clock) is capped by the TTL.
        let ticket = cache.ticket();
        cache.put(ticket, "h1", ayse.clone(), t(200), t(500));
        assert_eq!(cache.get("h1", t(259)), Some(ayse));
        assert_eq!(cache.get("h1", t(260)), None);
    }

    #[test]
    fn a_clock_set_back_before_the_fill_does_not_use_the_entry() {
        let cache = live();
        let ayse = account("ayse");
        fill(&cache, "h1", &ayse, t(100));
        assert_eq!(cache.get("h1", t(99)), None);
    }

    #[test]
    fn forgetting_an_account_drops_all_its_tokens_and_only_its() {
        let cache = live();
        let (ayse, mehmet) = (account("ayse"), account("mehmet"));
        fill(&cache, "a1", &ayse, t(0));
        fill(&cache, "a2", &ayse, t(0));
        fill(&cache, "m1", &mehmet, t(0));
        cache.heard(Revocation::Revoked(ayse.id));
        assert_eq!(cache.get("a1", t(1)), None);
        assert_eq!(cache.get("a2", t(1)), None);
        assert_eq!(cache.get("m1", t(1)), Some(mehmet));
    }

    #[test]
    fn a_lookup_that_overlapped_a_revocation_is_not_cached() {
        let cache = live();
        let ayse = account("ayse");
        let ticket = cache.ticket();
        // The revocation is heard while the lookup (which saw the token) runs.
        cache.forget_account(ayse.id);
        cache.put(ticket, "a1", ayse.clone(), t(0), t(0));
        assert_eq!(cache.get("a1", t(1)), None);
        // A later lookup fills it.
        fill(&cache, "a1", &ayse, t(0));
        assert_eq!(cache.get("a1", t(1)), Some(ayse));
    }

    #[test]
    fn nothing_is_cached_until_revocations_are_heard_nor_after_the_listener_is_lost() {
        let cache = TokenCache::default();
        let ayse = account("ayse");
        fill(&cache, "a1", &ayse, t(0));
        assert_eq!(cache.get("a1", t(1)), None, "not listening yet");

        cache.heard(Revocation::Listening);
        fill(&cache, "a1", &ayse, t(0));
        assert_eq!(cache.get("a1", t(1)), Some(ayse.clone()));

        let ticket = cache.ticket();
        cache.heard(Revocation::Lost);
        assert_eq!(cache.get("a1", t(1)), None, "forgotten on loss");
        cache.put(ticket, "a1", ayse.clone(), t(0), t(0));
        fill(&cache, "a1", &ayse, t(0));
        cache.heard(Revocation::Listening);
        assert_eq!(cache.get("a1", t(1)), None, "nothing kept while lost");
        fill(&cache, "a1", &ayse, t(0));
        assert_eq!(cache.get("a1", t(1)), Some(ayse));
    }

    #[test]
    fn the_cache_never_holds_more_than_its_capacity() {
        let cache = live();
        let ayse = account("ayse");
        // Half the entries expire before the cache fills up: they make the room.
        for i in 0..CAPACITY {
            let (now, last) = if i % 2 == 0 {
                (t(0), t(-59))
            } else {
                (t(0), t(0))
            };
            let ticket = cache.ticket();
            cache.put(ticket, &format!("h{i}"), ayse.clone(), now, last);
        }
        assert_eq!(cache.state().entries.len(), CAPACITY);
        fill(&cache, "new", &ayse, t(30));
        assert_eq!(cache.state().entries.len(), CAPACITY / 2 + 1);
        assert_eq!(cache.get("h1", t(30)), Some(ayse.clone()), "live ones stay");
        assert_eq!(cache.get("h0", t(30)), None);

        // With none expired, a full cache starts over.
        for i in 0..CAPACITY {
            fill(&cache, &format!("k{i}"), &ayse, t(30));
        }
        assert!(cache.state().entries.len() <= CAPACITY);
        let last = format!("k{}", CAPACITY - 1);
        assert_eq!(cache.get(&last, t(31)), Some(ayse.clone()));
        fill(&cache, "one more", &ayse, t(31));
        assert!(cache.state().entries.len() <= CAPACITY);
        assert_eq!(cache.get("one more", t(31)), Some(ayse));
    }
}
