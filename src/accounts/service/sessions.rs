//! Browser sessions: a random cookie secret, stored only as its SHA-256, with a form
//! token against cross-site requests.

use chrono::{DateTime, Utc};

use crate::domain::{random_hex, token_hash};
use crate::error::Result;
use crate::service::Service;
use crate::store::{Account, NewSession, Session, StoreError};

/// How long a browser session lasts.
pub const SESSION_DAYS: i64 = 30;

/// A session just started: the secret for the cookie (shown once, never stored).
#[derive(Debug, Clone)]
pub struct StartedSession {
    /// The cookie's value: 64 hex digits (256 random bits).
    pub secret: String,
    /// The session's form token.
    pub csrf: String,
    /// When it stops being valid.
    pub expires_at: DateTime<Utc>,
}

impl Service {
    /// Starts a new browser session for `account` (at each log-in, so that a session
    /// id planted before it is worthless).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn start_session(&self, account: &Account) -> Result<StartedSession> {
        let now = self.now();
        let started = StartedSession {
            secret: random_hex(),
            csrf: random_hex(),
            expires_at: now + chrono::Duration::days(SESSION_DAYS),
        };
        self.store
            .create_session(NewSession {
                hash: token_hash(&started.secret),
                account: account.id,
                csrf: started.csrf.clone(),
                created_at: now,
                expires_at: started.expires_at,
            })
            .await?;
        Ok(started)
    }

    /// The live session whose cookie holds `secret`, or `None` for an unknown or
    /// expired one.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn session(&self, secret: &str) -> Result<Option<Session>> {
        match self.store.session(&token_hash(secret), self.now()).await {
            Ok(session) => Ok(Some(session)),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Ends the session whose cookie holds `secret` (and sweeps expired ones).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn end_session(&self, secret: &str) -> Result<()> {
        Ok(self
            .store
            .delete_session(&token_hash(secret), self.now())
            .await?)
    }
}
