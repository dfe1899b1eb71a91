//! Storage of the reminders a player sets (issue 21): the games the reminder sweeper
//! looks at, and the reminders sent, one row per game, ply, channel and time before
//! the deadline (`reminders_sent`, migration `0018_notify.sql`). Served by every
//! [`Store`], written once for both backends.
//!
//! A reminder is claimed by inserting its row, and what it sends (its events, its
//! push messages) is written in the same transaction: the primary key lets one
//! instance's sweeper win, so that two never send one reminder twice.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::push::{NewPushMessage, insert_push_message};
use crate::domain::{AccountId, GameId, PushSubscriptionId};
use crate::notifications::entity::Channel;
use crate::store::Store;
use crate::store::common::{
    GameRow, SELECT_REMINDER_PAGE, events_by_account, micros, parse, row_limit, to_i32,
};
use crate::store::dialect::Backend;
use crate::store::sql::{SqlStore, on_backend, sql};
use crate::store::{Event, Game, NewEvent, StoreError};

/// One reminder: to the player to move in a game at a ply, on a channel, at a time
/// before the deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reminder {
    /// The game.
    pub game: GameId,
    /// Its ply: the move awaited.
    pub ply: u32,
    /// The channel.
    pub channel: Channel,
    /// Minutes before the deadline.
    pub minutes: u32,
}

/// What a claimed reminder sends, written with its claim.
#[derive(Debug, Clone, Default)]
pub struct ReminderSends {
    /// Events (the `time_running_out` of the bot channel).
    pub events: Vec<NewEvent>,
    /// Push messages, per subscription.
    pub push: Vec<(PushSubscriptionId, NewPushMessage)>,
}

/// The reminders part of the storage.
#[async_trait]
pub trait ReminderStore: Send + Sync + 'static {
    /// Ongoing games whose clock runs with a deadline before `before`, in (deadline,
    /// id) order after `after` (from the start for `None`), at most `limit` (at most
    /// 500).
    async fn reminder_games(
        &self,
        before: DateTime<Utc>,
        after: Option<(DateTime<Utc>, GameId)>,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError>;

    /// The reminders sent in ongoing games at their current plies whose deadline is
    /// before `before`.
    async fn sent_reminders(&self, before: DateTime<Utc>) -> Result<Vec<Reminder>, StoreError>;

    /// Claims `reminder` for `account` at `at` and writes what it `sends`, in one
    /// transaction; `false` (and nothing written) when it was claimed already, or
    /// the game is no longer ongoing at that ply.
    async fn claim_reminder(
        &self,
        reminder: Reminder,
        account: AccountId,
        at: DateTime<Utc>,
        sends: ReminderSends,
    ) -> Result<(bool, Vec<Event>), StoreError>;

    /// Gives a claimed reminder back (its mail could not be sent): a later sweep
    /// claims it again.
    async fn unclaim_reminder(&self, reminder: Reminder) -> Result<(), StoreError>;

    /// Deletes the rows of reminders sent before `before` in games no longer ongoing
    /// at that ply; returns how many.
    async fn purge_reminders(&self, before: DateTime<Utc>) -> Result<u64, StoreError>;
}

#[async_trait]
impl<S: Store + ?Sized> ReminderStore for S {
    async fn reminder_games(
        &self,
        before: DateTime<Utc>,
        after: Option<(DateTime<Utc>, GameId)>,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        on_backend!(self.sql(), s => reminder_games(s, before, after, limit).await)
    }

    async fn sent_reminders(&self, before: DateTime<Utc>) -> Result<Vec<Reminder>, StoreError> {
        on_backend!(self.sql(), s => sent_reminders(s, before).await)
    }

    async fn claim_reminder(
        &self,
        reminder: Reminder,
        account: AccountId,
        at: DateTime<Utc>,
        sends: ReminderSends,
    ) -> Result<(bool, Vec<Event>), StoreError> {
        on_backend!(self.sql(), s => claim_reminder(s, reminder, account, at, sends).await)
    }

    async fn unclaim_reminder(&self, reminder: Reminder) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => unclaim_reminder(s, reminder).await)
    }

    async fn purge_reminders(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        on_backend!(self.sql(), s => purge_reminders(s, before).await)
    }
}

