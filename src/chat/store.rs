//! The chat's SQL: blocks, chat lines (with their events), reports and mutes.
//! Written once over the core's [`SqlStore`] for any [`Backend`]; [`ChatStore`]
//! serves it from any [`Store`].

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::domain::{AccountId, Event, GameId, NewEvent};
use crate::store::common::{events_by_account, micros};
use crate::store::dialect::Backend;
use crate::store::sql::{SqlStore, Statement, on_backend, sql};
use crate::store::{Store, StoreError};

/// A chat line as stored, with its writer's name (a deleted account's placeholder).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// Its id.
    pub id: Uuid,
    /// The game it was written in.
    pub game: GameId,
    /// Who wrote it.
    pub account: AccountId,
    /// Their name now.
    pub username: String,
    /// The text, as written.
    pub text: String,
    /// When.
    pub at: DateTime<Utc>,
}

/// An account blocked by another, with its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    /// The blocked account.
    pub account: AccountId,
    /// Its name now.
    pub username: String,
    /// Since when.
    pub since: DateTime<Utc>,
}

/// A reported chat line, for the operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The line.
    pub line: ChatLine,
    /// Who reported it.
    pub reporter: String,
    /// When.
    pub at: DateTime<Utc>,
}

/// The result of adding a chat line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// Stored, with its events.
    Stored(Vec<Event>),
    /// Refused: the writer wrote its most lines of the window already.
    TooMany,
}

/// A row of `chat_lines` joined with its writer's name.
#[derive(sqlx::FromRow)]
struct LineRow {
    id: Uuid,
    game_id: Uuid,
    account_id: Uuid,
    username: String,
    text: String,
    created_at: DateTime<Utc>,
}

impl From<LineRow> for ChatLine {
    fn from(r: LineRow) -> ChatLine {
        ChatLine {
            id: r.id,
            game: GameId(r.game_id),
            account: AccountId(r.account_id),
            username: r.username,
            text: r.text,
            at: r.created_at,
        }
    }
}

/// The columns of a [`LineRow`], `l` the chat line and `a` its writer.
macro_rules! line_columns {
    () => {
        "l.id, l.game_id, l.account_id, a.username, l.text, l.created_at"
    };
}

/// The chat's storage. Served by every [`Store`].
#[async_trait]
pub trait ChatStore {
    /// The accounts `account` blocked, by name.
    async fn blocks(&self, account: AccountId) -> Result<Vec<Blocked>, StoreError>;

    /// `account` blocks `blocked` (again: no change).
    async fn block(
        &self,
        account: AccountId,
        blocked: AccountId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// `account` unblocks `blocked`; whether it had blocked it.
    async fn unblock(&self, account: AccountId, blocked: AccountId) -> Result<bool, StoreError>;

    /// Whether either of `a` and `b` blocked the other.
    async fn blocked_between(&self, a: AccountId, b: AccountId) -> Result<bool, StoreError>;

    /// Stores `line` with `events`, unless its writer wrote `most` lines or more
    /// since `since` (one statement: concurrent lines of one writer are counted by
    /// the database).
    async fn add_chat_line(
        &self,
        line: &ChatLine,
        events: &[NewEvent],
        since: DateTime<Utc>,
        most: u32,
    ) -> Result<Added, StoreError>;

    /// The chat of `game`, oldest first.
    async fn chat_lines(&self, game: GameId) -> Result<Vec<ChatLine>, StoreError>;

    /// Line `id` of `game`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for no such line in that game.
    async fn chat_line(&self, game: GameId, id: Uuid) -> Result<ChatLine, StoreError>;

    /// `reporter` reports line `id` (again: no change).
    async fn report_line(
        &self,
        id: Uuid,
        reporter: AccountId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// The reports, latest first, at most `limit`.
    async fn reports(&self, limit: u32) -> Result<Vec<Report>, StoreError>;

    /// Stops `account`'s chat until `until` (replacing any mute).
    async fn mute(
        &self,
        account: AccountId,
        until: DateTime<Utc>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Until when `account`'s chat is stopped, if it ever was.
    async fn muted_until(&self, account: AccountId) -> Result<Option<DateTime<Utc>>, StoreError>;

    /// The chat of every game `account` played, oldest first (for its export).
    async fn chat_of_player(&self, account: AccountId) -> Result<Vec<ChatLine>, StoreError>;
}

#[async_trait]
impl<S: Store + ?Sized> ChatStore for S {
    async fn blocks(&self, account: AccountId) -> Result<Vec<Blocked>, StoreError> {
        on_backend!(self.sql(), s => blocks(s, account).await)
    }

    async fn block(
        &self,
        account: AccountId,
        blocked: AccountId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => block(s, account, blocked, at).await)
    }

    async fn unblock(&self, account: AccountId, blocked: AccountId) -> Result<bool, StoreError> {
        on_backend!(self.sql(), s => unblock(s, account, blocked).await)
    }

    async fn blocked_between(&self, a: AccountId, b: AccountId) -> Result<bool, StoreError> {
        on_backend!(self.sql(), s => blocked_between(s, a, b).await)
    }

    async fn add_chat_line(
        &self,
        line: &ChatLine,
        events: &[NewEvent],
        since: DateTime<Utc>,
        most: u32,
    ) -> Result<Added, StoreError> {
        on_backend!(self.sql(), s => add_chat_line(s, line.clone(), events, since, most).await)
    }

    async fn chat_lines(&self, game: GameId) -> Result<Vec<ChatLine>, StoreError> {
        on_backend!(self.sql(), s => chat_lines(s, game).await)
    }

    async fn chat_line(&self, game: GameId, id: Uuid) -> Result<ChatLine, StoreError> {
        on_backend!(self.sql(), s => chat_line(s, game, id).await)
    }

    async fn report_line(
        &self,
        id: Uuid,
        reporter: AccountId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => report_line(s, id, reporter, at).await)
    }

    async fn reports(&self, limit: u32) -> Result<Vec<Report>, StoreError> {
        on_backend!(self.sql(), s => reports(s, limit).await)
    }

    async fn mute(
        &self,
        account: AccountId,
        until: DateTime<Utc>,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => mute(s, account, until, at).await)
    }

