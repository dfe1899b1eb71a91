//! How each account likes to play: the play settings page, and the challenge filters
//! of bots (issue 23). A part of every [`Store`](super::Store) (a supertrait),
//! implemented once for both backends.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::StoreError;
use super::common::micros;
use super::dialect::Backend;
use super::sql::{AsConn, SqlStore, sql};
use crate::domain::{AccountId, ChallengeFilters, DaysPerMove};
use seedpost_rules::Variant;

/// An account's play settings. The default is what an account that never saved any
/// gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaySettings {
    /// A move is confirmed before it is sent: a first press of a pit selects it, a
    /// second press (or Confirm) plays it. Off by default.
    pub confirm_moves: bool,
    /// Moves are shown at once, without the board's sowing animation. Off by default
    /// (the animation also stays off for a reader who asks for reduced motion).
    pub still_moves: bool,
    /// The account chats with its opponents in its games. On by default; off, nobody
    /// chats with it and its games show no chat.
    pub chat: bool,
}

impl Default for PlaySettings {
    fn default() -> PlaySettings {
        PlaySettings {
            confirm_moves: false,
            still_moves: false,
            chat: true,
        }
    }
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

    /// The challenges the account takes, or `None` when it takes every challenge.
    async fn challenge_filters(
        &self,
        account: AccountId,
    ) -> Result<Option<ChallengeFilters>, StoreError>;

    /// Saves the account's challenge filters; `None` removes them (every challenge
    /// taken).
    async fn set_challenge_filters(
        &self,
        account: AccountId,
        filters: Option<&ChallengeFilters>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
}

/// A row of `challenge_filters`.
#[derive(sqlx::FromRow)]
pub(super) struct FiltersRow {
    variants: String,
    min_days: i32,
    max_days: i32,
    rated: bool,
    casual: bool,
    from_bots: bool,
    from_humans: bool,
}

impl FiltersRow {
    pub(super) fn parse(self) -> Result<ChallengeFilters, StoreError> {
        let corrupt =
            |what: &str| StoreError::Invalid(format!("corrupt challenge filters: {what}"));
        let variants = self
            .variants
            .split(' ')
            .map(|v| v.parse::<Variant>().map_err(|_| corrupt("variants")))
            .collect::<Result<Vec<_>, _>>()?;
        let days = |d: i32| DaysPerMove::new(i64::from(d)).map_err(|_| corrupt("days"));
        ChallengeFilters::new(
            &variants,
            (days(self.min_days)?, days(self.max_days)?),
            (self.rated, self.casual),
            (self.from_bots, self.from_humans),
        )
        .map_err(|e| corrupt(&e.to_string()))
    }
}

#[async_trait]
impl<B: Backend> PrefsStore for SqlStore<B> {
    async fn play_settings(&self, account: AccountId) -> Result<PlaySettings, StoreError> {
        let stored: Option<(bool, bool, bool)> =
            sql("SELECT confirm_moves, still_moves, chat FROM play_settings WHERE account_id = $1")
                .bind(account.0)
                .optional(&mut self.conn().await?)
                .await?;
        Ok(stored.map_or_else(
            PlaySettings::default,
            |(confirm_moves, still_moves, chat)| PlaySettings {
                confirm_moves,
                still_moves,
                chat,
            },
        ))
    }

    async fn set_play_settings(
        &self,
        account: AccountId,
        settings: PlaySettings,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        insert_play_settings(&mut self.conn().await?, account, settings, at).await
    }

    async fn challenge_filters(
        &self,
        account: AccountId,
    ) -> Result<Option<ChallengeFilters>, StoreError> {
        let row: Option<FiltersRow> = sql(
            "SELECT variants, min_days, max_days, rated, casual, from_bots, from_humans \
             FROM challenge_filters WHERE account_id = $1",
        )
        .bind(account.0)
        .optional(&mut self.conn().await?)
        .await?;
        row.map(FiltersRow::parse).transpose()
    }

    async fn set_challenge_filters(
        &self,
        account: AccountId,
        filters: Option<&ChallengeFilters>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let Some(filters) = filters else {
            return sql("DELETE FROM challenge_filters WHERE account_id = $1")
                .bind(account.0)
                .execute(&mut self.conn().await?)
                .await
                .map(drop);
        };
        insert_filters(&mut self.conn().await?, account, filters, at).await
    }
}

/// Saves `settings` as the account's play settings (replacing any), on `conn`: the
/// settings page and the import write them alike.
pub(super) async fn insert_play_settings<B: Backend>(
    conn: &mut impl AsConn<B>,
    account: AccountId,
    settings: PlaySettings,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    sql(
        "INSERT INTO play_settings (account_id, confirm_moves, still_moves, chat, updated_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id) \
         DO UPDATE SET confirm_moves = excluded.confirm_moves, \
                       still_moves = excluded.still_moves, chat = excluded.chat, \
                       updated_at = excluded.updated_at",
    )
    .bind(account.0)
    .bind(settings.confirm_moves)
    .bind(settings.still_moves)
    .bind(settings.chat)
    .bind(micros(at))
    .execute(conn)
    .await
    .map(drop)
}

/// Saves `filters` as the account's (replacing any), on `conn`: the settings page and
/// the import write them alike.
pub(super) async fn insert_filters<B: Backend>(
    conn: &mut impl AsConn<B>,
    account: AccountId,
    filters: &ChallengeFilters,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    let variants: Vec<&str> = filters.variants().iter().map(|v| v.as_str()).collect();
    let (min, max) = filters.days();
    let (rated, casual) = filters.terms();
    let (from_bots, from_humans) = filters.from();
    sql(
        "INSERT INTO challenge_filters (account_id, variants, min_days, max_days, rated, \
                                        casual, from_bots, from_humans, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (account_id) \
         DO UPDATE SET variants = excluded.variants, min_days = excluded.min_days, \
                       max_days = excluded.max_days, rated = excluded.rated, \
                       casual = excluded.casual, from_bots = excluded.from_bots, \
                       from_humans = excluded.from_humans, \
                       updated_at = excluded.updated_at",
    )
    .bind(account.0)
    .bind(variants.join(" "))
    .bind(i32::from(min.days()))
    .bind(i32::from(max.days()))
    .bind(rated)
    .bind(casual)
    .bind(from_bots)
    .bind(from_humans)
    .bind(micros(at))
    .execute(conn)
    .await
    .map(drop)
}
