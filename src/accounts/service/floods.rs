//! Caps where floods are cheap (SECURITY.md, "Floods"): sign-ups per client address,
//! API tokens per account, open challenges per challenger in all and naming one
//! opponent, open tournaments per creator. Sign-ups are counted in memory over a sliding hour by the service's
//! clock, per instance; the caps on what an account holds are counted by the store
//! in the writing transaction, so concurrent requests cannot pass them together.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

use crate::error::Error;
use crate::store::ChallengeCaps;

/// The caps; 0 turns the sign-up cap off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FloodLimits {
    /// Sign-ups from one client address per hour (`--max-sign-ups-per-address`).
    pub sign_ups_per_address: u32,
    /// API tokens one account holds (`--max-tokens-per-account`).
    pub tokens_per_account: u32,
    /// Open challenges one account has made (`--max-open-challenges`).
    pub open_challenges: u32,
    /// Open challenges one account has made naming one opponent
    /// (`--max-open-challenges-per-opponent`).
    pub open_challenges_per_opponent: u32,
    /// Open tournaments (not yet started) one account has created
    /// (`--max-open-tournaments`).
    pub open_tournaments: u32,
}

impl FloodLimits {
    /// The documented defaults (SECURITY.md): 10 sign-ups an hour per address, 20
    /// tokens per account, 50 open challenges per account of which 5 to one player, 5
    /// open tournaments per account.
    pub const DEFAULT: FloodLimits = FloodLimits {
        sign_ups_per_address: 10,
        tokens_per_account: 20,
        open_challenges: 50,
        open_challenges_per_opponent: 5,
        open_tournaments: 5,
    };

    /// The caps on a challenger's open challenges.
    #[must_use]
    pub fn challenge_caps(&self) -> ChallengeCaps {
        ChallengeCaps {
            open: self.open_challenges,
            per_opponent: self.open_challenges_per_opponent,
        }
    }
}

impl Default for FloodLimits {
    fn default() -> Self {
        FloodLimits::DEFAULT
    }
}

/// The window of the sign-up cap.
const SIGN_UP_WINDOW: Duration = Duration::hours(1);

/// Past this many addresses, forget those with no sign-up in the window.
const SWEEP_ABOVE: usize = 10_000;

/// Sign-ups per client address in the last hour.
#[derive(Debug, Default)]
pub(crate) struct SignUps {
    per_address: u32,
    recent: Mutex<HashMap<Option<IpAddr>, VecDeque<DateTime<Utc>>>>,
}

impl SignUps {
    pub(crate) fn new(per_address: u32) -> SignUps {
        SignUps {
            per_address,
            recent: Mutex::default(),
        }
    }

    /// Counts a sign-up from `client` at `now`, or refuses it.
    ///
    /// # Errors
    /// [`Error::RateLimited`] with the seconds until the address's oldest sign-up in
    /// the window leaves it.
    pub(crate) fn take(&self, client: Option<IpAddr>, now: DateTime<Utc>) -> Result<(), Error> {
        if self.per_address == 0 {
            return Ok(());
        }
        let mut recent = self
            .recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if recent.len() > SWEEP_ABOVE {
            recent.retain(|_, times| times.back().is_some_and(|t| now - *t < SIGN_UP_WINDOW));
        }
        let times = recent.entry(client).or_default();
        while times.front().is_some_and(|t| now - *t >= SIGN_UP_WINDOW) {
            times.pop_front();
        }
        if times.len() >= self.per_address as usize {
            let wait = times
                .front()
                .map_or(SIGN_UP_WINDOW, |oldest| *oldest + SIGN_UP_WINDOW - now);
            let ms = u64::try_from(wait.num_milliseconds()).unwrap_or(0);
            return Err(Error::RateLimited {
                retry_after: ms.div_ceil(1000).max(1),
            });
        }
        times.push_back(now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_signs_up_its_cap_an_hour_and_others_are_not_counted() {
        let sign_ups = SignUps::new(2);
        let t0 = DateTime::<Utc>::UNIX_EPOCH;
        let (one, two): (Option<IpAddr>, Option<IpAddr>) =
            (Some([192, 0, 2, 1].into()), Some([192, 0, 2, 2].into()));
        assert!(sign_ups.take(one, t0).is_ok());
        assert!(sign_ups.take(one, t0 + Duration::minutes(10)).is_ok());
        match sign_ups.take(one, t0 + Duration::minutes(20)) {
            Err(Error::RateLimited { retry_after }) => assert_eq!(retry_after, 40 * 60),
            other => panic!("expected rate_limited, got {other:?}"),
        }
        assert!(sign_ups.take(two, t0 + Duration::minutes(20)).is_ok());
        assert!(
            sign_ups.take(one, t0 + Duration::minutes(60)).is_ok(),
            "the first left the hour"
        );
        assert!(SignUps::new(0).take(one, t0).is_ok(), "0: no cap");
    }
}