    async fn muted_until(&self, account: AccountId) -> Result<Option<DateTime<Utc>>, StoreError> {
        on_backend!(self.sql(), s => muted_until(s, account).await)
    }

    async fn chat_of_player(&self, account: AccountId) -> Result<Vec<ChatLine>, StoreError> {
        on_backend!(self.sql(), s => chat_of_player(s, account).await)
    }
}

async fn blocks<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<Blocked>, StoreError> {
    let rows: Vec<(Uuid, String, DateTime<Utc>)> = sql(
        "SELECT b.blocked_id, a.username, b.created_at FROM blocks b \
         JOIN accounts a ON a.id = b.blocked_id \
         WHERE b.account_id = $1 ORDER BY a.username_key",
    )
    .bind(account.0)
    .all(&mut store.conn().await?)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, username, since)| Blocked {
            account: AccountId(id),
            username,
            since,
        })
        .collect())
}

async fn block<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    blocked: AccountId,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    write_one(
        store,
        sql(
            "INSERT INTO blocks (account_id, blocked_id, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (account_id, blocked_id) DO NOTHING",
        )
        .bind(account.0)
        .bind(blocked.0)
        .bind(micros(at)),
    )
    .await
}

/// Runs `statement`, a write of one row that may already be there (a block, a report,
/// a mute), on a task of its own (see [`SqlStore::detached`]).
async fn write_one<B: Backend>(
    store: &SqlStore<B>,
    statement: Statement<B>,
) -> Result<(), StoreError> {
    store
        .detached(move |conn| Box::pin(async move { statement.execute(conn).await }))
        .await
        .map(drop)
}

async fn unblock<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    blocked: AccountId,
) -> Result<bool, StoreError> {
    let gone = store
        .detached(move |conn| {
            Box::pin(async move {
                sql("DELETE FROM blocks WHERE account_id = $1 AND blocked_id = $2")
                    .bind(account.0)
                    .bind(blocked.0)
                    .execute(conn)
                    .await
            })
        })
        .await?;
    Ok(gone > 0)
}

async fn blocked_between<B: Backend>(
    store: &SqlStore<B>,
    a: AccountId,
    b: AccountId,
) -> Result<bool, StoreError> {
    let found: Option<(i32,)> = sql("SELECT 1 FROM blocks \
                                     WHERE (account_id = $1 AND blocked_id = $2) \
                                        OR (account_id = $2 AND blocked_id = $1) LIMIT 1")
    .bind(a.0)
    .bind(b.0)
    .optional(&mut store.conn().await?)
    .await?;
    Ok(found.is_some())
}

