//! E-mail on your turn (issue 21): the turns awaiting a mail, each player's mail
//! throttle, and the game pages players have open. Served by every
//! [`Store`], written once for both backends.
//!
//! Every instance may queue a turn; the primary key (player, game, ply) keeps one row
//! (insert-or-ignore). One instance at a time sends a player's mail: it claims the
//! player's throttle row with a lease, in one conditional upsert that also checks the
//! throttle and the back-off (see [`TurnMailStore::claim_turn_mail`]).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::domain::{AccountId, Event, GameId};
use crate::store::Store;
use crate::store::StoreError;
use crate::store::common::{EventRow, count, micros, row_limit};
use crate::store::dialect::Backend;
use crate::store::sql::{SqlStore, on_backend, sql};

/// A turn: the player `account` is to answer ply `ply` of `game`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    /// Whose turn it is.
    pub account: AccountId,
    /// In which game.
    pub game: GameId,
    /// The game's ply once the opponent moved.
    pub ply: u32,
}

/// How a queued turn ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum TurnEnd {
    /// A mail named it.
    Sent,
    /// It was dropped unsent: the player moved already, had the game open, or turned
    /// the mails off.
    Skipped,
}

/// How a claim of a player's turn mail ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Release {
    /// Nothing was sent (nothing was due, or the SMTP server could not be reached).
    Unsent,
    /// The mail went out: the throttle starts again, the failures are forgotten.
    Mailed,
    /// The SMTP server refused it: `failures` in a row, tried again at `retry_at`.
    Failed {
        /// Failures in a row, this one counted.
        failures: u32,
        /// Not tried again before.
        retry_at: DateTime<Utc>,
    },
}

/// Storage of turn mails and game presence.
#[async_trait]
pub trait TurnMailStore: Send + Sync + 'static {
    /// The `your_turn` events written at or after `since`, oldest first, at most
    /// `limit`, of the accounts that both set an e-mail address (the Reminders page)
    /// and saved notification settings (turn mails are off by default): those that
    /// may want a turn mail.
    async fn turn_events(&self, since: DateTime<Utc>, limit: u32)
    -> Result<Vec<Event>, StoreError>;

    /// Queues `turns` as pending at `at`; a turn queued before (by any instance) is
    /// left as it is. Returns how many were new.
    async fn queue_turn_mails(&self, turns: &[Turn], at: DateTime<Utc>) -> Result<u64, StoreError>;

    /// The accounts with pending turns, at most `limit`.
    async fn turn_mail_accounts(&self, limit: u32) -> Result<Vec<AccountId>, StoreError>;

    /// Claims the sending of `account`'s turn mail until `lease_until`: only when no
    /// other instance holds it at `now`, its last mail went out no later than
    /// `sent_before` (the throttle), and no back-off runs past `now`. Returns the
    /// failures in a row so far when claimed, `None` when not.
    async fn claim_turn_mail(
        &self,
        account: AccountId,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        sent_before: DateTime<Utc>,
    ) -> Result<Option<u32>, StoreError>;

    /// The account's pending turns, oldest first.
    async fn pending_turn_mails(&self, account: AccountId) -> Result<Vec<Turn>, StoreError>;

    /// Ends the claim of `account`'s mail at `at` (see [`Release`]) and marks
    /// `ended` turns (those still pending), in one transaction.
    async fn finish_turn_mail(
        &self,
        account: AccountId,
        ended: &[(Turn, TurnEnd)],
        release: Release,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Deletes the turns that ended before `before`; returns how many.
    async fn purge_turn_mails(&self, before: DateTime<Utc>) -> Result<u64, StoreError>;

    /// Marks that the page `id` (one open stream) of `account` shows `game` at `at`.
    async fn mark_presence(
        &self,
        id: Uuid,
        account: AccountId,
        game: GameId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Forgets the page `id` (its stream ended).
    async fn leave_presence(&self, id: Uuid) -> Result<(), StoreError>;

    /// Whether `account` had a page of `game` open at or after `since`.
    async fn present(
        &self,
        account: AccountId,
        game: GameId,
        since: DateTime<Utc>,
    ) -> Result<bool, StoreError>;

    /// Deletes the marks older than `before`; returns how many.
    async fn purge_presence(&self, before: DateTime<Utc>) -> Result<u64, StoreError>;
}

/// A row of `turn_mails`.
#[derive(sqlx::FromRow)]
struct TurnRow {
    account_id: Uuid,
    game_id: Uuid,
    ply: i32,
}

impl TurnRow {
    fn parse(self) -> Result<Turn, StoreError> {
        Ok(Turn {
            account: AccountId(self.account_id),
            game: GameId(self.game_id),
            ply: count("ply", i64::from(self.ply))?,
        })
    }
}

#[async_trait]
impl<S: Store + ?Sized> TurnMailStore for S {
    async fn turn_events(
        &self,
        since: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => turn_events(s, since, limit).await)
    }

    async fn queue_turn_mails(&self, turns: &[Turn], at: DateTime<Utc>) -> Result<u64, StoreError> {
        on_backend!(self.sql(), s => queue_turn_mails(s, turns, at).await)
    }

    async fn turn_mail_accounts(&self, limit: u32) -> Result<Vec<AccountId>, StoreError> {
        on_backend!(self.sql(), s => turn_mail_accounts(s, limit).await)
    }

    async fn claim_turn_mail(
        &self,
        account: AccountId,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        sent_before: DateTime<Utc>,
    ) -> Result<Option<u32>, StoreError> {
        on_backend!(self.sql(), s => claim_turn_mail(s, account, now, lease_until, sent_before).await)
    }

    async fn pending_turn_mails(&self, account: AccountId) -> Result<Vec<Turn>, StoreError> {
        on_backend!(self.sql(), s => pending_turn_mails(s, account).await)
    }

    async fn finish_turn_mail(
        &self,
        account: AccountId,
        ended: &[(Turn, TurnEnd)],
        release: Release,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => finish_turn_mail(s, account, ended, release, at).await)
    }

    async fn purge_turn_mails(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        on_backend!(self.sql(), s => purge_turn_mails(s, before).await)
    }

    async fn mark_presence(
        &self,
        id: Uuid,
        account: AccountId,
        game: GameId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => mark_presence(s, id, account, game, at).await)
    }

    async fn leave_presence(&self, id: Uuid) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => leave_presence(s, id).await)
    }

    async fn present(
        &self,
        account: AccountId,
        game: GameId,
        since: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_backend!(self.sql(), s => present(s, account, game, since).await)
    }

    async fn purge_presence(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        on_backend!(self.sql(), s => purge_presence(s, before).await)
    }
}

