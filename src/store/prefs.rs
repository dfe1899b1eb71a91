//! How each account likes to play (the play settings page). A part of every
//! [`Store`](super::Store) (a supertrait), implemented once for both backends.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::StoreError;
use super::common::micros;
use super::dialect::Backend;
use super::sql::{SqlStore, sql};
use crate::domain::AccountId;

/// An account's play settings. The default is what an account that never saved any
/// gets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlaySettings {
    /// A move is confirmed before it is sent: a first press of a pit selects it, a
    /// second press (or Confirm) plays it. Off by default.
    pub confirm_moves: bool,
}

/// Storage of play settings.
#[async_trait]
pub trait PrefsStore: Send + Sync {
    /// The account's play settings (the defaults until it saves its own).
    async fn play_settings(&self, account: AccountId) -> Result<PlaySettings, StoreError>;

    /// Saves the account's play settings.
    async fn set_play_settings(
        &self,
        account: AccountId,
        settings: PlaySettings,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
}

#[async_trait]
impl<B: Backend> PrefsStore for SqlStore<B> {
    async fn play_settings(&self, account: AccountId) -> Result<PlaySettings, StoreError> {
        let stored: Option<(bool,)> =
            sql("SELECT confirm_moves FROM play_settings WHERE account_id = $1")
                .bind(account.0)
                .optional(&mut self.conn().await?)
                .await?;
        Ok(
            stored.map_or_else(PlaySettings::default, |(confirm_moves,)| PlaySettings {
                confirm_moves,
            }),
        )
    }

    async fn set_play_settings(
        &self,
        account: AccountId,
        settings: PlaySettings,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        sql(
            "INSERT INTO play_settings (account_id, confirm_moves, updated_at) \
             VALUES ($1, $2, $3) ON CONFLICT (account_id) \
             DO UPDATE SET confirm_moves = excluded.confirm_moves, \
                           updated_at = excluded.updated_at",
        )
        .bind(account.0)
        .bind(settings.confirm_moves)
        .bind(micros(at))
        .execute(&mut self.conn().await?)
        .await
        .map(drop)
    }
}
