//! What the token cache of the service needs from the store: each token's last use,
//! so that a cached token expires when the store would record a new use, and word of
//! revocations made by any process on the same database, so that cached tokens of the
//! revoking account are dropped at once.

use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};

use super::Account;
use crate::domain::AccountId;

/// How stale a token's last-use time may get before authenticating writes it again:
/// the hot read paths then write at most once a minute per token.
pub const LAST_USED_RESOLUTION: TimeDelta = TimeDelta::seconds(60);

/// An account found by one of its tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenUse {
    /// The token's account.
    pub account: Account,
    /// The token's last use as stored once the lookup is done: the lookup's `now` when
    /// it wrote it, an earlier time within [`LAST_USED_RESOLUTION`] otherwise.
    pub last_used_at: DateTime<Utc>,
}

/// What a store tells its revocation listener (see
/// [`Store::listen_revocations`](super::Store::listen_revocations)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revocation {
    /// The listener is connected: every revocation committed from now on will be told.
    Listening,
    /// A token of this account was revoked (by any process, this one included).
    Revoked(AccountId),
    /// The listener lost its connection: revocations may go untold until the next
    /// [`Revocation::Listening`].
    Lost,
}

/// What a store calls with each [`Revocation`]. Returns `false` to stop listening.
pub type RevocationWake = Arc<dyn Fn(Revocation) -> bool + Send + Sync>;
