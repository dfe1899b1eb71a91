//! What differs between the two databases, in one place: the one [`SqlStore`] is
//! written for any [`Backend`], and only here do Postgres and SQLite part.
//!
//! The differences: how a write transaction starts (SQLite takes its one write lock
//! up front), how a list of keys goes in one parameter (a Postgres array, a JSON array
//! for SQLite's `json_each`), the rows a transaction locks (`FOR UPDATE` on Postgres;
//! SQLite's write lock covers them), how a connection pool is opened, where the
//! migrations are, and which error codes mean that the database cannot serve. The
//! Postgres-only machinery is named here and lives in `postgres/`: the batched move
//! statement, the rate limits shared by instances, and `LISTEN`/`NOTIFY`.
//!
//! [`SqlStore`]: super::sql::SqlStore

use std::fmt::Debug;
use std::future::Future;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Arguments, Executor, IntoArguments, Pool, Postgres, Sqlite};

use chrono::{DateTime, Utc};
use sqlx::Transaction;

use super::common::match_of_game;
use super::common::{AccountEvents, INSERT_EVENT, TAKE_SEQS, game_select};
use super::core::{Append, standings};
use super::sql::{Listeners, Param, Record, SqlStore, sql};
use super::{AnySql, Event, EventWake, StoreError};