async fn turn_events<B: Backend>(
    store: &SqlStore<B>,
    since: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<Event>, StoreError> {
    let rows: Vec<EventRow> = sql(
        "SELECT e.account_id, e.seq, e.kind, e.payload, e.created_at FROM events e \
         JOIN digest_settings d ON d.account_id = e.account_id \
         JOIN notification_settings n ON n.account_id = e.account_id \
         WHERE e.kind = 'your_turn' AND e.created_at >= $1 \
         ORDER BY e.created_at, e.account_id, e.seq LIMIT $2",
    )
    .bind(micros(since))
    .bind(row_limit(limit))
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter().map(EventRow::parse).collect()
}

async fn queue_turn_mails<B: Backend>(
    store: &SqlStore<B>,
    turns: &[Turn],
    at: DateTime<Utc>,
) -> Result<u64, StoreError> {
    if turns.is_empty() {
        return Ok(0);
    }
    let turns = turns.to_vec();
    store
        .write(move |tx| {
            Box::pin(async move {
                let mut queued = 0;
                for turn in turns {
                    queued += sql(
                        "INSERT INTO turn_mails (account_id, game_id, ply, status, queued_at) \
                     VALUES ($1, $2, $3, 'pending', $4) \
                     ON CONFLICT (account_id, game_id, ply) DO NOTHING",
                    )
                    .bind(turn.account.0)
                    .bind(turn.game.0)
                    .bind(i32::try_from(turn.ply).unwrap_or(i32::MAX))
                    .bind(micros(at))
                    .execute(tx)
                    .await?;
                }
                Ok(queued)
            })
        })
        .await
}

async fn turn_mail_accounts<B: Backend>(
    store: &SqlStore<B>,
    limit: u32,
) -> Result<Vec<AccountId>, StoreError> {
    let ids: Vec<Uuid> =
        sql("SELECT DISTINCT account_id FROM turn_mails WHERE status = 'pending' LIMIT $1")
            .bind(row_limit(limit))
            .values(&mut store.conn().await?)
            .await?;
    Ok(ids.into_iter().map(AccountId).collect())
}

async fn claim_turn_mail<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    sent_before: DateTime<Utc>,
) -> Result<Option<u32>, StoreError> {
    // One statement: a first claim inserts the row, a later one updates it only
    // when no lease, throttle or back-off stands in the way (else no row).
    let failures: Option<i32> = store
        .detached(move |conn| {
            Box::pin(async move {
                sql(
                    "INSERT INTO turn_mail_accounts (account_id, failures, lease_until) \
                     VALUES ($1, 0, $3) \
                     ON CONFLICT (account_id) DO UPDATE SET lease_until = excluded.lease_until \
                     WHERE (turn_mail_accounts.lease_until IS NULL \
                            OR turn_mail_accounts.lease_until <= $2) \
                       AND (turn_mail_accounts.last_sent_at IS NULL \
                            OR turn_mail_accounts.last_sent_at <= $4) \
                       AND (turn_mail_accounts.retry_at IS NULL \
                            OR turn_mail_accounts.retry_at <= $2) \
                     RETURNING failures",
                )
                .bind(account.0)
                .bind(micros(now))
                .bind(micros(lease_until))
                .bind(micros(sent_before))
                .values(conn)
                .await
                .map(|mut v| v.pop())
            })
        })
        .await?;
    failures
        .map(|f| count("failures", i64::from(f)))
        .transpose()
}

