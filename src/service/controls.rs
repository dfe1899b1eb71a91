//! Account controls a player has over its own account: changing the password and
//! logging out everywhere.
//!
//! Every change that ends a way into an account (a browser session, an API token)
//! makes the account's open event streams in this process check theirs at once, so
//! that those opened by what ended stop; the streams of other instances check at
//! their next keep-alive (see [`Service::end_streams_of_revoked`]).

use std::net::IpAddr;

use super::Service;
use super::accounts::token_hash;
use crate::domain::Password;
use crate::error::{Error, Result};
use crate::store::Account;
use crate::store::accounts::Ended;

/// A password change, as asked.
#[derive(Debug, Clone)]
pub struct PasswordChange<'a> {
    /// The password now, as typed.
    pub current: &'a str,
    /// The new password, as typed.
    pub new: &'a str,
    /// The secret of the browser session asking, which stays signed in; `None` from
    /// the API, where every session ends.
    pub keep_session: Option<&'a str>,
    /// Whether every API token of the account is revoked too.
    pub revoke_tokens: bool,
    /// The client's address, for the log-in throttle.
    pub client: Option<IpAddr>,
}

impl Service {
    /// Changes `account`'s password, after checking the current one: every other
    /// browser session ends, and every API token too when asked (none otherwise).
    /// Returns what ended.
    ///
    /// A wrong current password counts as a failed log-in of the account from the
    /// client's address (see [`Service::log_in`]), so that a stolen session or
    /// token cannot be used to guess it.
    ///
    /// # Errors
    /// `invalid_password` (422) for a new password that is too short or too long,
    /// checked first; `wrong_password` (422) for a wrong current one; `rate_limited`
    /// (429) while the account's log-ins from this address are slowed.
    pub async fn change_password(
        &self,
        account: &Account,
        change: PasswordChange<'_>,
    ) -> Result<Ended> {
        let new = Password::parse(change.new)
            .map_err(|e| Error::unprocessable("invalid_password", e.to_string()))?;
        match self
            .log_in(account.username.as_str(), change.current, change.client)
            .await
        {
            Ok(found) if found.id == account.id => {}
            Ok(_) | Err(Error::BadCredentials) => {
                return Err(Error::unprocessable(
                    "wrong_password",
                    "the current password is wrong",
                ));
            }
            Err(e) => return Err(e),
        }
        let hash = super::passwords::hash(new.expose().to_owned()).await?;
        let keep = change.keep_session.map(token_hash);
        let ended = self
            .store
            .change_password(account.id, &hash, keep.as_deref(), change.revoke_tokens)
            .await?;
        self.end_streams_of_revoked(account.id);
        tracing::info!(
            account = %account.id,
            sessions = ended.sessions,
            tokens = ended.tokens,
            "password changed"
        );
        Ok(ended)
    }

    /// Ends every browser session of `account` (API tokens stay); returns how many.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn log_out_everywhere(&self, account: &Account) -> Result<u64> {
        let ended = self.store.end_sessions(account.id, None).await?;
        self.end_streams_of_revoked(account.id);
        Ok(ended)
    }
}