/// A database the store runs on: Postgres or SQLite.
pub trait Backend:
    sqlx::Database<Arguments: IntoArguments<Self>> + Executes + Debug + Sized
{
    /// What the store keeps beside its pool on this backend.
    type Own: Clone + Send + Sync + 'static;

    /// The standings (see [`Store::standings`](super::Store::standings)), names in
    /// byte order, a window of them (`LIMIT $2 OFFSET $3`).
    const STANDINGS: &'static str;

    /// One account's line of the standings and its place (see
    /// [`Store::standing_of`](super::Store::standing_of)), the account `$2`.
    const STANDING_OF: &'static str;

    /// The matches of games (`MatchRefRow`), by a list of game ids.
    const MATCHES_OF_GAMES: &'static str;

    /// The moves of games (`GameMoveRow`) by a list of game ids, each game's in order.
    const MOVES_OF_GAMES: &'static str;

    /// The SQL that starts a write transaction.
    const BEGIN_WRITE: &'static str;

    /// The SQL that starts a read-only transaction seeing one moment of the whole
    /// database, for an export.
    const BEGIN_SNAPSHOT: &'static str;

    /// Whether a transaction locks the rows it reads to update (`FOR UPDATE`), as
    /// Postgres must; SQLite's write transaction holds the whole database (see
    /// `locking`).
    const ROW_LOCKS: bool;

    /// Whether a `UNION ALL` under an `ORDER BY … LIMIT` reads in index order only
    /// when each arm carries the order and the limit itself (Postgres: a `Merge
    /// Append` of limited index scans; with bare arms it scans both whole and sorts),
    /// rather than with bare arms (SQLite merges bare arms in index order and sorts an
    /// arm that has its own limit). The games file's pages use it.
    const LIMITS_EACH_ARM: bool;

    /// Game rows (`game_select`) by a list of ids (see [`Backend::add_ids`]).
    const GAMES_BY_ID: &'static str;

    /// Token rows with their accounts by a list of hashes (see [`Backend::add_keys`]).
    const TOKENS_BY_HASH: &'static str;

    /// Adds `value` to a statement's parameters.
    ///
    /// # Errors
    /// When the value cannot be encoded.
    fn add<T: Param>(args: &mut Self::Arguments, value: T) -> Result<(), BoxDynError>;

    /// Adds a list of ids as one parameter.
    ///
    /// # Errors
    /// When the list cannot be encoded.
    fn add_ids(args: &mut Self::Arguments, ids: &[uuid::Uuid]) -> Result<(), BoxDynError>;

    /// Adds a list of text keys as one parameter.
    ///
    /// # Errors
    /// When the list cannot be encoded.
    fn add_keys(args: &mut Self::Arguments, keys: &[String]) -> Result<(), BoxDynError>;

    /// Reads a row.
    ///
    /// # Errors
    /// When a column is missing or holds another type.
    fn decode<O: Record>(row: &Self::Row) -> Result<O, sqlx::Error>;

    /// How many rows a statement changed.
    fn rows_affected(result: &Self::QueryResult) -> u64;

    /// `store` as the store of its backend (see [`Store::sql`](super::Store::sql)).
    fn any(store: &SqlStore<Self>) -> AnySql<'_>;

    /// Opens a pool of at most `size` connections to the database at `url`.
    fn connect(url: &str, size: u32)
    -> impl Future<Output = Result<Pool<Self>, StoreError>> + Send;

    /// The migrations of this backend.
    fn migrator() -> &'static Migrator;

    /// Applies the migrations not yet applied.
    fn migrate(pool: &Pool<Self>) -> impl Future<Output = Result<(), MigrateError>> + Send;

    /// What the store keeps beside `pool` (the announcing of events to `listeners`
    /// among it).
    fn own(pool: &Pool<Self>, listeners: &Listeners) -> Self::Own;

    /// Writes `groups` of events in the caller's transaction, taking each account's
    /// next seqs: per event, two statements (see `common::TAKE_SEQS` and the
    /// migration `0003_events.sql`). The row lock the seq update takes orders the
    /// writers of one account: commit order is seq order.
    fn insert_events<'t>(
        tx: &'t mut Transaction<'static, Self>,
        groups: &'t [AccountEvents],
    ) -> impl Future<Output = Result<Vec<Event>, StoreError>> + Send + 't {
        async move {
            let mut stored = Vec::new();
            for group in groups {
                let last: i64 = sql(TAKE_SEQS)
                    .bind(group.account)
                    .bind(group.len())
                    .values(tx)
                    .await?
                    .pop()
                    .ok_or(StoreError::NotFound)?;
                for (seq, (kind, payload, at)) in (last - group.len() + 1..).zip(&group.events) {
                    sql(INSERT_EVENT)
                        .bind(group.account)
                        .bind(seq)
                        .bind(*kind)
                        .bind(payload.as_str())
                        .bind(*at)
                        .execute(tx)
                        .await?;
                }
                stored.extend(group.stored(last)?);
            }
            Ok(stored)
        }
    }

    /// Appends plies to a game with the state they lead to and their events (see
    /// [`GameStore::append_plies`](crate::games::store::GameStore::append_plies)), in a
    /// write transaction
    /// of their own; Postgres batches the moves that leave their games going.
    fn append_moves(
        store: &SqlStore<Self>,
        append: Append,
    ) -> impl Future<Output = Result<Vec<Event>, StoreError>> + Send {
        super::core::append_alone(store, append)
    }

    /// Whether `e` is the database failing this transaction to break a deadlock:
    /// the transaction changed nothing and may run again (the store's write
    /// transactions do, a few times). Postgres says
    /// so with SQLSTATE 40P01; SQLite's one writer at a time never deadlocks.
    fn deadlocked(e: &StoreError) -> bool {
        let _ = e;
        false
    }

    /// Announces `events`, just committed: to this process's listeners, and on
    /// Postgres to the other instances on the database. Every write that stores
    /// events announces them here, once.
    fn announce(store: &SqlStore<Self>, events: &[Event]) {
        store.listeners.committed(events);
    }

    /// Tells `wake` of the events committed from now on (see
    /// [`Store::listen_events`](super::Store::listen_events)): on one SQLite file,
    /// whose one server process commits them all, this process's.
    fn listen(store: &SqlStore<Self>, wake: EventWake) {
        store.listeners.add(wake);
    }

    /// Takes a request from a rate-limit cell shared by the instances (see
    /// [`Store::take_rate`](super::Store::take_rate)).
    fn take_rate(
        pool: &Pool<Self>,
        key: &[u8],
        interval: Duration,
        burst: u32,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<Option<Duration>, StoreError>> + Send {
        let _ = (pool, key, interval, burst, now);
        async { Ok(None) }
    }

    /// Deletes the full rate-limit cells (see
    /// [`Store::purge_rates`](super::Store::purge_rates)).
    fn purge_rates(
        pool: &Pool<Self>,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send {
        let _ = (pool, now);
        async { Ok(0) }
    }
}

/// `with_lock` (the statement ending in `FOR UPDATE`) on a backend that locks rows
/// ([`Backend::ROW_LOCKS`]), `without` (the same statement without) otherwise.
pub(crate) fn locking<B: Backend>(with_lock: &'static str, without: &'static str) -> &'static str {
    if B::ROW_LOCKS { with_lock } else { without }
}