async fn pending_turn_mails<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<Turn>, StoreError> {
    let rows: Vec<TurnRow> = sql("SELECT account_id, game_id, ply FROM turn_mails \
         WHERE account_id = $1 AND status = 'pending' ORDER BY queued_at, game_id")
    .bind(account.0)
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter().map(TurnRow::parse).collect()
}

async fn finish_turn_mail<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    ended: &[(Turn, TurnEnd)],
    release: Release,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    let ended = ended.to_vec();
    store
        .write(move |tx| {
            Box::pin(async move {
                for (turn, end) in ended {
                    let status: &'static str = end.into();
                    sql("UPDATE turn_mails SET status = $4, done_at = $5 \
                     WHERE account_id = $1 AND game_id = $2 AND ply = $3 \
                       AND status = 'pending'")
                    .bind(turn.account.0)
                    .bind(turn.game.0)
                    .bind(i32::try_from(turn.ply).unwrap_or(i32::MAX))
                    .bind(status)
                    .bind(micros(at))
                    .execute(tx)
                    .await?;
                }
                let release = match release {
                    Release::Unsent => sql(
                        "UPDATE turn_mail_accounts SET lease_until = NULL WHERE account_id = $1",
                    )
                    .bind(account.0),
                    Release::Mailed => sql(
                        "UPDATE turn_mail_accounts SET last_sent_at = $2, failures = 0, \
                     retry_at = NULL, lease_until = NULL WHERE account_id = $1",
                    )
                    .bind(account.0)
                    .bind(micros(at)),
                    Release::Failed { failures, retry_at } => sql(
                        "UPDATE turn_mail_accounts SET failures = $2, retry_at = $3, \
                     lease_until = NULL WHERE account_id = $1",
                    )
                    .bind(account.0)
                    .bind(i32::try_from(failures).unwrap_or(i32::MAX))
                    .bind(micros(retry_at)),
                };
                release.execute(tx).await.map(drop)
            })
        })
        .await
}

async fn purge_turn_mails<B: Backend>(
    store: &SqlStore<B>,
    before: DateTime<Utc>,
) -> Result<u64, StoreError> {
    store
        .delete_before(
            "DELETE FROM turn_mails WHERE status <> 'pending' AND done_at < $1",
            before,
        )
        .await
}

async fn mark_presence<B: Backend>(
    store: &SqlStore<B>,
    id: Uuid,
    account: AccountId,
    game: GameId,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    store
        .detached(move |conn| {
            Box::pin(async move {
                sql(
                    "INSERT INTO game_presence (id, account_id, game_id, seen_at) \
                 VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at",
                )
                .bind(id)
                .bind(account.0)
                .bind(game.0)
                .bind(micros(at))
                .execute(conn)
                .await
                .map(drop)
            })
        })
        .await
}

async fn leave_presence<B: Backend>(store: &SqlStore<B>, id: Uuid) -> Result<(), StoreError> {
    store
        .detached(move |conn| {
            Box::pin(async move {
                sql("DELETE FROM game_presence WHERE id = $1")
                    .bind(id)
                    .execute(conn)
                    .await
                    .map(drop)
            })
        })
        .await
}

async fn present<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    game: GameId,
    since: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let found: Option<(i32,)> = sql("SELECT 1 FROM game_presence \
         WHERE account_id = $1 AND game_id = $2 AND seen_at >= $3 LIMIT 1")
    .bind(account.0)
    .bind(game.0)
    .bind(micros(since))
    .optional(&mut store.conn().await?)
    .await?;
    Ok(found.is_some())
}

async fn purge_presence<B: Backend>(
    store: &SqlStore<B>,
    before: DateTime<Utc>,
) -> Result<u64, StoreError> {
    store
        .delete_before("DELETE FROM game_presence WHERE seen_at < $1", before)
        .await
}
