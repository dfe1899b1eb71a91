//! Account controls: changing a password, ending an account's sessions. A part of
//! every [`Store`](super::Store) (a supertrait), implemented once for both backends.
//!
//! Whatever ends a way into an account (a session, a token) does so in the same
//! transaction as the change that asks for it, so that no reader sees the new
//! password beside an old session that should have ended.

use async_trait::async_trait;

use super::StoreError;
use super::dialect::Backend;
use super::sql::{SqlStore, sql};
use crate::domain::AccountId;

/// Storage of account controls.
#[async_trait]
pub trait AccountStore: Send + Sync {
    /// Replaces the account's password hash and, in the same transaction, deletes its
    /// browser sessions but the one whose hash is `keep`, and all its API tokens when
    /// `revoke_tokens`. Returns how many sessions and tokens were deleted.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown account.
    async fn change_password(
        &self,
        account: AccountId,
        password_hash: &str,
        keep: Option<&str>,
        revoke_tokens: bool,
    ) -> Result<Ended, StoreError>;

    /// Deletes every browser session of the account but the one whose hash is
    /// `keep`; returns how many.
    async fn end_sessions(&self, account: AccountId, keep: Option<&str>)
    -> Result<u64, StoreError>;
}

/// What a change ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ended {
    /// Browser sessions deleted.
    pub sessions: u64,
    /// API tokens deleted.
    pub tokens: u64,
}

/// Deletes the sessions of `$1` but the one whose hash is `$2` (none for `NULL`).
const END_SESSIONS: &str =
    "DELETE FROM sessions WHERE account_id = $1 AND ($2 IS NULL OR hash <> $2)";

#[async_trait]
impl<B: Backend> AccountStore for SqlStore<B> {
    async fn change_password(
        &self,
        account: AccountId,
        password_hash: &str,
        keep: Option<&str>,
        revoke_tokens: bool,
    ) -> Result<Ended, StoreError> {
        let password_hash = password_hash.to_owned();
        let keep = keep.map(str::to_owned);
        self.write(move |tx| {
            Box::pin(async move {
                sql("UPDATE accounts SET password_hash = $2 WHERE id = $1")
                    .bind(account.0)
                    .bind(password_hash.as_str())
                    .execute_found(tx)
                    .await?;
                let sessions = sql(END_SESSIONS)
                    .bind(account.0)
                    .bind(keep)
                    .execute(tx)
                    .await?;
                let tokens = if revoke_tokens {
                    sql("DELETE FROM tokens WHERE account_id = $1")
                        .bind(account.0)
                        .execute(tx)
                        .await?
                } else {
                    0
                };
                Ok(Ended { sessions, tokens })
            })
        })
        .await
    }

    async fn end_sessions(
        &self,
        account: AccountId,
        keep: Option<&str>,
    ) -> Result<u64, StoreError> {
        let keep = keep.map(str::to_owned);
        self.detached(move |conn| {
            Box::pin(async move {
                sql(END_SESSIONS)
                    .bind(account.0)
                    .bind(keep)
                    .execute(conn)
                    .await
            })
        })
        .await
    }
}