/// Statements run on a connection of the database: what sqlx states as a bound on
/// `&mut Connection`, which the code generic over a [`Backend`] could not name once.
pub trait Executes: sqlx::Database {
    /// `conn` as the executor of one statement.
    fn on<'c>(conn: &'c mut Self::Connection) -> impl Executor<'c, Database = Self>;
}

impl<DB> Executes for DB
where
    DB: sqlx::Database,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
{
    fn on<'c>(conn: &'c mut Self::Connection) -> impl Executor<'c, Database = Self> {
        conn
    }
}

/// How long a Postgres request waits for a pooled connection before the database
/// counts as unavailable (503): while Postgres is down, each request spends this long
/// trying to connect before it answers, so it is short; under load a connection is
/// free within milliseconds.
const PG_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);

/// How long an SQLite request waits for a pooled connection, and a writer for the
/// write lock, before the database counts as unavailable.
const SQLITE_TIMEOUT: Duration = Duration::from_secs(5);

impl Backend for Postgres {
    type Own = super::postgres::PgOwn;

    const STANDINGS: &'static str =
        standings!(" COLLATE \"C\"", "ORDER BY place LIMIT $2 OFFSET $3");

    const STANDING_OF: &'static str = standings!(" COLLATE \"C\"", "WHERE account_id = $2");

    const MATCHES_OF_GAMES: &'static str = concat!(match_of_game!(), "= ANY($1)");

    const MOVES_OF_GAMES: &'static str = "SELECT game_id, ply, side, pit, at FROM moves \
                                          WHERE game_id = ANY($1) ORDER BY game_id, ply";

    const BEGIN_WRITE: &'static str = "BEGIN";
    const BEGIN_SNAPSHOT: &'static str = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";

    const ROW_LOCKS: bool = true;
    const LIMITS_EACH_ARM: bool = true;

    const GAMES_BY_ID: &'static str = concat!(game_select!(), "WHERE g.id = ANY($1)");