async fn add_chat_line<B: Backend>(
    store: &SqlStore<B>,
    line: ChatLine,
    events: &[NewEvent],
    since: DateTime<Utc>,
    most: u32,
) -> Result<Added, StoreError> {
    let events = events_by_account(events);
    let (added, stored) = store
        .write_events(move |tx| {
            Box::pin(async move {
                let inserted = sql(
                    "INSERT INTO chat_lines (id, game_id, account_id, text, created_at) \
                     SELECT $1, $2, $3, $4, $5 \
                     WHERE (SELECT count(*) FROM chat_lines \
                            WHERE account_id = $3 AND created_at > $6) < $7",
                )
                .bind(line.id)
                .bind(line.game.0)
                .bind(line.account.0)
                .bind(line.text.clone())
                .bind(micros(line.at))
                .bind(micros(since))
                .bind(i64::from(most))
                .execute(&mut *tx)
                .await?;
                if inserted == 0 {
                    return Ok((false, Vec::new()));
                }
                Ok((true, B::insert_events(tx, &events).await?))
            })
        })
        .await?;
    Ok(if added {
        Added::Stored(stored)
    } else {
        Added::TooMany
    })
}

async fn chat_lines<B: Backend>(
    store: &SqlStore<B>,
    game: GameId,
) -> Result<Vec<ChatLine>, StoreError> {
    let rows: Vec<LineRow> = sql(concat!(
        "SELECT ",
        line_columns!(),
        " FROM chat_lines l JOIN accounts a ON a.id = l.account_id \
         WHERE l.game_id = $1 ORDER BY l.created_at, l.id"
    ))
    .bind(game.0)
    .all(&mut store.conn().await?)
    .await?;
    Ok(rows.into_iter().map(ChatLine::from).collect())
}

async fn chat_line<B: Backend>(
    store: &SqlStore<B>,
    game: GameId,
    id: Uuid,
) -> Result<ChatLine, StoreError> {
    let row: LineRow = sql(concat!(
        "SELECT ",
        line_columns!(),
        " FROM chat_lines l JOIN accounts a ON a.id = l.account_id \
         WHERE l.game_id = $1 AND l.id = $2"
    ))
    .bind(game.0)
    .bind(id)
    .one(&mut store.conn().await?)
    .await?;
    Ok(row.into())
}

async fn report_line<B: Backend>(
    store: &SqlStore<B>,
    id: Uuid,
    reporter: AccountId,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    write_one(
        store,
        sql(
            "INSERT INTO chat_reports (line_id, reporter_id, created_at) \
             VALUES ($1, $2, $3) ON CONFLICT (line_id, reporter_id) DO NOTHING",
        )
        .bind(id)
        .bind(reporter.0)
        .bind(micros(at)),
    )
    .await
}

/// A row of `chat_reports` with its line and names.
#[derive(sqlx::FromRow)]
struct ReportRow {
    #[sqlx(flatten)]
    line: LineRow,
    reporter: String,
    reported_at: DateTime<Utc>,
}

async fn reports<B: Backend>(store: &SqlStore<B>, limit: u32) -> Result<Vec<Report>, StoreError> {
    let rows: Vec<ReportRow> = sql(concat!(
        "SELECT ",
        line_columns!(),
        ", r.username AS reporter, p.created_at AS reported_at \
         FROM chat_reports p JOIN chat_lines l ON l.id = p.line_id \
         JOIN accounts a ON a.id = l.account_id JOIN accounts r ON r.id = p.reporter_id \
         ORDER BY p.created_at DESC, l.id LIMIT $1"
    ))
    .bind(crate::store::common::row_limit(limit))
    .all(&mut store.conn().await?)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Report {
            line: r.line.into(),
            reporter: r.reporter,
            at: r.reported_at,
        })
        .collect())
}

async fn mute<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    until: DateTime<Utc>,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    write_one(
        store,
        sql(
            "INSERT INTO chat_mutes (account_id, until, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (account_id) DO UPDATE \
             SET until = excluded.until, created_at = excluded.created_at",
        )
        .bind(account.0)
        .bind(micros(until))
        .bind(micros(at)),
    )
    .await
}

async fn muted_until<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Option<DateTime<Utc>>, StoreError> {
    let until: Option<(DateTime<Utc>,)> = sql("SELECT until FROM chat_mutes WHERE account_id = $1")
        .bind(account.0)
        .optional(&mut store.conn().await?)
        .await?;
    Ok(until.map(|(u,)| u))
}

async fn chat_of_player<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<ChatLine>, StoreError> {
    let rows: Vec<LineRow> = sql(concat!(
        "SELECT ",
        line_columns!(),
        " FROM chat_lines l JOIN accounts a ON a.id = l.account_id \
         JOIN games g ON g.id = l.game_id \
         WHERE g.south_id = $1 OR g.north_id = $1 ORDER BY l.created_at, l.id"
    ))
    .bind(account.0)
    .all(&mut store.conn().await?)
    .await?;
    Ok(rows.into_iter().map(ChatLine::from).collect())
}
