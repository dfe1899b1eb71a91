//! Storage: one [`Store`] trait, implemented for Postgres ([`postgres`]) and SQLite
//! ([`sqlite`]), the backend chosen once from the database URL.
//!
//! The move list is the truth: a game's `board`, `store`, `ply` and `to_move` columns
//! are a cache of the replay of its `moves`. Concurrent writers are settled by the
//! database: the primary key (game, ply) of `moves` and a conditional update of the
//! game row on the ply the writer saw (see the games' SQL,
//! [`GameStore::append_plies`](crate::games::store::GameStore::append_plies)).
//!
//! The store names no feature: each feature writes its SQL once over the
//! [`SqlStore`](sql::SqlStore) of any backend, which [`Store::sql`] hands over.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Variant};

use crate::domain::{
    AccountId, ChallengeId, DaysPerMove, DeclineReason, GameId, Lang, Scopes, TokenId,
};
// The entities live in `domain`, where every layer above it finds them; the store's
// modules and older callers still name them from here.
pub use crate::domain::{
    Account, Challenge, Event, FinishedFilter, Game, GameFilter, GameResult, GameState,
    GameWithMoves, Move, NewAccount, NewChallenge, NewEvent, NewGame, NewSession, NewToken, Player,
    Session, Standing, Token,
};

mod batch;
pub mod carried;
pub(crate) mod common;
pub(crate) mod core;
pub mod dialect;
pub mod leases;
pub mod ops;
pub mod postgres;
pub mod prefs;
pub(crate) mod rate;
pub mod replica;
pub mod sql;
pub mod sqlite;
pub mod webhooks;

pub use leases::{LeaseStore, RunnerLease};
pub use ops::OpsStore;
pub use prefs::{PlaySettings, PrefsStore};
pub use webhooks::WebhookStore;