    const TOKENS_BY_HASH: &'static str = concat!(
        super::common::hashed_token_select!(),
        "WHERE t.hash = ANY($1)"
    );

    fn add<T: Param>(args: &mut Self::Arguments, value: T) -> Result<(), BoxDynError> {
        args.add(value)
    }

    fn add_ids(args: &mut Self::Arguments, ids: &[uuid::Uuid]) -> Result<(), BoxDynError> {
        args.add(ids)
    }

    fn add_keys(args: &mut Self::Arguments, keys: &[String]) -> Result<(), BoxDynError> {
        args.add(keys)
    }

    fn decode<O: Record>(row: &Self::Row) -> Result<O, sqlx::Error> {
        O::from_row(row)
    }

    fn rows_affected(result: &Self::QueryResult) -> u64 {
        result.rows_affected()
    }

    fn any(store: &SqlStore<Self>) -> AnySql<'_> {
        AnySql::Postgres(store)
    }

    async fn connect(url: &str, size: u32) -> Result<Pool<Self>, StoreError> {
        Ok(PgPoolOptions::new()
            .max_connections(size)
            .acquire_timeout(PG_ACQUIRE_TIMEOUT)
            .connect(url)
            .await?)
    }

    fn migrator() -> &'static Migrator {
        static MIGRATOR: Migrator = sqlx::migrate!("migrations/postgres");
        &MIGRATOR
    }

    async fn migrate(pool: &Pool<Self>) -> Result<(), MigrateError> {
        Self::migrator().run(pool).await
    }

    fn own(pool: &Pool<Self>, listeners: &Listeners) -> Self::Own {
        super::postgres::PgOwn::start(pool, listeners)
    }

    fn insert_events<'t>(
        tx: &'t mut Transaction<'static, Self>,
        groups: &'t [AccountEvents],
    ) -> impl Future<Output = Result<Vec<Event>, StoreError>> + Send + 't {
        super::postgres::insert_events(tx, groups)
    }

    fn append_moves(
        store: &SqlStore<Self>,
        append: Append,
    ) -> impl Future<Output = Result<Vec<Event>, StoreError>> + Send {
        super::postgres::append_moves(store, append)
    }

    fn announce(store: &SqlStore<Self>, events: &[Event]) {
        store.own.announce(events);
    }

    fn deadlocked(e: &StoreError) -> bool {
        matches!(e, StoreError::Database(e)
            if matches!(&**e, sqlx::Error::Database(db) if db.code().as_deref() == Some("40P01")))
    }

    fn listen(store: &SqlStore<Self>, wake: EventWake) {
        super::postgres::listen(store, wake);
    }

    fn take_rate(
        pool: &Pool<Self>,
        key: &[u8],
        interval: Duration,
        burst: u32,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<Option<Duration>, StoreError>> + Send {
        super::postgres::rates::take(pool, key, interval, burst, now)
    }

    fn purge_rates(
        pool: &Pool<Self>,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<u64, StoreError>> + Send {
        super::postgres::rates::purge(pool, now)
    }
}

/// SQLite's way to take a list of keys in one parameter: a JSON array for `json_each`.
fn json_keys<T: serde::Serialize>(keys: &[T]) -> Result<String, BoxDynError> {
    Ok(serde_json::to_string(keys)?)
}

impl Backend for Sqlite {
    type Own = ();

    const STANDINGS: &'static str = standings!("", "ORDER BY place LIMIT $2 OFFSET $3");

    const STANDING_OF: &'static str = standings!("", "WHERE account_id = $2");

    const MATCHES_OF_GAMES: &'static str = concat!(
        match_of_game!(),
        "IN (SELECT unhex(value) FROM json_each($1))"
    );

    const MOVES_OF_GAMES: &'static str = "SELECT game_id, ply, side, pit, at FROM moves \
         WHERE game_id IN (SELECT unhex(value) FROM json_each($1)) ORDER BY game_id, ply";

    /// Takes SQLite's one write lock up front: concurrent writers then queue on the
    /// busy timeout instead of failing when a read lock cannot be upgraded.
    const BEGIN_WRITE: &'static str = "BEGIN IMMEDIATE";
    // Deferred: the snapshot is taken at the first read and kept to the end (the
    // write-ahead log lets writers go on meanwhile).
    const BEGIN_SNAPSHOT: &'static str = "BEGIN";

    const ROW_LOCKS: bool = false;
    const LIMITS_EACH_ARM: bool = false;

    const GAMES_BY_ID: &'static str = concat!(
        game_select!(),
        "WHERE g.id IN (SELECT unhex(value) FROM json_each($1))"
    );

    const TOKENS_BY_HASH: &'static str = concat!(
        super::common::hashed_token_select!(),
        "WHERE t.hash IN (SELECT value FROM json_each($1))"
    );

    fn add<T: Param>(args: &mut Self::Arguments, value: T) -> Result<(), BoxDynError> {
        args.add(value)
    }

    /// The ids as a JSON array of hex strings (SQLite stores a UUID as 16 bytes).
    fn add_ids(args: &mut Self::Arguments, ids: &[uuid::Uuid]) -> Result<(), BoxDynError> {
        let hex: Vec<String> = ids.iter().map(|id| id.simple().to_string()).collect();
        args.add(json_keys(&hex)?)
    }

    fn add_keys(args: &mut Self::Arguments, keys: &[String]) -> Result<(), BoxDynError> {
        args.add(json_keys(keys)?)
    }

    fn decode<O: Record>(row: &Self::Row) -> Result<O, sqlx::Error> {
        O::from_row(row)
    }

    fn rows_affected(result: &Self::QueryResult) -> u64 {
        result.rows_affected()
    }

    fn any(store: &SqlStore<Self>) -> AnySql<'_> {
        AnySql::Sqlite(store)
    }

    /// Opens the file of an `sqlite:` URL (`sqlite://seedpost.db`, `sqlite::memory:`)
    /// or a plain path, creating it if missing, in WAL mode: readers never wait for
    /// the writer.
    async fn connect(url: &str, size: u32) -> Result<Pool<Self>, StoreError> {
        let options = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)?
        } else {
            SqliteConnectOptions::new().filename(Path::new(url))
        };
        let options = options
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(SQLITE_TIMEOUT)
            .foreign_keys(true);
        let mut pool = SqlitePoolOptions::new()
            .max_connections(size)
            .acquire_timeout(SQLITE_TIMEOUT);
        if url.contains(":memory:") || url.contains("mode=memory") {
            // An in-memory database lives as long as one of its connections: keep them.
            pool = pool
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None);
        }
        Ok(pool.connect_with(options).await?)
    }

    fn migrator() -> &'static Migrator {
        static MIGRATOR: Migrator = sqlx::migrate!("migrations/sqlite");
        &MIGRATOR
    }

    async fn migrate(pool: &Pool<Self>) -> Result<(), MigrateError> {
        Self::migrator().run(pool).await
    }

    fn own(_pool: &Pool<Self>, _listeners: &Listeners) -> Self::Own {}
}
