//! Runner leases (issue 37): one bot runner per account at a time, so that a second
//! copy of a bot waits or stops instead of answering every turn twice.

use std::ops::RangeInclusive;

use chrono::{SecondsFormat, TimeDelta};

use super::Service;
use crate::error::{Error, Result};
use crate::store::{Account, RunnerLease};

/// The seconds a lease may be claimed for: long enough to renew it over a slow link,
/// short enough that a runner that died frees its account soon.
pub const LEASE_SECONDS: RangeInclusive<u32> = 10..=600;

/// The longest holder name, in characters.
pub const HOLDER_MAX: usize = 100;

impl Service {
    /// Claims the account's runner lease for `holder` for `seconds`, or renews it when
    /// `holder` holds it already (a heartbeat).
    ///
    /// # Errors
    /// [`Error::Conflict`] `lease_held` while another holder's lease stands (the message
    /// names the holder and when its lease lapses); 422 `invalid_lease` for a holder
    /// that is empty, longer than 100 characters or holds a control character, or
    /// `seconds` outside 10 to 600; storage errors.
    pub async fn claim_runner_lease(
        &self,
        account: &Account,
        holder: &str,
        seconds: u32,
    ) -> Result<RunnerLease> {
        check_holder(holder)?;
        if !LEASE_SECONDS.contains(&seconds) {
            return Err(Error::unprocessable(
                "invalid_lease",
                format!(
                    "seconds must be {} to {}",
                    LEASE_SECONDS.start(),
                    LEASE_SECONDS.end()
                ),
            ));
        }
        let now = self.now();
        let until = now + TimeDelta::seconds(i64::from(seconds));
        let lease = self
            .store
            .claim_runner_lease(account.id, holder, now, until)
            .await?;
        if lease.holder != holder {
            return Err(Error::conflict(
                "lease_held",
                format!(
                    "another runner, `{}`, holds this account's lease until {}: stop it, or wait for its lease to lapse",
                    lease.holder,
                    lease.expires_at.to_rfc3339_opts(SecondsFormat::Secs, true)
                ),
            ));
        }
        Ok(lease)
    }

    /// Ends `holder`'s lease of the account, if it holds it; whether one ended.
    ///
    /// # Errors
    /// 422 `invalid_lease` for a holder name that could never hold one; storage errors.
    pub async fn release_runner_lease(&self, account: &Account, holder: &str) -> Result<bool> {
        check_holder(holder)?;
        Ok(self.store.release_runner_lease(account.id, holder).await?)
    }
}

fn check_holder(holder: &str) -> Result<()> {
    let length = holder.chars().count();
    // The holder is named to another runner refused the lease: the same rule as every
    // text shown (no control character, no bidi override).
    if length == 0 || length > HOLDER_MAX || crate::domain::check_text(holder).is_err() {
        return Err(Error::unprocessable(
            "invalid_lease",
            format!(
                "holder must be 1 to {HOLDER_MAX} characters, none of them a control character"
            ),
        ));
    }
    Ok(())
}