/// What can go wrong in storage. Each failure keeps the error beneath it, if there is
/// one, as its [`source`](std::error::Error::source) (shared, so that a batch's one
/// failure answers every request in it).
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// No such row.
    #[error("not found")]
    NotFound,
    /// A uniqueness or state condition failed: a name taken, a ply already played, a
    /// challenge no longer open, a game changed meanwhile.
    #[error("conflict")]
    Conflict,
    /// The database cannot be reached (connection refused, pool timed out).
    #[error("database unavailable")]
    Unavailable(#[source] Arc<sqlx::Error>),
    /// A cap on what one account may hold (tokens, open challenges) was reached.
    #[error("limit reached")]
    Full,
    /// The database refused a statement for another reason (a broken check, a missing
    /// table): a bug or corrupt data.
    #[error("database error")]
    Database(#[source] Arc<sqlx::Error>),
    /// Applying the migrations failed otherwise than by the database being away.
    #[error("migrating the database")]
    Migrate(#[source] Arc<sqlx::migrate::MigrateError>),
    /// A stored value that does not read, or a call that breaks the store's contract
    /// (a state at another ply than the one seen): a bug or corrupt data that the
    /// store found itself, with no error beneath it.
    #[error("invalid data: {0}")]
    Invalid(String),
    /// A write's task ended without an answer: it panicked, or the batch it joined was
    /// dropped.
    #[error("a store task ended without an answer")]
    Task(#[source] Arc<dyn std::error::Error + Send + Sync>),
    /// A value did not convert to or from the JSON text it is stored as.
    #[error("stored JSON")]
    Json(#[source] Arc<serde_json::Error>),
    /// The caller of a write stopped waiting for it (its request timed out, its client
    /// left) before it committed: it was rolled back and changed nothing. Nobody is
    /// left to be told; the value exists for the task's own answer.
    #[error("the write's caller left before it committed")]
    Abandoned,
}

impl StoreError {
    /// [`StoreError::Task`] of the error that ended a task.
    pub(crate) fn task(e: impl std::error::Error + Send + Sync + 'static) -> StoreError {
        StoreError::Task(Arc::new(e))
    }
}

/// How an open challenge closes without a game (see [`Store::close_challenge`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closing {
    /// Declined by the player it names, for this reason.
    Declined(DeclineReason),
    /// Withdrawn by its creator.
    Canceled,
}

/// Caps on one challenger's open challenges (see [`Store::create_challenge`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChallengeCaps {
    /// Open challenges of one challenger, in all.
    pub open: u32,
    /// Open challenges of one challenger naming one opponent.
    pub per_opponent: u32,
}

impl ChallengeCaps {
    /// No caps.
    pub const NONE: ChallengeCaps = ChallengeCaps {
        open: u32::MAX,
        per_opponent: u32::MAX,
    };
}

/// One page of a list, newest first: at most `limit` (the store caps it at 500; 0
/// reads as 100) after the item `before`, if given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page<Id> {
    /// At most this many.
    pub limit: u32,
    /// Only those listed after this one (the last of the previous page).
    pub before: Option<Id>,
}

impl<Id> Page<Id> {
    /// The first page of `limit`.
    #[must_use]
    pub fn first(limit: u32) -> Page<Id> {
        Page {
            limit,
            before: None,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        match &e {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ if cannot_reach(&e) => StoreError::Unavailable(Arc::new(e)),
            _ => StoreError::Database(Arc::new(e)),
        }
    }
}

/// Whether `e` says that the database cannot be reached, rather than that it refused
/// the statement.
fn cannot_reach(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => is_unavailable(db.as_ref()),
        sqlx::Error::Io(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::Tls(_) => true,
        _ => false,
    }
}

/// Whether a database error says that the database cannot serve now, rather than that
/// the statement is wrong: Postgres' connection exceptions (SQLSTATE class 08), too
/// many connections and shutdowns; SQLite still busy after the busy timeout, an I/O
/// error, a full disk or a file that cannot be opened.
fn is_unavailable(e: &dyn sqlx::error::DatabaseError) -> bool {
    let code = e.code().unwrap_or_default();
    if e.try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
        .is_some()
    {
        code.starts_with("08") || matches!(&*code, "53300" | "57P01" | "57P02" | "57P03")
    } else if e.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
        // Extended result codes keep the primary code in their low byte.
        let primary = code.parse::<i32>().map_or(0, |c| c & 0xff);
        // SQLITE_BUSY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN.
        matches!(primary, 5 | 10 | 13 | 14)
    } else {
        false
    }
}

/// A row of `sessions` joined to its account.
#[derive(sqlx::FromRow)]
struct SessionRow {
    #[sqlx(flatten)]
    account: common::AccountRow,
    csrf: String,
    expires_at: DateTime<Utc>,
    language: Option<String>,
}

impl SessionRow {
    fn parse(self) -> Result<Session, StoreError> {
        Ok(Session {
            account: self.account.parse()?,
            csrf: self.csrf,
            expires_at: self.expires_at,
            language: self.language.as_deref().and_then(|l| l.parse().ok()),
        })
    }
}

/// The storage of seedpost. Every method is one transaction (or one statement).
#[async_trait]
pub trait Store: WebhookStore + OpsStore + PrefsStore + LeaseStore + Send + Sync + 'static {
    /// Creates an account, with its first API token when `token` is given (an API
    /// sign-up shows it once; a browser sign-up and the house bots make none).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the name is taken, ignoring case.
    async fn create_account(
        &self,
        account: NewAccount,
        token: Option<NewToken>,
    ) -> Result<Account, StoreError>;

    /// The account with this name (ignoring case) and its password hash.
    async fn account_with_password(&self, username: &str) -> Result<(Account, String), StoreError>;

    /// The account with this name (ignoring case).
    async fn account_by_name(&self, username: &str) -> Result<Account, StoreError>;

    /// The language the account chose, `None` until it chose one (or when the stored
    /// tag is of a language no longer spoken).
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown account.
    async fn language(&self, account: AccountId) -> Result<Option<Lang>, StoreError>;

    /// Sets (or, with `None`, forgets) the language the account chose.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown account.
    async fn set_language(
        &self,
        account: AccountId,
        language: Option<Lang>,
    ) -> Result<(), StoreError>;

    /// The account owning the token with this hash and the token's scopes, recording
    /// `now` as its last use.
    async fn account_by_token(
        &self,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(Account, Scopes), StoreError>;

    /// Adds an API token, unless the account holds `cap` tokens already.
    ///
    /// # Errors
    /// [`StoreError::Full`] at the cap; [`StoreError::Conflict`] for a hash in use.
    async fn create_token(
        &self,
        account: AccountId,
        token: NewToken,
        cap: u32,
    ) -> Result<Token, StoreError>;

    /// The account's tokens, newest first.
    async fn tokens(&self, account: AccountId) -> Result<Vec<Token>, StoreError>;

    /// Deletes one of the account's tokens.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the account has no such token.
    async fn delete_token(&self, account: AccountId, id: TokenId) -> Result<(), StoreError>;

    /// Creates a challenge, unless its challenger holds as many open challenges as
    /// `caps` allow (in all, or naming its opponent).
    ///
    /// `events` are written in the same transaction (see [`NewEvent`]).
    ///
    /// # Errors
    /// [`StoreError::Full`] at a cap.
    async fn create_challenge(
        &self,
        challenge: NewChallenge,
        events: &[NewEvent],
        caps: ChallengeCaps,
    ) -> Result<Challenge, StoreError>;

    /// One challenge.
    async fn challenge(&self, id: ChallengeId) -> Result<Challenge, StoreError>;

    /// The open challenges `account` may see: its own, those naming it, and those open
    /// to anyone; newest first, one `page` of them.
    async fn open_challenges(
        &self,
        account: AccountId,
        page: Page<ChallengeId>,
    ) -> Result<Vec<Challenge>, StoreError>;

    /// How many open challenges name `account` as the opponent: those waiting for its
    /// answer.
    async fn count_challenges_to(&self, account: AccountId) -> Result<usize, StoreError>;

    /// The challenges `challenger` made since `since` that were declined, newest
    /// first, at most `limit`.
    async fn declined_challenges(
        &self,
        challenger: AccountId,
        since: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Challenge>, StoreError>;

    /// Closes an open challenge: declined (with a reason) or canceled.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is no longer open.
    async fn close_challenge(
        &self,
        id: ChallengeId,
        closing: Closing,
        events: &[NewEvent],
    ) -> Result<Challenge, StoreError>;

    /// Marks an open challenge accepted and creates its game, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the challenge is no longer open.
    async fn accept_challenge(
        &self,
        id: ChallengeId,
        game: NewGame,
        events: &[NewEvent],
    ) -> Result<Game, StoreError>;

    /// Ongoing games of `days` per move whose deadline is before `before`, earliest
    /// first, whose player to move has not been reminded at the current ply, without
    /// those with a player on vacation.
    async fn games_to_remind(
        &self,
        days: DaysPerMove,
        before: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError>;

    /// Records that the player to move in game `id`, ongoing at ply `ply`, was reminded
    /// of its deadline, with `events`, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game moved, ended or was reminded meanwhile
    /// (another instance's sweeper): nothing is written.
    async fn remind(
        &self,
        id: GameId,
        ply: u32,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError>;

    /// Stores `events` on their own, in one transaction: the news of a change already
    /// committed (a vacation starting or ending).
    async fn add_events(&self, events: &[NewEvent]) -> Result<Vec<Event>, StoreError>;

    /// The standings over finished games, of one variant or all; highest points first,
    /// then most games, then name: `limit` lines (100 for 0, at most 500) after the
    /// first `offset`.
    async fn standings(
        &self,
        variant: Option<Variant>,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Standing>, StoreError>;

    /// The account's line of the standings of one variant or all, with its place (1
    /// for the first); `None` when it has finished no such game.
    async fn standing_of(
        &self,
        variant: Option<Variant>,
        account: AccountId,
    ) -> Result<Option<(u32, Standing)>, StoreError>;

    /// Stores a browser session.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a session has the same hash.
    async fn create_session(&self, session: NewSession) -> Result<(), StoreError>;

    /// The session with this hash, if it has not expired by `now`.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown or expired session.
    async fn session(&self, hash: &str, now: DateTime<Utc>) -> Result<Session, StoreError>;

    /// Deletes the session with this hash, and every session expired by `now`; an
    /// unknown hash is not an error.
    async fn delete_session(&self, hash: &str, now: DateTime<Utc>) -> Result<(), StoreError>;

    /// Checks that the database answers.
    async fn ping(&self) -> Result<(), StoreError>;

    /// The events of `account` with a seq above `since`, in seq order, at most `limit`
    /// (the store caps it at 500). Every write that takes a `&[NewEvent]` stores its
    /// events in its own transaction, so what this returns is committed and complete
    /// up to its last seq.
    async fn events(
        &self,
        account: AccountId,
        since: u64,
        limit: u32,
    ) -> Result<Vec<Event>, StoreError>;

    /// The seq of the account's latest event (0 before any): a stream that starts
    /// now reads the events above it.
    async fn event_head(&self, account: AccountId) -> Result<u64, StoreError>;

    /// Deletes the events created before `before`; returns how many.
    async fn purge_events(&self, before: DateTime<Utc>) -> Result<u64, StoreError>;

    /// Takes one request from the shared rate-limit cell `key`: a GCRA cell letting
    /// one request through every `interval` on average and `burst` at once, for limits
    /// that hold across every instance on the database. Returns `None` when the request
    /// may go, or how long until it may. One SQLite file has one server process, whose
    /// own limiter is the whole truth: there every request may go.
    async fn take_rate(
        &self,
        key: &[u8],
        interval: std::time::Duration,
        burst: u32,
        now: DateTime<Utc>,
    ) -> Result<Option<std::time::Duration>, StoreError>;

    /// Deletes the rate-limit cells that are full buckets at `now`; returns how many.
    async fn purge_rates(&self, now: DateTime<Utc>) -> Result<u64, StoreError>;

    /// Tells `wake` of every event committed from now on, until it returns `false`:
    /// this process's as each write commits, and on Postgres the other instances' on
    /// the same database (`LISTEN`, started by the first call). The one path by which
    /// every change is announced: the store announces each write's events once,
    /// after its commit, and every listener hears them here.
    fn listen_events(&self, wake: EventWake);

    /// This store as the SQL store of its backend: what the features' SQL runs on
    /// (see the `on_backend!` macro of `src/store/sql.rs`).
    fn sql(&self) -> AnySql<'_>;
}

/// A store as the [`SqlStore`](sql::SqlStore) of its backend, for the features'
/// SQL, which is written once for any [`Backend`](dialect::Backend).
#[derive(Debug, Clone, Copy)]
pub enum AnySql<'a> {
    /// On Postgres.
    Postgres(&'a postgres::PgStore),
    /// On SQLite.
    Sqlite(&'a sqlite::SqliteStore),
}

/// What a store tells its listeners (see [`Store::listen_events`]).
#[derive(Debug, Clone)]
pub enum Notice {
    /// Events this process has just committed for one account, in seq order.
    Committed(std::sync::Arc<[Event]>),
    /// Another instance committed events for this account.
    Elsewhere(AccountId),
    /// Notices of other instances may have been lost (the listener reconnected): any
    /// account may have new events.
    Missed,
}

/// What a store calls with each [`Notice`]; returns `false` to stop listening.
pub type EventWake = std::sync::Arc<dyn Fn(Notice) -> bool + Send + Sync>;

/// Parses a board column: each row's pits separated by `,`, the rows (South first)
/// by `/`, as in `4,4,4,4,4,4/4,4,4,4,4,4`.
///
/// # Errors
/// [`StoreError::Invalid`] for text that is not such a board.
pub fn parse_board(text: &str) -> Result<BySide<Vec<u8>>, StoreError> {
    let bad = || StoreError::Invalid(format!("bad board column {text:?}"));
    let (south, north) = text.split_once('/').ok_or_else(bad)?;
    let row = |r: &str| -> Result<Vec<u8>, StoreError> {
        r.split(',').map(|s| s.parse().map_err(|_| bad())).collect()
    };
    Ok(BySide::new(row(south)?, row(north)?))
}

/// Writes a board column (see [`parse_board`]).
#[must_use]
pub fn format_board(board: &BySide<Vec<u8>>) -> String {
    let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    format!("{}/{}", row(&board.south), row(&board.north))
}

/// Connects to the database named by `url` and applies the migrations: `postgres://`
/// or `postgresql://` selects Postgres, `sqlite:` (or a plain file path) SQLite.
///
/// # Errors
/// When the URL is not understood, the database cannot be reached or a migration
/// fails.
pub async fn connect(url: &str, pool_size: u32) -> Result<std::sync::Arc<dyn Store>, StoreError> {
    if is_postgres(url) {
        Ok(std::sync::Arc::new(
            postgres::PgStore::connect(url, pool_size).await?,
        ))
    } else {
        Ok(std::sync::Arc::new(
            sqlite::SqliteStore::connect(url, pool_size).await?,
        ))
    }
}

/// Connects to a streaming read replica of a Postgres database at `url`, for reads
/// only (`seedpost export` with `--read-database-url`): no migration is applied, a
/// replica being read-only; the schema it has replayed from the primary must be this
/// version's.
///
/// # Errors
/// [`StoreError::Invalid`] for a URL that is not Postgres' or a replica behind this
/// version's migrations; when the database cannot be reached.
pub async fn connect_replica(url: &str, pool_size: u32) -> Result<Arc<dyn Store>, StoreError> {
    if !is_postgres(url) {
        return Err(StoreError::Invalid(
            "the read database must be a postgres:// URL".to_owned(),
        ));
    }
    let pool = <sqlx::Postgres as dialect::Backend>::connect(url, pool_size.max(1)).await?;
    let store = postgres::PgStore::over(pool);
    if !store.migrations_applied().await? {
        return Err(StoreError::Invalid(
            "the read database lacks this version's migrations: run `seedpost migrate` on \
             the primary and let the replica replay them"
                .to_owned(),
        ));
    }
    Ok(Arc::new(store))
}

/// Whether `url` names a Postgres database (any other URL is a SQLite file).
#[must_use]
pub fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_columns_round_trip() {
        let board = BySide::new(vec![4, 0, 12], vec![7, 1, 0]);
        let text = format_board(&board);
        assert_eq!(text, "4,0,12/7,1,0");
        assert_eq!(parse_board(&text).ok(), Some(board));
        assert!(parse_board("4,4").is_err());
        assert!(parse_board("4,x/1").is_err());
    }
}
