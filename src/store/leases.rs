//! Runner leases (issue 37): one bot runner per account at a time. A runner claims its
//! account's lease under a holder name of its own, for a while, and renews it (a
//! heartbeat); another holder's claim is refused while the lease stands, until its
//! holder releases it or it lapses. A part of every [`Store`](super::Store) (a
//! supertrait), implemented once for both backends.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::StoreError;
use super::common::micros;
use super::dialect::Backend;
use super::sql::{SqlStore, sql};
use crate::domain::AccountId;

/// Who holds an account's runner lease, and until when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunnerLease {
    /// The holder's name, as its runner gave it.
    pub holder: String,
    /// When the lease lapses unless renewed.
    pub expires_at: DateTime<Utc>,
}

/// Storage of runner leases.
#[async_trait]
pub trait LeaseStore: Send + Sync {
    /// Claims or renews `account`'s lease for `holder` until `until`: granted when no
    /// lease stands, when `holder` holds it, or when the one standing lapsed by `now`
    /// (one statement, so that two claims at once cannot both win). Returns the lease
    /// that stands after the call: `holder`'s when granted, the other holder's when
    /// not.
    async fn claim_runner_lease(
        &self,
        account: AccountId,
        holder: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<RunnerLease, StoreError>;

    /// Ends `holder`'s lease of `account`; a lease another holds stays. Whether one
    /// ended.
    async fn release_runner_lease(
        &self,
        account: AccountId,
        holder: &str,
    ) -> Result<bool, StoreError>;
}

#[async_trait]
impl<B: Backend> LeaseStore for SqlStore<B> {
    async fn claim_runner_lease(
        &self,
        account: AccountId,
        holder: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<RunnerLease, StoreError> {
        // Refused, the standing lease is read in a second statement; its holder may
        // have released it in between. Then the account has no lease and the claim
        // runs again: a loop, as each turn either grants, finds a holder, or saw a
        // release (which another claim must have followed for it to be refused again).
        loop {
            let claimant = holder.to_owned();
            let granted: Option<String> = self
                .detached(move |conn| {
                    Box::pin(async move {
                        sql(
                            "INSERT INTO runner_leases (account_id, holder, expires_at) \
                             VALUES ($1, $2, $3) \
                             ON CONFLICT (account_id) DO UPDATE \
                             SET holder = excluded.holder, expires_at = excluded.expires_at \
                             WHERE runner_leases.holder = excluded.holder \
                                OR runner_leases.expires_at <= $4 \
                             RETURNING holder",
                        )
                        .bind(account.0)
                        .bind(claimant)
                        .bind(micros(until))
                        .bind(micros(now))
                        .values(conn)
                        .await
                        .map(|mut v| v.pop())
                    })
                })
                .await?;
            if granted.is_some() {
                return Ok(RunnerLease {
                    holder: holder.to_owned(),
                    expires_at: micros(until),
                });
            }
            let standing: Option<(String, DateTime<Utc>)> =
                sql("SELECT holder, expires_at FROM runner_leases WHERE account_id = $1")
                    .bind(account.0)
                    .optional(&mut self.conn().await?)
                    .await?;
            if let Some((holder, expires_at)) = standing {
                return Ok(RunnerLease { holder, expires_at });
            }
        }
    }

    async fn release_runner_lease(
        &self,
        account: AccountId,
        holder: &str,
    ) -> Result<bool, StoreError> {
        let holder = holder.to_owned();
        let ended = self
            .detached(move |conn| {
                Box::pin(async move {
                    sql("DELETE FROM runner_leases WHERE account_id = $1 AND holder = $2")
                        .bind(account.0)
                        .bind(holder)
                        .execute(conn)
                        .await
                })
            })
            .await?;
        Ok(ended > 0)
    }
}
