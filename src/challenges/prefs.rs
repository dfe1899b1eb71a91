//! How each account likes to play: the play settings page's settings.

use crate::error::Result;
use crate::service::Service;
use crate::store::{Account, PlaySettings};

impl Service {
    /// The account's play settings (the defaults until it saves its own).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn play_settings(&self, account: &Account) -> Result<PlaySettings> {
        Ok(self.store.play_settings(account.id).await?)
    }

    /// Saves the account's play settings.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn set_play_settings(&self, account: &Account, settings: PlaySettings) -> Result<()> {
        Ok(self
            .store
            .set_play_settings(account.id, settings, self.now())
            .await?)
    }
}