async fn reminder_games<B: Backend>(
    store: &SqlStore<B>,
    before: DateTime<Utc>,
    after: Option<(DateTime<Utc>, GameId)>,
    limit: u32,
) -> Result<Vec<Game>, StoreError> {
    let (deadline, id) = after.map_or((DateTime::<Utc>::UNIX_EPOCH, Uuid::nil()), |(d, g)| {
        (micros(d), g.0)
    });
    let rows: Vec<GameRow> = sql(SELECT_REMINDER_PAGE)
        .bind(before)
        .bind(deadline)
        .bind(id)
        .bind(row_limit(limit))
        .all(&mut store.conn().await?)
        .await?;
    rows.into_iter().map(GameRow::parse).collect()
}

async fn sent_reminders<B: Backend>(
    store: &SqlStore<B>,
    before: DateTime<Utc>,
) -> Result<Vec<Reminder>, StoreError> {
    let rows: Vec<(Uuid, i32, String, i32)> = sql(
        "SELECT r.game_id, r.ply, r.channel, r.minutes FROM reminders_sent r \
         JOIN games g ON g.id = r.game_id AND g.ply = r.ply \
         WHERE g.status = 'ongoing' AND g.deadline < $1",
    )
    .bind(before)
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter()
        .map(|(game, ply, channel, minutes)| {
            Ok(Reminder {
                game: GameId(game),
                ply: crate::store::common::count("ply", ply)?,
                channel: parse("channel", &channel)?,
                minutes: crate::store::common::count("minutes", minutes)?,
            })
        })
        .collect()
}

async fn claim_reminder<B: Backend>(
    store: &SqlStore<B>,
    reminder: Reminder,
    account: AccountId,
    at: DateTime<Utc>,
    sends: ReminderSends,
) -> Result<(bool, Vec<Event>), StoreError> {
    let ply = to_i32("ply", reminder.ply)?;
    let minutes = to_i32("minutes", reminder.minutes)?;
    let events = events_by_account(&sends.events);
    store
        .write_events(move |tx| {
            Box::pin(async move {
                // Claimed only while the game awaits that ply: a claim never outlives
                // the move it reminds of.
                let claimed = sql("INSERT INTO reminders_sent \
                 (game_id, ply, channel, minutes, account_id, sent_at) \
                 SELECT id, $2, $3, $4, $5, $6 FROM games \
                 WHERE id = $1 AND ply = $2 AND status = 'ongoing' \
                 ON CONFLICT (game_id, ply, channel, minutes) DO NOTHING")
                .bind(reminder.game.0)
                .bind(ply)
                .bind(reminder.channel.as_str())
                .bind(minutes)
                .bind(account.0)
                .bind(micros(at))
                .execute(tx)
                .await?;
                if claimed == 0 {
                    return Ok((false, Vec::new()));
                }
                for (subscription, message) in sends.push {
                    insert_push_message(tx, subscription, message).await?;
                }
                Ok((true, B::insert_events(tx, &events).await?))
            })
        })
        .await
}

async fn unclaim_reminder<B: Backend>(
    store: &SqlStore<B>,
    reminder: Reminder,
) -> Result<(), StoreError> {
    sql("DELETE FROM reminders_sent \
         WHERE game_id = $1 AND ply = $2 AND channel = $3 AND minutes = $4")
    .bind(reminder.game.0)
    .bind(to_i32("ply", reminder.ply)?)
    .bind(reminder.channel.as_str())
    .bind(to_i32("minutes", reminder.minutes)?)
    .execute(&mut store.conn().await?)
    .await
    .map(drop)
}

async fn purge_reminders<B: Backend>(
    store: &SqlStore<B>,
    before: DateTime<Utc>,
) -> Result<u64, StoreError> {
    store
        .delete_before(
            "DELETE FROM reminders_sent WHERE sent_at < $1 AND NOT EXISTS \
         (SELECT 1 FROM games g WHERE g.id = reminders_sent.game_id \
          AND g.ply = reminders_sent.ply AND g.status = 'ongoing')",
            before,
        )
        .await
}
